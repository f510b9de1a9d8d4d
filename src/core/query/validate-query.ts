import { InvalidKeyError, type ValidationError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { StrapiAttribute, StrapiSchema } from './strapi-schema.js';

// Strapi's query validators (`@strapi/utils` validate/validators.js), rule for rule: which key is refused, with which
// `at` path, and — when a query holds several mistakes — which one is reported.
//
// Each validator is a pipe of passes (unknown keys, dynamic zones, morph relations, passwords, private fields; sort
// adds "relation without a field"); every pass walks the whole parameter before the next starts, so an unknown key
// anywhere wins over a private field anywhere. Inside one pass Strapi walks lists with `Promise.all`: the items run
// interleaved and the first item to *fail in time* wins, not the first in order. The walk below counts the promise
// turns Strapi's async traversal (traverse/factory.js) takes before each failure, so the same item wins.

/** A pass's visitor: the key it refuses, or (an asynchronous visitor, timed) the turns its visit adds. */
type Visitor = (key: string, attribute: StrapiAttribute | undefined, path: string | null, value: unknown) => string | number | undefined;

interface Outcome {
  readonly t: number;
  readonly error?: { readonly key: string; readonly path: string | null };
}

const ID_KEYS = new Set(['id', 'documentId']);

/** `isOperator` of @strapi/utils: every where and group operator, the experimental `$jsonSupersetOf` included. */
export const STRAPI_OPERATORS: ReadonlySet<string> = new Set([
  '$and',
  '$or',
  '$not',
  '$in',
  '$notIn',
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$null',
  '$notNull',
  '$between',
  '$startsWith',
  '$endsWith',
  '$startsWithi',
  '$endsWithi',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$jsonSupersetOf',
]);

const join = (parent: string | null, key: string) => (parent === null ? key : `${parent}.${key}`);
/** lodash's isObject: objects, arrays (and functions). */
const isObjectLike = (v: unknown): v is object => typeof v === 'object' && v !== null;
/** A scalar as Strapi's validators and sanitizers see one (a password is a scalar, refused or dropped apart). */
export const isScalar = (a: StrapiAttribute | undefined) => a !== undefined && (a.type === 'scalar' || a.type === 'password');
/** lodash's isEmpty for the values a query holds. */
const isEmpty = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' ? v.length === 0 : typeof v === 'object' ? Object.keys(v).length === 0 : true);

// Promise turns of the traversal (see the file comment), measured on Strapi's own traversal: a visited key costs one
// turn; each handler tried costs three (a `for await` step and the awaited predicate); ending the handler loop two;
// a handler that recurses adds two turns around its recursion when it succeeds and three when it fails, one that
// returns at once one turn. Lists settle one turn after their first failure (or last success) plus the turns their
// intercepting handler adds on its way out.
const VISIT = 1;
const HANDLER_STEP = 3;
const LOOP_END = 2;
const AROUND_SUCCESS = 2;
const AROUND_FAILURE = 3;
const IMMEDIATE_HANDLER = 1;

/** Promise.all over items that all start at t0, plus `tail` turns on the way out. */
function all(items: readonly Outcome[], t0: number, tail: number): Outcome {
  if (items.length === 0) return { t: t0 + tail };
  let failed: Outcome | undefined;
  let last = t0;
  for (const o of items) {
    if (o.error && (!failed || o.t < failed.t)) failed = o;
    last = Math.max(last, o.t);
  }
  return failed ? { t: failed.t + 1 + tail, error: failed.error } : { t: last + 1 + tail };
}

type Handler = { readonly index: number; readonly run: (t: number) => Outcome };

/** Walks the keys of one node: visit each (the visit may refuse it), then run the one handler that matches. */
function walkKeys(
  keys: readonly string[],
  get: (key: string) => unknown,
  schema: StrapiSchema | undefined,
  path: string | null,
  visit: Visitor,
  handlers: number,
  handle: (key: string, attribute: StrapiAttribute | undefined, value: unknown, path: string | null) => Handler | undefined,
  ignoreNil: boolean,
  t0: number,
): Outcome {
  let t = t0;
  for (const key of keys) {
    const attribute = schema?.attribute(key);
    const here = attribute ? join(path, key) : path;
    const value = get(key);
    const refused = visit(key, attribute, here, value);
    if (typeof refused === 'string') return { t, error: { key: refused, path: here } };
    t += VISIT + (refused ?? 0);
    if (ignoreNil && (value === null || value === undefined)) continue;
    const handler = handle(key, attribute, value, here);
    if (handler) {
      t += HANDLER_STEP * (handler.index + 1);
      const outcome = handler.run(t);
      if (outcome.error) return outcome;
      t = outcome.t + HANDLER_STEP * (handlers - handler.index - 1);
    } else t += HANDLER_STEP * handlers;
    t += LOOP_END;
  }
  return { t };
}

const immediate = (index: number): Handler => ({ index, run: (t) => ({ t: t + IMMEDIATE_HANDLER }) });
const recursing = (index: number, walk: (t: number) => Outcome): Handler => ({ index, run: (t) => around(walk(t)) });

/** A recursion's outcome as the awaiting handler, and the loop awaiting that handler, see it. */
function around(inner: Outcome): Outcome {
  return { ...inner, t: inner.t + (inner.error ? AROUND_FAILURE : AROUND_SUCCESS) };
}

// ---------------------------------------------------------------------------------------------------------- filters

function isFilterLike(value: object, schema: StrapiSchema | undefined): boolean {
  return Object.keys(value).some((k) => STRAPI_OPERATORS.has(k) || !!schema?.attribute(k));
}

/** traverse/query-filters.js. Handlers in order: non-attribute keys, relation, component, media, scalar with operators. */
function walkFilters(visit: Visitor, schema: StrapiSchema | undefined, data: unknown, path: string | null, t0: number): Outcome {
  if (Array.isArray(data)) {
    return all(
      data.map((item) => walkFilters(visit, schema, item, path, t0)),
      t0,
      3,
    );
  }
  if (!isObjectLike(data)) return { t: t0 };
  const obj = data as Record<string, unknown>;
  return walkKeys(
    Object.keys(obj),
    (k) => obj[k],
    schema,
    path,
    visit,
    5,
    (key, attribute, value, here) => {
      if (attribute === undefined) {
        // operands that are objects but no filter (`{$null: {x: 1}}`) are not walked; `$not` always is
        if (STRAPI_OPERATORS.has(key) && key !== '$not' && isObjectLike(value) && !Array.isArray(value) && !isFilterLike(value, schema)) {
          return immediate(0);
        }
        return recursing(0, (t) => walkFilters(visit, schema, value, here, t));
      }
      switch (attribute.type) {
        case 'morph':
          return immediate(1);
        case 'relation': {
          // behind a type the mock does not model (the admin user's private roles), nothing is known to refuse: the
          // private pass refuses the link itself, as Strapi does once its walk finds every key there known
          const target = attribute.target();
          return target ? recursing(1, (t) => walkFilters(visit, target, value, here, t)) : immediate(1);
        }
        case 'component':
          return recursing(2, (t) => walkFilters(visit, attribute.target(), value, here, t));
        case 'media':
          return recursing(3, (t) => walkFilters(visit, attribute.target(), value, here, t));
        case 'scalar':
        case 'password':
          return isObjectLike(value) && !Array.isArray(value) ? recursing(4, (t) => walkFilters(visit, schema, value, here, t)) : undefined;
        default:
          return undefined;
      }
    },
    true,
    t0,
  );
}

// ------------------------------------------------------------------------------------------------------------- sort

const isSortOrder = (s: string) => s.toLowerCase() === 'asc' || s.toLowerCase() === 'desc';
const tokenize = (s: string) => s.split('.').flatMap((p) => p.split(':'));

/** What a sort string holds under its first field (`a.b:desc` → `b:desc`), as query-sort's string parser reads it. */
function recompose(parts: readonly string[]): string | undefined {
  if (parts.length === 0) return undefined;
  return parts.reduce((acc, part) => (part === '' ? acc : acc === '' ? part : isSortOrder(part) ? `${acc}:${part}` : `${acc}.${part}`), '');
}

/** sort-query.js `hasSort`: whether a sort parameter carries any real ordering (else it sorts nothing). */
export const hasSort = (sort: unknown): boolean => (Array.isArray(sort) ? sort.some(hasSortItem) : hasSortItem(sort));

function hasSortItem(item: unknown): boolean {
  if (typeof item === 'string') return item.split(',').some((seg) => seg.trim() !== '' && seg.trim().split(':')[0].trim() !== '');
  if (isPlainObject(item)) return hasSortObject(item);
  return false;
}
function hasSortObject(o: Record<string, unknown>): boolean {
  return Object.values(o).some((v) => (typeof v === 'string' ? v.length > 0 : isPlainObject(v) ? hasSortObject(v) : false));
}

/** traverse/query-sort.js. Handlers in order: relation, media, component. */
function walkSort(visit: Visitor, schema: StrapiSchema | undefined, data: unknown, path: string | null, t0: number): Outcome {
  if (Array.isArray(data) && !data.some(hasSortItem)) return { t: t0 + 2 };
  const recurseList = (items: readonly unknown[]) =>
    all(
      items.map((item) => walkSort(visit, schema, item, path, t0)),
      t0,
      3,
    );
  if (typeof data === 'string' && data.split(',').length > 1) return recurseList(data.split(',').map((s) => s.trim()));
  if (Array.isArray(data) && (data.every((i) => typeof i === 'string') || data.every(isObjectLike))) return recurseList(data);
  let keys: string[];
  let get: (key: string) => unknown;
  if (typeof data === 'string') {
    const tokens = tokenize(data.trim());
    keys = tokens[0] ? [tokens[0]] : [];
    get = () => recompose(tokens.slice(1));
  } else if (isObjectLike(data)) {
    const obj = data as Record<string, unknown>;
    keys = Object.keys(obj);
    get = (k) => obj[k];
  } else return { t: t0 };
  return walkKeys(
    keys,
    get,
    schema,
    path,
    visit,
    3,
    (_key, attribute, value, here) => {
      switch (attribute?.type) {
        case 'morph':
          return immediate(0);
        case 'relation': {
          const target = attribute.target(); // (as in walkFilters)
          return target ? recursing(0, (t) => walkSort(visit, target, value, here, t)) : immediate(0);
        }
        case 'media':
          return recursing(1, (t) => walkSort(visit, attribute.target(), value, here, t));
        case 'component':
          return recursing(2, (t) => walkSort(visit, attribute.target(), value, here, t));
        default:
          return undefined;
      }
    },
    false,
    t0,
  );
}

// ----------------------------------------------------------------------------------------------------------- fields

/** traverse/query-fields.js: lists and comma lists are walked item by item; anything but a string is not walked. */
function walkFields(visit: Visitor, schema: StrapiSchema, data: unknown, t0: number): Outcome {
  if (Array.isArray(data) && data.every((i) => typeof i === 'string')) {
    return all(
      data.map((item) => walkFields(visit, schema, item, t0)),
      t0,
      2,
    );
  }
  if (typeof data === 'string' && data.includes(',')) {
    return all(
      data.split(',').map((item) => walkFields(visit, schema, item, t0)),
      t0,
      1,
    );
  }
  if (data === '*' || typeof data !== 'string') return { t: t0 };
  const key = data.trim();
  return walkKeys(
    [key],
    () => key,
    schema,
    null,
    visit,
    0,
    () => undefined,
    false,
    t0,
  );
}

// ----------------------------------------------------------------------------------------------------------- passes

const refuse = (test: (key: string, attribute: StrapiAttribute | undefined, value: unknown) => boolean): Visitor => {
  return (key, attribute, _path, value) => (test(key, attribute, value) ? key : undefined);
};

const dynamicZones = refuse((_k, a) => a?.type === 'dynamiczone');
const morphRelations = refuse((_k, a) => a?.type === 'morph');
const passwords = refuse((_k, a) => a?.type === 'password');
const privates = refuse((_k, a) => a?.private === true);

function fail(error: { key: string; path: string | null }, param: string): ValidationError {
  const { key, path } = error;
  const message = path && path !== key ? `Invalid key ${key} at ${path}` : `Invalid key ${key}`;
  return new InvalidKeyError(message, { key, path, source: 'query', param });
}

/** Runs passes in order; the first pass that fails names the error. */
function passes(run: (visit: Visitor) => Outcome, visitors: readonly Visitor[], param: string): void {
  for (const visit of visitors) {
    const outcome = run(visit);
    if (outcome.error) throw fail(outcome.error, param);
  }
}

/**
 * The passes of validate's filters or sort timed, for GraphQL's error timing (core/graphql/strapi-timing.ts): the
 * turns each pass's walk takes, in order, the last one the pass that refuses (its turn of refusal). The last pass
 * is the restricted relations' (validate.query and sanitize.query add it with an auth): its visitor is asynchronous,
 * `relationTurns` more on a relation (checking the caller's scope), and refuses the relation at `refusedRelation`
 * (an attribute path), if given.
 */
export interface PassTurns {
  readonly turns: readonly number[];
  readonly refused: boolean;
}

export interface RestrictedPass {
  readonly relationTurns: number;
  readonly refusedRelation?: string;
}

function timedPasses(run: (visit: Visitor) => Outcome, visitors: readonly Visitor[], pass: RestrictedPass): PassTurns {
  const turns: number[] = [];
  const restricted: Visitor = (key, attribute, here) =>
    attribute?.type !== 'relation' ? undefined : here === pass.refusedRelation ? key : pass.relationTurns;
  for (const visit of [...visitors, restricted]) {
    const outcome = run(visit);
    turns.push(outcome.t);
    if (outcome.error) return { turns, refused: true };
  }
  return { turns, refused: false };
}

export function filterPassTurns(schema: StrapiSchema, filters: unknown, pass: RestrictedPass): PassTurns {
  return timedPasses((visit) => walkFilters(visit, schema, filters, null, 0), FILTER_PASSES, pass);
}

export function sortPassTurns(schema: StrapiSchema, sort: unknown, pass: RestrictedPass): PassTurns {
  return timedPasses((visit) => walkSort(visit, schema, sort, null, 0), sortPasses(schema), pass);
}

/**
 * validators.validateFilters: unknown keys and operators, dynamic zones, morph relations, passwords, private fields.
 * `internal`: the document service's own validation (its repository's validateParams), which leaves passwords and
 * private fields to the code that asked: `strapi.documents(uid).findMany({ filters: { createdAt } })` runs where the
 * content API hides createdAt.
 */
export function validateFilters(schema: StrapiSchema, filters: unknown, param = 'filters', internal = false): void {
  const visitors = internal ? FILTER_PASSES.slice(0, 3) : FILTER_PASSES;
  if (!Array.isArray(filters)) return passes((visit) => walkFilters(visit, schema, filters, null, 0), visitors, param);
  // a list: validate/index.js validates its items with Promise.all, each item through all the passes in turn, so
  // the item whose refusal comes first in time wins, not the first in order (harness kit grammar seed 1101:
  // `filters[0][createdBy][$eq]=x&filters[1][blocks][id][$notNull]=true` is `Invalid key blocks`: the zone's pass
  // comes before the private fields' one)
  let first: { t: number; error: { readonly key: string; readonly path: string | null } } | undefined;
  for (const item of filters) {
    let t = 0;
    for (const visit of visitors) {
      const outcome = walkFilters(visit, schema, item, null, 0);
      if (outcome.error) {
        if (!first || t + outcome.t < first.t) first = { t: t + outcome.t, error: outcome.error };
        break;
      }
      t += outcome.t + PIPE_STEP;
    }
  }
  if (first) throw fail(first.error, param);
}

/** The turns async.pipe takes between two passes of one validator. */
const PIPE_STEP = 2;

const FILTER_PASSES: readonly Visitor[] = [
  refuse((key, attribute) => !ID_KEYS.has(key) && attribute === undefined && !STRAPI_OPERATORS.has(key)),
  dynamicZones,
  morphRelations,
  passwords,
  privates,
];

function sortPasses(root: StrapiSchema): readonly Visitor[] {
  const unknownKeys = refuse(
    (key, attribute) => !ID_KEYS.has(key) && !(key === 'status' && root.draftAndPublish) && attribute === undefined,
  );
  const bareRelation = refuse((key, attribute, value) => !ID_KEYS.has(key) && !isScalar(attribute) && isEmpty(value));
  return [unknownKeys, dynamicZones, morphRelations, passwords, privates, bareRelation];
}

/**
 * validators.validateSort: as filters, plus a relation, media or component named without a field under it.
 * `internal`: the document service's (unknown keys, dynamic zones and morph relations only).
 */
export function validateSort(schema: StrapiSchema, sort: unknown, param = 'sort', internal = false): void {
  passes((visit) => walkSort(visit, schema, sort, null, 0), internal ? sortPasses(schema).slice(0, 3) : sortPasses(schema), param);
}

/** validators.validateFields: scalar attributes only, then private, then password fields (`internal`: scalars only). */
export function validateFields(schema: StrapiSchema, fields: unknown, param = 'fields', internal = false): void {
  const scalarsOnly = refuse((key, attribute) => !ID_KEYS.has(key) && !isScalar(attribute));
  passes((visit) => walkFields(visit, schema, fields, 0), [scalarsOnly], param);
  if (internal) return;
  // the later passes walk what the first returned: a comma string became a list, and a comma item of a list a
  // nested list, which leaves that whole list unwalked
  const walked =
    typeof fields === 'string'
      ? fields.includes(',')
        ? fields.split(',').map((f) => f.trim())
        : fields.trim()
      : Array.isArray(fields) && fields.every((f) => typeof f === 'string')
        ? fields.map((f: string) => (f.includes(',') ? [f] : f.trim()))
        : fields;
  passes((visit) => walkFields(visit, schema, walked, 0), [privates, passwords], param);
}
