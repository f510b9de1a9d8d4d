import type { Transaction } from './transaction.js';
import type { Row, StoreData } from './types.js';
import { linksVersion, type LinkVersion } from './link-version.js';
import { bornKey as born, linkKey as key, ordKey as ordOf } from './link-keys.js';
import { listSide, onSide, rankedLink, walkHigh, type ListHighs, type ListSource } from './list-highs.js';

// The order of an inverse-side list (an author's articles) is the order links were made, as Strapi's join-table
// order column keeps it, not row order: a link made later goes last, and a republished row (a new row id) keeps its
// place. Each link of an owning row gets a sequence number, keyed by the owner's version (document, locale, status)
// so a republish finds it again (link-keys.ts). Links without one (imported content) rank by the owner row's id,
// which is the order they were made in when the data was created.
//
// A link's join row has an id too, given when the row is created (a link made, or re-created by a publish): SQLite
// reads an inverse list through the join table's index on the target column, in join-row id order, so a sort's ties
// keep that order (probes/kit-populate-sort-ties.json), not the order column's: its birth (`bornKey`). An owner
// list's order value (the join table's order column) is kept where the list's order alone does not give it
// (`ordKey`): a published list whose links a self-relation sync copies from the draft with their values (see
// publish-links.ts).

// An owner without draft&publish links both versions of a draft&publish target with one rank, until a write from
// the target's side orders one version's list on its own (see link-version.ts): that version's rank then comes first.

/** Where a link ranks in its target's inverse list (in the list of one `version` of the target, when it has one). */
export function linkRank(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion): number {
  const own = version === undefined ? undefined : data.linkOrder?.[key(ownerUid, attribute, row, target, version)];
  return own ?? data.linkOrder?.[key(ownerUid, attribute, row, target)] ?? row.id;
}

/**
 * When a link's join row was made, for the ties of a sorted inverse list: links made before the mock saw the content
 * (imported) have none and keep their rank, which is the order they were made in.
 */
export function linkBirth(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion): number {
  const own = version === undefined ? undefined : data.linkOrder?.[born(key(ownerUid, attribute, row, target, version))];
  return own ?? data.linkOrder?.[born(key(ownerUid, attribute, row, target))] ?? linkRank(data, ownerUid, attribute, row, target, version);
}

/** Records that a link's join row was made now (a publish re-creates the join rows of the row it replaces). */
export function renewLinkBirth(tx: Transaction, ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion): void {
  tx.setLink(born(key(ownerUid, attribute, row, target, version)), nextSerial(tx.data, ownerUid), null);
}

/** A link's order value in its owner's list, when one was recorded (setLinkOrd). */
export function linkOrd(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string): number | undefined {
  return data.linkOrder?.[ordOf(key(ownerUid, attribute, row, target))];
}

/**
 * An owner list with `target` added at order value `ord`: the list reads by its join rows' order values, equal values
 * in join-row order, so the new link goes after every link whose value is not above its own (probe
 * school-self-publish-place). Links without a recorded value (setLinkOrd) hold their place in a list written whole:
 * 1..n. An `ord` of 0 or less (no value) puts it last.
 */
export function insertByOrd(
  data: StoreData,
  ownerUid: string,
  attribute: string,
  row: Row,
  current: readonly string[],
  target: string,
  ord: number,
): string[] {
  const others = current.filter((d) => d !== target);
  const ords = linkOrds(data, ownerUid, attribute, row, current).filter((_, i) => current[i] !== target);
  const at = ord <= 0 ? -1 : ords.findIndex((o) => o > ord);
  const cut = at < 0 ? others.length : at;
  return [...others.slice(0, cut), target, ...others.slice(cut)];
}

/** The order values of an owner list's links: recorded ones, else their place in a list written whole (1..n). */
export function linkOrds(data: StoreData, ownerUid: string, attribute: string, row: Row, current: readonly string[]): number[] {
  return current.map((d, i) => linkOrd(data, ownerUid, attribute, row, d) ?? i + 1);
}

/**
 * Puts `target` in an owner list at order value `ord` as a new join row (insertByOrd), recording the values of the
 * list's links: once the list is no longer in 1..n order, their places no longer give them.
 */
export function placeByOrd(
  tx: Transaction,
  ownerUid: string,
  attribute: string,
  row: Row,
  current: readonly string[],
  target: string,
  ord: number,
): string[] {
  const next = insertByOrd(tx.data, ownerUid, attribute, row, current, target, ord);
  const ords = linkOrds(tx.data, ownerUid, attribute, row, current);
  current.forEach((d, i) => d !== target && setLinkOrd(tx, ownerUid, attribute, row, d, ords[i]!));
  if (ord > 0) setLinkOrd(tx, ownerUid, attribute, row, target, ord);
  return next;
}

