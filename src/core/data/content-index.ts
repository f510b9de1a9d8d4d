import type { ContentModel, ContentType, RelationAttribute } from '../model/types.js';
import { LOCALES_TABLE, MEDIA_TABLE, netMoves, type ChangeLog } from './transaction.js';
import { sortByLink } from './link-order.js';
import { tableDependencies } from './table-dependencies.js';
import { refsOf } from './link-refs.js';
import { ListHighs } from './list-highs.js';
import type { MediaFile, Row, StoreData } from './types.js';

/** What one change did to one table (a type uid, `@media` or `@locales`). */
export interface TableChange {
  readonly table: string;
  readonly added: readonly Row[];
  readonly removed: readonly Row[];
  /** Rows changed in place (still in the table). */
  readonly changed: readonly Row[];
  /** Copies of rows as they were before the change, for rows it changed in place (removed rows too, when known). */
  readonly before?: ReadonlyMap<Row, Row>;
}

interface VersionList {
  readonly draft: boolean | undefined;
  readonly wanted: ReadonlySet<string> | undefined;
  rows: Row[];
}

/**
 * Read-side indexes over the stored rows, built lazily and kept current change by change: a write updates the lists
 * of its own table and drops only what depends on the tables it touched. The engine asks this, never the store, so
 * it stays free of I/O and can run over any `StoreData` (the server's, a test's, the proxy's).
 */
export class ContentIndex {
  private byDoc = new Map<string, Map<string, Row[]>>();
  /** Per table: rows by id (the first of a table in its order); undefined entry map: ids repeat, scan instead. */
  private ids = new Map<string, Map<number, Row> | null>();
  /** Per `uid\0attribute` of an owning relation: the rows linking each target documentId (may hold stale rows). */
  private links = new Map<string, Map<string, Set<Row>>>();
  /** Per `uid\0attribute`: the inverse list of each target documentId, in link order, built when first read. */
  private inverse = new Map<string, Map<string, Row[]>>();
  private mediaById: Map<number, MediaFile> | undefined;
  /** Per type: the rows one status and some locales see, in id order (updated in place of rebuilt on a write). */
  private versions = new Map<string, Map<string, VersionList>>();
  /** Derived lists (sorted, filtered), keyed `<kind>\0<type uid>\0...`: reads repeat, writes are rare. */
  private derived = new Map<string, readonly Row[]>();
  /** Per `uid\0attribute`: rows by value (unique checks); entries may be stale, lookups verify them. */
  private values = new Map<string, Map<unknown, Set<Row>>>();
  private tableGenerations = new Map<string, number>();
  private deps: ReturnType<typeof tableDependencies> | undefined;
  private readonly attachments = new Map<(index: ContentIndex) => unknown, unknown>();
  /** Each inverse list's highest value, once read (new links go after it); the store settles it on each commit. */
  readonly listHighs = new ListHighs();

  constructor(
    readonly model: ContentModel,
    private data: StoreData,
  ) {}

  /**
   * The transaction running against the data, if any, set by the store around it: lookups during a write see the
   * rows it added, removed or edited so far.
   */
  transaction: ChangeLog | undefined;

  /** Bumped on every change: anything derived from an older generation may be stale. */
  generation = 0;
  /** Bumped when all data is replaced: per-table generations start over. */
  epoch = 0;

  /** Call after all data changed (or to swap in new data): everything is rebuilt on demand. */
  invalidate(data: StoreData = this.data): void {
    this.generation++;
    this.epoch++;
    this.data = data;
    this.byDoc.clear();
    this.ids.clear();
    this.links.clear();
    this.inverse.clear();
    this.mediaById = undefined;
    this.versions.clear();
    this.values.clear();
    this.derived.clear();
    this.tableGenerations.clear();
    this.listHighs.clear();
  }

  /** Forgets what was built from these tables (after a change that was undone). */
  invalidateTables(tables: Iterable<string>): void {
    const changes = [...tables].map((table) => ({ table, added: [], removed: [], changed: [] }));
    for (const c of changes) this.versions.delete(c.table);
    for (const c of changes) this.byDoc.delete(c.table);
    for (const c of changes) this.ids.delete(c.table);
    for (const key of this.values.keys()) if (changes.some((c) => key.startsWith(`${c.table}\u0000`))) this.values.delete(key);
    for (const key of this.links.keys()) if (changes.some((c) => key.startsWith(`${c.table}\u0000`))) this.links.delete(key);
    this.applyChanges(changes, new Set(changes.map((c) => c.table)));
  }

