import { describe, expect, test } from 'vitest';
import { argumentsCost, databaseTurns } from '../../src/core/graphql/strapi-timing.js';

// The timing model against the figures scripts/harness/graphql-timing-probe.cjs measured inside real Strapi 5.54 with
// @strapi/plugin-graphql 5.54.0 (harness shop model, public role), in microtask rounds: a relation field's
// validate.query + sanitize.query, and the database's answers to queries sent together.

/** Rounds until each promise settles, counted by a concurrent `await` loop as the probe counts them. */
async function ends(promises: Promise<unknown>[]): Promise<number[]> {
  let clock = 0;
  let running = true;
  void (async () => {
    while (running) {
      await undefined;
      clock++;
    }
  })();
  const out = await Promise.all(promises.map((p) => p.then(() => clock)));
  running = false;
  return out;
}

describe('how long Strapi takes, in microtask rounds', () => {
  test("a field's arguments: each filter key at any depth, lists walked side by side, any sort alike", () => {
    // measured (validate, total): none 4/5; one key 255/545; two 495/1065; three 735/1585; `in` list 279/597;
    // `not` 375/805; `or` of two or three 399/857; sort of one to four entries 128/250; a key and a sort 379/790
    const cases: [Record<string, unknown>, number, number][] = [
      [{}, 4, 5],
      [{ pagination: { limit: 2 } }, 4, 5],
      [{ filters: { slug: { eq: 'x' } } }, 255, 545],
      [{ filters: { slug: { eq: 'x' }, summary: { contains: 'y' } } }, 495, 1065],
      [{ filters: { slug: { eq: 'x' }, summary: { contains: 'y' }, serial: { gt: 3 } } }, 735, 1585],
      [{ filters: { slug: { in: ['a', 'b', 'c', 'd', 'e', 'f'] } } }, 279, 597],
      [{ filters: { not: { slug: { eq: 'x' } } } }, 375, 805],
      [{ filters: { slug: { not: { eq: 'x' } } } }, 375, 805],
      [{ filters: { or: [{ slug: { eq: 'x' } }, { summary: { eq: 'y' } }, { serial: { eq: 3 } }] } }, 399, 857],
      [{ sort: ['slug:ASC', 'contact:ASC', 'summary:desc', 'serial:asc'] }, 128, 250],
      [{ filters: { slug: { eq: 'x' } }, sort: ['slug:ASC'] }, 379, 790],
    ];
    for (const [args, validate, total] of cases) expect(argumentsCost(args), JSON.stringify(args)).toEqual({ validate, total });
    // a relation's filter is walked as deep as it goes (measured 380/813: its own 5 and 8 rounds are left out)
    const relation = argumentsCost({ filters: { shelves: { label: { eq: 'x' } } } });
    expect(Math.abs(relation.total - 813)).toBeLessThan(10);
  });

  test('the database: one statement at a time, two per load; a document query holds the connection', async () => {
    const turnOf = () => databaseTurns();
    // measured: a load alone 60, four together 112/131/150/169; a document query alone 93; four loads then a
    // document query sent together: the query first (93), the loads 190/209/228/247
    expect(await ends([turnOf()('load')])).toEqual([60]);
    const together = turnOf();
    expect(await ends([1, 2, 3, 4].map(() => together('load')))).toEqual([112, 131, 150, 169]);
    expect(await ends([turnOf()('document')])).toEqual([93]);
    const mixed = turnOf();
    const [l1, l2, l3, l4, find] = await ends([...[1, 2, 3, 4].map(() => mixed('load')), mixed('document')]);
    expect(find).toBe(93);
    // measured: a load whose WHERE the database layer refuses as it builds the statement ends at 34 alone, 53 behind a
    // load (the load after it unchanged at 112); refused as knex compiles it (applyWhere): 50 alone, 102 and 123
    expect(await ends([turnOf()('load', 'build')])).toEqual([34]);
    const built = turnOf();
    expect(await ends([built('load'), built('load', 'build'), built('load')])).toEqual([93, 53, 112]);
    expect(await ends([turnOf()('load', 'apply')])).toEqual([50]);
    const compiled = turnOf();
    expect(await ends([compiled('load'), compiled('load', 'apply'), compiled('load')])).toEqual([93, 102, 123]);
    for (const [got, measured] of [
      [l1, 190],
      [l2, 209],
      [l3, 228],
      [l4, 247],
    ])
      expect(Math.abs(got - measured)).toBeLessThanOrEqual(3);
  });
});
