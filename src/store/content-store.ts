import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Low, Memory } from 'lowdb';
import { DataFile } from 'lowdb/node';
import type { ContentModel } from '../core/model/types.js';
import { ContentIndex } from '../core/data/content-index.js';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { DatasetError, emptyStore } from '../core/data/import-dataset.js';
import type { Store } from '../core/data/store.js';
import type { StoreData } from '../core/data/types.js';

export interface StoreOptions {
  /** The lowdb JSON file; undefined keeps everything in memory (`--memory`, tests). */
  readonly file?: string;
  /** What a new (or reset) store starts from. */
  readonly initial: () => StoreData;
}

/**
 * The datastore: lowdb over a JSON file (written atomically: temp file, then rename) or its in-memory twin.
 * Every change goes through `mutate`, which keeps the read indexes current and persists before answering.
 */
export class ContentStore implements Store {
  private currentIndex: ContentIndex;
  private writes: Promise<void> = Promise.resolve();
  /** Set while our own write is in flight, so a file watcher can tell our writes from an editor's. */
  lastWriteAt = 0;

  private constructor(
    private readonly db: Low<StoreData>,
    model: ContentModel,
    private options: StoreOptions,
  ) {
    this.currentIndex = new ContentIndex(model, db.data);
  }

  /** Read indexes over the current data, for the current model. */
  get index(): ContentIndex {
    return this.currentIndex;
  }

  /**
   * Serves the same data under a new content model (a schema reload): nothing is re-read or rewritten, pending
   * writes stay queued, rows keep every value (attributes the model no longer has are just not shown).
   */
  useModel(model: ContentModel, initial: () => StoreData): void {
    this.currentIndex = new ContentIndex(model, this.db.data);
    this.options = { ...this.options, initial };
  }

  static async open(model: ContentModel, options: StoreOptions): Promise<ContentStore> {
    let db: Low<StoreData>;
    if (options.file) {
      mkdirSync(dirname(options.file), { recursive: true });
      const file = options.file;
      const adapter = new DataFile<StoreData>(file, {
        parse: (text) => parseStoreText(text, file),
        stringify: (data) => JSON.stringify(data, null, 1) + '\n',
      });
      db = new Low(adapter, emptyStore(model));
      await db.read();
      if (!isStoreData(db.data)) throw new DatasetError(`${file}: not a content-mock store (missing "format": "content-mock-store/1")`);
      const fresh = (await adapter.read()) === null;
      if (fresh) {
        db.data = options.initial();
        await db.write();
      }
    } else {
      db = new Low(new Memory<StoreData>(), options.initial());
    }
    return new ContentStore(db, model, options);
  }

  get data(): StoreData {
    return this.db.data;
  }

  get file(): string | undefined {
    return this.options.file;
  }

  /** Runs a change against the data, refreshes the indexes, then persists (writes are queued, never interleaved). */
  async mutate<T>(change: (data: StoreData) => T): Promise<T> {
    const result = change(this.db.data);
    this.currentIndex.invalidate(this.db.data);
    await this.flush();
    return result;
  }

  /** Persists the current data; resolves once it is on disk. */
  flush(): Promise<void> {
    this.lastWriteAt = Date.now();
    this.writes = this.writes
      .then(() => this.db.write())
      .then(() => {
        this.lastWriteAt = Date.now();
      });
    return this.writes;
  }

  /** Replaces all content (reset to the seed, or data edited outside the server). */
  async replace(data: StoreData, persist = true): Promise<void> {
    this.db.data = data;
    this.currentIndex.invalidate(data);
    if (persist) await this.flush();
  }

  async reset(): Promise<void> {
    await this.replace(this.options.initial());
  }

  /** Id for a new row of `table` (a type uid, `component:<uid>`, `media`), never reusing one. */
  nextId(table: string): number {
    const next = (this.db.data.sequences[table] ?? 0) + 1;
    this.db.data.sequences[table] = next;
    return next;
  }
}

function isStoreData(v: unknown): v is StoreData {
  return (
    typeof v === 'object' && v !== null && (v as StoreData).format === 'content-mock-store/1' && typeof (v as StoreData).types === 'object'
  );
}

export function parseStoreText(text: string, file: string): StoreData {
  const parsed = parseJsonText(text, file);
  if (!parsed.ok) throw new DatasetError(formatProblem(parsed.problem));
  if (!isStoreData(parsed.value)) throw new DatasetError(`${file}: not a content-mock store (missing "format": "content-mock-store/1")`);
  return parsed.value;
}