/**
 * The links of an owner list lose a target whose row was deleted (a republished or deleted target, a deleted locale):
 * SQLite's foreign keys cascade the join rows away (Strapi turns `foreign_keys` on, and deletes the entry's row before
 * its `deleteRelations`, which then finds nothing to delete), so nothing renumbers the list: the links left keep their
 * order values, gaps included (probe self-cascade-order). Call before the target leaves `current`.
 */
export function keepOrdsThroughCascade(tx: Transaction, ownerUid: string, attribute: string, row: Row, current: readonly string[]): void {
  const ords = linkOrds(tx.data, ownerUid, attribute, row, current);
  current.forEach((d, i) => setLinkOrd(tx, ownerUid, attribute, row, d, ords[i]!));
}

/**
 * An owner list written by the database's relation writes (a set, connect or disconnect from the owner, a link
 * deleted from the inverse side): `cleanOrderColumns` numbers it 1..n again in its order, so its places give the
 * values and none recorded is kept.
 */
export function renumberOrds(tx: Transaction, ownerUid: string, attribute: string, row: Row, list: readonly string[]): void {
  for (const d of list) {
    const k = ordOf(key(ownerUid, attribute, row, d));
    if (tx.data.linkOrder?.[k] !== undefined) tx.setLink(k, undefined, null);
  }
}

/**
 * A link added to the end of an owner list from the inverse side: its order value is the list's highest + 1
 * (`createRelations` / `updateRelations`), recorded when the list's values are no longer its places.
 */
export function appendOrd(tx: Transaction, ownerUid: string, attribute: string, row: Row, current: readonly string[], target: string): void {
  if (!current.some((d) => d !== target && linkOrd(tx.data, ownerUid, attribute, row, d) !== undefined)) return;
  const ords = linkOrds(tx.data, ownerUid, attribute, row, current).filter((_, i) => current[i] !== target);
  setLinkOrd(tx, ownerUid, attribute, row, target, Math.max(0, ...ords) + 1);
}

/** Records a link's order value in its owner's list. */
export function setLinkOrd(tx: Transaction, ownerUid: string, attribute: string, row: Row, target: string, ord: number): void {
  const k = ordOf(key(ownerUid, attribute, row, target));
  if (tx.data.linkOrder?.[k] !== ord) tx.setLink(k, ord, null);
}

/** The published version's list takes the order of the draft's (publishing re-creates it from the draft). */
export function publishLinkRank(tx: Transaction, ownerUid: string, attribute: string, row: Row, target: string): void {
  const order = tx.data.linkOrder ?? {};
  const draft = order[key(ownerUid, attribute, row, target, 'draft')];
  const published = key(ownerUid, attribute, row, target, 'published');
  if (draft !== order[published]) tx.setLink(published, draft, rankedLink(ownerUid, attribute, row, target));
}

/** Sets a link's rank outright (imported content whose inverse lists show the order). */
export function setLinkRank(data: StoreData, ownerUid: string, attribute: string, row: Row, target: string, rank: number): void {
  (data.linkOrder ??= {})[key(ownerUid, attribute, row, target)] = rank;
}

/** Gives `to`'s link the rank `from`'s link has (a published version's link takes the place of its draft's). */
export function copyLinkRank(tx: Transaction, ownerUid: string, attribute: string, from: Row, to: Row, target: string): void {
  const k = key(ownerUid, attribute, to, target);
  const rank = linkRank(tx.data, ownerUid, attribute, from, target);
  if (tx.data.linkOrder?.[k] !== rank) tx.setLink(k, rank, rankedLink(ownerUid, attribute, to, target));
}

/** What the inverse lists are read from: the rows linking a document (a ContentIndex, current inside a transaction). */
export interface LinkLists extends ListSource {
  /** Each list's highest value, kept between writes (list-highs.ts). */
  readonly listHighs?: ListHighs;
}

/**
 * Records the links an owning row gained and forgets the ones it lost. Strapi numbers each target row's inverse list
 * on its own: a new join row takes that list's highest value + 1 (`createRelations` / `updateRelations`), so it goes
 * last, and a link made again later goes last too; links it kept keep their value (a set upserts the owner's order
 * column only), or take the one `inherit` gives (a republished row's, restored by the publish syncs). A `recreated`
 * row (a new published row) made every join row anew, in its list's order, with order values 1..n.
 */
