import type { ContentType } from '../../core/model/types.js';
import type { ContentIndex } from '../../core/data/content-index.js';
import { checkRestrictedFilters, checkRestrictedSort, type CanRead } from '../../core/query/restricted-relations.js';
import type { SortTerm } from '../../core/query/sort.js';
import type { Readability, ReadProbe } from './read-probe.js';
import type { Violation } from './violation.js';

/**
 * A finding that depends on what the caller may read. Strapi hides populated relations to types the caller may not
 * `find` and refuses filters and sort through them, so whether an answer is right depends on the caller's
 * permissions, which only the target knows: the verdict stays pure (and memoizable), and these are settled per
 * caller by probing the target.
 */
export interface Conditional {
  /** The content types whose readability decides it. */
  readonly uids: readonly string[];
  /** The violations that hold, given what the caller may read. */
  readonly settle: (canRead: CanRead) => Violation[];
}

/** A populated relation the answer lacks: a violation only if the caller may read its target. */
export const missingRelation = (uid: string, violation: Violation): Conditional => ({
  uids: [uid],
  settle: (canRead) => (canRead(uid) ? [violation] : []),
});

/** The Strapi refusal (`Invalid key <attr>`) of filters and sort through relations the caller may not read. */
export function queryRefusal(
  index: ContentIndex,
  type: ContentType,
  filters: unknown,
  sort: readonly SortTerm[],
  canRead: CanRead,
): string | undefined {
  const scope = { kind: 'type', type } as const;
  try {
    // Filters first, then sort: the order Strapi validates them in, so the same key is named.
    checkRestrictedFilters(index, scope, filters, canRead);
    checkRestrictedSort(index, scope, sort, canRead);
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

/** Targets of every relation the filters and sort go through (a caller who may read none of them is never refused). */
export function relationsThrough(index: ContentIndex, type: ContentType, filters: unknown, sort: readonly SortTerm[]): string[] {
  const seen = new Set<string>();
  queryRefusal(index, type, filters, sort, (uid) => (seen.add(uid), true));
  return [...seen];
}

/** What the target answered about each type, asked in parallel (each probe is cached for the run). */
export async function readabilityOf(
  probe: ReadProbe,
  authorization: string | undefined,
  uids: Iterable<string>,
): Promise<Map<string, Readability>> {
  const list = [...new Set(uids)];
  const answers = await Promise.all(list.map((uid) => probe.probe(authorization, uid)));
  return new Map(list.map((uid, i) => [uid, answers[i]]));
}

/**
 * The violations the conditionals come to for this caller. One whose types the target would not clearly answer
 * for is dropped: no false alarm on a guess.
 */
export async function settleConditionals(
  list: readonly Conditional[],
  probe: ReadProbe,
  authorization: string | undefined,
): Promise<Violation[]> {
  if (list.length === 0) return [];
  const known = await readabilityOf(
    probe,
    authorization,
    list.flatMap((c) => c.uids),
  );
  const canRead: CanRead = (uid) => known.get(uid) === 'readable';
  return list.filter((c) => c.uids.every((uid) => known.get(uid) !== 'unknown')).flatMap((c) => c.settle(canRead));
}
