import type { ContentType, RelationAttribute } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, refsOf, type ContentIndex } from '../data/content-index.js';

export type Status = 'draft' | 'published';

/**
 * The target rows a row is linked to through a relation, as Strapi 5's join tables link rows (not documents):
 * both sides localized → the same locale; both sides draft&publish → the same status (a draft links drafts, a
 * published row links published rows); otherwise every version of the linked document.
 * Populate narrows this further to the request's status; filters do not (a SQL join sees every linked row).
 */
export function linkedRows(index: ContentIndex, source: ContentType, row: Row, attr: RelationAttribute): Row[] {
  const target = index.model.contentTypes.get(attr.target);
  if (!target) return [];
  const sameLocale = source.localized && target.localized;
  const sameStatus = source.draftAndPublish && target.draftAndPublish;
  const keep = (r: Row) => (!sameLocale || r.locale === row.locale) && (!sameStatus || isDraftRow(r) === isDraftRow(row));

  if (attr.owner) {
    const out: Row[] = [];
    for (const documentId of refsOf(row[attr.name])) {
      for (const r of index.documentRows(target.uid, documentId)) if (keep(r)) out.push(r);
    }
    return out;
  }
  const owning = target.attributes.get(attr.mappedBy ?? '');
  if (!owning || owning.kind !== 'relation') return [];
  return index.ownersOf(target, owning, row.documentId).filter(keep);
}

/** Keep only the rows a read with `status` may see: drafts or published rows of draft&publish types. */
export function rowsForStatus(type: ContentType, rows: readonly Row[], status: Status): Row[] {
  if (!type.draftAndPublish) return [...rows];
  return rows.filter((r) => isDraftRow(r) === (status === 'draft'));
}
