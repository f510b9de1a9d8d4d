import qs from 'qs';
import { parseQueryString, QS_OPTIONS } from './run-query.js';

// qs is exact but slow: it splits every key with regular expressions and merges one object per parameter, and a
// cold list paid more for that than for its own filtering. A new URL is mostly a query string already seen with other
// values: here the keys' structure is parsed once by qs itself (with marked values), and each request of the same keys
// only decodes its values into a copy of that structure.
//
// Only keys whose meaning cannot depend on any value take this way: plain names and bracketed segments (no `[]`, no
// escapes, no `=`), each key once, and none under another (`a` beside `a[b]`, where qs merges a value with an object
// and the value's text decides the result). Anything else, and any structure where a marked value does not come back
// exactly once as a value, is parsed by qs as before.

/** A plain key: a name and bracketed segments of the characters queries use. */
const PLAIN_KEY = /^[\w$.*:-]+(?:\[[\w$.*:-]+\])*$/;
/** Marks value `i` in a structure parsed by qs (no query string holds a NUL). */
const MARK = '\u0000';
/** Keys' structures kept at most (they are few: a client's query shapes). */
const MAX_SHAPES = 1_000;
/** Parameters at most for this way (qs's own limit is 1,000). */
const MAX_PARAMETERS = 100;

/** qs's parsed structure with the values' positions: `Slot` n is the n-th parameter's value. */
type Node = Slot | Node[] | { readonly [key: string]: Node };

class Slot {
  constructor(readonly n: number) {}
}

/** Segments of keys read so far at most (each a key's own: the same few keys come back in any order). */
const MAX_KEYS = 10_000;
/** qs's depth (QS_OPTIONS): past it qs keeps the rest of a key as one segment. */
const MAX_SEGMENTS = 20;

/** Query strings parsed as qs parses them (QS_OPTIONS), by a structure kept per sequence of keys. One per server. */
export class QueryStringShapes {
  private readonly shapes = new Map<string, Node | null>();
  /** Per key, its path of object keys when it names one (see pathOf); null when it may not be built so. */
  private readonly paths = new Map<string, readonly string[] | null>();

  parse(search: string): Record<string, unknown> {
    const text = search.startsWith('?') ? search.slice(1) : search;
    // (qs reads `%5B`/`%5D` as brackets anywhere before it splits, values included)
    const clean = text.includes('%') ? text.replace(/%5B/gi, '[').replace(/%5D/gi, ']') : text;
    const parts = clean.split('&');
    if (parts.length > MAX_PARAMETERS) return parseQueryString(search);
    const keys: string[] = [];
    const values: string[] = [];
    for (const part of parts) {
      // where qs splits a key from its value
      const bracket = part.indexOf(']=');
      const at = bracket === -1 ? part.indexOf('=') : bracket + 1;
      if (at <= 0) return parseQueryString(search);
      keys.push(part.slice(0, at));
      values.push(part.slice(at + 1));
    }
    const built = this.objects(keys, values);
    if (built) return built;
    const key = keys.join('&');
    let shape = this.shapes.get(key);
    if (shape === undefined) {
      shape = shapeOf(keys);
      if (this.shapes.size >= MAX_SHAPES) this.shapes.clear();
      this.shapes.set(key, shape);
    }
    if (shape === null) return parseQueryString(search);
    return fill(shape, values) as Record<string, unknown>;
  }

  /**
   * The query as nested objects, when every key is a path of object keys (see pathOf) and no two paths collide (one
   * the same as another or under it): qs then gives exactly this, each object's keys in the order they first come,
   * whatever the order of the keys. A new order of the same keys (populate's attributes asked in another order) needs
   * no structure of its own. Undefined otherwise.
   */
  private objects(keys: readonly string[], values: readonly string[]): Record<string, unknown> | undefined {
    // (every key's path first: a query with a list index goes the other way before anything is built)
    const paths: (readonly string[])[] = [];
    for (const key of keys) {
      let path = this.paths.get(key);
      if (path === undefined) {
        if (this.paths.size >= MAX_KEYS) this.paths.clear();
        this.paths.set(key, (path = pathOf(key)));
      }
      if (path === null) return undefined;
      paths.push(path);
    }
    const out = unorderedObject();
    for (let i = 0; i < paths.length; i++) {
      const path = paths[i];
      let at = out;
      const last = path.length - 1;
      for (let s = 0; s < last; s++) {
        const next = at[path[s]];
        if (next === undefined) at = at[path[s]] = unorderedObject();
        else if (typeof next === 'object') at = next as Record<string, unknown>;
        else return undefined;
      }
      if (at[path[last]] !== undefined) return undefined;
      at[path[last]] = decode(values[i]);
    }
    return out;
  }
}

