import { ForbiddenError, ValidationError } from '../errors/strapi-errors.js';
import type { StrapiSchema } from '../query/strapi-schema.js';
import { AppliedWhereRefusal, ConversionRefusal, DatabaseRefusal } from '../query/query-errors.js';
import { filterPassTurns, sortPassTurns, type PassTurns, type RestrictedPass } from '../query/validate-query.js';

// Strapi's resolvers are asynchronous and graphql-js lists resolver errors in the order they happen, so the order of
// several errors in one answer (and which ones are listed at all: Apollo answers as soon as the data is settled,
// and errors raised later are lost) follows Strapi's timing. We reproduce its shape rather than sort afterwards:
// - every field of every object type is wrapped by the plugin (wrapResolvers): `await authorize()`, then the policy
//   middleware, then the resolver; authorize awaits `strapi.auth.verify` (async) which returns the strategy's
//   (async) verify, so a refused scope fails a few microtasks later than a plain field settles;
// - resolvers that read the database (root queries, relations, media, components, dynamic zones, page counts)
//   first validate and sanitize their query (a long asynchronous chain whose length follows the arguments), then
//   wait for the database, which serves one statement at a time in the order they are sent; all of it is microtasks
//   (never a macrotask: one request still runs to its end before the mock serves another, as with the synchronous
//   engine).
//
// How long things take was measured on real Strapi 5.54 (scripts/harness/graphql-timing-probe.cjs: its resolvers'
// own calls in a loaded harness copy, counted in microtask rounds by a concurrent `await` loop):
// - validate.query then sanitize.query walk the filters several times over, key by key: about 260 rounds per key
//   at any depth (120 of them validating), lists 52 more (their items walked side by side), 245 for any sort (its
//   entries side by side), 5 with no filters nor sort;
// - a relation's load is two statements of 19 rounds, 5 apart, its result 14 rounds after the second (four loads
//   sent together end at 112, 131, 150 and 169: their second statements queue behind all the first ones); a
//   document query (find, findOne, count) holds the connection 78 rounds (its transaction), its result 14 after.

/** Rounds of validate.query and sanitize.query for a field's arguments (a query's validation errors: `validate`). */
export interface ArgumentsCost {
  readonly validate: number;
  readonly total: number;
}

const COST = {
  base: { validate: 4, total: 5 },
  filters: { validate: 11, total: 20 },
  key: { validate: 120, total: 260 },
  list: { validate: 24, total: 52 },
  sort: { validate: 124, total: 245 },
};

/**
 * A field's arguments as Strapi's validation walks them: the target's schema, the filters as the plugin's
 * transformArgs leaves them (REST operators, not yet sanitized) and the sort.
 */
export interface Validated {
  readonly schema: StrapiSchema;
  readonly filters?: unknown;
  readonly sort?: unknown;
}

/** What a field's `filters` and `sort` cost to validate and sanitize (keys walked one after another, list items
 * side by side); with `validated`, from the walks of the passes themselves. */
export function argumentsCost(args: Record<string, unknown>, validated?: Validated): ArgumentsCost {
  const sorted = Array.isArray(args.sort) ? args.sort.length > 0 : typeof args.sort === 'string';
  const filtered = args.filters !== undefined && args.filters !== null;
  if (validated && (filtered || sorted)) return passesCost(validated, filtered, sorted);
  const cost = (k: 'validate' | 'total') =>
    COST.base[k] + (filtered ? COST.filters[k] + walk(args.filters, k) : 0) + (sorted ? COST.sort[k] : 0);
  return { validate: cost('validate'), total: cost('total') };
}

