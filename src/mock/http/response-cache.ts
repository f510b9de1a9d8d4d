import type { ContentIndex } from '../../core/data/content-index.js';

interface Entry {
  readonly index: ContentIndex;
  readonly epoch: number;
  /** The tables the answer could read, and the generation each had when it was computed. */
  readonly tables: readonly string[];
  readonly generations: readonly number[];
  readonly body: Buffer;
}

/** Bodies above this are not kept: the cache is for the pages frontends ask for again and again. */
const MAX_BODY = 512 * 1024;
const MAX_ENTRIES = 500;

/**
 * Serialized answers to reads, valid while the tables they were computed from are unchanged: an entry records the
 * index and the generation of every table a read of its type can reach (relations, components, media), so a write
 * to one type leaves the answers of types that cannot see it in place. Answers depend on nothing else than the URL,
 * the caller and the response format, which the key holds.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  get(key: string, index: ContentIndex): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (
      entry.index !== index ||
      entry.epoch !== index.epoch ||
      entry.tables.some((t, i) => index.tableGeneration(t) !== entry.generations[i])
    ) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh its place: the oldest untouched entry goes first when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  /** Keeps the answer to a read of type `uid`. */
  set(key: string, index: ContentIndex, uid: string, body: Buffer): void {
    if (body.length > MAX_BODY) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const tables = index.dependencies(uid);
    this.entries.set(key, { index, epoch: index.epoch, tables, generations: tables.map((t) => index.tableGeneration(t)), body });
  }
}