export function recordLinks(
  tx: Transaction,
  lists: LinkLists,
  ownerUid: string,
  attribute: string,
  row: Row,
  before: readonly string[],
  after: readonly string[],
  inherit: (target: string) => number | undefined = () => undefined,
  recreated = false,
): void {
  const order = (tx.data.linkOrder ??= {});
  for (const target of before) {
    if (after.includes(target)) continue;
    const ranked = rankedLink(ownerUid, attribute, row, target);
    for (const k of [key(ownerUid, attribute, row, target), key(ownerUid, attribute, row, target, 'draft'), key(ownerUid, attribute, row, target, 'published')]) {
      if (order[k] !== undefined) tx.setLink(k, undefined, ranked);
      if (order[born(k)] !== undefined) tx.setLink(born(k), undefined, null);
      if (order[ordOf(k)] !== undefined) tx.setLink(ordOf(k), undefined, null);
    }
  }
  for (const target of after) {
    const k = key(ownerUid, attribute, row, target);
    const made = recreated || !before.includes(target);
    if (made) tx.setLink(born(k), nextSerial(tx.data, ownerUid), null);
    // a re-created row's list is written whole: its order values are 1..n again
    if (recreated && order[ordOf(k)] !== undefined) tx.setLink(ordOf(k), undefined, null);
    if (order[k] !== undefined) continue;
    const inherited = inherit(target);
    const rank = inherited ?? (before.includes(target) ? undefined : nextListRank(tx, lists, ownerUid, attribute, row, target));
    if (rank !== undefined) tx.setLink(k, rank, rankedLink(ownerUid, attribute, row, target));
  }
}

/**
 * The owner rows whose links to `target` are in one inverse list with `row`'s: the list of the target row `row`
 * joins (its status when both sides have draft & publish, its locale when the target is localized; one version's
 * when `version` names it).
 */
export function listMates(lists: LinkLists, ownerUid: string, attribute: string, row: Row, target: string, version?: LinkVersion): Row[] {
  const side = listSide(lists.model, ownerUid, attribute, row, target);
  return lists
    .linkingRows(ownerUid, attribute, target)
    .filter(
      (r) =>
        onSide(lists.model, ownerUid, attribute, target, side, r) &&
        (version === undefined || linksVersion(r, attribute, target, version === 'draft')),
    );
}

/**
 * The list's highest value + 1 (imported links rank by row id until the list is numbered). A popular target's list
 * is long and this runs on every new link: the value kept for the list answers (list-highs.ts), else a walk.
 */
function nextListRank(tx: Transaction, lists: LinkLists, ownerUid: string, attribute: string, row: Row, target: string): number {
  const side = listSide(lists.model, ownerUid, attribute, row, target);
  const kept = lists.listHighs?.highest(tx, lists, ownerUid, attribute, row, target, side);
  if (kept !== undefined && !lists.listHighs?.verify) return kept + 1;
  const walked = walkHigh(lists, tx.data, ownerUid, attribute, target, side, row);
  if (kept !== undefined && kept !== walked)
    throw new Error(`content-mock: ${ownerUid}.${attribute}'s list of ${target} (${side.key}) has ${walked} as its highest value, ${kept} was kept`);
  return walked + 1;
}

/** A join row's id: the join table's autoincrement, never reused. Imported links' rows count as made before. */
function nextSerial(data: StoreData, ownerUid: string): number {
  const counter = `links:${ownerUid}`;
  const next = Math.max(data.sequences[counter] ?? 0, data.sequences[ownerUid] ?? 0) + 1;
  data.sequences[counter] = next;
  return next;
}

/**
 * Numbers one target row's inverse list 1..n in the given order: the list as a set or a positional connect from the
 * inverse side leaves it, or as `cleanOrderColumns` leaves it after join rows were deleted by a relation write.
 */
export function placeLinks(
  tx: Transaction,
  ownerUid: string,
  attribute: string,
  target: string,
  rows: readonly Row[],
  version?: LinkVersion,
): void {
  rows.forEach((row, i) => {
    const k = key(ownerUid, attribute, row, target, version);
    if (tx.data.linkOrder?.[k] !== i + 1) tx.setLink(k, i + 1, rankedLink(ownerUid, attribute, row, target));
  });
}

/**
 * A target row's inverse list after a relation write deleted join rows from it: `cleanOrderColumns` numbers it 1..n
 * again in its order (`like`: an owner row on that list's side, linking or not).
 */
export function renumberInverseList(tx: Transaction, lists: LinkLists, ownerUid: string, attribute: string, like: Row, target: string): void {
  const mates = listMates(lists, ownerUid, attribute, like, target).filter((r) => r !== like);
  placeLinks(tx, ownerUid, attribute, target, sortByLink(tx.data, ownerUid, attribute, mates, target));
}

/** Rows of one inverse list in its order: by value, equal values in join-row order (the older join row first). */
export function sortByLink(data: StoreData, ownerUid: string, attribute: string, rows: readonly Row[], target: string, version?: LinkVersion): Row[] {
  // each row's rank and birth read once (their keys are strings built per read; a popular list is long)
  const keyed = rows.map((row) => ({
    row,
    rank: linkRank(data, ownerUid, attribute, row, target, version),
    birth: linkBirth(data, ownerUid, attribute, row, target, version),
  }));
  keyed.sort((a, b) => a.rank - b.rank || a.birth - b.birth || a.row.id - b.row.id);
  return keyed.map((k) => k.row);
}
