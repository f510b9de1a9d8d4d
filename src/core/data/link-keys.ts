import type { LinkVersion } from './link-version.js';
import type { Row } from './types.js';

// The keys of `StoreData.linkOrder` (see link-order.ts): one record of numbers, as the store file keeps it. A link's
// rank in its target's inverse list is keyed by the owner row's version (document, locale, status), the link's
// attribute and target, and maybe the target's version (an owner without draft & publish ranks its link to each
// version apart); suffixes hold the link's join row birth (`|b`) and its value in the owner's own list (`|o`).

export const linkKey = (ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion): string =>
  `${ownerUid}|${attribute}|${row.documentId}|${row.locale ?? ''}|${row.publishedAt === null ? 'd' : 'p'}|${target}` +
  (version === undefined ? '' : `|${version === 'draft' ? 'd' : 'p'}`);

/** The key of a link's join row birth (when it was made: the ties of a sorted inverse list). */
export const bornKey = (key: string): string => `${key}|b`;

/** The key of a link's value in its owner's list, where that list's places do not give it. */
export const ordKey = (key: string): string => `${key}|o`;

/**
 * What a link counts for in its target's inverse list when the list's highest value is taken: the highest of its
 * rank and its versions' ranks (links without one rank by the owner row's id). `value` reads a key.
 */
export function linkHigh(value: (key: string) => number | undefined, ownerUid: string, attribute: string, row: Row, target: string): number {
  const k = linkKey(ownerUid, attribute, row, target);
  const own = value(k) ?? row.id;
  return Math.max(own, value(`${k}|d`) ?? own, value(`${k}|p`) ?? own);
}
