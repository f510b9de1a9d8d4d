import type { ContentIndex } from '../data/content-index.js';
import { compareKeys, sortKey, type ColumnType } from './values.js';
import { joinedRecords, type Record_ } from './scope.js';
import { NULL_RECORD, recordPredicate, type FilterNode, type OrderedTest } from './filter-plan.js';

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
   * Row sets (one bit per record) lent to one evaluation at a time, and given back: a typed array of this size lives
   * outside the JS heap, and one per request would make V8 collect the whole heap (the dataset) far more often.
   */
  private readonly spare: Int32Array[] = [];
  /** The bits of the last word that stand for records (the others stay 0). */
  readonly tail: number;

  constructor(
    readonly records: readonly Record_[],
    readonly generation: number,
    readonly epoch: number,
  ) {
    const rest = records.length & 31;
    this.tail = rest === 0 ? -1 : (1 << rest) - 1;
  }

  /** An empty set, lent until given back. */
  take(): Int32Array {
    const bits = this.spare.pop();
    return bits ? bits.fill(0) : new Int32Array((this.records.length + 31) >> 5);
  }

  /** Every record. */
  takeAll(): Int32Array {
    const bits = this.take().fill(-1);
    if (bits.length > 0) bits[bits.length - 1] = this.tail;
    return bits;
  }

  give(bits: Int32Array): void {
    this.spare.push(bits);
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
  /** The records of each code (built when first needed). */
  postings?: Postings;
  /** 0, 1, … D: each code a run of its own. */
  runs?: readonly number[];
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
  /** The other way (built when first needed), and the records joining nothing. */
  inverse?: Postings & { readonly lonely: Int32Array };
}

/** Where each value is: entries grouped by what they point at (a counting sort), `sources[sourceStarts[t]..[t+1])`. */
interface Postings {
  readonly sourceStarts: Int32Array;
  readonly sources: Int32Array;
}

/**
 * Inverts pointers: `targets[k]` is where entry k points; entry k belongs to the source i with
 * starts[i] <= k < starts[i+1] (no `starts`: entry k is source k).
 */
function invert(starts: Int32Array | undefined, targets: Int32Array, targetCount: number): Postings {
  const sourceStarts = new Int32Array(targetCount + 1);
  for (const t of targets) sourceStarts[t + 1]++;
  for (let t = 0; t < targetCount; t++) sourceStarts[t + 1] += sourceStarts[t];
  const fill = sourceStarts.slice(0, targetCount);
  const sources = new Int32Array(targets.length);
  if (!starts) for (let k = 0; k < targets.length; k++) sources[fill[targets[k]]++] = k;
  else for (let i = 0; i + 1 < starts.length; i++) for (let k = starts[i]; k < starts[i + 1]; k++) sources[fill[targets[k]]++] = i;
  return { sourceStarts, sources };
}