  /** How many times `table` changed since the last full invalidation. */
  tableGeneration(table: string): number {
    return this.tableGenerations.get(table) ?? 0;
  }

  /** The tables a read of `uid` can look at: its own, those its relations and components reach, media, locales. */
  dependencies(uid: string): readonly string[] {
    this.deps ??= tableDependencies(this.model);
    return this.deps.of(uid);
  }

  /**
   * Brings the indexes up to date after a change: the changed tables' lists are patched (idempotently, so a list
   * built during the change is fine too), and whatever depends on them is dropped. `linkOwners` are the owner types
   * whose link order changed.
   */
  applyChanges(changes: readonly TableChange[], linkOwners: ReadonlySet<string> = new Set(), linkKeys?: Iterable<string>): void {
    this.generation++;
    this.deps ??= tableDependencies(this.model);
    const touched = new Set<string>(linkOwners);
    for (const change of changes) {
      touched.add(change.table);
      this.tableGenerations.set(change.table, this.tableGeneration(change.table) + 1);
      if (change.table === MEDIA_TABLE) this.mediaById = undefined;
      if (change.table === MEDIA_TABLE || change.table === LOCALES_TABLE) continue;
      this.patchByDoc(change);
      this.patchVersions(change);
      this.patchValues(change);
      this.patchLinks(change);
      this.patchIds(change);
    }
    for (const table of linkOwners) this.tableGenerations.set(table, this.tableGeneration(table) + 1);
    if (linkKeys) {
      // A link's rank changed: only its target's inverse list is out of order (keys, link-order.ts:
      // `uid|attribute|documentId|locale|status|target`, then maybe `|version`).
      for (const key of linkKeys) {
        const parts = key.split('|');
        const plain = parts.length === 6 || (parts.length === 7 && (parts[6] === 'd' || parts[6] === 'p'));
        // a documentId holding `|` makes the key ambiguous: every list of that relation is rebuilt
        if (plain) this.inverse.get(`${parts[0]}\u0000${parts[1]}`)?.delete(parts[5]);
        else this.inverse.delete(`${parts[0]}\u0000${parts[1]}`);
      }
    } else {
      for (const key of this.inverse.keys()) if (linkOwners.has(key.slice(0, key.indexOf('\u0000')))) this.inverse.delete(key);
    }
    const stale = new Set<string>();
    for (const table of touched) for (const uid of this.deps.dependents(table)) stale.add(uid);
    for (const key of this.derived.keys()) {
      const uid = key.split('\u0000')[1];
      if (uid === undefined || stale.has(uid) || !this.model.contentTypes.has(uid)) this.derived.delete(key);
    }
  }

  private patchByDoc({ table, added, removed, changed }: TableChange): void {
    const index = this.byDoc.get(table);
    if (!index) return;
    for (const row of removed) {
      const list = index.get(row.documentId);
      if (!list?.includes(row)) continue;
      const rest = list.filter((r) => r !== row);
      if (rest.length > 0) index.set(row.documentId, rest);
      else index.delete(row.documentId);
    }
    for (const row of [...added, ...changed]) {
      const list = index.get(row.documentId);
      if (list?.includes(row)) continue;
      if (changed.includes(row) && !added.includes(row)) {
        // a row moved to another document: rebuild this table's map when next asked
        this.byDoc.delete(table);
        return;
      }
      index.set(row.documentId, insertById(list ?? [], row));
    }
  }

  private patchIds({ table, added, removed, changed, before }: TableChange): void {
    const byId = this.ids.get(table);
    if (!byId) return;
    for (const row of changed) {
      const was = before?.get(row)?.id ?? row.id;
      if (was !== row.id) {
        // an id changed in place: rebuilt when next asked
        this.ids.delete(table);
        return;
      }
    }
    for (const row of removed) if (byId.get(row.id) === row) byId.delete(row.id);
    for (const row of added) if (!byId.has(row.id)) byId.set(row.id, row);
  }

