import type { ContentIndex } from '../data/content-index.js';
import type { Attribute } from '../model/types.js';
import type { Scope } from './scope.js';
import { isPrivateAttribute } from '../model/private-attributes.js';
import { DEFAULT_ADMIN_USER_ATTRIBUTES } from '../model/built-in-types.js';

/**
 * A schema as Strapi's query validators see it: the project's attributes plus what Strapi adds at boot —
 * timestamps and `publishedAt` on every type, the private `createdBy`/`updatedBy` links to admin users, and i18n's
 * `locale`/`localizations` on every type (private on types without i18n). `id` and `documentId` are no attributes.
 */
export interface StrapiSchema {
  readonly attribute: (name: string) => StrapiAttribute | undefined;
  readonly draftAndPublish: boolean;
  /** Every attribute's name, in Strapi's order (what a populate wildcard expands to); unknown where not given. */
  readonly attributeNames?: () => readonly string[];
}

/** What Strapi adds to every content type's attributes, after the schema's own. */
const SYSTEM_NAMES = ['createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'] as const;
const withSystem = (own: Iterable<string>): string[] => {
  const names = [...own];
  return [...names, ...SYSTEM_NAMES.filter((n) => !names.includes(n))];
};

export type StrapiAttribute =
  | { readonly type: 'scalar' | 'password'; readonly private: boolean }
  | {
      readonly type: 'relation' | 'component' | 'media';
      readonly private: boolean;
      readonly target: () => StrapiSchema | undefined;
      /** A relation's target uid (a content type of the model). */
      readonly uid?: string;
    }
  | { readonly type: 'morph' | 'dynamiczone'; readonly private: boolean };

const scalar = (isPrivate = false): StrapiAttribute => ({ type: 'scalar', private: isPrivate });

/** Strapi's admin user, the target of `createdBy`/`updatedBy` (private links; validators still walk into them). */
const ADMIN_USER: StrapiSchema = {
  draftAndPublish: false,
  attribute: (name) =>
    Object.hasOwn(ADMIN_USER_ATTRIBUTES, name) ? ADMIN_USER_ATTRIBUTES[name] : systemAttribute(name, () => ADMIN_USER, false),
};
const ADMIN_USER_ATTRIBUTES: Readonly<Record<string, StrapiAttribute>> = Object.fromEntries(
  Object.entries(DEFAULT_ADMIN_USER_ATTRIBUTES).map(([name, def]) => {
    const isPrivate = def.private === true;
    if (def.type === 'password') return [name, { type: 'password', private: isPrivate }];
    // its links lead to admin types the mock does not model
    if (def.type === 'relation') return [name, { type: 'relation', private: isPrivate, target: () => undefined }];
    return [name, scalar(isPrivate)];
  }),
);

/** The upload plugin's file type, what media fields lead to. */
const FILE_ATTRIBUTES: Readonly<Record<string, StrapiAttribute>> = {
  name: scalar(),
  alternativeText: scalar(),
  caption: scalar(),
  focalPoint: scalar(),
  width: scalar(),
  height: scalar(),
  formats: scalar(),
  hash: scalar(),
  ext: scalar(),
  mime: scalar(),
  size: scalar(),
  url: scalar(),
  previewUrl: scalar(),
  provider: scalar(),
  provider_metadata: scalar(),
  related: { type: 'morph', private: false },
  // (its target is walked before it is refused: an unknown key under it is named first, as the unknown-key pass runs
  // over the whole tree before the private one; harness kit grammar seed 1400 `sort[cover][folder][nope]=desc`)
  folder: { type: 'relation', private: true, target: () => FOLDER },
  folderPath: scalar(true),
};
const FILE: StrapiSchema = fileSchema([]);

/** The upload plugin's folder type (plugin::upload.folder), reached through a file's private `folder`. */
const FOLDER_ATTRIBUTES: Readonly<Record<string, StrapiAttribute>> = {
  name: scalar(),
  pathId: scalar(),
  parent: { type: 'relation', private: false, target: () => FOLDER },
  children: { type: 'relation', private: false, target: () => FOLDER },
  files: { type: 'relation', private: false, target: () => FILE },
  path: scalar(),
};
export const FOLDER: StrapiSchema = {
  draftAndPublish: false,
  attribute: (name) => (Object.hasOwn(FOLDER_ATTRIBUTES, name) ? FOLDER_ATTRIBUTES[name] : systemAttribute(name, () => FOLDER, false)),
};

