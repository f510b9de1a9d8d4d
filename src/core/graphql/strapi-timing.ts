import { ForbiddenError, ValidationError } from '../errors/strapi-errors.js';

// Strapi's resolvers are asynchronous and graphql-js lists resolver errors in the order they happen, so the order of
// several errors in one answer (and which ones are listed at all: Apollo answers as soon as the data is settled,
// and errors raised later are lost) follows Strapi's timing. We reproduce its shape rather than sort afterwards:
// - every field of every object type is wrapped by the plugin (wrapResolvers): `await authorize()`, then the policy
//   middleware, then the resolver; authorize awaits `strapi.auth.verify` (async) which returns the strategy's
//   (async) verify, so a refused scope fails a few microtasks later than a plain field settles;
// - resolvers that read the database (root queries, relations, media, components, dynamic zones, page counts)
//   first validate and sanitize their query (a long asynchronous chain), then wait for the database. SQLite serves
//   one query at a time, in the order asked, and everything a result sets off runs before the next result arrives:
//   a FIFO of turns, each a long run of microtasks (never a macrotask: one request still runs to its end before
//   the mock serves another, as with the synchronous engine).

/** Microtasks a query's validation and sanitization take before an error in its arguments is thrown. */
const VALIDATION_TICKS = 24;
/** Microtasks between two database results: longer than any chain one result sets off short of the database. */
const TURN_TICKS = 120;

export async function ticks(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await undefined;
}

/** Waits for a query's result: `weight` is how long its arguments take to validate (queries asked at once are
 * sent in that order). */
export type DatabaseTurn = (weight: number) => Promise<void>;

/**
 * The database of one request, one query at a time. Every query asked while a result's follow-ups run is sent in the
 * order its validation finishes (lighter arguments first, then the order asked), after the queries asked before.
 */
export function databaseTurns(): DatabaseTurn {
  const pending: { generation: number; weight: number; seq: number; go: () => void }[] = [];
  let generation = 0;
  let seq = 0;
  let pumping = false;
  const pump = async () => {
    pumping = true;
    while (pending.length > 0) {
      await ticks(TURN_TICKS);
      let next = 0;
      for (let i = 1; i < pending.length; i++) {
        const a = pending[i],
          b = pending[next];
        if ((a.generation - b.generation || a.weight - b.weight || a.seq - b.seq) < 0) next = i;
      }
      const [turn] = pending.splice(next, 1);
      generation++;
      turn.go();
    }
    pumping = false;
  };
  return (weight) =>
    new Promise<void>((go) => {
      pending.push({ generation, weight, seq: seq++, go });
      if (!pumping) void pump();
    });
}

/**
 * How heavy a query's arguments are to validate: the number of values in its filters and sort (every query has a
 * pagination once transformed, so it weighs the same everywhere).
 */
export function argumentsWeight(args: Record<string, unknown>): number {
  return valuesIn(args.filters) + valuesIn(args.sort);
}

function valuesIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + 1 + valuesIn(v), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((n: number, v) => n + 1 + valuesIn(v), 0);
  return 0;
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
 * A query naming a relation the caller may not read fails late: Strapi's validation checks each relation's scope
 * asynchronously (a permission lookup per key), so a database result and what it sets off come first.
 */
export class LateValidationError extends ValidationError {}

/**
 * An error of @strapi/database's where builder (a plain Error, answered as an internal one): raised as the query is
 * sent, so after the query's turn, not with its validation.
 */
export class DatabaseLayerError extends Error {}

/** Runs a restricted-relation check; its refusal is thrown as a late one. */
export function late(check: () => void): void {
  try {
    check();
  } catch (e) {
    if (e instanceof ValidationError && !(e instanceof LateValidationError)) throw new LateValidationError(e.message, e.details);
    throw e;
  }
}

export interface FieldTiming {
  /** The auth check's verdict; undefined: the field has none. */
  readonly allowed: boolean | undefined;
  /** The resolver reads the database (validates its query first). */
  readonly database: boolean;
  /** The arguments' weight (argumentsWeight). */
  readonly weight?: number;
  /** What the resolver checks synchronously before its query's validation (the plugin's transformArgs pages). */
  readonly prelude?: () => void;
}

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
  await ticks(VALIDATION_TICKS);
  let value: unknown;
  try {
    value = await resolve();
  } catch (e) {
    if (e instanceof LateValidationError || e instanceof DatabaseLayerError) await turn(timing.weight ?? 0);
    throw e;
  }
  await turn(timing.weight ?? 0);
  return value;
}