  /**
   * The row of `uid` with this id (the table's first, as a scan finds it), as the table holds it now: during a
   * change, with the rows it added or removed so far. An index lookup, not a pass over the table.
   */
  rowById(uid: string, id: number): Row | undefined {
    let byId = this.ids.get(uid);
    if (byId === undefined) {
      byId = new Map();
      for (const row of this.rows(uid)) {
        if (!byId.has(row.id)) byId.set(row.id, row);
        else {
          // ids repeat (a hand-edited file): which one is first depends on the order, so look each time
          byId = null;
          break;
        }
      }
      this.ids.set(uid, byId);
    }
    if (byId === null) return this.rows(uid).find((r) => r.id === id);
    const log = this.transaction;
    const moved = log && netMoves(log, uid);
    const row = byId.get(id);
    if (row && row.id === id && !moved?.removed.has(row)) return row;
    if (moved) for (const r of moved.added) if (r.id === id) return r;
    if (!row) return undefined;
    // a stale entry: look the slow way once
    this.ids.delete(uid);
    return this.rows(uid).find((r) => r.id === id);
  }

  /** Moves changed rows between the link sets of their old and new targets; their inverse lists are rebuilt when read. */
  private patchLinks({ table, added, removed, changed, before }: TableChange): void {
    const type = this.model.contentTypes.get(table);
    for (const [key, byTarget] of this.links) {
      if (!key.startsWith(`${table}\u0000`)) continue;
      const attribute = key.slice(table.length + 1);
      const inverse = this.inverse.get(key);
      const drop = (row: Row) => {
        for (const target of refsOf((before?.get(row) ?? row)[attribute])) {
          byTarget.get(target)?.delete(row);
          inverse?.delete(target);
        }
      };
      const add = (row: Row) => {
        for (const target of refsOf(row[attribute])) {
          const set = byTarget.get(target);
          if (set) set.add(row);
          else byTarget.set(target, new Set([row]));
          inverse?.delete(target);
        }
      };
      for (const row of removed) drop(row);
      for (const row of changed) {
        drop(row);
        add(row);
      }
      for (const row of added) add(row);
      if (!type) this.links.delete(key);
    }
    // inverse lists never asked for as sets are dropped with the rows they hold
    for (const [key, lists] of this.inverse) {
      if (this.links.has(key) || !key.startsWith(`${table}\u0000`)) continue;
      const attribute = key.slice(table.length + 1);
      for (const row of [...removed, ...changed, ...added]) {
        for (const target of refsOf((before?.get(row) ?? row)[attribute])) lists.delete(target);
        for (const target of refsOf(row[attribute])) lists.delete(target);
      }
    }
  }

  /** Per target documentId, the rows of `uid` whose owning relation `attribute` may link it (verify before use). */
  private linkSets(uid: string, attribute: string): Map<string, Set<Row>> {
    const key = `${uid}\u0000${attribute}`;
    let byTarget = this.links.get(key);
    if (!byTarget) {
      byTarget = new Map();
      for (const row of this.rows(uid)) {
        for (const target of refsOf(row[attribute])) {
          const set = byTarget.get(target);
          if (set) set.add(row);
          else byTarget.set(target, new Set([row]));
        }
      }
      this.links.set(key, byTarget);
    }
    return byTarget;
  }

  /**
   * The rows of `uid` whose owning relation `attribute` links `documentId` now, in id order: during a change, rows it
   * added or edited so far count as they are, rows it removed do not. An index lookup, not a pass over the table.
   */
  linkingRows(uid: string, attribute: string, documentId: string): Row[] {
    const log = this.transaction;
    const linked = this.linkSets(uid, attribute).get(documentId);
    const edited = log?.rows.get(uid);
    const moved = log && netMoves(log, uid);
    // (no copy of a popular target's set when the change touched no row of this table)
    let candidates: Iterable<Row> = linked ?? [];
    if (edited || moved) {
      const all = new Set(linked);
      for (const row of edited?.keys() ?? []) all.add(row);
      for (const row of moved?.added ?? []) all.add(row);
      candidates = all;
    }
    const out: Row[] = [];
    for (const row of candidates) {
      if (!linksTo(row[attribute], documentId)) continue;
      if (moved?.removed.has(row)) continue;
      if (moved?.added.has(row) || this.documentRows(uid, row.documentId).includes(row)) out.push(row);
    }
    return out.sort((a, b) => a.id - b.id);
  }

