import type { ContentIndex } from '../data/content-index.js';
import { compareKeys, sortKey, type ColumnType } from './values.js';
import { joinedRecords, type Record_ } from './scope.js';
import { NULL_RECORD, recordPredicate, type FilterNode } from './filter-plan.js';

/**
 * A list of records seen as columns, for filters that read thousands of rows per request (a new filter value is a
 * new pass): each column dictionary-coded once (its distinct values sorted by their key, so a comparison decides a
 * range of codes), each relation's joined records as positions in the target table. Kept per list object and index
 * generation (see universeOf): any write makes a new one.
 */
class Universe {
  private readonly columns = new Map<string, Column>();
  private readonly joins = new Map<string, Joins | null>();
  private positions: Map<Record_, number> | undefined;
  /**
   * Matched positions per narrowing (the parameters that decide them), kept from its second request on: the pages
   * of one list asked in turn. A narrowing seen once (a new URL) keeps nothing: only its page is collected.
   */
  readonly matches = new Map<string, readonly number[]>();
  lastNarrowing: string | undefined;
  /**
   * Masks and positions lent to one evaluation at a time, and given back: a typed array of this size lives outside
   * the JS heap, and one per request would make V8 collect the whole heap (the dataset) far more often.
   */
  private readonly spare: Uint8Array[] = [];

  constructor(
    readonly records: readonly Record_[],
    readonly generation: number,
    readonly epoch: number,
  ) {}

  /** A mask of zeros, lent until given back. */
  take(): Uint8Array {
    const mask = this.spare.pop();
    return mask ? mask.fill(0) : new Uint8Array(this.records.length);
  }

  give(mask: Uint8Array): void {
    this.spare.push(mask);
  }

  column(name: string, type: ColumnType): Column {
    const key = `${name}\u0000${type}`;
    let column = this.columns.get(key);
    if (!column) this.columns.set(key, (column = buildColumn(this.records, name, type)));
    return column;
  }

  positionOf(record: Record_): number | undefined {
    if (!this.positions) {
      this.positions = new Map();
      this.records.forEach((r, i) => this.positions!.set(r, i));
    }
    return this.positions.get(record);
  }

  /** Each record's joined records as positions in `target` (null: some joined record is not in it). */
  joinsTo(index: ContentIndex, node: JoinNode, target: Universe): Joins | null {
    const key = `${node.attribute.kind}\u0000${node.attribute.name}\u0000${node.attribute.kind === 'relation' ? node.attribute.target : ''}`;
    let joins = this.joins.get(key);
    if (joins === undefined) this.joins.set(key, (joins = buildJoins(index, node, this.records, target)));
    return joins;
  }
}

type JoinNode = Extract<FilterNode, { kind: 'join' }>;
type LeafNode = Extract<FilterNode, { kind: 'leaf' }>;

interface Column {
  /** Per record, the code of its value. */
  readonly codes: Int32Array;
  /** Per code, the stored value (`undefined` read as NULL). */
  readonly values: readonly unknown[];
  /** Per code, its key; codes are in key order (NULLs first) when `ordered`. */
  readonly keys: readonly (number | string | null)[];
  /** Codes [0, nulls) hold NULL keys. */
  readonly nulls: number;
  /** False when a key is NaN (a number column holding text): no order, each code is tested. */
  readonly ordered: boolean;
  /** Per code, whether the leaf being read holds (reused by each leaf in turn). */
  readonly verdict: Uint8Array;
}

function buildColumn(records: readonly Record_[], name: string, type: ColumnType): Column {
  const seen = new Map<unknown, number>();
  const firstCodes = new Int32Array(records.length);
  const values: unknown[] = [];
  for (let i = 0; i < records.length; i++) {
    const v = records[i][name] ?? null;
    let code = seen.get(v);
    if (code === undefined) {
      code = values.length;
      seen.set(v, code);
      values.push(v);
    }
    firstCodes[i] = code;
  }
  const keys = values.map((v) => sortKey(type, v));
  if (keys.some((k) => typeof k === 'number' && Number.isNaN(k))) {
    return { codes: firstCodes, values, keys, nulls: 0, ordered: false, verdict: new Uint8Array(values.length) };
  }
  const byKey = values.map((_, c) => c).sort((a, b) => compareKeys(keys[a], keys[b]));
  const rank = new Int32Array(values.length);
  byKey.forEach((c, r) => (rank[c] = r));
  const codes = firstCodes.map((c) => rank[c]);
  const sortedKeys = byKey.map((c) => keys[c]);
  let nulls = 0;
  while (nulls < sortedKeys.length && sortedKeys[nulls] === null) nulls++;
  const verdict = new Uint8Array(values.length);
  return { codes, values: byKey.map((c) => values[c]), keys: sortedKeys, nulls, ordered: true, verdict };
}

