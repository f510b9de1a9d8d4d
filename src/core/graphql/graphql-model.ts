import type { Attribute, ContentModel } from '../model/types.js';
import { DEFAULT_PERMISSION_ATTRIBUTES, DEFAULT_ROLE_ATTRIBUTES, DEFAULT_USER_ATTRIBUTES, USER_UID } from '../model/built-in-types.js';

// The content model as the GraphQL plugin sees it: every type Strapi registers (its own plugin types too), with the
// attributes Strapi adds at load (timestamps, publishedAt, locale, localizations), in Strapi's registration order.

export const FILE_UID = 'plugin::upload.file';
export const LOCALE_UID = 'plugin::i18n.locale';
const WORKFLOW_UID = 'plugin::review-workflows.workflow';
const STAGE_UID = 'plugin::review-workflows.workflow-stage';

/** Strapi's scalar types → GraphQL scalars (the plugin's SCALARS_ASSOCIATIONS). */
export const SCALAR_OF: Readonly<Record<string, string>> = {
  uid: 'String',
  email: 'String',
  password: 'String',
  text: 'String',
  boolean: 'Boolean',
  integer: 'Int',
  string: 'String',
  enumeration: 'String',
  richtext: 'String',
  blocks: 'JSON',
  biginteger: 'Long',
  float: 'Float',
  decimal: 'Float',
  json: 'JSON',
  date: 'Date',
  time: 'Time',
  datetime: 'DateTime',
  timestamp: 'DateTime',
};

export type GqlAttribute =
  | { readonly kind: 'scalar'; readonly name: string; readonly scalar: string; readonly common: Common }
  | { readonly kind: 'enum'; readonly name: string; readonly values: readonly string[]; readonly common: Common }
  | { readonly kind: 'component'; readonly name: string; readonly component: string; readonly repeatable: boolean; readonly common: Common }
  | { readonly kind: 'dynamiczone'; readonly name: string; readonly components: readonly string[]; readonly common: Common }
  | { readonly kind: 'media'; readonly name: string; readonly multiple: boolean; readonly common: Common }
  | { readonly kind: 'morph'; readonly name: string; readonly toMany: boolean; readonly common: Common }
  | { readonly kind: 'relation'; readonly name: string; readonly target: string; readonly toMany: boolean; readonly common: Common };

interface Common {
  readonly required: boolean;
  readonly private: boolean;
  readonly writable: boolean;
  /** False where the project's shadow CRUD turns the field's output or filters off (shadow-crud.ts). */
  readonly output?: boolean;
  readonly filters?: boolean;
}

export interface GqlType {
  readonly uid: string;
  readonly modelType: 'contentType' | 'component';
  readonly kind: 'collectionType' | 'singleType';
  /** Type name: `Article`, `UsersPermissionsUser`, `ComponentSharedSeo`. */
  readonly name: string;
  readonly singularName: string;
  readonly pluralName: string;
  readonly localized: boolean;
  readonly draftAndPublish: boolean;
  readonly attributes: readonly GqlAttribute[];
  /** Shadow CRUD queries (find, findOne) and mutations (create, update, delete) the plugin keeps for the type. */
  readonly queries: boolean;
  readonly mutations: boolean;
  /** Shadow CRUD actions the project turned off (`find`, `findOne`, `create`, `update`, `delete`, `*`). */
  readonly disabledActions?: readonly string[];
}

const common = (required = false, priv = false, writable = true): Common => ({ required, private: priv, writable });

/** lodash's camelCase + upperFirst as the plugin names types: words split on non-alphanumerics and case changes. */
export function pascal(text: string): string {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+|(?<=[0-9])(?=[A-Za-z])|(?<=[A-Za-z])(?=[0-9])/)
    .filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join('');
}