  /** Every row of one document as the table holds it now (during a change: with what it added or removed so far), in id order. */
  liveDocumentRows(uid: string, documentId: string): Row[] {
    const log = this.transaction;
    const moved = log && netMoves(log, uid);
    if (!moved) return [...this.documentRows(uid, documentId)];
    const out = this.documentRows(uid, documentId).filter((r) => !moved.removed.has(r));
    for (const row of moved.added) if (row.documentId === documentId && !out.includes(row)) out.push(row);
    return out.sort((a, b) => a.id - b.id);
  }

  private patchValues({ table, added, removed, changed }: TableChange): void {
    for (const [key, byValue] of this.values) {
      if (!key.startsWith(`${table}\u0000`)) continue;
      const attribute = key.slice(table.length + 1);
      for (const row of removed) byValue.get(row[attribute])?.delete(row);
      for (const row of [...added, ...changed]) addTo(byValue, row[attribute], row);
    }
  }

  /** Rows of `uid` whose `attribute` is `value` (for unique checks), in no particular order. */
  rowsWithValue(uid: string, attribute: string, value: unknown): Row[] {
    const key = `${uid}\u0000${attribute}`;
    let byValue = this.values.get(key);
    if (!byValue) {
      byValue = new Map();
      for (const row of this.rows(uid)) addTo(byValue, row[attribute], row);
      this.values.set(key, byValue);
    }
    const out: Row[] = [];
    const candidates = byValue.get(value);
    for (const row of candidates ?? []) {
      // a row whose value changed since, or that left the table, was not taken out: drop it now
      if (row[attribute] === value && this.documentRows(uid, row.documentId).includes(row)) out.push(row);
      else candidates?.delete(row);
    }
    return out;
  }

  private patchVersions({ table, added, removed, changed }: TableChange): void {
    const lists = this.versions.get(table);
    if (!lists) return;
    const type = this.model.contentTypes.get(table);
    for (const list of lists.values()) {
      const wants = (r: Row) =>
        (list.draft === undefined || isDraftRow(r) === list.draft) && (!list.wanted || list.wanted.has(String(r.locale)));
      // In place: nothing holds a list across a change but what depends on this table, which is dropped with it.
      const rows = list.rows;
      const drop = (row: Row) => {
        const at = findById(rows, row);
        if (at >= 0) rows.splice(at, 1);
      };
      for (const row of removed) drop(row);
      for (const rowsOf of [changed, added]) {
        for (const row of rowsOf) {
          if (!type || !wants(row)) drop(row);
          else if (findById(rows, row) < 0) rows.splice(placeById(rows, row), 0, row);
        }
      }
    }
  }

  /**
   * What a reader derives from this index (its model, its rows) and keeps for the index's life, one per `make`:
   * the query engine's per-model caches live here rather than in module state.
   */
  attached<T>(make: (index: ContentIndex) => T): T {
    if (!this.attachments.has(make)) this.attachments.set(make, make(this));
    return this.attachments.get(make) as T;
  }

  /**
   * A list computed from the rows, kept until a change of a table it can depend on. Keys start with a kind and
   * the type's uid (`s\0api::a.a\0...`). Bounded: an unusual query cannot grow it forever.
   */
  memo(key: string, compute: () => readonly Row[]): readonly Row[] {
    let rows = this.derived.get(key);
    if (!rows) {
      if (this.derived.size >= MAX_DERIVED) this.derived.delete(this.derived.keys().next().value as string);
      rows = compute();
      this.derived.set(key, rows);
    }
    return rows;
  }

  /** The rows a read of one status and some locales (null: all) starts from, in id order. */
  versionRows(type: ContentType, draft: boolean, locales: readonly string[] | null | undefined): readonly Row[] {
    // every locale (null) is keyed apart from a list that names the locale code `*` (`locale[0]=*`: none match)
    const key = `${type.draftAndPublish ? draft : '-'}\u0000${locales ? `=${locales.join('\u0001')}` : '*'}`;
    let lists = this.versions.get(type.uid);
    if (!lists) this.versions.set(type.uid, (lists = new Map()));
    let list = lists.get(key);
    if (!list) {
      const wanted = locales ? new Set(locales) : undefined;
      const status = type.draftAndPublish ? draft : undefined;
      const rows = this.rows(type.uid)
        .filter((r) => (status === undefined || isDraftRow(r) === status) && (!wanted || wanted.has(String(r.locale))))
        .sort((a, b) => a.id - b.id);
      if (lists.size >= MAX_DERIVED) lists.delete(lists.keys().next().value as string);
      lists.set(key, (list = { draft: status, wanted, rows }));
    }
    return list.rows;
  }

