import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../src/core/errors/strapi-errors.js';
import type { StrapiSchema } from '../../src/core/query/strapi-schema.js';
import { AppliedWhereRefusal, DatabaseRefusal } from '../../src/core/query/query-errors.js';
import {
  CompiledWhereError,
  DatabaseLayerError,
  LateValidationError,
  argumentsCost,
  databaseTurns,
  refusalTicks,
  strapiShaped,
  type RefusalStage,
  type Validated,
} from '../../src/core/graphql/strapi-timing.js';

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

describe("a field's validation timed from the walks of its passes", () => {
  // A schema as Strapi's validators see it (the harness shop model's product variant, as far as the cases reach):
  // scalars, a password, a private field, relations (warehouse: the public role may not read it) and a component.
  const scalar = { type: 'scalar', private: false } as const;
  const leaf = (names: string[]): StrapiSchema => ({
    draftAndPublish: false,
    attribute: (name) => (names.includes(name) ? scalar : undefined),
  });
  const relation = (target: StrapiSchema) => ({ type: 'relation', private: false, target: () => target }) as const;
  const variant: StrapiSchema = {
    draftAndPublish: true,
    attribute: (name) =>
      ({
        slug: scalar,
        summary: scalar,
        sku: scalar,
        locale: scalar,
        name: scalar,
        stamp: scalar,
        secretCode: { type: 'password', private: false } as const,
        internalNote: { type: 'scalar', private: true } as const,
        brand: relation(leaf(['name'])),
        shelves: relation(leaf(['label'])),
        warehouse: relation(leaf(['city'])),
        pricing: { type: 'component', private: false, target: () => leaf(['amount']) } as const,
      })[name],
  };
  const validated = (args: Record<string, unknown>): Validated => ({ schema: variant, filters: args.filters, sort: args.sort });
  const refusal = (args: Record<string, unknown>, stage: RefusalStage, path?: string, sorted = false) => {
    const error =
      sorted && stage === 'sort' ? new ValidationError('x', { path }) : Object.assign(new LateValidationError('x', { path }), { stage });
    return refusalTicks(args, error, validated(args));
  };

  test('validate.query and sanitize.query as measured (graphql-timing-probe.cjs walk cases)', () => {
    // measured on real Strapi 5.54 (public role): validate.query, and validate then sanitize (their sum and 3)
    const cases: [Record<string, unknown>, number, number][] = [
      [{ filters: { slug: { $eq: 'x' } } }, 252, 545],
      [{ filters: { slug: { $eq: 'x' }, summary: { $contains: 'y' } } }, 492, 1065],
      [{ filters: { slug: { $in: ['a', 'b', 'c'] } } }, 276, 597],
      [{ filters: { $or: [{ slug: { $eq: 'x' } }, { summary: { $eq: 'y' } }] } }, 396, 857],
      [{ filters: { $not: { slug: { $eq: 'x' } } } }, 372, 805],
      [{ filters: { brand: { name: { $eq: 'x' } } } }, 377, 816],
      [{ filters: { shelves: { label: { $eq: 'x' } }, slug: { $eq: 'y' } } }, 617, 1336],
      [{ filters: { pricing: { amount: { $gt: 1 } } } }, 372, 805],
      [{ sort: 'summary' }, 97, 194],
      [{ sort: ['name:asc'] }, 125, 250],
      [{ sort: ['stamp:DESC', 'name:ASC', 'slug:desc'] }, 125, 250],
      [{ sort: ['brand.name:desc'] }, 228, 457],
      [{ filters: { slug: { $ne: 'x' }, sku: { $null: true } }, sort: ['stamp:DESC', 'name:ASC'] }, 616, 1310],
    ];
    for (const [args, validate, total] of cases)
      expect(argumentsCost(args, validated(args)), JSON.stringify(args)).toEqual({ validate, total });
  });

  test('a refusal where the walks meet it, pass after pass', () => {
    // measured: a password in the filters (fourth pass) 290, a private field (fifth) 371, a relation the caller may
    // not read (the restricted relations' pass) 558 behind a key and 518 first, 633 one relation deep; in the sort
    // 62, 79 and 203, and 553 behind two filter keys
    expect(refusal({ filters: { slug: { $eq: 'x' }, secretCode: { $eq: 'y' } } }, 'password')).toBe(290);
    expect(refusal({ filters: { slug: { $eq: 'x' }, internalNote: { $eq: 'y' } } }, 'filters')).toBe(371);
    expect(refusal({ filters: { slug: { $eq: 'x' }, warehouse: { city: { $eq: 'y' } } } }, 'restricted', 'warehouse')).toBe(558);
    expect(refusal({ filters: { warehouse: { city: { $eq: 'y' } }, slug: { $eq: 'x' } } }, 'restricted', 'warehouse')).toBe(518);
    expect(refusal({ sort: ['stamp:DESC', 'secretCode:desc', 'name:ASC'] }, 'sort', 'secretCode', true)).toBe(62);
    expect(refusal({ sort: ['internalNote:desc'] }, 'sort', 'internalNote', true)).toBe(79);
    expect(refusal({ sort: ['warehouse.city:desc'] }, 'sort-restricted', 'warehouse')).toBe(203);
    const both = { filters: { slug: { $ne: 'x' }, sku: { $null: true } }, sort: ['stamp:DESC', 'secretCode:desc', 'name:ASC'] };
    expect(refusal(both, 'sort', 'secretCode', true)).toBe(553);
  });
});

describe('what the mock answers in Strapi stead where its database layer fails', () => {
  test('comes when the database layer would fail: a cast as the WHERE is built, knex’s checks as it compiles', async () => {
    const timing = { allowed: undefined, database: true, cost: { validate: 0, total: 0 } };
    // settled either way (the rounds until the refusal)
    const settled = (p: Promise<unknown>) =>
      p.then(
        () => 'resolved',
        (e: unknown) => e,
      );
    const refused = (error: Error) => settled(strapiShaped(timing, databaseTurns(), () => Promise.reject(error)));
    const [built, applied] = await ends([refused(new DatabaseRefusal('x', 'y')), refused(new AppliedWhereRefusal('x', 'y'))]);
    const [asBuilt, asApplied] = await ends([
      settled(strapiShaped(timing, databaseTurns(), () => Promise.reject(new DatabaseLayerError('x')))),
      settled(strapiShaped(timing, databaseTurns(), () => Promise.reject(new CompiledWhereError('x')))),
    ]);
    expect([built, applied]).toEqual([asBuilt, asApplied]);
    // a refusal as knex compiles waits for the connection: later than one as the statement is built
    expect(applied).toBeGreaterThan(built);
  });
});