// validate.query and sanitize.query as their code runs them (@strapi/utils validate/index.js, sanitize/index.js): the
// filters then the sort, each a pipe of passes over the whole parameter (validate's filters five and the restricted
// relations', its sort six and that one; sanitize's seven and seven), each pass a walk of the traversal
// (validate-query.ts counts its turns by the shape: keys, operators, values, lists side by side). Measured with
// graphql-timing-probe.cjs `walk` cases on real Strapi: a pass takes its walk and one round; validate's filters or
// sort add 5 rounds, sanitize's 2, each query 1 (validate and sanitize one after the other 3 more); the restricted
// relations' visitor takes 5 more rounds on a relation (6 in sanitize). A refusal comes 6 rounds after its walk
// meets it (12 in the restricted relations' pass).
const WALK = { pass: 1, validate: 5, sanitize: 2, query: 1, between: 3, relation: 5, sanitizeRelation: 6, refused: 6, restricted: 12 };

function passesCost(v: Validated, filtered: boolean, sorted: boolean): ArgumentsCost {
  const passes = (turns: readonly number[]) => turns.reduce((n, t) => n + t + WALK.pass, 0);
  const param = (of: (pass: RestrictedPass) => PassTurns | undefined, sanitizePasses: number) => {
    const validate = of({ relationTurns: WALK.relation });
    const sanitize = of({ relationTurns: WALK.sanitizeRelation });
    if (!validate || !sanitize) return { validate: 0, sanitize: 0 };
    // sanitize's passes before its restricted relations' walk what validate's walk (nothing is refused)
    const plain = validate.turns[0];
    const last = sanitize.turns[sanitize.turns.length - 1];
    return {
      validate: WALK.validate + passes(validate.turns),
      sanitize: WALK.sanitize + passes([...Array<number>(sanitizePasses - 1).fill(plain), last]),
    };
  };
  const f = filtered ? param((p) => filterPassTurns(v.schema, v.filters, p), 7) : { validate: 0, sanitize: 0 };
  const s = sorted && v.sort !== undefined ? param((p) => sortPassTurns(v.schema, v.sort, p), 7) : { validate: 0, sanitize: 0 };
  const validate = WALK.query + f.validate + s.validate;
  return { validate, total: validate + WALK.between + WALK.query + f.sanitize + s.sanitize };
}

/** Rounds into validate.query at which the walks meet a refusal of `stage` (undefined: they do not meet it). */
function walkedRefusal(v: Validated, stage: RefusalStage, path: string | undefined): number | undefined {
  const passes = (turns: readonly number[]) => turns.slice(0, -1).reduce((n, t) => n + t + WALK.pass, 0) + turns[turns.length - 1];
  const late = (restricted: boolean) => (restricted ? WALK.restricted : WALK.refused);
  const filters =
    v.filters === undefined
      ? undefined
      : filterPassTurns(v.schema, v.filters, { relationTurns: WALK.relation, refusedRelation: stage === 'restricted' ? path : undefined });
  if (filters?.refused) return WALK.query + passes(filters.turns) + late(stage === 'restricted');
  if (v.sort === undefined || stage === 'filters' || stage === 'password' || stage === 'restricted') return undefined;
  const sort = sortPassTurns(v.schema, v.sort, {
    relationTurns: WALK.relation,
    refusedRelation: stage === 'sort-restricted' ? path : undefined,
  });
  if (!sort.refused) return undefined;
  const before = filters ? WALK.validate + filters.turns.reduce((n, t) => n + t + WALK.pass, 0) : 0;
  return WALK.query + before + passes(sort.turns) + late(stage === 'sort-restricted');
}

function walk(value: unknown, k: 'validate' | 'total'): number {
  if (Array.isArray(value)) return COST.list[k] + value.reduce((m: number, v) => Math.max(m, walk(v, k)), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + COST.key[k] + walk(v, k), 0);
  return 0;
}

/** How a query uses the connection: rounds before it asks, the statements' durations (the queue adds a round to
 * each) with the rounds between them, rounds from the last one to its result; test/graphql/strapi-timing.test.ts
 * checks the sums against the measured figures. */
