import type { Transaction } from './transaction.js';
import type { Row, StoreData } from './types.js';
import type { LinkVersion } from './link-version.js';

// The order of an inverse-side list (an author's articles) is the order links were made, as Strapi's join-table
// order column keeps it, not row order: a link made later goes last, and a republished row (a new row id) keeps its
// place. Each link of an owning row gets a sequence number, keyed by the owner's version (document, locale, status)
// so a republish finds it again. Links without one (imported content) rank by the owner row's id, which is the
// order they were made in when the data was created.

const key = (ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion) =>
  `${ownerUid}|${attribute}|${row.documentId}|${row.locale ?? ''}|${row.publishedAt === null ? 'd' : 'p'}|${target}` +
  (version === undefined ? '' : `|${version === 'draft' ? 'd' : 'p'}`);

// An owner without draft&publish links both versions of a draft&publish target with one rank, until a write from
// the target's side orders one version's list on its own (see link-version.ts): that version's rank then comes first.

/** Where a link ranks in its target's inverse list (in the list of one `version` of the target, when it has one). */
export function linkRank(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion): number {
  const own = version === undefined ? undefined : data.linkOrder?.[key(ownerUid, attribute, row, target, version)];
  return own ?? data.linkOrder?.[key(ownerUid, attribute, row, target)] ?? row.id;
}

/** The published version's list takes the order of the draft's (publishing re-creates it from the draft). */
export function publishLinkRank(tx: Transaction, ownerUid: string, attribute: string, row: Row, target: string): void {
  const order = tx.data.linkOrder ?? {};
  const draft = order[key(ownerUid, attribute, row, target, 'draft')];
  const published = key(ownerUid, attribute, row, target, 'published');
  if (draft !== order[published]) tx.setLink(published, draft);
}

/** Sets a link's rank outright (imported content whose inverse lists show the order). */
export function setLinkRank(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string, rank: number): void {
  (data.linkOrder ??= {})[key(ownerUid, attribute, row, target)] = rank;
}

/** Gives `to`'s link the rank `from`'s link has (a published version's link takes the place of its draft's). */
export function copyLinkRank(tx: Transaction, ownerUid: string, attribute: string, from: Row, to: Row, target: string): void {
  const k = key(ownerUid, attribute, to, target);
  const rank = linkRank(tx.data, ownerUid, attribute, from, target);
  if (tx.data.linkOrder?.[k] !== rank) tx.setLink(k, rank);
}

/**
 * Records the links an owning row gained (ranked last) and forgets the ones it lost, so a link made again later goes
 * last as in Strapi; links it kept keep their rank, or take the one `inherit` gives (a republished row's).
 */
export function recordLinks(
  tx: Transaction,
  ownerUid: string,
  attribute: string,
  row: Row,
  before: readonly string[],
  after: readonly string[],
  inherit: (target: string) => number | undefined = () => undefined,
): void {
  const order = (tx.data.linkOrder ??= {});
  for (const target of before) {
    if (after.includes(target)) continue;
    for (const k of [key(ownerUid, attribute, row, target), key(ownerUid, attribute, row, target, 'draft'), key(ownerUid, attribute, row, target, 'published')]) {
      if (order[k] !== undefined) tx.setLink(k, undefined);
    }
  }
  for (const target of after) {
    const k = key(ownerUid, attribute, row, target);
    if (order[k] !== undefined) continue;
    const inherited = inherit(target);
    const rank = inherited ?? (before.includes(target) ? undefined : nextRank(tx.data, ownerUid));
    if (rank !== undefined) tx.setLink(k, rank);
  }
}

/** Above every rank in use: a new link goes last. Imported links rank by row id, so the counter starts above them. */
function nextRank(data: StoreData, ownerUid: string): number {
  const counter = `links:${ownerUid}`;
  const next = Math.max(data.sequences[counter] ?? 0, data.sequences[ownerUid] ?? 0) + 1;
  data.sequences[counter] = next;
  return next;
}

/**
 * Ranks the owner rows linking one target in the given order, after every rank in use: the target's inverse list
 * now reads in that order (a positional connect or a set written from the inverse side).
 */
export function placeLinks(
  tx: Transaction,
  ownerUid: string,
  attribute: string,
  target: string,
  rows: readonly Row[],
  version?: LinkVersion,
): void {
  for (const row of rows) tx.setLink(key(ownerUid, attribute, row, target, version), nextRank(tx.data, ownerUid));
}
