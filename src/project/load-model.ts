import { existsSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  RESERVED_ATTRIBUTE_NAMES,
  type Attribute,
  type ComponentSchema,
  type ContentModel,
  type ContentType,
  type Locale,
} from '../core/model/types.js';
import {
  ADMIN_USER_UID,
  DEFAULT_ADMIN_USER_ATTRIBUTES,
  DEFAULT_PERMISSION_ATTRIBUTES,
  DEFAULT_ROLE_ATTRIBUTES,
  DEFAULT_USER_ATTRIBUTES,
  PERMISSION_UID,
  ROLE_UID,
  USER_EXTENSION,
  USER_UID,
} from '../core/model/built-in-types.js';
import { parseAttribute } from '../core/model/parse-attribute.js';
import { applyPrivateNames, storedPrivateAttributes } from '../core/model/private-attributes.js';
import { readJsonFile } from './read-json-file.js';
import { SchemaErrors, type SchemaProblem } from '../core/model/schema-errors.js';
import { isPlainObject } from '../core/is-plain-object.js';
import { strapiLoaderName } from '../core/model/name-words.js';

export interface LoadModelOptions {
  /** Locales the server knows; the first with isDefault (or the first) is the default. Default: English only. */
  readonly locales?: readonly Locale[];
  /** Custom field uid → underlying scalar type. */
  readonly customFields?: Readonly<Record<string, string>>;
  /** A dangling inverse relation is an error instead of a warning (the attribute skipped). */
  readonly strict?: boolean;
  /** The project's `api.responses.privateAttributes` (config/api or the config file): private on every schema. */
  readonly privateAttributes?: readonly string[];
  /** Warnings found before the schemas are read (a plugin whose custom fields could not be learnt). */
  readonly notes?: readonly string[];
}

const DEFAULT_LOCALES: readonly Locale[] = [{ code: 'en', name: 'English (en)', isDefault: true }];

/**
 * The folder that holds `api/` and `components/`: a Strapi project root (its `src/`), its `src/`, or a folder laid
 * out like `src/`.
 */
export function resolveSchemaRoot(path: string): string {
  if (existsSync(join(path, 'src', 'api')) || existsSync(join(path, 'src', 'components'))) return join(path, 'src');
  return path;
}

async function listFiles(dir: string, depth: number): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory() && depth > 0) out.push(...(await listFiles(full, depth - 1)));
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/** What the reading steps share: where problems and warnings go, and how attributes are parsed. */
interface ReadContext {
  readonly problems: SchemaProblem[];
  readonly warnings: string[];
  readonly customFields: Readonly<Record<string, string>>;
  readonly strict: boolean;
  readonly privateAttributes: readonly string[];
}

/** A file name as the user would type it: relative to the working directory. */
const show = (file: string) => relative(process.cwd(), file) || file;

/** Reads every schema under `path` into one frozen model, or throws `SchemaErrors` listing every problem at once. */
export async function loadModel(path: string, options: LoadModelOptions = {}): Promise<ContentModel> {
  if (!existsSync(path) || !statSync(path).isDirectory()) {
    throw new SchemaErrors([{ file: path, path: '#', message: 'no such folder of Strapi schemas' }]);
  }
  const root = resolveSchemaRoot(path);
  const ctx: ReadContext = {
    problems: [],
    warnings: [...(options.notes ?? [])],
    customFields: options.customFields ?? {},
    strict: options.strict === true,
    privateAttributes: options.privateAttributes ?? [],
  };
  const { componentFiles, typeFiles } = await listSchemaFiles(path, root);
  const components = await readComponents(componentFiles, ctx);
  const contentTypes = await readContentTypes(typeFiles, ctx);
  const users = await readUserType(root, ctx);
  contentTypes.set(USER_UID, users);
  contentTypes.set(ROLE_UID, readRoleType(users, ctx));
  contentTypes.set(PERMISSION_UID, readPermissionType(ctx));
  if (referencesTarget([...contentTypes.values(), ...components.values()], ADMIN_USER_UID)) {
    contentTypes.set(ADMIN_USER_UID, readAdminUserType(ctx));
  }
  checkApiIds(contentTypes, ctx.problems);
  checkReferences(contentTypes, components, ctx);
  if (ctx.problems.length > 0) throw new SchemaErrors(ctx.problems);
  return freezeModel(contentTypes, components, options.locales, ctx.warnings, ctx.privateAttributes);
}

