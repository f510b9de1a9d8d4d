import type { ContentIndex } from '../data/content-index.js';
import { QueryStringShapes } from './query-string-shapes.js';

// A frontend asks the same few query strings again and again (a page's list, its filters, one document with its
// populate). Parsing and validating them (qs, Strapi's validators, the populate tree, compiled filters) was most of
// the engine's own work for a cold read. This keeps what a query string parses to, for a type, a route and a caller,
// until anything changes: any write (the index's generation), a reload of the data, the model or the config. A
// failed parse is not kept: it throws again, the same way, each time.

/** Query strings kept at most; past it the cache starts over (an unusual client cannot grow it forever). */
const MAX_ENTRIES = 1_000;

/** What a cached parse was made against: it is valid while each of these is the same object or number. */
interface Validity {
  readonly index: ContentIndex;
  readonly epoch: number;
  readonly generation: number;
  /** Other inputs of the parse by identity (the model, the config): a reload gives new objects. */
  readonly inputs: readonly object[];
}

/**
 * Parses of query strings, by a key the caller makes of everything the parse reads besides the data, the model and
 * the config (the query string, the type, the route's kind, the caller). One per server (never module state).
 */
export class ParsedQueryCache {
  /** Query strings parsed by their keys' structure (kept whatever changes: it depends on the keys alone). */
  readonly strings = new QueryStringShapes();
  private validity: Validity | undefined;
  private readonly entries = new Map<string, Map<string, unknown>>();
  /** What query shapes parse to (see query-shape.ts): few, so kept from their first request. */
  private readonly shapes = new Map<string, unknown>();
  /**
   * The parts asked once and not kept, by key (a bit per part, see `bits`): a parse is kept from its second request
   * on. A client that makes every URL new (a search box, a random page) would otherwise fill the cache with parses
   * never asked again, which V8 then carries into its old generation and collects with the whole heap.
   */
  private readonly once = new Map<string, number>();
  /** Each part's bit in `once`. */
  private readonly bits = new Map<string, number>();

  /**
   * The value `compute` gives for `key` and `part` (a request kept as several parts: its query object, then its
   * parse for a list or a findOne), computed again on its first two requests, then kept while the index, its
   * generation and `inputs` stay the same.
   * A write in progress (a transaction the reads can see) is never cached.
   */
  recall<T>(index: ContentIndex, inputs: readonly object[], key: string, part: string, compute: () => T): T {
    if (index.transaction !== undefined) return compute();
    this.keepValid(index, inputs);
    let parts = this.entries.get(key);
    if (!parts?.has(part)) {
      let bit = this.bits.get(part);
      if (bit === undefined) this.bits.set(part, (bit = 1 << this.bits.size));
      const seen = this.once.get(key) ?? 0;
      if ((seen & bit) === 0) {
        if (this.once.size >= MAX_ENTRIES) this.once.clear();
        this.once.set(key, seen | bit);
        return compute();
      }
      if (seen === bit) this.once.delete(key);
      else this.once.set(key, seen & ~bit);
    }
    if (!parts) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, (parts = new Map()));
    }
    if (parts.has(part)) return parts.get(part) as T;
    const value = compute();
    parts.set(part, value);
    return value;
  }

  /**
   * What `compute` gives for the query shape `key` (the caller's key holds everything the parse reads besides the
   * query's shape, the data, the model and the config), kept from its first request while the index, its generation
   * and `inputs` stay the same. A parse that throws keeps nothing.
   */
  shape<T>(index: ContentIndex, inputs: readonly object[], key: string, compute: () => T): T {
    if (index.transaction !== undefined) return compute();
    this.keepValid(index, inputs);
    if (this.shapes.has(key)) return this.shapes.get(key) as T;
    const value = compute();
    if (this.shapes.size >= MAX_ENTRIES) this.shapes.clear();
    this.shapes.set(key, value);
    return value;
  }

  /** Drops everything kept when the index, its generation or an input changed. */
  private keepValid(index: ContentIndex, inputs: readonly object[]): void {
    if (this.isValid(index, inputs)) return;
    this.entries.clear();
    this.once.clear();
    this.shapes.clear();
    this.validity = { index, epoch: index.epoch, generation: index.generation, inputs };
  }

  private isValid(index: ContentIndex, inputs: readonly object[]): boolean {
    const v = this.validity;
    return (
      v !== undefined &&
      v.index === index &&
      v.epoch === index.epoch &&
      v.generation === index.generation &&
      v.inputs.length === inputs.length &&
      v.inputs.every((input, i) => input === inputs[i])
    );
  }
}

/** How the engine asks for a kept parse: `part` names what is kept (see ParsedQueryCache.recall). */
export type RecallParse = <T>(part: string, compute: () => T) => T;

/** How the engine asks for what a query shape parses to (see ParsedQueryCache.shape). */
export type RecallShape = <T>(key: string, compute: () => T) => T;

/** A value frozen all the way down: a parse shared between requests must never be changed by one of them. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
