import type { Attribute, ContentModel } from '../core/model/types.js';
import { SYSTEM_FIELDS } from '../core/model/types.js';
import { jsonValueEnd } from './json-check.js';
import type { CheckedEnd } from './json-check-wasm.js';
import { deferrableNames } from '../core/data/deferred-values.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  isObjectAt,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  ScanError,
  skipSpace,
  stringEnd,
  valueEnd,
  type Slice,
} from './json-scanner.js';

// A seed's snapshots show each related document and media file in full, while the import keeps of them only what
// DatasetImporter reads: of a related document its `documentId` (an owning side), its `locale` (a holder without
// i18n linking a localized type) and `publishedAt` (a type without draft & publish linking one with it), or its `id`
// (an inverse list, kept in order); and the id of a file the media library already has. The read-ahead thread
// rewrites each snapshot to those members (about 40 % of a bench seed's bytes are left), so the main thread parses
// less. What it leaves out is checked as strict JSON first: a damaged snapshot is passed on whole, and fails on the
// main thread as it did.

/** What the import reads of a member (see DatasetImporter): all of it, nothing, or part of it. */
export type MemberRule = 'keep' | 'drop' | 'media' | 'zone' | readonly ['component', string] | readonly ['ref', readonly string[]];

/** What the read-ahead thread needs of the model to shrink snapshots (plain data: it is posted to the thread). */
export interface ShrinkPlan {
  /** Names to content-type uids, in the order DatasetImporter registers them (a later one wins). */
  readonly names: readonly (readonly [string, string])[];
  /** Per content type: its members' rules (others are dropped). */
  readonly types: readonly (readonly [string, readonly (readonly [string, MemberRule])[]])[];
  /** Per component: its members' rules (others are kept). */
  readonly components: readonly (readonly [string, readonly (readonly [string, MemberRule])[]])[];
  /** Numeric ids of the media library given before the documents: a populated file among them is its id alone. */
  readonly library: readonly number[];
  /**
   * Per content type: the members set aside: left out of the shrunk snapshot, their extents in the seed posted beside
   * it (checked as strict JSON), for an import that builds them later (see DeferredValues). Empty: none.
   */
  readonly aside: readonly (readonly [string, readonly string[]])[];
}

/** The holder of an attribute, as the import reads its links: a content type, or a component (any holder's). */
type Holder = { readonly localized: boolean; readonly draftAndPublish: boolean } | 'component';

const ruleOf = (model: ContentModel, a: Attribute, holder: Holder): MemberRule => {
  switch (a.kind) {
    case 'scalar':
      return 'keep';
    case 'media':
      return 'media';
    case 'relation': {
      const target = model.contentTypes.get(a.target);
      // an inverse side: the owners' ids in their order when it is a list (noteInverseOrder), else nothing
      if (!a.owner) return holder !== 'component' && a.mappedBy && a.toMany ? ['ref', ['id']] : 'drop';
      const members = ['documentId'];
      // a component's holder may be a type without i18n (convertAttributes passes the holder's)
      if (target?.localized && (holder === 'component' || !holder.localized)) members.push('locale');
      if (target?.draftAndPublish && holder !== 'component' && !holder.draftAndPublish) members.push('publishedAt');
      return ['ref', members];
    }
    case 'component':
      return model.components.has(a.component) ? ['component', a.component] : 'keep';
    case 'dynamiczone':
      return 'zone';
  }
};

/**
 * The plan for a model, with the media library the seed gives before its documents (the outline's head); `aside`:
 * the deferrable members of each type are set aside (see isDeferrable).
 */
