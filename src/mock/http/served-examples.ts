import type { ExamplesOf } from '../../contract/openapi/paths.js';
import { findMany, findOne, type QueryOptions } from '../../core/query/run-query.js';
import type { Runtime } from '../runtime.js';

/**
 * Response examples for the docs page, read from the content being served: the first entries of each list, the
 * first entry, and a documentId that exists (pre-filled in "Try it out" on `/{documentId}` routes).
 */
export function servedExamples(rt: Runtime): ExamplesOf {
  const opts: QueryOptions = { limits: rt.config.rest, strictParams: false };
  return (ct) => {
    try {
      if (ct.kind === 'collectionType') {
        const list = findMany(rt.store.index, ct, { pagination: { pageSize: 2 } }, opts);
        const first = list.data[0];
        if (!first) return undefined;
        return { list, entry: { data: first, meta: {} }, documentId: String(first.documentId) };
      }
      const data = findOne(rt.store.index, ct, undefined, {}, opts);
      return data ? { entry: { data, meta: {} } } : undefined;
    } catch {
      // Examples are a comfort: content that no longer fits the schemas shows none.
      return undefined;
    }
  };
}
