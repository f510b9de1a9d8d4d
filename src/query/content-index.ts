import type { ContentModel, ContentType, RelationAttribute } from '../model/types.js';
import type { MediaFile, Row, StoreData } from '../store/types.js';

/**
 * Read-side indexes over the stored rows, built lazily and dropped on every write. The engine asks this, never
 * the store, so it stays free of I/O and can run over any `StoreData` (the server's, a test's, the proxy's).
 */
export class ContentIndex {
  private byDoc = new Map<string, Map<string, Row[]>>();
  private inverse = new Map<string, Map<string, Row[]>>();
  private mediaById: Map<number, MediaFile> | undefined;

  constructor(
    readonly model: ContentModel,
    private data: StoreData,
  ) {}

  /** Call after any change to the data (or to swap in new data). */
  invalidate(data: StoreData = this.data): void {
    this.data = data;
    this.byDoc.clear();
    this.inverse.clear();
    this.mediaById = undefined;
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
      for (const list of index.values()) list.sort((a, b) => a.id - b.id);
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
