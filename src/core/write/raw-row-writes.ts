import type { ContentType, RelationAttribute } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import { refsOf } from '../data/content-index.js';
import { recordLinks } from '../data/link-order.js';
import { keepLinkLocales } from '../data/link-locale.js';
import { keepLinkVersions } from '../data/link-version.js';
import type { Row } from '../data/types.js';
import type { Transaction } from '../data/transaction.js';
import { isPlainObject } from '../is-plain-object.js';

// Writes of Strapi's query engine (`strapi.db.query(uid).create/update/delete`): one database row at a time, with
// none of the document service's work (no draft/published pair, no validation, no i18n copy). Relations are given
// by row id (`{ author: 3 }`, `[1, 2]`, `{ id }`, or `{ set | connect | disconnect }`); the store links documents,
// so each id names its row's document. Components and dynamic zones need the document service.

export class RawWriteError extends Error {}

const SERVER_KEYS = new Set(['documentId', 'locale', 'publishedAt', 'createdAt', 'updatedAt']);

/** The documentId of the target row a relation value names by id (or documentId), else an error naming it. */
function documentOf(index: ContentIndex, target: string, value: unknown): string {
  const id = isPlainObject(value) ? (value.id ?? value.documentId) : value;
  if (typeof id === 'string' && !/^\d+$/.test(id) && index.documentRows(target, id).length > 0) return id;
  const row = index.rowById(target, Number(id));
  if (!row) throw new RawWriteError(`Relation ${target} ${String(id)} does not exist`);
  return row.documentId;
}

function relationRefs(index: ContentIndex, attribute: RelationAttribute, before: readonly string[], value: unknown): string[] {
  const docs = (v: unknown) =>
    (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]).map((x) => documentOf(index, attribute.target, x));
  if (isPlainObject(value) && ('set' in value || 'connect' in value || 'disconnect' in value)) {
    const out = value.set !== undefined ? docs(value.set) : [...before];
    const drop = new Set(docs(value.disconnect));
    for (const d of docs(value.connect)) if (!out.includes(d)) out.push(d);
    return out.filter((d) => !drop.has(d));
  }
  return docs(value);
}

/** Writes `data`'s attributes into a stored row (inside `tx`); `hash` turns password values into stored hashes. */
export function writeRawRow(
  tx: Transaction,
  index: ContentIndex,
  type: ContentType,
  row: Row,
  data: Record<string, unknown>,
  hash: (password: string) => string,
): void {
  tx.edit(type.uid, row);
  for (const [key, value] of Object.entries(data)) {
    const attribute = type.attributes.get(key);
    if (!attribute) {
      if (SERVER_KEYS.has(key)) row[key] = columnValue(value);
      continue;
    }
    if (attribute.kind === 'scalar')
      row[key] =
        attribute.type === 'password' && typeof value === 'string'
          ? hash(value)
          : value instanceof Date && attribute.type === 'date'
            ? value.toISOString().slice(0, 10)
            : columnValue(value);
    else if (attribute.kind === 'media') row[key] = value;
    else if (attribute.kind === 'relation') {
      if (!attribute.owner) throw new RawWriteError(`${key} is the inverse side of a relation: write it from ${attribute.target}`);
      const before = refsOf(row[key]);
      const next = relationRefs(index, attribute, before, value);
      row[key] = attribute.toMany ? next : (next[0] ?? null);
      recordLinks(tx, index, type.uid, key, row, before, next);
      keepLinkLocales(row, key, next);
      keepLinkVersions(row, key, next);
    } else throw new RawWriteError(`${key} is a ${attribute.kind}: write it through strapi.documents()`);
  }
}

/** A value as the database stores it: a Date is its ISO text (read back as a string, as from Strapi's SQLite). */
const columnValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** A new row as the database inserts it: defaults of scalars, empty relations, the row's own timestamps. */
export function newRawRow(index: ContentIndex, type: ContentType, id: number, documentId: string, data: Record<string, unknown>): Row {
  // the database's timestamps subscriber fills them when the data has none (the same instant: the publishedAt
  // default below is that instant too)
  const stamp = (v: unknown): string | undefined => (typeof v === 'string' || v instanceof Date ? (columnValue(v) as string) : undefined);
  const now = stamp(data.createdAt) ?? new Date().toISOString();
  const row: Row = {
    id,
    documentId: typeof data.documentId === 'string' ? data.documentId : documentId,
    createdAt: now,
    updatedAt: stamp(data.updatedAt) ?? now,
    // Strapi gives every type's `publishedAt` a default (now) that the query engine applies to a row whose data has
    // none: a draft&publish row is a draft only when the data says `publishedAt: null` (probe s12 dbRows); a type
    // without draft&publish is always published
    publishedAt: type.draftAndPublish ? (data.publishedAt === undefined ? now : (columnValue(data.publishedAt) as string | null)) : now,
  };
  // the default locale is the document service's: a row the query engine writes has the locale its data names, or none
  if (type.localized && typeof data.locale === 'string') row.locale = data.locale;
  for (const attribute of type.attributes.values()) {
    if (attribute.kind === 'scalar') row[attribute.name] = attribute.default ?? null;
    else if (attribute.kind === 'relation' && attribute.owner) row[attribute.name] = attribute.toMany ? [] : null;
    else if (attribute.kind === 'media') row[attribute.name] = attribute.multiple ? [] : null;
    else if (attribute.kind === 'component') row[attribute.name] = attribute.repeatable ? [] : null;
    else if (attribute.kind === 'dynamiczone') row[attribute.name] = [];
  }
  return row;
}