/**
 * A plain object V8 keeps as a hash table from the start (two own properties, the first deleted, then the other).
 * Started from `{}`, each new order of the same keys (populate's attributes shuffled by a client) makes V8 build a new
 * chain of hidden classes, for this object and again when it is frozen: that cost more than the parse itself. The
 * object is the same to every reader (its prototype, its keys in insertion order).
 */
function unorderedObject(): Record<string, unknown> {
  const out: Record<string, unknown> = { a: undefined, b: undefined };
  delete out.a;
  delete out.b;
  return out;
}

/**
 * A plain key's segments, when qs makes nested objects of them: none reads as a list index (a digit or `-` first),
 * none is a name of Object.prototype (qs drops such keys), at most qs's depth. Null otherwise.
 */
function pathOf(key: string): readonly string[] | null {
  if (!PLAIN_KEY.test(key)) return null;
  const first = key.indexOf('[');
  const path = first === -1 ? [key] : [key.slice(0, first), ...key.slice(first + 1, -1).split('][')];
  if (path.length - 1 > MAX_SEGMENTS) return null;
  for (const segment of path) {
    const c = segment.charCodeAt(0);
    if ((c >= 48 && c <= 57) || c === 45 || Object.hasOwn(Object.prototype, segment)) return null;
  }
  return path;
}

/** The structure qs gives for `keys`, or null when it could depend on the values. */
function shapeOf(keys: readonly string[]): Node | null {
  if (!keys.every((key) => PLAIN_KEY.test(key))) return null;
  const under = (a: string, b: string) => a === b || b.startsWith(a + '[');
  if (keys.some((a, i) => keys.some((b, j) => i !== j && under(a, b)))) return null;
  const marked = qs.parse(keys.map((key, i) => `${key}=${MARK}${i}`).join('&'), QS_OPTIONS) as unknown;
  const seen = new Set<number>();
  const node = slots(marked, seen);
  return node !== null && seen.size === keys.length ? node : null;
}

/** `value` with each marked value as its Slot; null when a mark is found twice or anywhere but as a value. */
function slots(value: unknown, seen: Set<number>): Node | null {
  if (typeof value === 'string') {
    const n = Number(value.slice(MARK.length));
    if (!value.startsWith(MARK) || !Number.isInteger(n) || seen.has(n)) return null;
    seen.add(n);
    return new Slot(n);
  }
  if (Array.isArray(value)) {
    const out: Node[] = [];
    for (const item of value) {
      const node = slots(item, seen);
      if (node === null) return null;
      out.push(node);
    }
    return out;
  }
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return null;
  const out: Record<string, Node> = {};
  for (const [key, item] of Object.entries(value)) {
    const node = slots(item, seen);
    if (node === null || key.includes(MARK)) return null;
    out[key] = node;
  }
  return out;
}

/** A fresh copy of `node` with each slot's value decoded as qs decodes it. */
function fill(node: Node, values: readonly string[]): unknown {
  if (node instanceof Slot) return decode(values[node.n]);
  if (Array.isArray(node)) return node.map((item) => fill(item, values));
  const out: Record<string, unknown> = {};
  for (const key in node) out[key] = fill((node as Record<string, Node>)[key], values);
  return out;
}

/** qs's utils.decode (UTF-8): `+` is a space, then percent-decoding; a malformed escape leaves the text as it is. */
function decode(text: string): string {
  if (!text.includes('%')) return text.includes('+') ? text.replace(/\+/g, ' ') : text;
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
