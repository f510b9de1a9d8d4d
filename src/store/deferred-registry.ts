import type { DeferredValues } from '../core/data/deferred-values.js';
import type { StoreData } from '../core/data/types.js';

// Which imported data still has values waiting as text (see DeferredValues): the import hands a store its data, the
// store asks here before anything reads what waits. Keyed by the data itself, so data swapped out (a reset, a
// reload) leaves nothing behind.
const registry = new WeakMap<StoreData, DeferredValues>();

/** Notes that `data`'s rows have values waiting in `values`. */
export function keepDeferred(data: StoreData, values: DeferredValues): void {
  registry.set(data, values);
}

/** The values of `data`'s rows still waiting as text, if any. */
export function deferredOf(data: StoreData): DeferredValues | undefined {
  const values = registry.get(data);
  return values?.pending ? values : undefined;
}
