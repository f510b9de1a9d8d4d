import type { Attribute, ContentType } from '../model/types.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';
import type { Row } from '../data/types.js';
import { cloneAttribute, type WriteContext } from './clone.js';
import { isPlainObject } from '../is-plain-object.js';
import { linkedRows, type LinkOrigin } from '../query/linked-rows.js';

// i18n: attributes that are not localized hold the same value in every locale. Strapi's i18n document middleware
// keeps them so after a create or update: it takes the row the action returns (the published one when the write
// publishes, else the draft), and when its non-localized values differ from those of the document's first row before
// the write (always on a create), copies them all to the document's other locales of that same status only.

/** What i18n treats as non-localized: not marked localized, and neither a relation nor a uid. */
export function isSynced(attribute: Attribute): boolean {
  return !attribute.localized && attribute.kind !== 'relation' && !(attribute.kind === 'scalar' && attribute.type === 'uid');
}

/**
 * The non-localized values of a row as i18n compares them (`copyNonLocalizedAttributes` over the row read with
 * `getNestedPopulateOfNonLocalizedAttributes`): component ids left out (`removeIds`; they differ between copies), but
 * a relation inside a (nested) component is populated, so it compares the target ROWS it joins from this row (the
 * draft's component links the target's draft, the published one its published version, a locale row its locale).
 */
export function nonLocalizedView(index: ContentIndex, type: ContentType, row: Row | undefined): string | undefined {
  if (!row) return undefined;
  const origin = { type, row };
  const view: Record<string, unknown> = {};
  for (const attribute of type.attributes.values()) {
    if (!isSynced(attribute)) continue;
    view[attribute.name] = valueView(index, origin, attribute, row[attribute.name] ?? null);
  }
  return JSON.stringify(view);
}

function valueView(index: ContentIndex, origin: LinkOrigin, attribute: Attribute, value: unknown): unknown {
  if (attribute.kind !== 'component' && attribute.kind !== 'dynamiczone') return value;
  const one = (v: unknown) => {
    if (!isPlainObject(v)) return v;
    const uid = attribute.kind === 'component' ? attribute.component : String(v.__component);
    return componentView(index, origin, uid, v);
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

function componentView(index: ContentIndex, origin: LinkOrigin, uid: string, value: Record<string, unknown>): unknown {
  const component = index.model.components.get(uid);
  const view: Record<string, unknown> = {};
  if (value.__component !== undefined) view.__component = value.__component;
  for (const attribute of component?.attributes.values() ?? []) {
    const v = value[attribute.name] ?? null;
    view[attribute.name] =
      attribute.kind === 'relation' ? linkedRows(index, origin, value, attribute).map((r) => r.id) : valueView(index, origin, attribute, v);
  }
  return view;
}

export function syncNonLocalized(ctx: WriteContext, from: Row, original: string | undefined): void {
  if (!ctx.type.localized) return;
  if (original !== undefined && nonLocalizedView(ctx.index, ctx.type, from) === original) return;
  // Strapi finds them with a query its (document_id, locale, published_at) index answers: in locale order (byte
  // order), then row id; their components are re-created in that order (harness graphql-run self-nest seed 542)
  const others = ctx.index
    .documentRows(ctx.type.uid, from.documentId)
    .filter((r) => r.documentId === from.documentId && r.locale !== from.locale && isDraftRow(r) === isDraftRow(from))
    .sort((a, b) => byteOrder(String(a.locale), String(b.locale)) || a.id - b.id);
  for (const other of others) {
    ctx.tx.edit(ctx.type.uid, other);
    for (const attribute of ctx.type.attributes.values()) {
      if (isSynced(attribute)) other[attribute.name] = cloneAttribute(ctx, attribute, from[attribute.name]);
    }
    // A database update of that version: Strapi's timestamps lifecycle stamps it.
    other.updatedAt = ctx.now;
  }
}

/** SQLite's BINARY collation, for the ASCII locale codes: code unit order. */
function byteOrder(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