const QUERIES = {
  load: { before: 3, statements: [18, 18], between: 3, after: 11 },
  // the document service's statement before it converts a root query (not measured apart: a load's statement)
  service: { before: 1, statements: [18], between: 0, after: 11 },
  document: { before: 1, statements: [77], between: 0, after: 11 },
} as const;
export type QueryKind = keyof typeof QUERIES;
/**
 * A refused WHERE (measured with graphql-timing-probe.cjs `where` cases: a load refused as it is built ends at 34
 * rounds alone, 53 behind a load, the load queued after it unchanged at 112; refused as it compiles 50 alone, 102
 * behind a load, the next load at 123): rounds from the gap before the statement to the refusal (`build`); rounds the
 * refused statement holds the connection (`compiling`), then to the refusal (`apply`).
 */
const REFUSED = { build: 5, compiling: 10, apply: 9 };

export async function ticks(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await undefined;
}

/**
 * Sends a query to the request's database and waits for its result. `refused`: its WHERE fails (a load's is its
 * second statement's, a document query's its first's), as the statement is built (`build`: it never queues) or as
 * knex compiles it (`apply`: once the statements before it are through, and the connection is released at once).
 */
export type DatabaseTurn = (kind: QueryKind, refused?: DatabaseLayerError['phase'], served?: () => void) => Promise<void>;

/** The database of one request: one statement at a time, in the order they are sent. */
export function databaseTurns(): DatabaseTurn {
  const pending: { rounds: number; done: () => void; served?: () => void }[] = [];
  let busy = false;
  const pump = async () => {
    busy = true;
    while (pending.length > 0) {
      const next = pending.shift()!;
      next.served?.();
      await ticks(next.rounds);
      next.done();
    }
    busy = false;
  };
  const statement = (rounds: number, served?: () => void) =>
    new Promise<void>((done) => {
      pending.push({ rounds, done, served });
      if (!busy) void pump();
    });
  return async (kind, refused, served) => {
    const q = QUERIES[kind];
    await ticks(q.before);
    for (let i = 0; i < q.statements.length; i++) {
      const last = i === q.statements.length - 1;
      if (i > 0) await ticks(q.between);
      if (refused === 'build' && last) {
        await ticks(REFUSED.build);
        return;
      }
      if (refused === 'apply' && last) {
        await statement(REFUSED.compiling);
        await ticks(REFUSED.apply);
        return;
      }
      await statement(q.statements[i], i === 0 ? served : undefined);
    }
    await ticks(q.after);
  };
}

// the strategy's verify (users-permissions and api-token are both `async`): throws when the scope is not granted
async function strategyVerify(allowed: boolean): Promise<void> {
  if (!allowed) throw new ForbiddenError('Forbidden access', {});
}

// @strapi/core's auth.verify: `async`, returns the strategy's promise
async function verify(allowed: boolean): Promise<void> {
  return strategyVerify(allowed);
}

/** The plugin's authorize: undefined when the field has no auth check (not a root field, no scope). */
async function authorize(allowed: boolean | undefined): Promise<void> {
  if (allowed === undefined) return;
  try {
    await verify(allowed);
  } catch {
    throw new ForbiddenError('Forbidden access', {});
  }
}

// the policy middleware (no policies configured): `async`, returns the resolver's value
async function policies(resolve: () => unknown): Promise<unknown> {
  return resolve();
}

/**
 * Where in validate.query a refusal comes (measured): a private key of the filters near the end of the passes
 * before the last, a relation the caller may not read in the last pass (the restricted relations, key by key), a sort
 * key after the whole of the filters' validation (an unknown one at once, a relation the caller may not read in its
 * own last pass).
 */
export type RefusalStage = 'filters' | 'password' | 'restricted' | 'sort' | 'sort-restricted';

/** A query refused by validate.query, with where it comes. */
export class LateValidationError extends ValidationError {
  stage: RefusalStage = 'filters';
}

/**
 * An error of @strapi/database's where builder (a plain Error, answered as an internal one), raised as the query is
 * sent, after its validation: processWhere's (`build`) as the query builder builds the statement, before it queues;
 * applyWhere's (`apply`) as knex compiles the statement, which it does once the connection is the statement's (its
 * WHERE is applied in knex callbacks), so after the statements queued before it.
 */
