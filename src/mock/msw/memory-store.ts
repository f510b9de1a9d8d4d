import type { Transaction } from '../../core/data/transaction.js';
import type { StoreData } from '../../core/data/types.js';
import type { ContentModel } from '../../core/model/types.js';
import { TransactionalStore, verifyByDefault } from '../../store/transactional-store.js';

/**
 * The store of MSW handlers: plain memory, no file (so it runs in a browser), reset by cloning the initial data
 * (each test starts from the same content). Transactions are the file store's own (commit, rollback), so a refused
 * write leaves the data as it was here too.
 */
export class MemoryStore extends TransactionalStore {
  /** Never a file: uploads and persistence are the server's. */
  readonly file = undefined;

  constructor(
    model: ContentModel,
    private readonly initial: StoreData,
  ) {
    super(structuredClone(initial), model, verifyByDefault());
  }

  async mutate<T>(change: (tx: Transaction) => T): Promise<T> {
    return this.transact(change).result;
  }

  async reset(): Promise<void> {
    this.resetSession();
    this.swap(structuredClone(this.initial));
  }

  async flush(): Promise<void> {}
}
