import type { ContentType } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import type { Store } from '../data/store.js';
import { linkRank, recordLinks } from '../data/link-order.js';
import type { Row } from '../data/types.js';
import { inIndexOrder } from '../data/document-row-order.js';
import { LINK_LOCALES } from '../data/link-locale.js';
import { cloneAttribute } from './clone.js';
import { orderComponentIds } from './component-order.js';
import { publish, validatePublish } from './publish-version.js';

// The document service's `publish`, `unpublish` and `discardDraft` (draft&publish types only, as in Strapi, whose
// repository has none of them for other types). Both act on one locale (the default one when none is named) or on every locale
// with `*`, and neither fails on a document that is not there: they report the rows they touched.

/** The locales a version action names: one (the default when absent), or undefined for all (`*`). */
export function versionLocale(store: Store, type: ContentType, locale: unknown): string | undefined | null {
  if (!type.localized) return null;
  if (locale === '*') return undefined;
  return typeof locale === 'string' && locale !== '' ? locale : store.index.model.defaultLocale;
}

const inLocale = (locale: string | undefined | null) => (r: Row) => locale === null || locale === undefined || r.locale === locale;

/**
 * Deletes the published versions (Strapi's `unpublish`): the drafts stay, and the links other documents hold stay
 * with the document, so a later publish shows them again (Strapi re-creates them from the draft's relations).
 * Returns the rows it removed.
 */
export async function unpublishDocument(
  store: Store,
  type: ContentType,
  documentId: string,
  locale: string | undefined | null,
): Promise<Row[]> {
  const removed = inIndexOrder(store.index.documentRows(type.uid, documentId).filter((r) => !isDraftRow(r) && inLocale(locale)(r)));
  if (removed.length === 0) return [];
  await store.mutate((tx) => {
    for (const r of removed) tx.remove(type.uid, r);
  });
  return removed;
}

/**
 * Replaces the drafts by copies of the published versions (Strapi's `discardDraft`): new rows, new component ids,
 * the published version's values and links. A draft whose locale has no published version is deleted and not
 * replaced (Strapi deletes every old draft of the locales named, then drafts what is published). Returns the new
 * drafts.
 */
export async function discardDraft(store: Store, type: ContentType, documentId: string, locale: string | undefined | null): Promise<Row[]> {
  const rows = inIndexOrder(store.index.documentRows(type.uid, documentId).filter(inLocale(locale)));
  const published = rows.filter((r) => !isDraftRow(r));
  const drafts = rows.filter(isDraftRow);
  if (rows.length === 0) return [];
  return store.mutate((tx) => {
    const ctx = { store, tx, index: store.index, type, now: new Date().toISOString() };
    const created: Row[] = [];
    for (const old of drafts) tx.remove(type.uid, old);
    for (const source of published) {
      const draft: Row = { ...source, id: store.nextId(type.uid), publishedAt: null };
      if (source[LINK_LOCALES]) draft[LINK_LOCALES] = structuredClone(source[LINK_LOCALES]);
      for (const attribute of type.attributes.values())
        if (Object.hasOwn(source, attribute.name)) draft[attribute.name] = cloneAttribute(ctx, attribute, source[attribute.name]);
      orderComponentIds(store.index.model, type.attributes, draft, undefined, true);
      const old = drafts.find((d) => d.locale === source.locale);
      for (const attribute of type.attributes.values()) {
        if (attribute.kind !== 'relation' || !attribute.owner) continue;
        // links the old draft had keep their place; the others take the published version's
        recordLinks(
          tx,
          store.index,
          type.uid,
          attribute.name,
          draft,
          old ? refsOf(old[attribute.name]) : [],
          refsOf(draft[attribute.name]),
          (t) => linkRank(tx.data, type.uid, attribute.name, source, t),
          true,
        );
      }
      tx.insert(type.uid, draft);
      created.push(draft);
    }
    return created;
  });
}

/**
 * Publishes the drafts (Strapi's `publish`): each draft of the locales named is validated as a published entry and
 * copied into a new published row. The draft itself is not written (its `updatedAt` stays). Returns the new rows.
 */
export async function publishDocument(
  store: Store,
  type: ContentType,
  documentId: string,
  locale: string | undefined | null,
  strictRelations?: boolean,
): Promise<Row[]> {
  const drafts = inIndexOrder(store.index.documentRows(type.uid, documentId).filter((r) => isDraftRow(r) && inLocale(locale)(r)));
  if (drafts.length === 0) return [];
  return store.mutate((tx) => {
    const ctx = { store, tx, index: store.index, type, now: new Date().toISOString(), strictRelations };
    return drafts.map((draft) => {
      validatePublish(ctx, draft);
      return publish(ctx, draft);
    });
  });
}