/** The upload file as a project sees it: the names its `privateAttributes` config lists are private there too. */
function fileSchema(privateNames: readonly string[]): StrapiSchema {
  const self: StrapiSchema = {
    draftAndPublish: false,
    attributeNames: () => withSystem(Object.keys(FILE_ATTRIBUTES)),
    attribute: (name) => {
      const attribute = Object.hasOwn(FILE_ATTRIBUTES, name) ? FILE_ATTRIBUTES[name] : systemAttribute(name, () => self, false);
      return attribute && privateNames.includes(name) ? { ...attribute, private: true } : attribute;
    },
  };
  return self;
}

function systemAttribute(name: string, self: () => StrapiSchema, localized: boolean): StrapiAttribute | undefined {
  switch (name) {
    case 'createdAt':
    case 'updatedAt':
    case 'publishedAt':
      return scalar();
    case 'createdBy':
    case 'updatedBy':
      return { type: 'relation', private: true, target: () => ADMIN_USER };
    case 'locale':
      return scalar(!localized);
    case 'localizations':
      return { type: 'relation', private: !localized, target: self };
    default:
      return undefined;
  }
}

/** The schemas of one index's model, by scope (kept on the index: see ContentIndex.attached). */
const schemasOf = (): Map<string, StrapiSchema> => new Map();

/** The validators' view of a scope (cached per model). */
export function strapiSchema(index: ContentIndex, scope: Scope): StrapiSchema {
  const privateNames = index.model.privateAttributes;
  if (scope.kind === 'media' && privateNames === undefined) return FILE;
  const key = scope.kind === 'type' ? scope.type.uid : scope.kind === 'media' ? 'media' : `component:${scope.component.uid}`;
  const byKey = index.attached(schemasOf);
  let schema = byKey.get(key);
  if (schema) return schema;
  if (scope.kind === 'media') {
    schema = fileSchema(privateNames ?? []);
    byKey.set(key, schema);
    return schema;
  }
  const holder = scope.kind === 'type' ? scope.type : scope.component;
  const localized = scope.kind === 'type' && scope.type.localized;
  const self = (): StrapiSchema => schema!;
  schema = {
    draftAndPublish: scope.kind === 'type' && scope.type.draftAndPublish,
    attributeNames: () => (scope.kind === 'type' ? withSystem(holder.attributes.keys()) : [...holder.attributes.keys()]),
    attribute: (name) => {
      const attribute = holder.attributes.get(name);
      if (attribute) return fromAttribute(index, attribute);
      const system = scope.kind === 'type' ? systemAttribute(name, self, localized) : undefined;
      // the project's privateAttributes reach what Strapi adds too (timestamps, locale, localizations)
      return system && !system.private && isPrivateAttribute(holder, name) ? { ...system, private: true } : system;
    },
  };
  byKey.set(key, schema);
  return schema;
}

function fromAttribute(index: ContentIndex, attribute: Attribute): StrapiAttribute {
  const isPrivate = attribute.private;
  switch (attribute.kind) {
    case 'scalar':
      // a password is refused by its own pass; it is private to the validators only when its schema says so
      return { type: attribute.type === 'password' ? 'password' : 'scalar', private: isPrivate && !attribute.privateByType };
    case 'relation':
      return {
        type: 'relation',
        private: isPrivate,
        uid: attribute.target,
        target: () => {
          const type = index.model.contentTypes.get(attribute.target);
          return type ? strapiSchema(index, { kind: 'type', type }) : undefined;
        },
      };
    case 'component':
      return {
        type: 'component',
        private: isPrivate,
        target: () => {
          const component = index.model.components.get(attribute.component);
          return component ? strapiSchema(index, { kind: 'component', component }) : undefined;
        },
      };
    case 'media':
      return { type: 'media', private: isPrivate, target: () => strapiSchema(index, { kind: 'media' }) };
    case 'dynamiczone':
      return { type: 'dynamiczone', private: isPrivate };
  }
}

/** The validators' view of a component by its uid (a fragment's `on` key), undefined for one the model lacks. */
export function componentSchemaOf(index: ContentIndex): (uid: string) => StrapiSchema | undefined {
  return (uid) => {
    const component = index.model.components.get(uid);
    return component ? strapiSchema(index, { kind: 'component', component }) : undefined;
  };
}
