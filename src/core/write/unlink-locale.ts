import { dropLink } from './drop-link.js';
import type { Attributes, ContentModel, ContentType } from '../model/types.js';
import { eachHolder } from '../model/each-holder.js';
import type { ContentIndex } from '../data/content-index.js';
import { refsOf } from '../data/content-index.js';
import { joinsLocale, keepLinkLocales, linkLocales, setLinkLocales } from '../data/link-locale.js';
import { keepLinkVersions } from '../data/link-version.js';
import type { Transaction } from '../data/transaction.js';

/**
 * Deleting one locale of a localized document deletes its rows, and the database deletes the join rows that pointed
 * at them: the owners that linked that locale row let go for good, so a locale created again later for the same
 * document is not linked (the store links documents, so the links are dropped here). Owners in their own locale
 * (both sides localized) and owners without i18n that chose that locale row (link-locale.ts) are concerned.
 */
export function unlinkDeletedLocale(tx: Transaction, index: ContentIndex, type: ContentType, documentId: string, locale: string): void {
  for (const owner of index.model.contentTypes.values()) {
    for (const attribute of owner.attributes.values()) {
      if (attribute.kind !== 'relation' || !attribute.owner || attribute.target !== type.uid) continue;
      const name = attribute.name;
      for (const row of index.linkingRows(owner.uid, name, documentId)) {
        if (owner.localized ? row.locale !== locale : !joinsLocale(row, name, documentId, locale, index.model.defaultLocale)) continue;
        if (!owner.localized && joinsOthers(row, name, documentId, locale, index.model.defaultLocale)) {
          tx.edit(owner.uid, row);
          dropLocale(row, name, documentId, locale, index.model.defaultLocale);
          continue;
        }
        dropLink(tx, index, owner.uid, attribute, row, documentId, true);
      }
    }
    // links held in components (no index: the owner's rows are walked, on this rare write only)
    if (!holdsComponentLink(index.model, owner.attributes, type.uid, new Set())) continue;
    for (const row of index.rows(owner.uid)) {
      eachHolder(index.model, owner.attributes, row, (attributes, holder) => {
        if (holder === row) return;
        for (const attribute of attributes.values()) {
          if (attribute.kind !== 'relation' || attribute.target !== type.uid) continue;
          const name = attribute.name;
          const current = refsOf(holder[name]);
          if (!current.includes(documentId)) continue;
          if (owner.localized ? row.locale !== locale : !joinsLocale(holder, name, documentId, locale, index.model.defaultLocale)) continue;
          tx.edit(owner.uid, row);
          if (!owner.localized && joinsOthers(holder, name, documentId, locale, index.model.defaultLocale)) {
            dropLocale(holder, name, documentId, locale, index.model.defaultLocale);
            continue;
          }
          const next = current.filter((d) => d !== documentId);
          holder[name] = attribute.toMany ? next : null;
          keepLinkLocales(holder, name, next);
          keepLinkVersions(holder, name, next);
        }
      });
    }
  }
}

/** Whether a component reachable from `attributes` holds a relation to `target`. */
function holdsComponentLink(model: ContentModel, attributes: Attributes, target: string, seen: Set<string>): boolean {
  for (const attribute of attributes.values()) {
    const uids = attribute.kind === 'component' ? [attribute.component] : attribute.kind === 'dynamiczone' ? attribute.components : [];
    for (const uid of uids) {
      if (seen.has(uid)) continue;
      seen.add(uid);
      const component = model.components.get(uid);
      if (!component) continue;
      for (const inner of component.attributes.values()) if (inner.kind === 'relation' && inner.target === target) return true;
      if (holdsComponentLink(model, component.attributes, target, seen)) return true;
    }
  }
  return false;
}

/** Whether a link joins other locale rows of the document than `locale` (it then loses only that join row). */
const joinsOthers = (holder: Record<string, unknown>, name: string, documentId: string, locale: string, defaultLocale: string) =>
  linkLocales(holder, name, documentId, defaultLocale).some((l) => l !== locale);

const dropLocale = (holder: Record<string, unknown>, name: string, documentId: string, locale: string, defaultLocale: string) =>
  setLinkLocales(
    holder,
    name,
    documentId,
    linkLocales(holder, name, documentId, defaultLocale).filter((l) => l !== locale),
    defaultLocale,
  );
