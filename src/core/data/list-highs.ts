import type { ContentModel } from '../model/types.js';
import { joinsLocale, linkLocales } from './link-locale.js';
import { linkHigh } from './link-keys.js';
import { refsOf } from './link-refs.js';
import { netMoves, type RankedLink, type Transaction } from './transaction.js';
import type { Row, StoreData } from './types.js';

// Strapi numbers each target row's inverse list on its own: a new join row takes the list's highest value + 1
// (link-order.ts). Walking a popular target's list (a category's thousand articles) on every new link made writes
// slow, so each list's highest value is kept here once read, for the data as last committed, and brought forward
// by each write: a write that only adds links to a list, or raises them, raises its highest value; one that takes a
// link out of it or lowers one (a disconnect, a renumbering, a deleted row) drops it, to be read again when next
// asked. The values themselves stay where the store file keeps them (`StoreData.linkOrder`).
//
// A write's changes are read from its transaction: the rows it edited (with their copies from before), inserted and
// removed, and the lists whose rank keys it set (`Transaction.rankedLinks`). Only those rows can have joined, left or
// changed a list; every other row linking the target is as it was.

/** The rows lists are read from: a ContentIndex, current inside the transaction it names. */
export interface ListSource {
  readonly model: ContentModel;
  /** The owner rows whose `attribute` links `documentId` now. */
  linkingRows(uid: string, attribute: string, documentId: string): Row[];
  documentRows(uid: string, documentId: string): readonly Row[];
  readonly transaction: unknown;
}

/**
 * Which of a target row's inverse lists a link is in: with draft & publish on both sides, the list of its status's
 * target row; with a localized target, the list of one locale's row (an owner without i18n joins the locale rows its
 * link notes name, link-locale.ts).
 */
export interface ListSide {
  readonly key: string;
  readonly draft: boolean | undefined;
  readonly locale: string | undefined;
}

/** The side of the list `row`'s link to `target` is in (the first locale row it joins, for an owner without i18n). */
export function listSide(model: ContentModel, ownerUid: string, attribute: string, row: Row, target: string): ListSide {
  const owner = model.contentTypes.get(ownerUid);
  const attr = owner?.attributes.get(attribute);
  const targetType = attr?.kind === 'relation' ? model.contentTypes.get(attr.target) : undefined;
  const draft = owner?.draftAndPublish === true && targetType?.draftAndPublish === true ? row.publishedAt === null : undefined;
  const locale = !targetType?.localized
    ? undefined
    : owner?.localized
      ? String(row.locale)
      : (linkLocales(row, attribute, target, model.defaultLocale)[0] ?? model.defaultLocale);
  return { key: `${draft === undefined ? '-' : draft ? 'd' : 'p'}${locale === undefined ? '' : `=${locale}`}`, draft, locale };
}

/** Whether an owner row linking `target` has its link in the list of that side. */
export function onSide(model: ContentModel, ownerUid: string, attribute: string, target: string, side: ListSide, row: Row): boolean {
  if (side.draft !== undefined && (row.publishedAt === null) !== side.draft) return false;
  if (side.locale === undefined) return true;
  return model.contentTypes.get(ownerUid)?.localized
    ? row.locale === side.locale
    : joinsLocale(row, attribute, target, side.locale, model.defaultLocale);
}

/** A list's highest value by walking it (0 when empty), `leave` left out. */
export function walkHigh(
  source: ListSource,
  data: StoreData,
  ownerUid: string,
  attribute: string,
  target: string,
  side: ListSide,
  leave?: Row,
): number {
  const order = data.linkOrder;
  const value = (k: string) => order?.[k];
  let high = 0;
  for (const r of source.linkingRows(ownerUid, attribute, target))
    if (r !== leave && onSide(source.model, ownerUid, attribute, target, side, r))
      high = Math.max(high, linkHigh(value, ownerUid, attribute, r, target));
  return high;
}

interface High {
  readonly side: ListSide;
  value: number;
}

