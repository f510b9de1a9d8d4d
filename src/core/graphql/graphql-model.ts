import type { Attribute, ContentModel } from '../model/types.js';
import { DEFAULT_PERMISSION_ATTRIBUTES, DEFAULT_ROLE_ATTRIBUTES, DEFAULT_USER_ATTRIBUTES, USER_UID } from '../model/built-in-types.js';
import { nameWords } from '../model/name-words.js';

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
  return nameWords(text)
    .map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase())
    .join('');
}

/**
 * Letters the plugin's slugify (@sindresorhus/slugify 1.1.0: transliterate's table, then lodash's deburr) spells out
 * rather than stripping a mark from: German, Nordic, Icelandic, Polish… (`Canöe` is `Canoee`), and its symbols.
 */
const SPELLED: Readonly<Record<string, string>> = {
  Ä: 'Ae',
  Æ: 'AE',
  Ð: 'D',
  Ö: 'Oe',
  Ø: 'O',
  Ü: 'Ue',
  Þ: 'TH',
  ß: 'ss',
  ä: 'ae',
  æ: 'ae',
  ð: 'd',
  ö: 'oe',
  ø: 'o',
  ü: 'ue',
  þ: 'th',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ĳ: 'IJ',
  ĳ: 'ij',
  ĸ: 'k',
  Ŀ: 'L',
  ŀ: 'l',
  Ł: 'L',
  ł: 'l',
  ŉ: "'n",
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'Oe',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ſ: 'ss',
  ẞ: 'SS',
  '&': ' and ',
  '\u{1F984}': ' unicorn ',
  '\u2665': ' love ',
};

/**
 * Letters whose marks slugify strips: deburr's Latin-1 Supplement and Latin Extended-A, the Romanian and Vietnamese
 * letters of transliterate's table. Other letters (Latin Extended-B, other scripts) become separators here; Strapi
 * transliterates Cyrillic, Greek, Arabic… by its table, which the mock does not know.
 */
const STRIPPED = /[\u00C0-\u017F\u01A0\u01A1\u01AF\u01B0\u0218-\u021B\u1EA0-\u1EF9]/u;

/** The plugin's enum member names (`toRegressedEnumValue`: slugify with `_`, case kept). */
export function enumMember(value: string): string {
  let out = '';
  for (const ch of value.normalize()) {
    if (SPELLED[ch] !== undefined) out += SPELLED[ch];
    else if (STRIPPED.test(ch)) out += ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    else if (!/[\u0300-\u036f\ufe20-\ufe2f\u20d0-\u20ff]/.test(ch)) out += ch;
  }
  return out.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
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
  permissions: { type: 'relation', target: 'admin::permission', relation: 'manyToMany' },
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

/**
 * Strapi registers the API content types folder by folder, in the order Node lists `src/api` (by name), then each
 * API's content types by folder: `product` comes before `product-page`, where comparing the uids would put
 * `api::product-page.…` first ('-' sorts before '.').
 */
function byApiFolder(a: { uid: string }, b: { uid: string }): number {
  const [apiA = '', nameA = ''] = a.uid.replace(/^api::/, '').split('.');
  const [apiB = '', nameB = ''] = b.uid.replace(/^api::/, '').split('.');
  if (apiA !== apiB) return apiA < apiB ? -1 : 1;
  return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
}

/**
 * Strapi registers the components as its glob lists their files, last first: categories by folder name (`shared-extra`
 * before `shared`), then each category's files by name (`support.json` before `support-item.json`, '.' sorting after
 * '-'), where comparing the uids would order both pairs the other way.
 */
function byComponentFileDescending(a: { category: string; name: string }, b: { category: string; name: string }): number {
  if (a.category !== b.category) return a.category < b.category ? 1 : -1;
  const [fileA, fileB] = [`${a.name}.json`, `${b.name}.json`];
  return fileA < fileB ? 1 : fileA > fileB ? -1 : 0;
}

/** Every type the plugin registers, in Strapi's order: components, then content types. */
export function graphqlTypes(model: ContentModel): GqlType[] {
  const components: GqlType[] = [...model.components.values()].sort(byComponentFileDescending).map((c) => ({
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
    .sort(byApiFolder)
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
  // Strapi 5.54 loads the APIs, the plugins and the components at once (one Promise.all sharing Node's file-system
  // threads): the APIs' types come first when their load wins. Observed: with one API content type they do; with
  // two and no component, one project's did and another's did not (a race the mock cannot follow); with more, not.
  const apisFirst = apis.length === 1;
  const types = apisFirst ? [...apis, ...plugins] : [...plugins, ...apis];
  return [...components, ...types];
}
