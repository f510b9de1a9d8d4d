import { UNLISTED_KEY } from '../openapi/validation-issues.js';
import type { CanRead } from '../../core/query/restricted-relations.js';
import type { ParsedQuery } from '../../core/query/run-query.js';
import type { Scope } from '../../core/query/scope.js';
import { checkDuplicates, checkEntry, child, type EntryContext } from './check-entry.js';
import type { Conditional } from './conditions.js';
import { checkFilters, checkRelationFilters } from './check-filters.js';
import { checkOrder } from './check-order.js';
import { checkPagination } from './check-pagination.js';
import type { Contract } from './load-contract.js';
import { narrowingFor, type Narrowing } from './narrowing-cache.js';
import { resolveRoute, type ContentRoute } from './resolve-route.js';
import type { Violation } from './violation.js';
import { isPlainObject } from '../../core/is-plain-object.js';

/** One answer to validate, with the request it answers. */
export interface Exchange {
  readonly method: string;
  /** Path and query as sent: `/api/articles?populate=*`. */
  readonly url: string;
  readonly requestHeaders?: Readonly<Record<string, string | string[] | undefined>>;
  readonly status: number;
  readonly contentType?: string;
  /** Parsed JSON, the text of a non-JSON answer, or undefined when there was no body. */
  readonly body: unknown;
  /**
   * The query string the route's core action got, where the project's code before it changed the request's (see
   * contractEffectiveSearch): the answer is judged by it.
   */
  readonly effectiveSearch?: string;
}

export interface ExchangeVerdict {
  readonly operation: string;
  readonly violations: Violation[];
  readonly skipped?: string;
  /** Findings that depend on what the caller may read: `settleConditionals` turns them into violations. */
  readonly conditional?: readonly Conditional[];
}

/**
 * The only request headers a verdict depends on (besides method and URL). The proxy's verdict memo keys on them:
 * a check that starts reading another request header must add it here.
 */
export const VERDICT_REQUEST_HEADERS = ['strapi-response-format'] as const;
type VerdictHeader = (typeof VERDICT_REQUEST_HEADERS)[number];

