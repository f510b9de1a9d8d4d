import type { ContentIndex } from './content-index.js';
import type { Transaction } from './transaction.js';
import type { StoreSession } from './store-session.js';
import type { StoreData } from './types.js';

/**
 * What the query engine and the writer may ask of a datastore; persistence (a JSON file, memory) lives behind it in
 * `src/store/`. A change runs synchronously against `data`; the promise settles once it is durable.
 */
export interface Store {
  readonly data: StoreData;
  /** Read indexes over the current data. */
  readonly index: ContentIndex;
  /**
   * Runs `change` in a transaction of its own (the only way to write), refreshes the indexes, then persists; changes
   * never interleave. A change that throws is rolled back, whatever it did; so is one that cannot be saved (the
   * promise rejects). Rows are edited, inserted and removed through the transaction (transaction.ts).
   */
  mutate<T>(change: (tx: Transaction) => T): Promise<T>;
  /** Per-store state that is not content (sessions, secrets, bytes in memory); a reset starts a new one. */
  readonly session: StoreSession;
  /** Id for a new row of `table` (a type uid, `component:<uid>`, `media`), never reusing one. */
  nextId(table: string): number;
}
