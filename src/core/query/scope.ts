import type { Attribute, ComponentSchema, ContentType, RelationAttribute, ScalarType } from '../model/types.js';
import type { ComponentValue, MediaFile, Row } from '../data/types.js';
import { refsOf, type ContentIndex } from '../data/content-index.js';
import { linkedRows, type LinkOrigin } from './linked-rows.js';

/**
 * What a filter, sort or populate path walks through: a content type's rows, a component's values, or the media
 * library's files (media fields can be filtered and sorted on like a relation to `plugin::upload.file`).
 */
export type Scope =
  | { readonly kind: 'type'; readonly type: ContentType }
  | { readonly kind: 'component'; readonly component: ComponentSchema }
  | { readonly kind: 'media' };

export type Record_ = Row | ComponentValue | MediaFile;

/** A field of a scope as the query language sees it: a system column, a schema attribute, or a media column. */
export type Field =
  | { readonly kind: 'column'; readonly name: string; readonly type: ScalarType | 'id' }
  | { readonly kind: 'attribute'; readonly attribute: Attribute };

/** Columns of upload files that queries may use (folder paths and the like stay private, as in Strapi). */
export const MEDIA_COLUMNS: Readonly<Record<string, ScalarType | 'id'>> = {
  id: 'id',
  documentId: 'string',
  name: 'string',
  alternativeText: 'string',
  caption: 'string',
  focalPoint: 'json',
  width: 'integer',
  height: 'integer',
  formats: 'json',
  hash: 'string',
  ext: 'string',
  mime: 'string',
  size: 'decimal',
  url: 'string',
  previewUrl: 'string',
  provider: 'string',
  provider_metadata: 'json',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  publishedAt: 'datetime',
};

const ROW_COLUMNS: Readonly<Record<string, ScalarType | 'id'>> = {
  id: 'id',
  documentId: 'string',
  createdAt: 'datetime',
  updatedAt: 'datetime',
  publishedAt: 'datetime',
};

const COMPONENT_COLUMNS: Readonly<Record<string, ScalarType | 'id'>> = { id: 'id' };

/**
 * Strapi 5's i18n adds `localizations` to localized types as a relation joined on document_id: it links every row
 * of the same document (every locale and status, the row itself included), which is what filters and sorts see.
 */
function localizationsOf(type: ContentType): RelationAttribute {
  return {
    kind: 'relation',
    name: 'localizations',
    relation: 'oneToMany',
    target: type.uid,
    toMany: true,
    owner: false,
    private: false,
    required: false,
    localized: false,
    source: localizationsSource(type.uid),
  };
}

/** Where the `localizations` join comes from: no schema file (a schema attribute's source is its file). */
const localizationsSource = (uid: string) => `${uid}#/localizations`;

/** Whether a relation is the `localizations` join of localizationsOf, not an attribute of a schema. */
const isLocalizationsJoin = (attribute: Attribute): boolean =>
  attribute.kind === 'relation' && attribute.name === 'localizations' && attribute.source === localizationsSource(attribute.target);

/**
 * The `details.path` of an unknown-key error: null for a name the type does not know, but the name itself for
 * `locale` and `localizations` on a type without i18n (Strapi knows them as system fields it refuses there).
 */
export function hiddenKeyPath(scope: Scope, name: string, parent: string | null): string | null {
  if (scope.kind !== 'type' || scope.type.localized || (name !== 'locale' && name !== 'localizations')) return null;
  return parent ? `${parent}.${name}` : name;
}

export function fieldOf(scope: Scope, name: string): Field | undefined {
  const columns = scope.kind === 'media' ? MEDIA_COLUMNS : scope.kind === 'type' ? ROW_COLUMNS : COMPONENT_COLUMNS;
  if (Object.hasOwn(columns, name)) return { kind: 'column', name, type: columns[name] };
  if (scope.kind === 'media') return undefined;
  // Only localized types have a locale column (and the localizations join that goes with it).
  if (scope.kind === 'type' && scope.type.localized && !scope.type.attributes.has(name)) {
    if (name === 'locale') return { kind: 'column', name, type: 'string' };
    if (name === 'localizations') return { kind: 'attribute', attribute: localizationsOf(scope.type) };
  }
  const attribute = (scope.kind === 'type' ? scope.type.attributes : scope.component.attributes).get(name);
  return attribute ? { kind: 'attribute', attribute } : undefined;
}

/** The scalar type of a field, or undefined when it is not a scalar (relation, media, component, zone). */
export function scalarTypeOf(field: Field): ScalarType | 'id' | undefined {
  if (field.kind === 'column') return field.type;
  return field.attribute.kind === 'scalar' ? field.attribute.type : undefined;
}

/** The scope a relation, component or media attribute leads into. */
export function scopeBehind(index: ContentIndex, attribute: Attribute): Scope | undefined {
  switch (attribute.kind) {
    case 'relation': {
      const type = index.model.contentTypes.get(attribute.target);
      return type ? { kind: 'type', type } : undefined;
    }
    case 'component': {
      const component = index.model.components.get(attribute.component);
      return component ? { kind: 'component', component } : undefined;
    }
    case 'media':
      return { kind: 'media' };
    default:
      return undefined;
  }
}

/**
 * The row each component value (at any depth) belongs to, noted as reads reach it: its links follow that row.
 * Kept with the index whose rows hold the values (see ContentIndex.attached).
 */
const originsOf = (): WeakMap<object, LinkOrigin> => new WeakMap();

/** Notes the row that component values (or dynamic-zone entries) of `record` belong to. */
export function noteOrigin(index: ContentIndex, scope: Scope, record: Record_, values: readonly object[]): void {
  const origins = index.attached(originsOf);
  const origin = scope.kind === 'type' ? { type: scope.type, row: record as Row } : origins.get(record);
  if (!origin) return;
  // (each read of the row notes the same origin again: a weak map's write is kept for the collector's every pass)
  for (const value of values) {
    const noted = origins.get(value);
    if (noted?.row !== origin.row || noted.type !== origin.type) origins.set(value, origin);
  }
}

/**
 * The records a relation, component or media attribute joins to, seen from one record. Relations follow Strapi's
 * row links (see linkedRows), inside components too: there the row that holds the component decides.
 */
export function joinedRecords(index: ContentIndex, scope: Scope, record: Record_, attribute: Attribute): Record_[] {
  const value = record[attribute.name];
  switch (attribute.kind) {
    case 'relation': {
      if (isLocalizationsJoin(attribute)) return [...index.documentRows(attribute.target, String(record.documentId))];
      if (scope.kind === 'type') return linkedRows(index, { type: scope.type, row: record as Row }, record, attribute);
      const origin = index.attached(originsOf).get(record);
      if (origin) return linkedRows(index, origin, record, attribute);
      const out: Row[] = [];
      for (const documentId of refsOf(value)) out.push(...index.documentRows(attribute.target, documentId));
      return out;
    }
    case 'component': {
      const values = Array.isArray(value)
        ? (value as ComponentValue[])
        : value && typeof value === 'object'
          ? [value as ComponentValue]
          : [];
      noteOrigin(index, scope, record, values);
      return values;
    }
    case 'media': {
      const ids = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      return ids.map((id) => index.media(Number(id))).filter((m): m is MediaFile => m !== undefined);
    }
    default:
      return [];
  }
}