  get storeData(): StoreData {
    return this.data;
  }

  rows(uid: string): readonly Row[] {
    return this.data.types[uid] ?? [];
  }

  /** Every row (all locales and statuses) of one document, in id order. */
  documentRows(uid: string, documentId: string): readonly Row[] {
    let index = this.byDoc.get(uid);
    if (!index) {
      index = new Map();
      // Tables are held in id order: each list is then too, and only one that is not gets sorted (100k articles: the
      // first populate of localizations built this index in 180 ms, a third of it sorting 100k sorted lists).
      const unsorted = new Set<Row[]>();
      for (const row of this.rows(uid)) {
        const list = index.get(row.documentId);
        if (!list) index.set(row.documentId, [row]);
        else {
          if (list[list.length - 1].id > row.id) unsorted.add(list);
          list.push(row);
        }
      }
      for (const list of unsorted) list.sort((a, b) => a.id - b.id);
      this.byDoc.set(uid, index);
    }
    return index.get(documentId) ?? [];
  }

  /** Rows of `owner` whose owning relation `attr` points at `documentId`, in id order. */
  ownersOf(owner: ContentType, attr: RelationAttribute, documentId: string): readonly Row[] {
    const key = `${owner.uid}\u0000${attr.name}`;
    let lists = this.inverse.get(key);
    if (!lists) this.inverse.set(key, (lists = new Map()));
    let list = lists.get(documentId);
    if (!list) {
      // Inverse lists keep the order links were made in (Strapi's join-table order), not row order.
      // (equal values in join-row order: values are numbered per target row, and a publish sync may copy one)
      list = sortByLink(this.data, owner.uid, attr.name, this.linkingRows(owner.uid, attr.name, documentId), documentId);
      lists.set(documentId, list);
    }
    return list;
  }

  media(id: number): MediaFile | undefined {
    if (!this.mediaById) this.mediaById = new Map(this.data.media.map((m) => [m.id, m]));
    return this.mediaById.get(id);
  }
}

/** Whether a stored owning-relation value links `documentId` (refsOf(value).includes(documentId), without a copy). */
function linksTo(value: unknown, documentId: string): boolean {
  return typeof value === 'string' ? value === documentId : Array.isArray(value) && value.includes(documentId);
}

function addTo(byValue: Map<unknown, Set<Row>>, value: unknown, row: Row): void {
  const set = byValue.get(value);
  if (set) set.add(row);
  else byValue.set(value, new Set([row]));
}

/** Where `row` is in a list sorted by id (the same object), or -1. */
function findById(rows: readonly Row[], row: Row): number {
  let lo = 0;
  let hi = rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].id < row.id) lo = mid + 1;
    else if (rows[mid].id > row.id) hi = mid - 1;
    else {
      // ids are unique in a table; a hand-edited file may repeat one, so look around
      for (let k = mid; k >= 0 && rows[k].id === row.id; k--) if (rows[k] === row) return k;
      for (let k = mid + 1; k < rows.length && rows[k].id === row.id; k++) if (rows[k] === row) return k;
      return -1;
    }
  }
  return -1;
}

/** Where `row` goes in a list sorted by id (new rows have the highest id: usually the end). */
function placeById(rows: readonly Row[], row: Row): number {
  let lo = 0;
  let hi = rows.length;
  if (hi === 0 || rows[hi - 1].id <= row.id) return hi;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (rows[mid].id <= row.id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A copy of a list sorted by id with `row` in its place. */
function insertById(rows: readonly Row[], row: Row): Row[] {
  const at = placeById(rows, row);
  return [...rows.slice(0, at), row, ...rows.slice(at)];
}

export { refsOf };

export const isDraftRow = (row: Row): boolean => row.publishedAt === null;

const MAX_DERIVED = 256;
