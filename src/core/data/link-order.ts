import { linkChanged } from './change-log.js';
import type { Row, StoreData } from './types.js';

// The order of an inverse-side list (an author's articles) is the order links were made, as Strapi's join-table
// order column keeps it, not row order: a link made later goes last, and a republished row (a new row id) keeps its
// place. Each link of an owning row gets a sequence number, keyed by the owner's version (document, locale, status)
// so a republish finds it again. Links without one (imported content) rank by the owner row's id, which is the
// order they were made in when the data was created.

const key = (ownerUid: string, attribute: string, row: Row, target: string) =>
  `${ownerUid}|${attribute}|${row.documentId}|${row.locale ?? ''}|${row.publishedAt === null ? 'd' : 'p'}|${target}`;

/** Where a link ranks in its target's inverse list. */
export function linkRank(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string): number {
  return data.linkOrder?.[key(ownerUid, attribute, row, target)] ?? row.id;
}

/** Sets a link's rank outright (imported content whose inverse lists show the order). */
export function setLinkRank(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string, rank: number): void {
  (data.linkOrder ??= {})[key(ownerUid, attribute, row, target)] = rank;
}

/** Gives `to`'s link the rank `from`'s link has (a published version's link takes the place of its draft's). */
export function copyLinkRank(data: StoreData, ownerUid: string, attribute: string, from: Row, to: Row, target: string): void {
  const k = key(ownerUid, attribute, to, target);
  const rank = linkRank(data, ownerUid, attribute, from, target);
  if (data.linkOrder?.[k] === rank) return;
  linkChanged(data, k);
  (data.linkOrder ??= {})[k] = rank;
}

/** A link made again goes last in its target's inverse list, where it stays in the owner's own list. */
export function rankLinkLast(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string): void {
  const k = key(ownerUid, attribute, row, target);
  linkChanged(data, k);
  (data.linkOrder ??= {})[k] = nextRank(data, ownerUid);
}

/**
 * Records the links an owning row gained (ranked last) and forgets the ones it lost, so a link made again later goes
 * last as in Strapi; links it kept keep their rank, or take the one `inherit` gives (a republished row's).
 */
export function recordLinks(
  data: StoreData,
  ownerUid: string,
  attribute: string,
  row: Row,
  before: readonly string[],
  after: readonly string[],
  inherit: (target: string) => number | undefined = () => undefined,
): void {
  const order = (data.linkOrder ??= {});
  for (const target of before) {
    if (after.includes(target)) continue;
    const k = key(ownerUid, attribute, row, target);
    if (order[k] === undefined) continue;
    linkChanged(data, k);
    delete order[k];
  }
  for (const target of after) {
    const k = key(ownerUid, attribute, row, target);
    if (order[k] !== undefined) continue;
    const inherited = inherit(target);
    const rank = inherited ?? (before.includes(target) ? undefined : nextRank(data, ownerUid));
    if (rank === undefined) continue;
    linkChanged(data, k);
    order[k] = rank;
  }
}

/** Above every rank in use: a new link goes last. Imported links rank by row id, so the counter starts above them. */
function nextRank(data: StoreData, ownerUid: string): number {
  const counter = `links:${ownerUid}`;
  const next = Math.max(data.sequences[counter] ?? 0, data.sequences[ownerUid] ?? 0) + 1;
  data.sequences[counter] = next;
  return next;
}
