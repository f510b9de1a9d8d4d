import type { ContentIndex } from './content-index.js';
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
   * Runs `change` against the data, refreshes the indexes, then persists; changes never interleave. A row the change
   * edits in place must be declared first with `rowChanged` (change-log.ts); rows added or removed are found.
   */
  mutate<T>(change: (data: StoreData) => T): Promise<T>;
  /** Id for a new row of `table` (a type uid, `component:<uid>`, `media`), never reusing one. */
  nextId(table: string): number;
}
