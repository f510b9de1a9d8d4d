import type { CanRead } from '../../core/query/restricted-relations.js';
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

const violationKey = (v: Violation): string => `${v.rule}\u0000${v.path}\u0000${v.message}`;

/**
 * The violations the conditionals come to for this caller. Where the target would not clearly say whether a type is
 * readable, only the violations that hold either way are kept: no false alarm on a guess.
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
  const assuming =
    (unknown: boolean): CanRead =>
    (uid) => {
      const r = known.get(uid);
      return r === 'unknown' || r === undefined ? unknown : r === 'readable';
    };
  return list.flatMap((c) => {
    const found = c.settle(assuming(true));
    if (c.uids.every((uid) => known.get(uid) !== 'unknown')) return found;
    const otherwise = new Set(c.settle(assuming(false)).map(violationKey));
    return found.filter((v) => otherwise.has(violationKey(v)));
  });
}