/** Compressed rows: record i joins targets[starts[i]..starts[i+1]). */
interface Joins {
  readonly starts: Int32Array;
  readonly targets: Int32Array;
  /** The other way (built when first needed): target t is joined by sources[sourceStarts[t]..sourceStarts[t+1]). */
  inverse?: { readonly sourceStarts: Int32Array; readonly sources: Int32Array; readonly lonely: Int32Array };
}

function inverseOf(joins: Joins, targetCount: number): NonNullable<Joins['inverse']> {
  if (joins.inverse) return joins.inverse;
  const { starts, targets } = joins;
  const n = starts.length - 1;
  const sourceStarts = new Int32Array(targetCount + 1);
  for (const t of targets) sourceStarts[t + 1]++;
  for (let t = 0; t < targetCount; t++) sourceStarts[t + 1] += sourceStarts[t];
  const fill = sourceStarts.slice(0, targetCount);
  const sources = new Int32Array(targets.length);
  const lonely: number[] = [];
  for (let i = 0; i < n; i++) {
    if (starts[i] === starts[i + 1]) lonely.push(i);
    for (let k = starts[i]; k < starts[i + 1]; k++) sources[fill[targets[k]]++] = i;
  }
  return (joins.inverse = { sourceStarts, sources, lonely: Int32Array.from(lonely) });
}

function buildJoins(index: ContentIndex, node: JoinNode, records: readonly Record_[], target: Universe): Joins | null {
  const starts = new Int32Array(records.length + 1);
  const targets: number[] = [];
  for (let i = 0; i < records.length; i++) {
    starts[i] = targets.length;
    for (const joined of joinedRecords(index, node.scope, records[i], node.attribute)) {
      const at = target.positionOf(joined);
      if (at === undefined) return null;
      targets.push(at);
    }
  }
  starts[records.length] = targets.length;
  return { starts, targets: Int32Array.from(targets) };
}

/** The universes of an index, per list object (see universeOf). */
const universes = (): WeakMap<readonly Record_[], Universe> => new WeakMap();

/** The column view of a list, built once per list and index generation. */
function universeOf(index: ContentIndex, records: readonly Record_[]): Universe {
  const all = index.attached(universes);
  let u = all.get(records);
  if (!u || u.generation !== index.generation || u.epoch !== index.epoch || u.records.length !== records.length) {
    all.set(records, (u = new Universe(records, index.generation, index.epoch)));
  }
  return u;
}

/** The records a join leads to, as one table (null: not one the index lists, such as component values). */
function targetRecords(index: ContentIndex, node: JoinNode): readonly Record_[] | null {
  const { attribute } = node;
  if (attribute.kind === 'relation') return index.model.contentTypes.has(attribute.target) ? index.rows(attribute.target) : null;
  if (attribute.kind === 'media') return index.storeData.media;
  return null;
}

/** Per record of `u`, 1 where the node is true. */
function evaluate(index: ContentIndex, u: Universe, node: FilterNode): Uint8Array {
  const n = u.records.length;
  switch (node.kind) {
    case 'const':
      return node.value === true ? u.take().fill(1) : u.take();
    case 'leaf':
      return leafMask(u, node);
    case 'all':
    case 'any': {
      // (leaves last: a leaf is read into the mask as it stands, without a mask of its own)
      const parts = [...node.parts].sort((a, b) => Number(a.kind === 'leaf') - Number(b.kind === 'leaf'));
      const mask = evaluate(index, u, parts[0]);
      const all = node.kind === 'all';
      for (let p = 1; p < parts.length; p++) {
        const part = parts[p];
        if (part.kind === 'leaf') {
          leafInto(u, part, mask, all);
          continue;
        }
        const other = evaluate(index, u, part);
        if (all) for (let i = 0; i < n; i++) mask[i] &= other[i];
        else for (let i = 0; i < n; i++) mask[i] |= other[i];
        u.give(other);
      }
      return mask;
    }
    case 'join':
      return joinMask(index, u, node) ?? recordMask(index, u, node);
  }
}

/** The node tested on each record as it stands (what the columns cannot decide). */
function recordMask(index: ContentIndex, u: Universe, node: FilterNode): Uint8Array {
  const test = recordPredicate(index, node);
  const mask = u.take();
  for (let i = 0; i < mask.length; i++) if (test(u.records[i]) === true) mask[i] = 1;
  return mask;
}

function leafMask(u: Universe, node: LeafNode): Uint8Array {
  const mask = u.take();
  leafInto(u, node, mask, false);
  return mask;
}