async function listSchemaFiles(path: string, root: string): Promise<{ componentFiles: string[]; typeFiles: string[] }> {
  const componentFiles = (await listFiles(join(root, 'components'), 1)).filter((f) => f.endsWith('.json')).sort();
  const typeFiles = (await listFiles(join(root, 'api'), 3))
    .filter((f) => /[\\/]content-types[\\/][^\\/]+[\\/]schema\.json$/.test(f))
    .sort();
  if (componentFiles.length === 0 && typeFiles.length === 0) {
    throw new SchemaErrors([
      {
        file: path,
        path: '#',
        message: 'no schema found (expected api/*/content-types/*/schema.json or components/<category>/<name>.json)',
      },
    ]);
  }
  return { componentFiles, typeFiles };
}

/** A schema's attributes and the names its project and its `options` make private (private-attributes.ts). */
function readPrivacy(
  raw: unknown,
  file: string,
  ownerLocalized: boolean,
  ctx: ReadContext,
  schemaOptions: unknown,
): { attributes: Map<string, Attribute>; privateAttributes?: readonly string[] } {
  const attributes = readAttributes(raw, file, ownerLocalized, ctx);
  const privateAttributes = storedPrivateAttributes(ctx.privateAttributes, schemaOptions);
  applyPrivateNames(attributes, privateAttributes);
  return privateAttributes === undefined ? { attributes } : { attributes, privateAttributes };
}

function readAttributes(raw: unknown, file: string, ownerLocalized: boolean, ctx: ReadContext): Map<string, Attribute> {
  const attributes = new Map<string, Attribute>();
  if (!isPlainObject(raw)) {
    ctx.problems.push({ file, path: '#/attributes', message: '"attributes" must be an object' });
    return attributes;
  }
  for (const [name, def] of Object.entries(raw)) {
    if ((RESERVED_ATTRIBUTE_NAMES as readonly string[]).includes(name)) {
      ctx.problems.push({ file, path: `#/attributes/${name}`, message: `"${name}" is a reserved attribute name in Strapi` });
      continue;
    }
    const parsed = parseAttribute(def, { name, source: `${file}#/attributes/${name}`, ownerLocalized, customFields: ctx.customFields });
    if (parsed.kind === 'ok') {
      attributes.set(name, Object.freeze(parsed.attribute));
      if (parsed.warning !== undefined) ctx.warnings.push(parsed.warning);
    } else if (parsed.kind === 'skip') ctx.warnings.push(parsed.warning);
    else ctx.problems.push({ file, path: parsed.path, message: parsed.message });
  }
  return attributes;
}

/** A JSON object read from `abs`, or undefined with the problem recorded. */
async function readObject(abs: string, file: string, what: string, ctx: ReadContext): Promise<Record<string, unknown> | undefined> {
  const read = await readJsonFile(abs);
  if (!read.ok) {
    ctx.problems.push({ ...read.problem, file });
    return undefined;
  }
  if (!isPlainObject(read.value)) {
    ctx.problems.push({ file, path: '#', message: `a ${what} schema must be a JSON object` });
    return undefined;
  }
  return read.value;
}

async function readComponents(files: readonly string[], ctx: ReadContext): Promise<Map<string, ComponentSchema>> {
  const components = new Map<string, ComponentSchema>();
  for (const abs of files) {
    const file = show(abs);
    const parts = abs.split(/[\\/]/);
    const category = parts[parts.length - 2];
    const name = parts[parts.length - 1].replace(/\.json$/, '');
    const raw = await readObject(abs, file, 'component', ctx);
    if (!raw) continue;
    const info = isPlainObject(raw.info) ? raw.info : {};
    const uid = `${category}.${name}`;
    components.set(uid, {
      uid,
      category,
      name,
      displayName: typeof info.displayName === 'string' ? info.displayName : name,
      ...readPrivacy(raw.attributes, file, true, ctx, raw.options),
      file,
    });
  }
  return components;
}

async function readContentTypes(files: readonly string[], ctx: ReadContext): Promise<Map<string, ContentType>> {
  const contentTypes = new Map<string, ContentType>();
  for (const abs of files) {
    const file = show(abs);
    const parts = abs.split(/[\\/]/);
    // Strapi keys the API and the type by their folders' names, kebab-cased (`apiHome` is `api::api-home.…`)
    const uid = `api::${strapiLoaderName(parts[parts.length - 4])}.${strapiLoaderName(parts[parts.length - 2])}`;
    const raw = await readObject(abs, file, 'content-type', ctx);
    const type = raw && contentTypeOf(raw, uid, file, ctx);
    if (type) contentTypes.set(uid, type);
  }
  return contentTypes;
}

