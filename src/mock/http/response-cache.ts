import type { ContentIndex } from '../../core/data/content-index.js';

interface Entry {
  readonly index: ContentIndex;
  readonly generation: number;
  readonly body: Buffer;
}

/** Bodies above this are not kept: the cache is for the pages frontends ask for again and again. */
const MAX_BODY = 512 * 1024;
const MAX_ENTRIES = 500;

/**
 * Serialized answers to reads, valid while the data they were computed from is unchanged: an entry records the
 * index and its generation, and any write or reload makes it stale. Answers depend on nothing else than the URL,
 * the caller and the response format, which the key holds.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();

  get(key: string, index: ContentIndex): Buffer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.index !== index || entry.generation !== index.generation) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh its place: the oldest untouched entry goes first when full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, index: ContentIndex, body: Buffer): void {
    if (body.length > MAX_BODY) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { index, generation: index.generation, body });
  }
}
