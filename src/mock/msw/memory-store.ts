import { ContentIndex } from '../../core/data/content-index.js';
import { beginChanges, endChanges } from '../../core/data/change-log.js';
import type { Store } from '../../core/data/store.js';
import type { StoreData } from '../../core/data/types.js';
import type { ContentModel } from '../../core/model/types.js';

/**
 * The store of MSW handlers: plain memory, no file (so it runs in a browser), reset by cloning the
 * initial data (each test starts from the same content).
 */
export class MemoryStore implements Store {
  /** Never a file: uploads and persistence are the server's. */
  readonly file = undefined;
  readonly index: ContentIndex;
  private current: StoreData;

  constructor(
    model: ContentModel,
    private readonly initial: StoreData,
  ) {
    this.current = structuredClone(initial);
    this.index = new ContentIndex(model, this.current);
  }

  get data(): StoreData {
    return this.current;
  }

  async mutate<T>(change: (data: StoreData) => T): Promise<T> {
    // An open change lets the index see, while the change runs, the rows it added, removed or edited so far.
    beginChanges(this.current);
    try {
      return change(this.current);
    } finally {
      endChanges(this.current);
      this.index.invalidate(this.current);
    }
  }

  nextId(table: string): number {
    const next = (this.current.sequences[table] ?? 0) + 1;
    this.current.sequences[table] = next;
    return next;
  }

  async reset(): Promise<void> {
    this.current = structuredClone(this.initial);
    this.index.invalidate(this.current);
  }

  async flush(): Promise<void> {}
}