function header(headers: Exchange['requestHeaders'], name: VerdictHeader): string | undefined {
  const v = headers?.[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The status each error name of Strapi (its error classes and the http-errors names Koa gives) is sent with; a
 * name not listed (a project's own error) is not judged.
 */
const ERROR_STATUS: Readonly<Record<string, number>> = {
  ApplicationError: 400,
  ValidationError: 400,
  PaginationError: 400,
  BadRequestError: 400,
  UnauthorizedError: 401,
  ForbiddenError: 403,
  PolicyError: 403,
  NotFoundError: 404,
  MethodNotAllowedError: 405,
  PayloadTooLargeError: 413,
  RateLimitError: 429,
  InternalServerError: 500,
  NotImplementedError: 501,
};

/** `{data: null, error: {status, name, message, details?}}` with the HTTP status repeated inside. */
export function checkErrorEnvelope(status: number, body: unknown, out: Violation[]): void {
  if (!isPlainObject(body)) {
    out.push({ rule: 'error-envelope', path: '$', message: `a ${status} answer must be the JSON error envelope {data: null, error}` });
    return;
  }
  if (body.data !== null) out.push({ rule: 'error-envelope', path: '$.data', message: 'must be null in an error answer' });
  const error = body.error;
  if (!isPlainObject(error)) {
    out.push({ rule: 'error-envelope', path: '$.error', message: 'must be an object {status, name, message, details}' });
    return;
  }
  if (error.status !== status)
    out.push({
      rule: 'error-envelope',
      path: '$.error.status',
      message: `is ${JSON.stringify(error.status)} but the HTTP status is ${status}`,
    });
  if (typeof error.name !== 'string' || error.name === '')
    out.push({ rule: 'error-envelope', path: '$.error.name', message: 'must be a non-empty string' });
  else if (ERROR_STATUS[error.name] !== undefined && ERROR_STATUS[error.name] !== status)
    out.push({
      rule: 'error-envelope',
      path: '$.error.name',
      message: `is ${error.name}, Strapi's name for a ${ERROR_STATUS[error.name]}, but the HTTP status is ${status}`,
    });
  if (typeof error.message !== 'string') out.push({ rule: 'error-envelope', path: '$.error.message', message: 'must be a string' });
  if ('details' in error && !isPlainObject(error.details))
    out.push({ rule: 'error-envelope', path: '$.error.details', message: 'must be an object when present' });
}

/**
 * The contract narrowed to one request: the OpenAPI schema of the operation and status, then what this request's
 * query means for the body (populate, fields, locale, status, pagination, sort, filters).
 */
export function validateExchange(contract: Contract, exchange: Exchange): ExchangeVerdict {
  const { method, url, status, body } = exchange;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const matched = contract.match(method, url);
  const operation = matched ? `${matched.method.toUpperCase()} ${matched.template}` : `${method.toUpperCase()} ${pathname}`;
  // Strapi's router ignores letter case (`/API/Tags` is `/api/tags`).
  if (!pathname.toLowerCase().startsWith('/api/')) return { operation, violations: [], skipped: 'outside /api' };
  if (header(exchange.requestHeaders, 'strapi-response-format')?.trim() === 'v4')
    return { operation, violations: [], skipped: 'v4 response format' };

  const violations: Violation[] = [];
  const conditional: Conditional[] = [];
  if (status >= 500) {
    // Every operation documents a 500, but no request a client may send has a 5xx as its right answer.
    violations.push({ rule: 'server-error', path: '$', message: `the target failed with ${status}${errorSummary(body)}` });
  }
  // the project's own code on the request's way: its own answer keeps only the envelope to judge (see code-on-route.ts)
  const code = contract.codeOnRoute?.(method, pathname) ?? 'none';
  if (code === 'absent') {
    // the project's route files declare no route here: Strapi's router answers 404, or 405 (plain text) to another method
    const expected = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD' ? 404 : 405;
    if (status !== expected && status < 500)
      violations.push({
        rule: 'status',
        path: '$',
        message: `the project's route files declare no ${method.toUpperCase()} ${pathname} (Strapi answers ${expected}), but it answered ${status}`,
      });
    if (status >= 400 && status !== 405 && (exchange.contentType === undefined || exchange.contentType.includes('json')))
      checkErrorEnvelope(status, body, violations);
    return { operation, violations };
  }
  if (code === 'answer') {
    if (status >= 400 && (exchange.contentType === undefined || exchange.contentType.includes('json')))
      checkErrorEnvelope(status, body, violations);
    return { operation, violations };
  }
  if (!matched) {
    // Strapi's generic 404 for a route no content type has: only the envelope can be checked.
    if (status >= 400 && status !== 405) checkErrorEnvelope(status, body, violations);
    else if (status < 400)
      violations.push({
        rule: 'status',
        path: '$',
        message: `${method.toUpperCase()} ${pathname} is no documented operation, but answered ${status}`,
      });
    return { operation, violations };
  }
  const schema = contract.validator.validate({ method, path: url, status, body: body ?? null, contentType: exchange.contentType });
  for (const issue of schema.errors) {
    // keys a document-service middleware or lifecycle adds to an entry stay in Strapi's answer (see RouteCode)
    if (code === 'below' && issue.message === UNLISTED_KEY) continue;
    violations.push({ rule: issue.message.startsWith('status ') ? 'status' : 'schema', path: issue.path, message: issue.message });
  }
  const isJson = exchange.contentType === undefined || exchange.contentType.includes('json');
  if (status >= 400 && isJson) checkErrorEnvelope(status, body, violations);
  const route = resolveRoute(contract.model, pathname);
  // (a query the project's code changed: judged by the query its core action got, when that is known, else not at all)
  const judged = code === 'none' || exchange.effectiveSearch !== undefined;
  if (route && judged && status >= 200 && status < 300 && isPlainObject(body)) {
    const search = exchange.effectiveSearch ?? (q === -1 ? '' : url.slice(q + 1));
    const base = narrowingFor(contract, route.type, search);
    const asIfReadable: Violation[] = [];
    narrow(contract, route, exchange, body, base, asIfReadable);
    // A caller who may read every type touched gets this verdict. It can only change for another caller when something
    // was found (hidden relations explain missing ones) or when the query may be refused (filters, sort through them).
    const none = base.touched.length > 0 ? narrowingFor(contract, route.type, search, () => false) : base;
    const refusable = none.refusal !== base.refusal || none.listRefusal !== base.listRefusal;
    if (base.touched.length === 0 || (asIfReadable.length === 0 && !refusable)) violations.push(...asIfReadable);
    else {
      // The engine's parse for this caller decides: relations to types it may not read are hidden or refused.
      conditional.push({
        // a parse that failed early asked about fewer types: the other extreme names the rest
        uids: [...new Set([...base.touched, ...none.touched])],
        settle: (canRead) => {
          const found: Violation[] = [];
          narrow(contract, route, exchange, body, narrowingFor(contract, route.type, search, canRead), found);
          return dedupeViolations(found);
        },
      });
    }
  }
  return { operation, violations: dedupeViolations(violations), ...(conditional.length > 0 ? { conditional } : {}) };
}

const errorSummary = (body: unknown): string =>
  isPlainObject(body) && isPlainObject(body.error) && typeof body.error.message === 'string' ? `: ${body.error.message}` : '';

/**
 * Why Strapi refuses a GET for a caller who may read what `canRead` says, when only that caller is refused (filters or
 * sort through a relation to a type it may not read); the types to ask about with `touched`. Undefined otherwise.
 */
export function refusalFor(contract: Contract, method: string, url: string, canRead: CanRead): string | undefined {
  const route = restrictableRoute(contract, method, url);
  if (!route) return undefined;
  const narrowing = narrowingFor(contract, route.type, route.search, canRead);
  if (narrowing === narrowingFor(contract, route.type, route.search)) return undefined;
  return route.kind === 'list' ? narrowing.listRefusal : narrowing.refusal;
}

/** The content types whose readability changes what a GET must answer (none: the answer is the same for everyone). */
export function touchedTypes(contract: Contract, method: string, url: string): readonly string[] {
  const route = restrictableRoute(contract, method, url);
  return route ? narrowingFor(contract, route.type, route.search).touched : [];
}

function restrictableRoute(contract: Contract, method: string, url: string): (ContentRoute & { search: string }) | undefined {
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  if ((contract.codeOnRoute?.(method, pathname) ?? 'none') !== 'none') return undefined;
  const route = method.toUpperCase() === 'GET' ? resolveRoute(contract.model, pathname) : undefined;
  return route && { ...route, search: q === -1 ? '' : url.slice(q + 1) };
}

export function dedupeViolations(list: Violation[]): Violation[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const key = `${v.path}\u0000${v.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function narrow(
  contract: Contract,
  route: ContentRoute,
  exchange: Exchange,
  body: Record<string, unknown>,
  narrowing: Narrowing,
  out: Violation[],
): void {
  const m = exchange.method.toUpperCase();
  if (m !== 'GET' && m !== 'POST' && m !== 'PUT') return;
  const { raw, parsed } = narrowing;
  const predicate = route.kind === 'one' && route.documentId !== undefined ? narrowing.findOnePredicate : narrowing.predicate;
  const list = route.kind === 'list' && m === 'GET';
  // Strapi refuses these queries with 400 whatever the data: a 2xx means the backend ignored a parameter.
  const refusal = m === 'GET' ? (list ? narrowing.listRefusal : narrowing.refusal) : undefined;
  if (refusal) out.push({ rule: 'status', path: '$', message: `expected 400 (${refusal}) but got ${exchange.status}` });
  if (!parsed) return;
  const ctx: EntryContext = { index: contract.index, status: parsed.status, out };
  const scope: Scope = { kind: 'type', type: route.type };
  const entries: Array<{ entry: unknown; path: string }> = list
    ? (Array.isArray(body.data) ? body.data : []).map((entry, i) => ({ entry, path: `$.data[${i}]` }))
    : body.data === null || body.data === undefined
      ? []
      : [{ entry: body.data, path: '$.data' }];
  for (const { entry, path } of entries) {
    checkEntry(ctx, scope, entry, parsed.node, path);
    checkLocale(route, parsed, entry, path, out);
  }
  if (route.kind === 'one' && route.documentId !== undefined && isPlainObject(body.data) && typeof body.data.documentId === 'string') {
    if (body.data.documentId !== route.documentId)
      out.push({
        rule: 'document',
        path: '$.data.documentId',
        message: `is ${JSON.stringify(body.data.documentId)} but the path asks for ${JSON.stringify(route.documentId)}`,
      });
  }
  if (m !== 'GET') return;
  const rows = entries.map((e) => e.entry);
  const pathOf = (i: number) => entries[i].path;
  if (predicate) checkFilters(predicate, rows, pathOf, out);
  if (narrowing.relations.length > 0) checkRelationFilters(narrowing.relations, rows, pathOf, out);
  if (list && Array.isArray(body.data)) {
    // Several locales (locale=*, a list of them, a locale filter) may show one document more than once.
    const oneLocale = !route.type.localized || (Array.isArray(parsed.locales) && parsed.locales.length === 1);
    checkDuplicates(body.data, '$.data', out, oneLocale);
    checkPagination(raw, body, out, narrowing.pagination, narrowing.window);
    checkOrder(contract.index, route.type, parsed.node, parsed.sort, body.data, out);
  }
}

/** A localized entry's `locale` must be one the request asked for (the default locale when none was given). */
function checkLocale(route: ContentRoute, parsed: ParsedQuery, entry: unknown, path: string, out: Violation[]): void {
  if (!route.type.localized || !isPlainObject(entry) || !('locale' in entry) || !Array.isArray(parsed.locales)) return;
  if (!parsed.locales.includes(String(entry.locale))) {
    out.push({
      rule: 'locale',
      path: child(path, 'locale'),
      message: `is ${JSON.stringify(entry.locale)} but the request asked for ${parsed.locales.join(', ')}`,
    });
  }
}

/**
 * The query string a request's core action gets where the project's code before it changes the request's (the
 * contract's effectiveSearch, for GETs the route table gives the query of); undefined where the request's own counts.
 */
export async function contractEffectiveSearch(
  contract: Contract,
  method: string,
  url: string,
  authorization: string | undefined,
): Promise<string | undefined> {
  if (!contract.effectiveSearch || method.toUpperCase() !== 'GET') return undefined;
  const q = url.indexOf('?');
  if (contract.codeOnRoute?.(method, q === -1 ? url : url.slice(0, q)) !== 'query') return undefined;
  try {
    return await contract.effectiveSearch(method, url, authorization);
  } catch {
    // code that fails here fails the same way on the target: nothing is judged by the query then
    return undefined;
  }
}