/** ANDs (`all`) or ORs the leaf's truth into `mask`. */
function leafInto(u: Universe, node: LeafNode, mask: Uint8Array, all: boolean): void {
  const column = u.column(node.column, node.type);
  const { keys, nulls, values } = column;
  const verdict = column.verdict.fill(0);
  const ordered = node.ordered;
  if (ordered && column.ordered) {
    // the keys are sorted: below, at and above the target are three runs of codes (NULLs are unknown)
    const { target } = ordered;
    let lo = nulls;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys(keys[mid], target) < 0) lo = mid + 1;
      else hi = mid;
    }
    const atStart = lo;
    hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareKeys(keys[mid], target) <= 0) lo = mid + 1;
      else hi = mid;
    }
    if (ordered.below === true) verdict.fill(1, nulls, atStart);
    if (ordered.at === true) verdict.fill(1, atStart, lo);
    if (ordered.above === true) verdict.fill(1, lo, keys.length);
  } else {
    const { test } = node;
    for (let c = 0; c < values.length; c++) if (test(values[c]) === true) verdict[c] = 1;
  }
  const { codes } = column;
  if (all) {
    for (let i = 0; i < codes.length; i++) if (mask[i] === 1) mask[i] = verdict[codes[i]];
  } else for (let i = 0; i < codes.length; i++) mask[i] |= verdict[codes[i]];
}

function joinMask(index: ContentIndex, u: Universe, node: JoinNode): Uint8Array | undefined {
  const records = targetRecords(index, node);
  if (!records) return undefined;
  const target = universeOf(index, records);
  const joins = u.joinsTo(index, node, target);
  if (!joins) return undefined;
  const sub = evaluate(index, target, node.sub);
  // a record joining nothing is one row of NULLs
  const empty = recordPredicate(index, node.sub)(NULL_RECORD) === true ? 1 : 0;
  const n = u.records.length;
  const mask = u.take();
  // few targets hold (a name, an id): mark the records that join them, from the targets' side
  const inverse = inverseOf(joins, sub.length);
  let reached = empty === 1 ? inverse.lonely.length : 0;
  for (let t = 0; t < sub.length && reached < n; t++) if (sub[t] === 1) reached += inverse.sourceStarts[t + 1] - inverse.sourceStarts[t];
  if (reached < n >> 2) {
    const { sourceStarts, sources, lonely } = inverse;
    for (let t = 0; t < sub.length; t++) {
      if (sub[t] !== 1) continue;
      for (let k = sourceStarts[t]; k < sourceStarts[t + 1]; k++) mask[sources[k]] = 1;
    }
    if (empty === 1) for (const i of lonely) mask[i] = 1;
    target.give(sub);
    return mask;
  }
  const { starts, targets } = joins;
  for (let i = 0; i < n; i++) {
    const from = starts[i];
    const to = starts[i + 1];
    if (from === to) {
      mask[i] = empty;
      continue;
    }
    for (let k = from; k < to; k++) {
      if (sub[targets[k]] === 1) {
        mask[i] = 1;
        break;
      }
    }
  }
  target.give(sub);
  return mask;
}

/** How many records match, and the positions of those in the window asked. */
export interface MatchedWindow {
  readonly count: number;
  readonly positions: readonly number[];
}

/**
 * The records of `records` where the filter's plan is true, computed over the list's columns, counted, and the
 * positions of the matches numbered [start, end) among them; `keep` tests a matching record further (search,
 * publication filter). Undefined during a write (lookups must see the rows it changed so far: the record test does).
 */
export function matchingWindow<T extends Record_>(
  index: ContentIndex,
  records: readonly T[],
  plan: FilterNode | undefined,
  keep: ((record: T) => boolean) | undefined,
  narrowing: string,
  start: number,
  end: number,
): MatchedWindow | undefined {
  if (index.transaction) return undefined;
  const u = universeOf(index, records);
  const kept = u.matches.get(narrowing);
  if (kept) return { count: kept.length, positions: kept.slice(start, end) };
  const n = records.length;
  const mask = plan ? evaluate(index, u, plan) : u.take().fill(1);
  const again = u.lastNarrowing === narrowing;
  u.lastNarrowing = narrowing;
  // (JS arrays: young objects, collected cheaply)
  const positions: number[] = [];
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (mask[i] !== 1 || (keep && !keep(records[i]))) continue;
    if (again || (count >= start && count < end)) positions.push(i);
    count++;
  }
  u.give(mask);
  if (!again) return { count, positions };
  if (u.matches.size >= MAX_MATCHES) u.matches.delete(u.matches.keys().next().value as string);
  u.matches.set(narrowing, positions);
  return { count, positions: positions.slice(start, end) };
}

/** Few: a new URL is mostly a new narrowing, and what is kept long is collected at the heap's cost. */
const MAX_MATCHES = 4;