function contentTypeOf(raw: Record<string, unknown>, uid: string, file: string, ctx: ReadContext): ContentType | undefined {
  const { problems } = ctx;
  const info = isPlainObject(raw.info) ? raw.info : {};
  // Strapi defaults a missing kind to a collection type (`schema.kind || 'collectionType'` in its core), and
  // older hand-written schemas do omit it; only a kind that is present and wrong is an error.
  const kind = raw.kind ?? 'collectionType';
  if (kind !== 'collectionType' && kind !== 'singleType') {
    problems.push({ file, path: '#/kind', message: `"kind" must be "collectionType" or "singleType" (got ${JSON.stringify(kind)})` });
    return undefined;
  }
  const singularName = info.singularName;
  const pluralName = info.pluralName;
  if (typeof singularName !== 'string' || !/^[a-z][a-z0-9-]*$/.test(singularName)) {
    problems.push({ file, path: '#/info/singularName', message: 'info.singularName must be a kebab-case string' });
    return undefined;
  }
  if (typeof pluralName !== 'string' || !/^[a-z][a-z0-9-]*$/.test(pluralName)) {
    problems.push({ file, path: '#/info/pluralName', message: 'info.pluralName must be a kebab-case string' });
    return undefined;
  }
  if (singularName === pluralName) {
    problems.push({ file, path: '#/info/pluralName', message: `singularName and pluralName must differ (both "${pluralName}")` });
  }
  const options = isPlainObject(raw.options) ? raw.options : {};
  const pluginOptions = isPlainObject(raw.pluginOptions) ? raw.pluginOptions : {};
  const localized = isPlainObject(pluginOptions.i18n) && pluginOptions.i18n.localized === true;
  const draftAndPublish = options.draftAndPublish === true;
  // Strapi's own boot warning (warnDraftAndPublishReservedAttributes): the type still works, `status` as a field
  if (draftAndPublish && isPlainObject(raw.attributes) && 'status' in raw.attributes)
    ctx.warnings.push(
      `${file}: the attribute name 'status' on content type '${uid}' is reserved when 'draftAndPublish' is enabled; it conflicts with the REST 'status' query parameter (and sort=status sorts by publication state, not by this field)`,
    );
  return {
    uid,
    kind,
    singularName,
    pluralName,
    ...(typeof raw.collectionName === 'string' && raw.collectionName !== '' ? { collectionName: raw.collectionName } : {}),
    displayName: typeof info.displayName === 'string' ? info.displayName : singularName,
    description: typeof info.description === 'string' ? info.description : '',
    draftAndPublish,
    localized,
    ...readPrivacy(raw.attributes, file, localized, ctx, options),
    file,
  };
}

/**
 * Every Strapi has users (its /api/users routes and relations to users serve them): the project's extension of the
 * user schema when it has one, else the plugin's own attributes.
 */
async function readUserType(root: string, ctx: ReadContext): Promise<ContentType> {
  const extension = join(root, ...USER_EXTENSION);
  let raw: unknown = DEFAULT_USER_ATTRIBUTES;
  let schemaOptions: unknown;
  let file = `${USER_UID} (users & permissions plugin)`;
  if (existsSync(extension)) {
    file = show(extension);
    const read = await readJsonFile(extension);
    if (!read.ok) ctx.problems.push({ ...read.problem, file });
    else {
      raw = isPlainObject(read.value) ? read.value.attributes : undefined;
      schemaOptions = isPlainObject(read.value) ? read.value.options : undefined;
    }
  }
  return {
    uid: USER_UID,
    kind: 'collectionType',
    singularName: 'user',
    pluralName: 'users',
    collectionName: 'up_users',
    displayName: 'User',
    description: 'Users of the users & permissions plugin',
    draftAndPublish: false,
    localized: false,
    ...readPrivacy(raw, file, false, ctx, schemaOptions),
    file,
    builtIn: true,
  };
}