export function shrinkPlanOf(model: ContentModel, library: unknown, aside = false): ShrinkPlan {
  const rules = (attributes: Iterable<Attribute>, own: readonly string[], holder: Holder) => {
    const list: [string, MemberRule][] = [...attributes].map((a) => [a.name, ruleOf(model, a, holder)]);
    // the members every snapshot row is built from are kept whole, whatever an attribute of the same name says
    return [...list.filter(([name]) => !own.includes(name)), ...own.map((name): [string, MemberRule] => [name, 'keep'])];
  };
  const types = [...model.contentTypes.values()];
  return {
    names: types.flatMap((t) => [
      [t.uid, t.uid],
      [t.pluralName, t.uid],
      [t.singularName, t.uid],
    ]),
    types: types.map((t) => [t.uid, rules(t.attributes.values(), SYSTEM_FIELDS, t)]),
    components: [...model.components.values()].map((c) => [c.uid, rules(c.attributes.values(), ['id', '__component'], 'component')]),
    library: Array.isArray(library)
      ? library.flatMap((m) =>
          typeof m === 'object' && m !== null && typeof (m as { id?: unknown }).id === 'number' ? [(m as { id: number }).id] : [],
        )
      : [],
    aside: aside
      ? types.map((t) => [t.uid, deferrableNames(t).filter((name) => !(SYSTEM_FIELDS as readonly string[]).includes(name))])
      : [],
  };
}

/** A rule as the shrinker applies it: a component's rules resolved to its table, a related document's to its members'. */
type Rule =
  | { readonly kind: 'keep' | 'drop' | 'media' | 'zone' }
  | { readonly kind: 'component' | 'ref'; readonly table: Table }
  | { readonly kind: 'aside' };

/** Member names to rules, found by their bytes (no string is made of a key without escapes). */
class Table {
  private readonly byHash = new Map<number, { bytes: Buffer; rule: Rule }[]>();
  private readonly byName = new Map<string, Rule>();

  constructor(readonly others: Rule) {}

  add(name: string, rule: Rule): void {
    const bytes = Buffer.from(name, 'utf8');
    if (bytes.length === 0) return void this.byName.set(name, rule);
    const h = hashOf(bytes, 0, bytes.length);
    const list = this.byHash.get(h) ?? [];
    const same = list.findIndex((e) => e.bytes.equals(bytes));
    if (same >= 0) list.splice(same, 1);
    list.push({ bytes, rule });
    this.byHash.set(h, list);
    this.byName.set(name, rule);
  }

  /** The rule of the key whose text (quotes left out) is `buf[start, end)`. */
  find(buf: Buffer, start: number, end: number): Rule {
    if (hasBackslash(buf, start, end)) {
      // an escaped key: its decoded name (JSON.parse of the key fails on a bad escape, as the import would)
      return this.byName.get(JSON.parse(buf.toString('utf8', start - 1, end + 1)) as string) ?? this.others;
    }
    const n = end - start;
    if (n === 0) return this.byName.get('') ?? this.others;
    const list = this.byHash.get(hashOf(buf, start, end));
    if (list) {
      for (const { bytes, rule } of list) {
        if (bytes.length !== n) continue;
        let i = 0;
        while (i < n && bytes[i] === buf[start + i]) i++;
        if (i === n) return rule;
      }
    }
    return this.others;
  }
}

const hashOf = (b: Uint8Array, start: number, end: number) =>
  ((end - start) * 961 + b[start] * 31 + b[end - 1]) * 31 + b[(start + end) >> 1];

const KEEP: Rule = { kind: 'keep' };
const DROP: Rule = { kind: 'drop' };
const ASIDE: Rule = { kind: 'aside' };
/** The rules without a table, one object each (a file shrunk once is written again as it was, see item). */
const SIMPLE: Record<'keep' | 'drop' | 'media' | 'zone', Rule> = {
  keep: KEEP,
  drop: DROP,
  media: { kind: 'media' },
  zone: { kind: 'zone' },
};
const rulesOf = (rule: MemberRule, components: Map<string, Table>, refs: Map<string, Rule>): Rule => {
  if (!Array.isArray(rule)) return SIMPLE[rule as 'keep' | 'drop' | 'media' | 'zone'];
  if (rule[0] === 'component') return { kind: 'component', table: components.get(rule[1] as string)! };
  // one rule per set of members: a related document shrunk once is written again as it was (see item)
  const members = rule[1] as readonly string[];
  const key = members.join('\u0000');
  let ref = refs.get(key);
  if (!ref) {
    const table = new Table(DROP);
    for (const name of members) table.add(name, KEEP);
    refs.set(key, (ref = { kind: 'ref', table }));
  }
  return ref;
};