/** What a write did to one list so far: the rows it may have changed, and their highest values before and now. */
interface ListChange {
  readonly rows: ReadonlySet<Row>;
  readonly before: number;
  readonly now: number;
}

const listId = (ownerUid: string, attribute: string, target: string) => `${ownerUid}\u0000${attribute}\u0000${target}`;

/** The highest values of inverse lists, kept between writes (one per ContentIndex, forgotten with its data). */
export class ListHighs {
  /** `owner\0attribute` → target documentId → side key → the list's highest value in the data as committed. */
  private readonly lists = new Map<string, Map<string, Map<string, High>>>();
  /** The linkOrder record the values were read from: another one put in its place voids them. */
  private order: Record<string, number> | undefined;
  /** Check each kept value against a walk of its list (the store's verify mode, on in tests). */
  verify = false;

  clear(): void {
    this.lists.clear();
  }

  /** The highest value kept for one list, if any (for tests and checks). */
  kept(ownerUid: string, attribute: string, target: string, side: ListSide): number | undefined {
    return this.lists.get(`${ownerUid}\u0000${attribute}`)?.get(target)?.get(side.key)?.value;
  }

  /**
   * The highest value of the list that `row`'s new link to `target` joins, `row` left out, inside `tx`; undefined
   * when it cannot be told without walking the list (the write already took a link out of it, say).
   */
  highest(tx: Transaction, source: ListSource, ownerUid: string, attribute: string, row: Row, target: string, side: ListSide): number | undefined {
    if (source.transaction !== tx || tx.unlistedLinks || !this.current(tx.data)) return undefined;
    const change = listChange(tx, source, ownerUid, attribute, target, side, row);
    if (!change) return undefined;
    const group = `${ownerUid}\u0000${attribute}`;
    let byTarget = this.lists.get(group);
    if (!byTarget) this.lists.set(group, (byTarget = new Map()));
    let sides = byTarget.get(target);
    if (!sides) byTarget.set(target, (sides = new Map()));
    let high = sides.get(side.key);
    if (!high) {
      // as committed: the rows this write did not change, as they are, and those it did as they were
      const order = tx.data.linkOrder;
      const value = (k: string) => order?.[k];
      let committed = change.before;
      for (const r of source.linkingRows(ownerUid, attribute, target))
        if (!change.rows.has(r) && onSide(source.model, ownerUid, attribute, target, side, r))
          committed = Math.max(committed, linkHigh(value, ownerUid, attribute, r, target));
      sides.set(side.key, (high = { side, value: committed }));
    }
    return Math.max(high.value, change.now);
  }

  /**
   * A write is being committed: each kept list it changed is brought forward (a list it only added to or raised
   * keeps its value or takes a higher one), or forgotten until next asked.
   */
  settle(tx: Transaction, source: ListSource): void {
    if (this.lists.size === 0) return;
    if (tx.unlistedLinks || !this.current(tx.data)) {
      this.clear();
      return;
    }
    for (const [group, byTarget] of this.lists) {
      const [ownerUid, attribute] = group.split('\u0000') as [string, string];
      const targets = new Set<string>();
      const note = (value: unknown) => {
        for (const t of refsOf(value)) if (byTarget.has(t)) targets.add(t);
      };
      const edited = tx.rows.get(ownerUid);
      const moved = netMoves(tx, ownerUid);
      for (const [r, before] of edited ?? []) {
        note(before[attribute]);
        note(r[attribute]);
      }
      for (const r of moved?.added ?? []) note(r[attribute]);
      for (const r of moved?.removed ?? []) note((edited?.get(r) ?? r)[attribute]);
      for (const list of tx.rankedLinks.keys()) {
        const target = list.startsWith(`${group}\u0000`) ? list.slice(group.length + 1) : undefined;
        if (target !== undefined && byTarget.has(target)) targets.add(target);
      }
      for (const target of targets) {
        const sides = byTarget.get(target)!;
        for (const [key, high] of sides) {
          const change = listChange(tx, source, ownerUid, attribute, target, high.side);
          if (change) high.value = Math.max(high.value, change.now);
          else sides.delete(key);
        }
        if (sides.size === 0) byTarget.delete(target);
      }
    }
  }

