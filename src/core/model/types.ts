// The content model: what Strapi schema files say, read once, resolved and frozen. Nothing downstream of
// `model/` reads schema.json; every module takes a `ContentModel` (or a part of it) as an argument.

export const SCALAR_TYPES = [
  'string',
  'text',
  'richtext',
  'blocks',
  'email',
  'password',
  'uid',
  'enumeration',
  'integer',
  'biginteger',
  'float',
  'decimal',
  'boolean',
  'date',
  'time',
  'datetime',
  'timestamp',
  'json',
] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];

export const RELATION_KINDS = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany', 'oneWay', 'manyWay'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/** Properties every attribute has, whatever its kind. */
export interface AttributeBase {
  readonly name: string;
  /** Never returned, never filterable or sortable (Strapi's `private`; passwords are always private). */
  readonly private: boolean;
  /** Private because the project's `api.responses.privateAttributes` or the schema's options name it (see private-attributes.ts). */
  readonly privateByConfig?: true;
  readonly required: boolean;
  /** i18n: the value differs per locale. Only meaningful when the owning type is localized. */
  readonly localized: boolean;
  /** Where the attribute was declared, for messages: `<file>#/attributes/<name>`. */
  readonly source: string;
  /**
   * Strapi 5's conditional fields: `conditions.visible`, a JSON Logic rule over the data being validated. Where it
   * does not hold, the attribute is not validated at all (not required, no min/max/regex/enum/unique).
   */
  readonly visibleWhen?: unknown;
}

export interface ScalarAttribute extends AttributeBase {
  readonly kind: 'scalar';
  readonly type: ScalarType;
  readonly unique: boolean;
  readonly min?: number;
  readonly max?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly enum?: readonly string[];
  readonly default?: unknown;
  readonly regex?: string;
  /** uid attributes: the attribute the admin UI derives the uid from. */
  readonly targetField?: string;
  /** Set for custom fields: the registered custom field this scalar stands for (e.g. plugin::color-picker.color). */
  readonly customField?: string;
  /**
   * Custom fields: the schema's `options`, as the plugin reads them (a select-like plugin's list of choices such as
   * multi-select's `label:value` entries, which generated content picks from; a UUID plugin's format settings).
   */
  readonly customOptions?: unknown;
  /** A password not marked `private` in its schema: hidden as every password is, but not private to Strapi's validators. */
  readonly privateByType?: true;
}

export interface MediaAttribute extends AttributeBase {
  readonly kind: 'media';
  readonly multiple: boolean;
  readonly allowedTypes: readonly string[];
}

export interface RelationAttribute extends AttributeBase {
  readonly kind: 'relation';
  readonly relation: RelationKind;
  /** uid of the target content type. */
  readonly target: string;
  readonly toMany: boolean;
  /**
   * The owning side stores the link (Strapi's join table is written from it): a side with `inversedBy`, or a
   * one-directional relation. The inverse side (`mappedBy`) is derived from the owner's rows.
   */
  readonly owner: boolean;
  /** On the owning side: the inverse attribute on the target, when the relation is bidirectional. */
  readonly inversedBy?: string;
  /** On the inverse side: the owning attribute on the target. */
  readonly mappedBy?: string;
}

export interface ComponentAttribute extends AttributeBase {
  readonly kind: 'component';
  /** uid of the component, `category.name`. */
  readonly component: string;
  readonly repeatable: boolean;
  readonly min?: number;
  readonly max?: number;
}

export interface DynamicZoneAttribute extends AttributeBase {
  readonly kind: 'dynamiczone';
  /** uids of the components the zone declares. */
  readonly components: readonly string[];
  readonly min?: number;
  readonly max?: number;
}

export type Attribute = ScalarAttribute | MediaAttribute | RelationAttribute | ComponentAttribute | DynamicZoneAttribute;

export type AttributeKind = Attribute['kind'];

/** Attributes in declaration order (the order Strapi returns fields in). */
export type Attributes = ReadonlyMap<string, Attribute>;

export interface ComponentSchema {
  /** `category.name` */
  readonly uid: string;
  readonly category: string;
  readonly name: string;
  readonly displayName: string;
  readonly attributes: Attributes;
  readonly file: string;
  /** Names Strapi keeps out of answers besides `private` attributes: the config's and the schema's options' (private-attributes.ts). */
  readonly privateAttributes?: readonly string[];
}

export interface ContentType {
  /** `api::<api>.<name>` */
  readonly uid: string;
  readonly kind: 'collectionType' | 'singleType';
  readonly singularName: string;
  readonly pluralName: string;
  readonly displayName: string;
  readonly description: string;
  readonly draftAndPublish: boolean;
  readonly localized: boolean;
  readonly attributes: Attributes;
  readonly file: string;
  /** Names Strapi keeps out of answers besides `private` attributes: the config's and the schema's options' (private-attributes.ts). */
  readonly privateAttributes?: readonly string[];
  /**
   * The schema's `collectionName`: the database table (absent: Strapi names the table after `singularName`); project
   * code's knex reaches a type by it, populate-deep's pIgnore names types by it.
   */
  readonly collectionName?: string;
  /**
   * A plugin's content type (the users & permissions user): a relation target with rows, populate and filters like
   * any other, but without Content API routes of its own (its plugin serves it).
   */
  readonly builtIn?: boolean;
}

/** Only content types with their own `/api/...` routes (not built-in plugin types). */
export const routedTypes = (model: ContentModel): ContentType[] => [...model.contentTypes.values()].filter((t) => !t.builtIn);

export interface Locale {
  readonly code: string;
  readonly name: string;
  readonly isDefault: boolean;
}

export interface ContentModel {
  readonly contentTypes: ReadonlyMap<string, ContentType>;
  readonly components: ReadonlyMap<string, ComponentSchema>;
  /** pluralName → type (collection types) and singularName → type (single types): the REST route ids. */
  readonly byRoute: ReadonlyMap<string, ContentType>;
  readonly locales: readonly Locale[];
  readonly defaultLocale: string;
  /** The project's `api.responses.privateAttributes`: private on every model, the upload file's included. */
  readonly privateAttributes?: readonly string[];
  /** Things skipped while reading (morph relations, unknown custom fields), for the CLI to print. */
  readonly warnings: readonly string[];
}

/** Attribute names every content type has in responses, whatever its schema. */
export const SYSTEM_FIELDS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'locale'] as const;

/**
 * Names a schema may not declare: Strapi reserves them. `status` is not among them: Strapi 5 boots with a `status`
 * attribute (only its content-type builder refuses one, and only on a draft & publish type) and serves it as a
 * field; its `status` query parameter and virtual `status` sort keep their meaning.
 */
export const RESERVED_ATTRIBUTE_NAMES = [
  'id',
  'documentId',
  'document_id',
  'createdAt',
  'updatedAt',
  'publishedAt',
  'created_at',
  'updated_at',
  'published_at',
  'createdBy',
  'updatedBy',
  'created_by',
  'updated_by',
  'locale',
  'localizations',
  'entryId',
  '__component',
  '__contentType',
  '__temp_key__',
] as const;