/** Related documents and files remembered as shrunk (a bound on the memory they hold), and their largest size. */
const SEEN_ITEMS = 20_000;
const SEEN_BYTES = 4096;
/** The output a chunk of documents shrunk as they are found starts with (it grows as needed). */
const CHUNK_BYTES = 1 << 20;

/** A snapshot that cannot be shrunk for sure: it is passed on whole. */
class Unshrinkable extends Error {}

/** Rewrites the snapshots of the types a plan knows, on the read-ahead thread. */
export class SnapshotShrinker {
  private readonly names: Map<string, string>;
  private readonly types = new Map<string, Table>();
  private readonly components = new Map<string, Table>();
  private readonly refs = new Map<string, Rule>();
  private readonly library: Set<number>;
  private out = Buffer.alloc(0);
  private at = 0;
  /** Related documents and files shrunk so far, by a hash of their first bytes (see item). */
  private readonly seen = new Map<number, { rule: Rule; text: Buffer; out: Buffer }[]>();
  private seenCount = 0;
  /** The type being shrunk as it is found (begin), and [start in the file, start, end in the output, …] of each. */
  private table: Table | undefined;
  private found: number[] = [];
  /** Members set aside since `begin` or `take`: [document's index in the chunk, key start, value end, …] in the seed. */
  private asides: number[] = [];

  /** The strict check of what is left out: jsonValueEnd, or the same in WebAssembly (see json-check-wasm.ts). */
  private readonly checked: CheckedEnd;
  /** Where a kept value ends: the WebAssembly check finds it faster than valueEnd, json-check.ts slower. */
  private readonly keptEnd: (buf: Buffer, pos: number) => number;

  /**
   * `aside`: whether members are set aside as the plan says (file offsets must fit the posted Uint32Array);
   * `checked`: the strict check in WebAssembly, where it runs.
   */
  constructor(plan: ShrinkPlan, aside = true, checked?: CheckedEnd) {
    this.checked = checked ?? jsonValueEnd;
    // (strict: a kept value that is not JSON fails its document's JSON.parse on the main thread all the same)
    this.keptEnd = checked ? (buf, pos) => this.checkedEnd(buf, pos) : valueEnd;
    this.names = new Map(plan.names.map(([name, uid]) => [name, uid]));
    this.library = new Set(plan.library);
    // tables first, rules after: a component may hold another (or itself)
    for (const [uid] of plan.components) this.components.set(uid, new Table(KEEP));
    for (const [uid, rules] of plan.components)
      for (const [name, rule] of rules) this.components.get(uid)!.add(name, rulesOf(rule, this.components, this.refs));
    for (const [uid, rules] of plan.types) {
      const table = new Table(DROP);
      for (const [name, rule] of rules) table.add(name, rulesOf(rule, this.components, this.refs));
      this.types.set(uid, table);
    }
    if (aside) for (const [uid, names] of plan.aside) for (const name of names) this.types.get(uid)?.add(name, ASIDE);
  }

  /**
   * The content type a type's members before its "documents" name for sure, as DatasetImporter.typeFor would name
   * it from all of them (`uid` and `pluralName` both given: no later member can change it); else undefined.
   */
  typeOf(key: string, members: Record<string, unknown>): string | undefined {
    if (!('uid' in members) || !('pluralName' in members)) return undefined;
    const get = (name: unknown) => (typeof name === 'string' ? this.names.get(name) : undefined);
    return get(members.uid ?? key) ?? get(key) ?? (members.pluralName ? get(members.pluralName) : undefined);
  }

