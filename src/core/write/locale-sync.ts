import type { Attribute, ContentType } from '../model/types.js';
import { isDraftRow } from '../data/content-index.js';
import type { Row } from '../data/types.js';
import { cloneAttribute, type WriteContext } from './clone.js';

// i18n: attributes that are not localized hold the same value in every locale. Strapi's i18n document middleware
// keeps them so after a create or update: it takes the row the action returns (the published one when the write
// publishes, else the draft), and when its non-localized values differ from those of the document's first row before
// the write (always on a create), copies them all to the document's other locales of that same status only.

/** What i18n treats as non-localized: not marked localized, and neither a relation nor a uid. */
export function isSynced(attribute: Attribute): boolean {
  return !attribute.localized && attribute.kind !== 'relation' && !(attribute.kind === 'scalar' && attribute.type === 'uid');
}

/** The non-localized values of a row, component ids left out (they differ between copies), for comparison. */
export function nonLocalizedView(type: ContentType, row: Row | undefined): string | undefined {
  if (!row) return undefined;
  const view: Record<string, unknown> = {};
  const withoutIds = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (key, value: unknown) => (key === 'id' ? undefined : value)));
  for (const attribute of type.attributes.values()) {
    if (!isSynced(attribute)) continue;
    const value = row[attribute.name] ?? null;
    view[attribute.name] = attribute.kind === 'component' || attribute.kind === 'dynamiczone' ? withoutIds(value) : value;
  }
  return JSON.stringify(view);
}

export function syncNonLocalized(ctx: WriteContext, from: Row, original: string | undefined): void {
  if (!ctx.type.localized) return;
  if (original !== undefined && nonLocalizedView(ctx.type, from) === original) return;
  for (const other of ctx.index.documentRows(ctx.type.uid, from.documentId)) {
    if (other.documentId !== from.documentId || other.locale === from.locale || isDraftRow(other) !== isDraftRow(from)) continue;
    ctx.tx.edit(ctx.type.uid, other);
    for (const attribute of ctx.type.attributes.values()) {
      if (isSynced(attribute)) other[attribute.name] = cloneAttribute(ctx, attribute, from[attribute.name]);
    }
    // A database update of that version: Strapi's timestamps lifecycle stamps it.
    other.updatedAt = ctx.now;
  }
}