export class DatabaseLayerError extends Error {
  // a getter, not an own property: the plugin renders a plain Error without own keys as Apollo does (format-error.ts)
  get phase(): 'build' | 'apply' {
    return 'build';
  }
}

/** An applyWhere refusal (see DatabaseLayerError). */
export class CompiledWhereError extends DatabaseLayerError {
  override get phase(): 'build' | 'apply' {
    return 'apply';
  }
}

/** Runs a check of validate.query; its refusal is thrown with its stage (or the stage `stageOf` reads in it). */
export function late(check: () => void, stage: RefusalStage | ((e: ValidationError) => RefusalStage) = 'filters'): void {
  try {
    check();
  } catch (e) {
    if (e instanceof ValidationError && !(e instanceof LateValidationError)) {
      const refusal = new LateValidationError(e.message, e.details);
      refusal.stage = typeof stage === 'function' ? stage(e) : stage;
      throw refusal;
    }
    throw e;
  }
}

// the passes of validate.query before its last: 100 rounds a key, 20 a list; the last (restricted relations): 20 a
// key, its refusal 6 rounds into the key; a private key is refused 40 rounds before the earlier passes end, a
// password (its own pass, earlier) after 80 rounds a key less 42
const EARLY = { key: 100, list: 20 };
const LAST_PASS_KEY = 20;

function early(value: unknown): number {
  if (Array.isArray(value)) return EARLY.list + value.reduce((m: number, v) => Math.max(m, early(v)), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + EARLY.key + early(v), 0);
  return 0;
}

/** Keys the last pass visits before it reaches the attribute at `path` (list items are walked side by side). */
function keysBefore(value: unknown, path: readonly string[]): number | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const n = keysBefore(v, path);
      if (n !== undefined) return n;
    }
    return undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  let n = 0;
  for (const [key, v] of Object.entries(value)) {
    const operator = key === 'and' || key === 'or' || key === 'not';
    if (!operator && key === path[0]) {
      if (path.length === 1) return n;
      const inner = keysBefore(v, path.slice(1));
      if (inner !== undefined) return n + 1 + inner;
    } else if (operator) {
      const inner = keysBefore(v, path);
      if (inner !== undefined) return n + 1 + inner;
    }
    n += 1 + countKeys(v);
  }
  return undefined;
}

function countKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((m: number, v) => Math.max(m, countKeys(v)), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + 1 + countKeys(v), 0);
  return 0;
}

const pathOf = (e: ValidationError) => (typeof e.details?.path === 'string' ? e.details.path : undefined);

/** Rounds into a field's validate.query at which a refusal comes (from the walks, with `validated`). */
export function refusalTicks(args: Record<string, unknown>, error: ValidationError, validated?: Validated): number {
  const walked = validated && walkedRefusal(validated, error instanceof LateValidationError ? error.stage : 'sort', pathOf(error));
  if (walked !== undefined) return walked;
  const filtered = args.filters !== undefined && args.filters !== null;
  const filters = filtered ? COST.base.validate + COST.filters.validate + early(args.filters) : COST.base.validate;
  const stage = error instanceof LateValidationError ? error.stage : 'sort';
  const allFilters = argumentsCost({ filters: args.filters }).validate;
  switch (stage) {
    case 'filters':
      return Math.max(COST.base.validate, filters - 40);
    case 'password':
      return Math.max(COST.base.validate, COST.base.validate + COST.filters.validate + 0.8 * early(args.filters) - 42);
    case 'restricted': {
      const path = typeof error.details?.path === 'string' ? error.details.path.split('.') : [];
      const before = keysBefore(args.filters, path) ?? countKeys(args.filters);
      return filters + LAST_PASS_KEY * before + 6;
    }
    case 'sort':
      return (filtered ? allFilters : COST.base.validate) + 10;
    case 'sort-restricted':
      return (filtered ? allFilters : COST.base.validate) + 202;
  }
}