  /**
   * The snapshots at `slices`, shrunk as type `uid`'s, one after another in a new buffer, with their extents (for a
   * plan that sets nothing aside: what it would set aside is left out here).
   */
  shrink(buf: Buffer, slices: readonly Slice[], uid: string): { bytes: Buffer; extents: Float64Array } {
    const table = this.types.get(uid)!;
    let size = 0;
    for (const s of slices) size += s.end - s.start;
    // a snapshot never grows: members are left out, none is added
    this.out = Buffer.allocUnsafeSlow(size);
    this.at = 0;
    const extents = new Float64Array(slices.length * 2);
    slices.forEach((s, i) => {
      const start = this.at;
      try {
        if (!isObjectAt(buf, s) || this.object(buf, s.start, table) !== s.end) throw new Unshrinkable();
      } catch (e) {
        if (!(e instanceof Unshrinkable) && !(e instanceof ScanError) && !(e instanceof SyntaxError)) throw e;
        this.at = start;
        this.copy(buf, s.start, s.end);
      }
      extents[2 * i] = start;
      extents[2 * i + 1] = this.at;
    });
    const bytes = this.out;
    this.out = Buffer.alloc(0);
    return { bytes, extents };
  }

  /**
   * Starts shrinking type `uid`'s documents one at a time, as the outline finds them (see document): the outline's
   * walk of each document is then this one, not a walk of its own before it.
   */
  begin(uid: string): void {
    this.table = this.types.get(uid)!;
    this.out = Buffer.allocUnsafeSlow(CHUNK_BYTES);
    this.at = 0;
    this.found = [];
    this.asides = [];
  }

  /**
   * Shrinks the document (an object) at `start` after those before it since `begin` or `take`, and says where it
   * ends in `buf`. One that cannot be shrunk for sure is copied whole; one that is not JSON throws the ScanError the
   * outline's own walk would.
   */
  document(buf: Buffer, start: number): number {
    const from = this.at;
    const asides = this.asides.length;
    let end: number;
    try {
      end = this.object(buf, start, this.table!);
    } catch (e) {
      if (!(e instanceof Unshrinkable) && !(e instanceof ScanError) && !(e instanceof SyntaxError)) throw e;
      // copied whole, members set aside included
      this.asides.length = asides;
      this.at = from;
      end = valueEnd(buf, start);
      this.copy(buf, start, end);
    }
    this.found.push(start, from, this.at);
    return end;
  }

  /**
   * The documents shrunk since `begin` or the last `take`, in a buffer of their own with their extents, if they are
   * the documents at `slices` (else undefined: the chunk is posted as it is); the next chunk starts empty.
   */
  take(slices: readonly Slice[]): { bytes: Buffer; extents: Float64Array; asides?: Uint32Array } | undefined {
    const found = this.found;
    this.found = [];
    const asides = this.asides;
    this.asides = [];
    const size = this.at;
    this.at = 0;
    if (found.length !== 3 * slices.length || slices.some((s, i) => found[3 * i] !== s.start)) return undefined;
    const extents = new Float64Array(2 * slices.length);
    for (let i = 0; i < slices.length; i++) {
      extents[2 * i] = found[3 * i + 1];
      extents[2 * i + 1] = found[3 * i + 2];
    }
    // a buffer of its own, of its size: it is transferred to the main thread
    const bytes = Buffer.allocUnsafeSlow(size);
    this.out.copy(bytes, 0, 0, size);
    return asides.length === 0 ? { bytes, extents } : { bytes, extents, asides: Uint32Array.from(asides) };
  }

  /** Makes room for `n` more bytes of output (a document shrunk as it is found has no known size). */
  private room(n: number): void {
    if (this.at + n <= this.out.length) return;
    const larger = Buffer.allocUnsafeSlow(Math.max(2 * this.out.length, this.at + n));
    this.out.copy(larger, 0, 0, this.at);
    this.out = larger;
  }

  /** Writes the object at `start` with each member as its rule says; returns where it ends in `buf`. */
  private object(buf: Buffer, start: number, table: Table): number {
    this.byte(OPEN_BRACE);
    let pos = skipSpace(buf, start + 1);
    let first = true;
    if (buf[pos] !== CLOSE_BRACE) {
      for (;;) {
        if (buf[pos] !== QUOTE) throw new ScanError(pos);
        const keyEnd = stringEnd(buf, pos);
        const rule = table.find(buf, pos + 1, keyEnd - 1);
        let at = skipSpace(buf, keyEnd);
        if (buf[at] !== COLON) throw new ScanError(at);
        at = skipSpace(buf, at + 1);
        let end: number;
        if (rule.kind === 'drop') {
          end = this.checkedEnd(buf, at);
        } else if (rule.kind === 'aside') {
          // left in the seed's bytes as it is: strict JSON, as the import parses it later (else the document is whole)
          end = this.checkedEnd(buf, at);
          this.asides.push(this.found.length / 3, pos, end);
        } else {
          if (!first) this.byte(COMMA);
          first = false;
          this.copy(buf, pos, keyEnd);
          this.byte(COLON);
          end = this.value(buf, at, rule);
        }
        pos = skipSpace(buf, end);
        if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
        else if (buf[pos] === CLOSE_BRACE) break;
        else throw new ScanError(pos);
      }
    }
    this.byte(CLOSE_BRACE);
    return pos + 1;
  }