/** The plugin's enum member names (`toRegressedEnumValue`: slugify with `_`, case kept). */
export function enumMember(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/([a-z\d])([A-Z])/g, '$1$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

type RawAttributes = Readonly<Record<string, Record<string, unknown>>>;

/** An attribute written the way schema.json writes it (built-in plugin types), read into a GqlAttribute. */
function fromRaw(name: string, raw: Record<string, unknown>): GqlAttribute {
  const c = common(raw.required === true, raw.private === true, raw.writable !== false);
  if (raw.type === 'relation') {
    const relation = String(raw.relation);
    if (relation.startsWith('morph')) return { kind: 'morph', name, toMany: relation.endsWith('Many'), common: c };
    return { kind: 'relation', name, target: String(raw.target), toMany: relation.endsWith('Many'), common: c };
  }
  if (raw.type === 'media') return { kind: 'media', name, multiple: raw.multiple === true, common: c };
  if (raw.type === 'enumeration') return { kind: 'enum', name, values: raw.enum as string[], common: c };
  return { kind: 'scalar', name, scalar: SCALAR_OF[String(raw.type)] ?? 'String', common: c };
}

function fromModel(a: Attribute): GqlAttribute | undefined {
  // passwords the schema does not mark private are not private to the plugin (Strapi's isPrivateAttribute)
  const isPrivate = a.private && !(a.kind === 'scalar' && a.privateByType === true);
  const c = common(a.required, isPrivate, true);
  switch (a.kind) {
    case 'scalar':
      if (a.type === 'enumeration') return { kind: 'enum', name: a.name, values: a.enum ?? [], common: c };
      return { kind: 'scalar', name: a.name, scalar: SCALAR_OF[a.type], common: c };
    case 'media':
      return { kind: 'media', name: a.name, multiple: a.multiple, common: c };
    case 'relation':
      return { kind: 'relation', name: a.name, target: a.target, toMany: a.toMany, common: c };
    case 'component':
      return { kind: 'component', name: a.name, component: a.component, repeatable: a.repeatable, common: c };
    case 'dynamiczone':
      return { kind: 'dynamiczone', name: a.name, components: a.components, common: c };
  }
}

const FILE_ATTRIBUTES: RawAttributes = {
  name: { type: 'string', required: true },
  alternativeText: { type: 'text' },
  caption: { type: 'text' },
  focalPoint: { type: 'json' },
  width: { type: 'integer' },
  height: { type: 'integer' },
  formats: { type: 'json' },
  hash: { type: 'string', required: true },
  ext: { type: 'string' },
  mime: { type: 'string', required: true },
  size: { type: 'decimal', required: true },
  url: { type: 'text', required: true },
  previewUrl: { type: 'text' },
  provider: { type: 'string', required: true },
  provider_metadata: { type: 'json' },
  related: { type: 'relation', relation: 'morphToMany' },
  folder: { type: 'relation', relation: 'manyToOne', target: 'plugin::upload.folder', private: true },
  folderPath: { type: 'string', private: true },
};
const LOCALE_ATTRIBUTES: RawAttributes = { name: { type: 'string' }, code: { type: 'string', unique: true } };
const WORKFLOW_ATTRIBUTES: RawAttributes = {
  name: { type: 'string', required: true, unique: true },
  stages: { type: 'relation', target: STAGE_UID, relation: 'oneToMany', mappedBy: 'workflow' },
  stageRequiredToPublish: { type: 'relation', target: STAGE_UID, relation: 'oneToOne', required: false },
  contentTypes: { type: 'json', required: true },
};
const STAGE_ATTRIBUTES: RawAttributes = {
  name: { type: 'string' },
  color: { type: 'string' },
  workflow: { type: 'relation', target: WORKFLOW_UID, relation: 'manyToOne', inversedBy: 'stages' },
  permissions: { type: 'relation', target: 'admin::permission', relation: 'manyToMany', private: true },
};
const ROLE_ATTRIBUTES: RawAttributes = {
  ...DEFAULT_ROLE_ATTRIBUTES,
  users: { type: 'relation', relation: 'oneToMany', target: USER_UID, mappedBy: 'role' },
};

interface TypeSeed {
  readonly uid: string;
  readonly plugin: string;
  readonly singularName: string;
  readonly pluralName: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  readonly attributes: readonly GqlAttribute[];
  readonly queries: boolean;
  readonly mutations: boolean;
  /** The names the project (and the schema's options) make private: Strapi's system fields among them leave the schema. */
  readonly privateAttributes?: readonly string[];
}

const raw = (attrs: RawAttributes) => Object.entries(attrs).map(([n, a]) => fromRaw(n, a));

/** Strapi's system attributes, appended at load in this order (i18n's `locale`/`localizations` last). */
function withSystem(seed: TypeSeed): GqlAttribute[] {
  const out = [...seed.attributes];
  // a system field the project names in `api.responses.privateAttributes` is private like any attribute (isPrivateAttribute)
  const named = (name: string) => seed.privateAttributes?.includes(name) === true;
  out.push({ kind: 'scalar', name: 'createdAt', scalar: 'DateTime', common: common(false, named('createdAt'), false) });
  out.push({ kind: 'scalar', name: 'updatedAt', scalar: 'DateTime', common: common(false, named('updatedAt'), false) });
  out.push({ kind: 'scalar', name: 'publishedAt', scalar: 'DateTime', common: common(false, named('publishedAt')) });
  if (seed.localized) {
    out.push({ kind: 'scalar', name: 'locale', scalar: 'String', common: common(false, named('locale'), false) });
    const localizations = common(false, named('localizations'), false);
    out.push({ kind: 'relation', name: 'localizations', target: seed.uid, toMany: true, common: localizations });
  } else out.push({ kind: 'scalar', name: 'locale', scalar: 'String', common: common(false, true, true) });
  return out;
}

function typeFrom(seed: TypeSeed): GqlType {
  return {
    uid: seed.uid,
    modelType: 'contentType',
    kind: seed.kind,
    name: pascal(seed.plugin) + pascal(seed.singularName),
    singularName: seed.singularName,
    pluralName: seed.pluralName,
    localized: seed.localized,
    draftAndPublish: seed.draftAndPublish,
    attributes: withSystem(seed),
    queries: seed.queries,
    mutations: seed.mutations,
  };
}

/** Every type the plugin registers, in Strapi's order: components, then content types. */
export function graphqlTypes(model: ContentModel): GqlType[] {
  const components: GqlType[] = [...model.components.values()]
    .sort((a, b) => (a.uid < b.uid ? 1 : a.uid > b.uid ? -1 : 0))
    .map((c) => ({
      uid: c.uid,
      modelType: 'component',
      kind: 'collectionType',
      name: `Component${pascal(c.category)}${pascal(c.name)}`,
      singularName: c.name,
      pluralName: c.name,
      localized: false,
      draftAndPublish: false,
      attributes: [...c.attributes.values()].map(fromModel).filter((a): a is GqlAttribute => a !== undefined),
      queries: false,
      mutations: false,
    }));
  const userType = model.contentTypes.get(USER_UID);
  const userAttributes = userType
    ? [...userType.attributes.values()].map(fromModel).filter((a): a is GqlAttribute => a !== undefined)
    : raw(DEFAULT_USER_ATTRIBUTES);
  const plugin = (
    p: string,
    singularName: string,
    pluralName: string,
    attributes: readonly GqlAttribute[],
    queries: boolean,
    mutations: boolean,
  ): TypeSeed => ({
    uid: `plugin::${p}.${singularName}`,
    plugin: p,
    singularName,
    pluralName,
    kind: 'collectionType',
    draftAndPublish: false,
    localized: false,
    attributes,
    queries,
    mutations,
    privateAttributes: model.privateAttributes,
  });
  const plugins = [
    plugin('upload', 'file', 'files', raw(FILE_ATTRIBUTES), true, false),
    plugin('i18n', 'locale', 'locales', raw(LOCALE_ATTRIBUTES), true, false),
    { ...plugin('review-workflows', 'workflow', 'workflows', raw(WORKFLOW_ATTRIBUTES), true, true), uid: WORKFLOW_UID },
    { ...plugin('review-workflows', 'workflow-stage', 'workflow-stages', raw(STAGE_ATTRIBUTES), true, true), uid: STAGE_UID },
    plugin('users-permissions', 'permission', 'permissions', raw(DEFAULT_PERMISSION_ATTRIBUTES), false, false),
    plugin('users-permissions', 'role', 'roles', raw(ROLE_ATTRIBUTES), true, false),
    plugin('users-permissions', 'user', 'users', userAttributes, true, false),
  ].map(typeFrom);
  const apis = [...model.contentTypes.values()]
    .filter((t) => !t.builtIn)
    .sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0))
    .map((t) =>
      typeFrom({
        uid: t.uid,
        plugin: '',
        singularName: t.singularName,
        pluralName: t.pluralName,
        kind: t.kind,
        draftAndPublish: t.draftAndPublish,
        localized: t.localized,
        attributes: [...t.attributes.values()].map(fromModel).filter((a): a is GqlAttribute => a !== undefined),
        queries: true,
        mutations: true,
        privateAttributes: t.privateAttributes,
      }),
    );
  // Observed on Strapi 5.54: a project with a single API content type registers it before the plugins' types.
  const types = apis.length === 1 ? [...apis, ...plugins] : [...plugins, ...apis];
  return [...components, ...types];
}