export interface FieldTiming {
  /** The auth check's verdict; undefined: the field has none. */
  readonly allowed: boolean | undefined;
  /** The resolver reads the database (validates its query first). */
  readonly database: boolean;
  /** What its arguments cost to validate and sanitize (argumentsCost). */
  readonly cost?: ArgumentsCost;
  /** Its arguments (where a refusal comes depends on them). */
  readonly args?: Record<string, unknown>;
  /** Its arguments as Strapi's validation walks them (where a refusal comes, from the walks). */
  readonly validated?: Validated;
  /** Its query: a relation's load (default) or a document query. */
  readonly query?: QueryKind;
  /**
   * A root query through the document service: a statement of the service comes before it converts the query, so a
   * conversion's refusal (Invalid order) queues behind the statements sent before it; roots with the same refusal
   * fail in the order they started (harness graphql-run shop 801, webstudio 811, frameless-model 811).
   */
  readonly serviceStatement?: boolean;
  /** What the resolver checks synchronously before its query's validation (the plugin's transformArgs pages). */
  readonly prelude?: () => void;
  /** The operations run beside this one (GraphqlContext `beside`): their writes, counted as they land. */
  readonly beside?: { writes: number };
  /** A content mutation: beside other operations, its write lands as its statement is served. */
  readonly write?: boolean;
}

/**
 * Rounds a shadow CRUD mutation takes before its transaction's first statement, beyond a read's: contentAPI.sanitize
 * .input before the document service (measured on real Strapi 5.54: a create of one text field sends its BEGIN after
 * 18 rounds, a list read without arguments after 14, one with a sort after 259; its INSERT 72 rounds into its
 * transaction). Only a batched request shows it: its operations run side by side over Strapi's one connection.
 */
const WRITE_AFTER_READ = 4;

/**
 * A field resolved as the plugin's wrapped resolver runs: authorize, the policy middleware, then `resolve`, which
 * for a database field runs after the query's validation and before the database's turn (its errors are the
 * validation's).
 */
export async function strapiShaped(timing: FieldTiming, turn: DatabaseTurn, resolve: () => unknown): Promise<unknown> {
  await authorize(timing.allowed);
  return policies(timing.database ? () => fromDatabase(timing, turn, resolve) : resolve);
}

async function fromDatabase(timing: FieldTiming, turn: DatabaseTurn, resolve: () => unknown): Promise<unknown> {
  // a pagination error is thrown by transformArgs as the resolver starts: as early as a refused auth check
  timing.prelude?.();
  const cost = timing.cost ?? COST.base;
  const beside = timing.beside;
  if (beside && timing.write) {
    // beside other operations, the write lands as its statement is served
    await ticks(cost.total + WRITE_AFTER_READ);
    let written: unknown;
    await turn(timing.query ?? 'load', undefined, () => {
      written = resolve();
      beside.writes++;
    });
    return written;
  }
  const seen = beside?.writes;
  let value: unknown;
  try {
    value = await resolve();
  } catch (e) {
    // a refusal of validate.query comes where its walk meets it; the where builder's after the walks, and so does
    // what the mock answers in Strapi's stead where the database layer fails (a cast as the WHERE is built, knex's
    // checks as it is compiled)
    const phase =
      e instanceof DatabaseLayerError
        ? e.phase
        : e instanceof DatabaseRefusal
          ? e instanceof AppliedWhereRefusal
            ? 'apply'
            : 'build'
          : undefined;
    if (phase) {
      await ticks(cost.total);
      await turn(timing.query ?? 'load', phase);
    } else if (e instanceof ConversionRefusal) {
      // the document service waits for a statement of its own before it converts the query (measured on answers:
      // its refusal queues behind the statements sent before it)
      await ticks(cost.total);
      if (timing.serviceStatement) await turn('service');
    } else if (e instanceof ValidationError) await ticks(refusalTicks(timing.args ?? {}, e, timing.validated));
    throw e;
  }
  await ticks(cost.total);
  // beside other operations, a write served before this read's statement is what the statement reads
  let again: unknown;
  await turn(timing.query ?? 'load', undefined, () => {
    if (beside && beside.writes !== seen) again = resolve();
  });
  return again === undefined ? value : await again;
}