  /** Writes the value at `start` as `rule` says; returns where it ends in `buf`. */
  private value(buf: Buffer, start: number, rule: Rule): number {
    const c = buf[start];
    if (rule.kind === 'keep' || (c !== OPEN_BRACE && c !== OPEN_BRACKET)) return this.verbatim(buf, start);
    if (c === OPEN_BRACKET) {
      // a list: each object in it as the rule says (a zone is a list of entries)
      this.byte(OPEN_BRACKET);
      let pos = skipSpace(buf, start + 1);
      if (buf[pos] !== CLOSE_BRACKET) {
        for (let first = true; ; first = false) {
          if (!first) this.byte(COMMA);
          const end = buf[pos] === OPEN_BRACE ? this.item(buf, pos, rule) : this.verbatim(buf, pos);
          pos = skipSpace(buf, end);
          if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
          else if (buf[pos] === CLOSE_BRACKET) break;
          else throw new ScanError(pos);
        }
      }
      this.byte(CLOSE_BRACKET);
      return pos + 1;
    }
    return rule.kind === 'zone' ? this.verbatim(buf, start) : this.item(buf, start, rule);
  }

  /**
   * One object under a rule: a related document, a file, a component or a zone's entry. A related document or file
   * shown again with the same bytes (the same category on many articles) is written as it was shrunk the first time.
   */
  private item(buf: Buffer, start: number, rule: Rule): number {
    if (rule.kind !== 'ref' && rule.kind !== 'media') return this.part(buf, start, rule);
    let h = 0;
    for (let i = start, last = Math.min(buf.length, start + 48); i < last; i++) h = (h * 31 + buf[i]) | 0;
    const list = this.seen.get(h);
    if (list) {
      // bytes equal to a whole object seen before are that object (its closing brace ends it)
      for (const e of list) {
        const n = e.text.length;
        if (e.rule === rule && start + n <= buf.length && buf.compare(e.text, 0, n, start, start + n) === 0) {
          this.copy(e.out, 0, e.out.length);
          return start + n;
        }
      }
    }
    const at = this.at;
    const end = this.part(buf, start, rule);
    if (this.seenCount < SEEN_ITEMS && end - start <= SEEN_BYTES) {
      this.seenCount++;
      const seen = { rule, text: Buffer.from(buf.subarray(start, end)), out: Buffer.from(this.out.subarray(at, this.at)) };
      if (list) list.push(seen);
      else this.seen.set(h, [seen]);
    }
    return end;
  }

  private part(buf: Buffer, start: number, rule: Rule): number {
    switch (rule.kind) {
      case 'ref':
      case 'component':
        return this.object(buf, start, rule.table);
      case 'media':
        return this.file(buf, start);
      case 'zone': {
        const table = this.components.get(this.componentOf(buf, start));
        return table ? this.object(buf, start, table) : this.verbatim(buf, start);
      }
      default:
        return this.verbatim(buf, start);
    }
  }

