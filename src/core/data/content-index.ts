import type { ContentModel, ContentType, RelationAttribute } from '../model/types.js';
import { linkRank } from './link-order.js';
import type { MediaFile, Row, StoreData } from './types.js';

/**
 * Read-side indexes over the stored rows, built lazily and dropped on every write. The engine asks this, never
 * the store, so it stays free of I/O and can run over any `StoreData` (the server's, a test's, the proxy's).
 */
export class ContentIndex {
  private byDoc = new Map<string, Map<string, Row[]>>();
  private inverse = new Map<string, Map<string, Row[]>>();
  private mediaById: Map<number, MediaFile> | undefined;
  /** Derived lists (the rows one status and locale see, in id order or sorted): reads repeat, writes are rare. */
  private derived = new Map<string, readonly Row[]>();

  constructor(
    readonly model: ContentModel,
    private data: StoreData,
  ) {}

  /** Bumped on every change: anything derived from an older generation is stale. */
  generation = 0;

  /** Call after any change to the data (or to swap in new data). */
  invalidate(data: StoreData = this.data): void {
    this.generation++;
    this.data = data;
    this.byDoc.clear();
    this.inverse.clear();
    this.mediaById = undefined;
    this.derived.clear();
  }

  /**
   * A list computed from the rows, kept until the next write. Bounded: an unusual query cannot grow it forever.
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
    const key = `v\u0000${type.uid}\u0000${type.draftAndPublish ? draft : '-'}\u0000${locales ? locales.join('\u0001') : '*'}`;
    return this.memo(key, () => {
      const wanted = locales ? new Set(locales) : undefined;
      return this.rows(type.uid)
        .filter((r) => (!type.draftAndPublish || isDraftRow(r) === draft) && (!wanted || wanted.has(String(r.locale))))
        .sort((a, b) => a.id - b.id);
    });
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
      for (const row of this.rows(uid)) {
        const list = index.get(row.documentId);
        if (list) list.push(row);
        else index.set(row.documentId, [row]);
      }
      for (const list of index.values()) list.sort((a, b) => a.id - b.id);
      this.byDoc.set(uid, index);
    }
    return index.get(documentId) ?? [];
  }

  /** Rows of `owner` whose owning relation `attr` points at `documentId`, in id order. */
  ownersOf(owner: ContentType, attr: RelationAttribute, documentId: string): readonly Row[] {
    const key = `${owner.uid}\u0000${attr.name}`;
    let index = this.inverse.get(key);
    if (!index) {
      index = new Map();
      for (const row of this.rows(owner.uid)) {
        for (const target of refsOf(row[attr.name])) {
          const list = index.get(target);
          if (list) list.push(row);
          else index.set(target, [row]);
        }
      }
      // Inverse lists keep the order links were made in (Strapi's join-table order), not row order.
      for (const [target, list] of index) {
        list.sort((a, b) => linkRank(this.data, owner.uid, attr.name, a, target) - linkRank(this.data, owner.uid, attr.name, b, target) || a.id - b.id);
      }
      this.inverse.set(key, index);
    }
    return index.get(documentId) ?? [];
  }

  media(id: number): MediaFile | undefined {
    if (!this.mediaById) this.mediaById = new Map(this.data.media.map((m) => [m.id, m]));
    return this.mediaById.get(id);
  }
}

/** The documentIds a stored owning-relation value holds (to-one: a string or null; to-many: an array). */
export function refsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

export const isDraftRow = (row: Row): boolean => row.publishedAt === null;

const MAX_DERIVED = 256;