  /** Throws when a kept value is not its list's highest (verify mode; call outside a write). */
  check(source: ListSource, data: StoreData): void {
    if (!this.current(data)) return;
    for (const [group, byTarget] of this.lists) {
      const [ownerUid, attribute] = group.split('\u0000') as [string, string];
      for (const [target, sides] of byTarget)
        for (const high of sides.values()) {
          const walked = walkHigh(source, data, ownerUid, attribute, target, high.side);
          if (walked !== high.value)
            throw new Error(`content-mock: ${group.replace('\u0000', '.')}'s list of ${target} (${high.side.key}) keeps ${high.value} as its highest value, not ${walked}`);
        }
    }
  }

  /** Whether the values were read from this linkOrder record (they are forgotten when not). */
  private current(data: StoreData): boolean {
    if (data.linkOrder === this.order) return true;
    this.clear();
    this.order = data.linkOrder;
    return true;
  }
}

/**
 * What `tx` did to one list so far, or undefined when it may have lowered its highest value (a link taken out or
 * lowered). `leave`: a row whose link is being made (left out of `now`; its link must be new to the list).
 */
function listChange(
  tx: Transaction,
  source: ListSource,
  ownerUid: string,
  attribute: string,
  target: string,
  side: ListSide,
  leave?: Row,
): ListChange | undefined {
  const edited = tx.rows.get(ownerUid);
  const moved = netMoves(tx, ownerUid);
  const rows = new Set<Row>(edited?.keys());
  for (const r of moved?.added ?? []) rows.add(r);
  for (const r of moved?.removed ?? []) rows.add(r);
  if (leave) rows.add(leave);
  // rank keys are per document, locale and status: every row of those shares them
  for (const v of tx.rankedLinks.get(listId(ownerUid, attribute, target)) ?? [])
    for (const r of source.documentRows(ownerUid, v.documentId)) if ((r.locale ?? '') === v.locale && (r.publishedAt === null) === v.draft) rows.add(r);
  const order = tx.data.linkOrder;
  const now = (k: string) => order?.[k];
  const then = (k: string) => (tx.links.has(k) ? tx.links.get(k) : order?.[k]);
  // in the table: as the index's linkingRows tells it
  const listed = (r: Row) => source.documentRows(ownerUid, r.documentId).includes(r);
  let before = 0;
  let after = 0;
  for (const r of rows) {
    const was = edited?.get(r) ?? r;
    // a row moved to another document: its old place is not known here
    if (was.documentId !== r.documentId) return undefined;
    const existed = moved?.removed.has(r) === true || (moved?.added.has(r) !== true && listed(r));
    const present = moved?.removed.has(r) !== true && (moved?.added.has(r) === true || listed(r));
    const wasIn = existed && refsOf(was[attribute]).includes(target) && onSide(source.model, ownerUid, attribute, target, side, was);
    const isIn = present && refsOf(r[attribute]).includes(target) && onSide(source.model, ownerUid, attribute, target, side, r);
    const high = isIn ? linkHigh(now, ownerUid, attribute, r, target) : 0;
    if (wasIn) {
      const old = linkHigh(then, ownerUid, attribute, was, target);
      if (r === leave || !isIn || high < old) return undefined;
      before = Math.max(before, old);
    }
    if (isIn && r !== leave) after = Math.max(after, high);
  }
  return { rows, before, now: after };
}

/** Names a link's rank key's list and owner row version for the transaction (Transaction.setLink). */
export function rankedLink(ownerUid: string, attribute: string, row: Row, target: string): RankedLink {
  return { list: listId(ownerUid, attribute, target), documentId: row.documentId, locale: row.locale ?? '', draft: row.publishedAt === null };
}