  /** A file: its id alone when the library has it (and it names one id), else whole. */
  private file(buf: Buffer, start: number): number {
    let id: number | undefined;
    let ids = 0;
    let pos = skipSpace(buf, start + 1);
    let idText: [number, number] = [0, 0];
    if (buf[pos] !== CLOSE_BRACE) {
      for (;;) {
        if (buf[pos] !== QUOTE) throw new ScanError(pos);
        const keyEnd = stringEnd(buf, pos);
        let at = skipSpace(buf, keyEnd);
        if (buf[at] !== COLON) throw new ScanError(at);
        at = skipSpace(buf, at + 1);
        let vEnd: number;
        if (isIdKey(buf, pos, keyEnd)) {
          vEnd = valueEnd(buf, at);
          ids++;
          idText = [at, vEnd];
          const v = JSON.parse(buf.toString('utf8', at, vEnd)) as unknown;
          id = typeof v === 'number' ? v : undefined;
        } else {
          vEnd = this.checkedEnd(buf, at);
        }
        pos = skipSpace(buf, vEnd);
        if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
        else if (buf[pos] === CLOSE_BRACE) break;
        else throw new ScanError(pos);
      }
    }
    const end = pos + 1;
    if (ids !== 1 || id === undefined || !this.library.has(id)) {
      this.copy(buf, start, end);
      return end;
    }
    this.ascii('{"id":');
    this.copy(buf, idText[0], idText[1]);
    this.byte(CLOSE_BRACE);
    return end;
  }

  /** A zone entry's `__component` (the last one given, as JSON.parse keeps), as the import names its component. */
  private componentOf(buf: Buffer, start: number): string {
    let uid = 'undefined';
    let pos = skipSpace(buf, start + 1);
    if (buf[pos] === CLOSE_BRACE) return uid;
    for (;;) {
      if (buf[pos] !== QUOTE) throw new ScanError(pos);
      const keyEnd = stringEnd(buf, pos);
      let at = skipSpace(buf, keyEnd);
      if (buf[at] !== COLON) throw new ScanError(at);
      at = skipSpace(buf, at + 1);
      const end = valueEnd(buf, at);
      if (isComponentKey(buf, pos, keyEnd)) uid = String(JSON.parse(buf.toString('utf8', at, end)));
      pos = skipSpace(buf, end);
      if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
      else if (buf[pos] === CLOSE_BRACE) return uid;
      else throw new ScanError(pos);
    }
  }

  /** Where a value the shrinker leaves out ends: it must be strict JSON, or the snapshot is passed on whole. */
  private checkedEnd(buf: Buffer, pos: number): number {
    const end = this.checked(buf, pos);
    if (end < 0) throw new Unshrinkable();
    return end;
  }

  private verbatim(buf: Buffer, start: number): number {
    const end = this.keptEnd(buf, start);
    this.copy(buf, start, end);
    return end;
  }

  private copy(buf: Uint8Array, start: number, end: number): void {
    this.room(end - start);
    // a native copy needs a view of its source made first: below a few hundred bytes this loop is cheaper
    if (end - start > 512) {
      this.out.set(buf.subarray(start, end), this.at);
      this.at += end - start;
      return;
    }
    const out = this.out;
    let at = this.at;
    for (let i = start; i < end; i++) out[at++] = buf[i];
    this.at = at;
  }

  private byte(b: number): void {
    if (this.at === this.out.length) this.room(1);
    this.out[this.at++] = b;
  }

  private ascii(text: string): void {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.out[this.at++] = text.charCodeAt(i);
  }
}

function hasBackslash(buf: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (buf[i] === BACKSLASH) return true;
  return false;
}

const COMPONENT_KEY = Buffer.from('"__component"');

/** Whether the key (with its quotes) at `buf[start, end)` is "__component" (compared by its bytes unless escaped). */
function isComponentKey(buf: Buffer, start: number, end: number): boolean {
  if (hasBackslash(buf, start + 1, end - 1)) return JSON.parse(buf.toString('utf8', start, end)) === '__component';
  if (end - start !== COMPONENT_KEY.length) return false;
  for (let i = 0; i < COMPONENT_KEY.length; i++) if (buf[start + i] !== COMPONENT_KEY[i]) return false;
  return true;
}

/** Whether the key (with its quotes) at `buf[start, end)` is "id". */
function isIdKey(buf: Buffer, start: number, end: number): boolean {
  if (end - start === 4) return buf[start + 1] === 0x69 && buf[start + 2] === 0x64;
  return hasBackslash(buf, start + 1, end - 1) && JSON.parse(buf.toString('utf8', start, end)) === 'id';
}