function inverseOf(joins: Joins, targetCount: number): NonNullable<Joins['inverse']> {
  if (joins.inverse) return joins.inverse;
  const { starts } = joins;
  const lonely: number[] = [];
  for (let i = 0; i + 1 < starts.length; i++) if (starts[i] === starts[i + 1]) lonely.push(i);
  return (joins.inverse = { ...invert(starts, joins.targets, targetCount), lonely: Int32Array.from(lonely) });
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

const setBit = (bits: Int32Array, i: number) => (bits[i >> 5] |= 1 << (i & 31));
const clearBit = (bits: Int32Array, i: number) => (bits[i >> 5] &= ~(1 << (i & 31)));
const hasBit = (bits: Int32Array, i: number) => (bits[i >> 5] & (1 << (i & 31))) !== 0;

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The records of `u` where the node is true, one bit each. */
function evaluate(index: ContentIndex, u: Universe, node: FilterNode): Int32Array {
  switch (node.kind) {
    case 'const':
      return node.value === true ? u.takeAll() : u.take();
    case 'leaf':
      return leafBits(u, node);
    case 'all':
    case 'any': {
      const bits = evaluate(index, u, node.parts[0]);
      for (let p = 1; p < node.parts.length; p++) {
        const other = evaluate(index, u, node.parts[p]);
        if (node.kind === 'all') for (let w = 0; w < bits.length; w++) bits[w] &= other[w];
        else for (let w = 0; w < bits.length; w++) bits[w] |= other[w];
        u.give(other);
      }
      return bits;
    }
    case 'join':
      return joinBits(index, u, node) ?? recordBits(index, u, node);
  }
}

/** The node tested on each record as it stands (what the columns cannot decide). */
function recordBits(index: ContentIndex, u: Universe, node: FilterNode): Int32Array {
  const test = recordPredicate(index, node);
  const bits = u.take();
  for (let i = 0; i < u.records.length; i++) if (test(u.records[i]) === true) setBit(bits, i);
  return bits;
}

/**
 * Where a comparison holds on a column whose codes are in key order: the code runs NULL, below, at and above the
 * target (bounds[r]..bounds[r+1]), and each run's verdict.
 */
function comparisonRuns(column: Column, ordered: OrderedTest): { bounds: number[]; holds: boolean[] } {
  const { keys, nulls } = column;
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
  return {
    bounds: [0, nulls, atStart, lo, keys.length],
    holds: [false, ordered.below === true, ordered.at === true, ordered.above === true],
  };
}

/** The leaf's records: those of the codes it holds for, or all but those of the others (whichever are fewer). */
function leafBits(u: Universe, node: LeafNode): Int32Array {
  const column = u.column(node.column, node.type);
  const { sourceStarts, sources } = (column.postings ??= invert(undefined, column.codes, column.values.length));
  // runs of codes, each holding or not: a comparison's few runs in key order, else each code tested
  let bounds: readonly number[];
  let holds: ArrayLike<boolean | number>;
  if (node.ordered && column.ordered) ({ bounds, holds } = comparisonRuns(column, node.ordered));
  else {
    const verdict = column.verdict.fill(0);
    for (let c = 0; c < column.values.length; c++) if (node.test(column.values[c]) === true) verdict[c] = 1;
    holds = verdict;
    bounds = column.runs ??= Array.from({ length: column.values.length + 1 }, (_, c) => c);
  }
  let holding = 0;
  for (let r = 0; r < holds.length; r++) if (holds[r]) holding += sourceStarts[bounds[r + 1]] - sourceStarts[bounds[r]];
  const set = holding <= u.records.length >> 1;
  const bits = set ? u.take() : u.takeAll();
  for (let r = 0; r < holds.length; r++) {
    // (the records of a run of codes are one stretch of `sources`)
    if (Boolean(holds[r]) !== set) continue;
    const to = sourceStarts[bounds[r + 1]];
    if (set) for (let k = sourceStarts[bounds[r]]; k < to; k++) setBit(bits, sources[k]);
    else for (let k = sourceStarts[bounds[r]]; k < to; k++) clearBit(bits, sources[k]);
  }
  return bits;
}

function joinBits(index: ContentIndex, u: Universe, node: JoinNode): Int32Array | undefined {
  const records = targetRecords(index, node);
  if (!records) return undefined;
  const target = universeOf(index, records);
  const joins = u.joinsTo(index, node, target);
  if (!joins) return undefined;
  const sub = evaluate(index, target, node.sub);
  // a record joining nothing is one row of NULLs
  const empty = recordPredicate(index, node.sub)(NULL_RECORD) === true;
  const n = u.records.length;
  const bits = u.take();
  const inverse = inverseOf(joins, records.length);
  const { sourceStarts, sources, lonely } = inverse;
  // few targets hold (a name, an id): mark the records that join them, from the targets' side
  let reached = empty ? lonely.length : 0;
  for (let t = 0; t < records.length && reached < n; t++) if (hasBit(sub, t)) reached += sourceStarts[t + 1] - sourceStarts[t];
  if (reached < n >> 2) {
    for (let t = 0; t < records.length; t++) {
      if (!hasBit(sub, t)) continue;
      for (let k = sourceStarts[t]; k < sourceStarts[t + 1]; k++) setBit(bits, sources[k]);
    }
    if (empty) for (const i of lonely) setBit(bits, i);
  } else {
    const { starts, targets } = joins;
    for (let i = 0; i < n; i++) {
      const from = starts[i];
      const to = starts[i + 1];
      if (from === to) {
        if (empty) setBit(bits, i);
        continue;
      }
      for (let k = from; k < to; k++) {
        if (hasBit(sub, targets[k])) {
          setBit(bits, i);
          break;
        }
      }
    }
  }
  target.give(sub);
  return bits;
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
  const bits = plan ? evaluate(index, u, plan) : u.takeAll();
  const again = u.lastNarrowing === narrowing;
  u.lastNarrowing = narrowing;
  // (JS arrays: young objects, collected cheaply)
  const positions: number[] = [];
  let count = 0;
  for (let w = 0; w < bits.length; w++) {
    let x = bits[w];
    if (x === 0) continue;
    // a word wholly before the window only counts (unless every record is tested or kept)
    if (!keep && !again) {
      const p = popcount(x);
      if (count + p <= start || count >= end) {
        count += p;
        continue;
      }
    }
    while (x !== 0) {
      const low = x & -x;
      x ^= low;
      const i = (w << 5) + 31 - Math.clz32(low);
      if (keep && !keep(records[i])) continue;
      if (again || (count >= start && count < end)) positions.push(i);
      count++;
    }
  }
  u.give(bits);
  if (!again) return { count, positions };
  if (u.matches.size >= MAX_MATCHES) u.matches.delete(u.matches.keys().next().value as string);
  u.matches.set(narrowing, positions);
  return { count, positions: positions.slice(start, end) };
}

/** Few: a new URL is mostly a new narrowing, and what is kept long is collected at the heap's cost. */
const MAX_MATCHES = 4;