/** The role users belong to; its `users` side exists when the user schema links back to it (Strapi's does). */
function readRoleType(users: ContentType, ctx: ReadContext): ContentType {
  const { attributes: roleAttributes, privateAttributes } = readPrivacy(
    DEFAULT_ROLE_ATTRIBUTES,
    `${ROLE_UID} (users & permissions plugin)`,
    false,
    ctx,
    undefined,
  );
  const userRole = users.attributes.get('role');
  if (userRole?.kind === 'relation' && userRole.target === ROLE_UID && userRole.inversedBy) {
    const back = parseAttribute(
      { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role' },
      { name: userRole.inversedBy, source: ROLE_UID, ownerLocalized: false, customFields: ctx.customFields },
    );
    if (back.kind === 'ok') roleAttributes.set(userRole.inversedBy, Object.freeze(back.attribute));
  }
  return {
    uid: ROLE_UID,
    kind: 'collectionType',
    singularName: 'role',
    pluralName: 'roles',
    collectionName: 'up_roles',
    displayName: 'Role',
    description: 'Roles of the users & permissions plugin',
    draftAndPublish: false,
    localized: false,
    attributes: roleAttributes,
    ...(privateAttributes === undefined ? {} : { privateAttributes }),
    file: `${ROLE_UID} (users & permissions plugin)`,
    builtIn: true,
  };
}

/** The permission rows of a role (one per action it may do): a plugin type the Content API shows under a role. */
function readPermissionType(ctx: ReadContext): ContentType {
  return readFixedType(PERMISSION_UID, DEFAULT_PERMISSION_ATTRIBUTES, 'users & permissions plugin', ctx, {
    singularName: 'permission',
    pluralName: 'permissions',
    collectionName: 'up_permissions',
    displayName: 'Permission',
    description: 'Permissions of the users & permissions plugin',
  });
}

/** Does an attribute of these schemas relate to `uid`? */
function referencesTarget(owners: readonly { attributes: ContentType['attributes'] }[], uid: string): boolean {
  return owners.some((o) => [...o.attributes.values()].some((a) => a.kind === 'relation' && a.target === uid));
}

/**
 * The admin panel's user, for projects that relate to it: Strapi keeps such a relation (always empty through the
 * Content API: it cannot create admin users), and its queries walk into the admin user's attributes.
 */
function readAdminUserType(ctx: ReadContext): ContentType {
  return readFixedType(ADMIN_USER_UID, DEFAULT_ADMIN_USER_ATTRIBUTES, 'admin panel', ctx, {
    singularName: 'user',
    pluralName: 'users',
    collectionName: 'admin_users',
    displayName: 'User',
    description: '',
  });
}

/** A built-in type whose attributes no project changes (no draft & publish, no i18n, no routes of its own). */
function readFixedType(
  uid: string,
  raw: Readonly<Record<string, Record<string, unknown>>>,
  owner: string,
  ctx: ReadContext,
  names: Pick<ContentType, 'singularName' | 'pluralName' | 'collectionName' | 'displayName' | 'description'>,
): ContentType {
  const file = `${uid} (${owner})`;
  const { attributes, privateAttributes } = readPrivacy(raw, file, false, ctx, undefined);
  return {
    uid,
    kind: 'collectionType',
    ...names,
    draftAndPublish: false,
    localized: false,
    attributes,
    ...(privateAttributes === undefined ? {} : { privateAttributes }),
    file,
    builtIn: true,
  };
}

function freezeModel(
  contentTypes: Map<string, ContentType>,
  components: Map<string, ComponentSchema>,
  given: readonly Locale[] | undefined,
  warnings: readonly string[],
  privateAttributes: readonly string[],
): ContentModel {
  const locales = given && given.length > 0 ? given : DEFAULT_LOCALES;
  const defaultLocale = (locales.find((l) => l.isDefault) ?? locales[0]).code;
  const byRoute = new Map<string, ContentType>();
  for (const ct of contentTypes.values()) if (!ct.builtIn) byRoute.set(ct.kind === 'collectionType' ? ct.pluralName : ct.singularName, ct);
  for (const c of components.values()) Object.freeze(c);
  for (const ct of contentTypes.values()) Object.freeze(ct);
  return Object.freeze({
    contentTypes,
    components,
    byRoute,
    locales: Object.freeze(locales.map((l) => Object.freeze({ ...l }))),
    defaultLocale,
    warnings: Object.freeze([...warnings]),
    ...(privateAttributes.length > 0 ? { privateAttributes: Object.freeze([...privateAttributes]) } : {}),
  });
}

function checkApiIds(contentTypes: Map<string, ContentType>, problems: SchemaProblem[]): void {
  const seen = new Map<string, ContentType>();
  for (const ct of contentTypes.values()) {
    if (ct.builtIn) continue;
    for (const [key, id] of [
      ['singularName', ct.singularName],
      ['pluralName', ct.pluralName],
    ] as const) {
      const other = seen.get(id);
      if (other && other !== ct) {
        problems.push({ file: ct.file, path: `#/info/${key}`, message: `API id "${id}" is already used by ${other.uid} (${other.file})` });
      } else seen.set(id, ct);
    }
  }
}

function checkReferences(contentTypes: Map<string, ContentType>, components: Map<string, ComponentSchema>, ctx: ReadContext): void {
  const { problems, warnings } = ctx;
  const owners: { file: string; attributes: Attributes; uid: string }[] = [
    ...[...contentTypes.values()].map((ct) => ({ file: ct.file, attributes: ct.attributes, uid: ct.uid })),
    ...[...components.values()].map((c) => ({ file: c.file, attributes: c.attributes, uid: c.uid })),
  ];
  for (const { file, attributes, uid } of owners) {
    // The admin user's own links (private, to admin types the Content API never reaches) are kept as Strapi has them.
    if (uid === ADMIN_USER_UID) continue;
    for (const [name, attr] of [...attributes]) {
      const path = `#/attributes/${name}`;
      if (attr.kind === 'component' && !components.has(attr.component)) {
        problems.push({ file, path: `${path}/component`, message: `unknown component "${attr.component}"` });
      } else if (attr.kind === 'dynamiczone') {
        attr.components.forEach((c, i) => {
          if (!components.has(c)) problems.push({ file, path: `${path}/components/${i}`, message: `unknown component "${c}"` });
        });
      } else if (attr.kind === 'relation') {
        const target = contentTypes.get(attr.target);
        if (!target) {
          if (attr.target.startsWith('api::')) {
            problems.push({ file, path: `${path}/target`, message: `relation to a missing content type "${attr.target}"` });
          } else {
            // plugin:: and admin:: types (users, roles, admin users) live outside the schemas we read.
            warnings.push(`${file}${path}: relation to "${attr.target}" (not a content type of this project) skipped`);
            (attributes as Map<string, Attribute>).delete(name);
          }
          continue;
        }
        const other = attr.inversedBy ?? attr.mappedBy;
        if (other === undefined) continue;
        const back = target.attributes.get(other);
        const key = attr.inversedBy ? 'inversedBy' : 'mappedBy';
        if (!back && target.builtIn && attr.inversedBy) {
          // The inverse side lives in the plugin's schema, which the project did not extend: keep the link one-way.
          warnings.push(
            `${file}${path}/inversedBy: "${other}" is not an attribute of ${attr.target} (extend its schema under ${USER_EXTENSION.slice(0, -1).join('/')}); the relation is read one-way`,
          );
          (attributes as Map<string, Attribute>).set(name, Object.freeze({ ...attr, inversedBy: undefined }));
          continue;
        }
        if (!back && !ctx.strict) {
          // Common in projects migrated from v4: one side of a pair was deleted. Strapi itself refuses to start, but
          // a mock is more useful serving everything else; --strict-schemas makes it the error it is.
          warnings.push(
            `${file}${path}/${key}: inverse attribute "${other}" not found on ${attr.target}; ${uid}.${name} skipped (--strict-schemas to fail)`,
          );
          (attributes as Map<string, Attribute>).delete(name);
          continue;
        }
        if (back?.kind === 'relation' && back.target !== uid && !ctx.strict) {
          // Strapi boots with such a pair (each side reads the other's link table); the mock keeps the side that
          // names its own target and skips this one, as for a missing inverse
          warnings.push(
            `${file}${path}/${key}: inverse attribute ${attr.target}.${other} targets "${back.target}", not ${uid}; ${uid}.${name} skipped (--strict-schemas to fail)`,
          );
          (attributes as Map<string, Attribute>).delete(name);
          continue;
        }
        if (!back || back.kind !== 'relation') {
          problems.push({ file, path: `${path}/${key}`, message: `inverse attribute "${other}" not found on ${attr.target}` });
        } else if (back.target !== uid) {
          problems.push({
            file,
            path: `${path}/${key}`,
            message: `inverse attribute ${attr.target}.${other} targets "${back.target}", not ${uid}`,
          });
        } else if (attr.mappedBy && back.inversedBy !== name) {
          problems.push({ file, path: `${path}/mappedBy`, message: `${attr.target}.${other} must declare inversedBy "${name}"` });
        }
      }
    }
  }
}

type Attributes = ContentType['attributes'];
