import { routedTypes } from '../../core/model/types.js';
import { loadContract, type Contract, type ProjectCodeView } from '../proxy/load-contract.js';
import { Report, formatOf, type ReportData, type ReportFormat } from '../proxy/report.js';
import { readabilityOf, settleConditionals } from '../proxy/conditions.js';
import { ReadProbe } from '../proxy/read-probe.js';
import { contractEffectiveSearch, dedupeViolations, refusalFor, touchedTypes, validateExchange } from '../proxy/validate-exchange.js';
import type { ExchangeResult, Rule, Violation } from '../proxy/violation.js';
import { Baseline } from './baseline.js';
import { buildSuite, GRAPHQL_CASE, routeOf, type CheckCase } from './build-suite.js';
import { minimalData } from './write-cases.js';
import { excerptOf } from '../proxy/parse-answer.js';
import { resolveRoute } from '../proxy/resolve-route.js';
import { isPlainObject } from '../../core/is-plain-object.js';

export interface CheckOptions {
  readonly target: string;
  readonly contract: Contract;
  readonly token?: string;
  readonly baseline?: Baseline;
  /** Also create, update and delete one document per collection type (cleaning up after itself). */
  readonly writes?: boolean;
  readonly timeoutMs?: number;
  /** Rules whose violations are not reported (e.g. `server-error`). */
  readonly ignoreRules?: readonly Rule[];
}

interface Answer {
  readonly status: number;
  readonly contentType?: string;
  readonly body: unknown;
}

export class TargetDownError extends Error {}

/** How a case refused by the target's permissions is marked `skipped` (the coverage verdict counts them). */
const REFUSED = 'refused by the target (401/403): pass --token with a token that may do it';
const isRefused = (r: ExchangeResult) => r.skipped?.endsWith(REFUSED) === true;
// a GraphQL query goes out as a POST but reads
const isWrite = (r: ExchangeResult) => r.method !== 'GET' && !r.name?.startsWith(GRAPHQL_CASE);

/**
 * Why a run checked too little to count as a pass (a wrong token, a read-only token with --writes): most of the
 * reads, or most of the writes asked for, were refused (401/403) or not validated. Undefined when it checked enough.
 */
export function uncheckedReason(results: readonly ExchangeResult[], coverage?: Coverage): string | undefined {
  // a model without content types (or schemas read from the wrong folder) gives no request at all
  if (!results.some((r) => !isWrite(r))) {
    return 'no request was checked: the schemas hold no content type. Point --schemas at the Strapi project (or its src/).';
  }
  // empty lists and 404s check the envelope only: fields, populate, filters and sort were never seen on an entry
  if (coverage && coverage.withEntries.length === 0 && coverage.refused.length < coverage.types) {
    return (
      'no answer held an entry: the target has no content the token may read, so fields, populate, filters and sort ' +
      'were checked on nothing. Seed the target (content-mock push can fill it), or pass --allow-unauthorized to accept this.'
    );
  }
  for (const [part, list] of [
    ['requests', results.filter((r) => !isWrite(r))],
    ['writes (--writes)', results.filter(isWrite)],
  ] as const) {
    const refused = list.filter(isRefused).length;
    const skipped = list.filter((r) => r.skipped !== undefined).length;
    if (list.length === 0 || skipped * 2 <= list.length) continue;
    const what = refused === skipped ? `were refused (401/403)` : `were refused (401/403) or not validated (${skipped - refused})`;
    return (
      `${refused === skipped ? refused : skipped} of ${list.length} ${part} ${what}: the run checked almost nothing. ` +
      'Pass a token that may read (and, with --writes, write) every type with --token, or --allow-unauthorized to accept this.'
    );
  }
  return undefined;
}

/** Which types the run saw content of, and which the target refused to the token. */
export interface Coverage {
  /** Routed content types in the model. */
  readonly types: number;
  /** Types (uid) some answer showed at least one entry of. */
  readonly withEntries: readonly string[];
  /** Types (uid) whose reads were all refused (401/403): nothing of them was checked. */
  readonly refused: readonly string[];
  /** Readable types that showed no entry: only their empty answers were checked. */
  readonly empty: readonly string[];
}

class CoverageTally {
  private readonly seen = new Set<string>();
  private readonly reads = new Map<string, { refused: number; total: number }>();

  constructor(private readonly contract: Contract) {}

  add(c: Pick<CheckCase, 'method' | 'url'>, answer: Answer): void {
    if (c.method !== 'GET') return;
    const q = c.url.indexOf('?');
    const uid = resolveRoute(this.contract.model, q === -1 ? c.url : c.url.slice(0, q))?.type.uid;
    if (!uid) return;
    const tally = this.reads.get(uid) ?? { refused: 0, total: 0 };
    tally.total += 1;
    if (answer.status === 401 || answer.status === 403) tally.refused += 1;
    this.reads.set(uid, tally);
    const data = isPlainObject(answer.body) ? answer.body.data : undefined;
    if (answer.status < 300 && (Array.isArray(data) ? data.length > 0 : isPlainObject(data))) this.seen.add(uid);
  }

  result(): Coverage {
    const types = routedTypes(this.contract.model).map((t) => t.uid);
    const refused = types.filter((uid) => {
      const t = this.reads.get(uid);
      return t !== undefined && t.refused === t.total;
    });
    return {
      types: types.length,
      withEntries: types.filter((uid) => this.seen.has(uid)),
      refused,
      empty: types.filter((uid) => !this.seen.has(uid) && !refused.includes(uid)),
    };
  }
}

const authorizationOf = (options: CheckOptions): string | undefined => (options.token ? `Bearer ${options.token}` : undefined);

async function send(options: CheckOptions, c: Pick<CheckCase, 'method' | 'url' | 'body'>): Promise<Answer> {
  const headers: Record<string, string> = {};
  const authorization = authorizationOf(options);
  if (authorization) headers.authorization = authorization;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(new URL(c.url, options.target), {
      method: c.method,
      headers,
      body: c.body === undefined ? undefined : JSON.stringify(c.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  } catch (e) {
    throw new TargetDownError(`${options.target} did not answer ${c.method} ${c.url}: ${(e as Error).message}`);
  }
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? undefined;
  let body: unknown = text === '' ? undefined : text;
  if (text !== '' && contentType?.includes('json')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { status: res.status, contentType, body };
}

const errorMessage = (body: unknown): string | undefined =>
  isPlainObject(body) && isPlainObject(body.error) && typeof body.error.message === 'string' ? body.error.message : undefined;

/** Whether a 400 is Strapi refusing filters or sort through a relation this caller may not read (asked of the target). */
async function refusedAsRestricted(options: CheckOptions, probe: ReadProbe, c: CheckCase, answer: Answer): Promise<boolean> {
  const message = errorMessage(answer.body);
  if (answer.status !== 400 || !message?.startsWith('Invalid key ')) return false;
  const uids = touchedTypes(options.contract, c.method, c.url);
  if (uids.length === 0) return false;
  const known = await readabilityOf(probe, authorizationOf(options), uids);
  if ([...known.values()].includes('unknown')) return false;
  return refusalFor(options.contract, c.method, c.url, (uid) => known.get(uid) === 'readable') === message;
}

/** Runs one case: the contract check narrowed to the request, plus the status the case expects. */
async function judge(options: CheckOptions, probe: ReadProbe, c: CheckCase, answer: Answer, ms: number): Promise<ExchangeResult> {
  const effectiveSearch = await contractEffectiveSearch(options.contract, c.method, c.url, authorizationOf(options));
  const { conditional, ...verdict } = validateExchange(options.contract, {
    method: c.method,
    url: c.url,
    status: answer.status,
    contentType: answer.contentType,
    body: answer.body,
    ...(effectiveSearch === undefined ? {} : { effectiveSearch }),
  });
  // Relations to types the caller may not read are hidden by Strapi: only the target knows which those are.
  const settled = conditional ? await settleConditionals(conditional, probe, authorizationOf(options)) : [];
  const base = { name: c.name, method: c.method, url: c.url, status: answer.status, operation: verdict.operation, durationMs: ms };
  if ((answer.status === 401 || answer.status === 403) && !c.expect.includes(answer.status)) {
    // Permissions are the server's configuration, not the contract: not a failure, but nothing was checked either.
    return { ...base, violations: [], skipped: `${answer.status}: ${REFUSED}` };
  }
  const ignored = new Set(options.ignoreRules ?? []);
  const violations: Violation[] = dedupeViolations([...verdict.violations, ...settled]).filter((v) => !ignored.has(v.rule));
  // the status a case expects is Strapi's default route's: where the project's code runs on the way (it may replace
  // the query that was to be refused, or answer itself), only a server error counts, and the verdict says so
  const pathname = c.url.split('?')[0];
  const ownRoute = (options.contract.codeOnRoute?.(c.method, pathname) ?? 'none') === 'none';
  if (ownRoute && !c.expect.includes(answer.status) && !(await refusedAsRestricted(options, probe, c, answer))) {
    violations.unshift({ rule: 'status', path: '$', message: `expected ${c.expect.join(' or ')}, got ${answer.status}` });
  }
  const { fresh, known } = (options.baseline ?? Baseline.empty()).split(c.name, violations);
  const excerpt = fresh.length > 0 ? excerptOf(answer.body) : undefined;
  return {
    ...base,
    violations: fresh,
    baselined: known.length ? known : undefined,
    skipped: verdict.skipped,
    ...(c.body === undefined ? {} : { requestBody: c.body }),
    ...(options.token ? { authorized: true } : {}),
    ...(excerpt === undefined ? {} : { excerpt }),
  };
}

/** A GraphQL case's result: the schema's verdict, the expected status, the baseline and ignored rules applied. */
function graphqlResult(
  options: CheckOptions,
  c: CheckCase,
  answer: Answer,
  found: readonly Violation[],
  operation: string,
): ExchangeResult {
  const ignored = new Set(options.ignoreRules ?? []);
  const violations = found.filter((v) => !ignored.has(v.rule));
  if (!c.expect.includes(answer.status))
    violations.unshift({ rule: 'status', path: '$', message: `expected ${c.expect.join(' or ')}, got ${answer.status}` });
  const { fresh, known } = (options.baseline ?? Baseline.empty()).split(c.name, violations);
  const excerpt = fresh.length > 0 ? excerptOf(answer.body) : undefined;
  return {
    name: c.name,
    method: c.method,
    url: c.url,
    status: answer.status,
    operation,
    violations: fresh,
    baselined: known.length ? known : undefined,
    requestBody: c.body,
    ...(options.token ? { authorized: true } : {}),
    ...(excerpt === undefined ? {} : { excerpt }),
  };
}

async function samples(options: CheckOptions): Promise<Map<string, Record<string, unknown>[]>> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const type of routedTypes(options.contract.model)) {
    if (type.kind !== 'collectionType') continue;
    const answer = await send(options, { method: 'GET', url: `${routeOf(type)}?pagination[pageSize]=10` });
    out.set(type.uid, isPlainObject(answer.body) && Array.isArray(answer.body.data) ? answer.body.data.filter(isPlainObject) : []);
  }
  return out;
}

/** Derives the suite from the model, runs it against the target, and collects the verdicts. */
export async function checkTarget(
  options: CheckOptions,
  onResult?: (r: ExchangeResult) => void,
): Promise<Report & { readonly coverage: Coverage }> {
  const report = new Report('check', options.target, Number.POSITIVE_INFINITY);
  const probe = new ReadProbe(options.target, options.contract.model, options.timeoutMs ?? 30_000);
  const tally = new CoverageTally(options.contract);
  const run = async (c: CheckCase): Promise<Answer> => {
    const started = performance.now();
    const answer = await send(options, c);
    tally.add(c, answer);
    const result = await judge(options, probe, c, answer, performance.now() - started);
    report.add(result);
    onResult?.(result);
    return answer;
  };
  const suite = buildSuite(options.contract.model, await samples(options));
  for (const c of suite) await run(c);
  if (options.writes) await runWrites(options, run);
  const graphql = options.contract.config?.graphql;
  if (graphql) {
    // the project serves the GraphQL plugin: its queries too, judged against the plugin's schema (graphql-js loads
    // only for such projects)
    const { graphqlCases } = await import('./graphql-cases.js');
    const { graphqlVerdictFor } = await import('../graphql/graphql-verdict.js');
    const verdict = graphqlVerdictFor(options.contract.model, graphql);
    for (const c of graphqlCases(options.contract.model, graphql)) {
      const started = performance.now();
      const answer = await send(options, c);
      const judged = verdict(c.method, c.url, c.body, answer.status, answer.body);
      const result = graphqlResult(options, c, answer, judged?.violations ?? [], judged?.operation ?? `${c.method} ${c.url}`);
      const timed = { ...result, durationMs: performance.now() - started };
      report.add(timed);
      onResult?.(timed);
    }
  }
  return Object.assign(report, { coverage: tally.result() });
}

/** POST, PUT, DELETE on each collection type whose required fields are scalars; the DELETE cleans up. */
async function runWrites(options: CheckOptions, run: (c: CheckCase) => Promise<Answer>): Promise<void> {
  const tag = Date.now().toString(36);
  for (const type of routedTypes(options.contract.model)) {
    const data = type.kind === 'collectionType' ? minimalData(type, tag) : undefined;
    if (!data) continue;
    const base = routeOf(type);
    const created = await run({ name: `${type.pluralName}: create`, method: 'POST', url: base, body: { data }, expect: [201] });
    const documentId = isPlainObject(created.body) && isPlainObject(created.body.data) ? created.body.data.documentId : undefined;
    if (typeof documentId !== 'string') continue;
    const one = `${base}/${encodeURIComponent(documentId)}`;
    await run({ name: `${type.pluralName}: update`, method: 'PUT', url: one, body: { data: {} }, expect: [200] });
    await run({ name: `${type.pluralName}: delete`, method: 'DELETE', url: type.localized ? `${one}?locale=*` : one, expect: [204] });
  }
}

export { formatOf, type ReportFormat };

export interface RunCheckOptions {
  readonly target: string;
  /** Strapi project root, its src/, or a folder with api/ and components/ (default `.`); ignored with `contract`. */
  readonly schemas?: string;
  /** Config file, as `serve --config` reads it. */
  readonly config?: string;
  /** A contract loaded already (tests that check several targets load it once). */
  readonly contract?: Contract;
  readonly token?: string;
  readonly writes?: boolean;
  readonly baseline?: Baseline;
  readonly timeoutMs?: number;
  readonly ignoreRules?: readonly Rule[];
  /** Count a run whose requests were mostly refused (401/403) as checked. */
  readonly allowUnauthorized?: boolean;
  readonly onResult?: (r: ExchangeResult) => void;
  /** What the project's own code does on each request's way (see project/code/code-on-route.ts). */
  readonly code?: ProjectCodeView;
}

/** The report of a check run, with the verdict `content-mock check` exits with. */
export interface CheckReport extends ReportData {
  /** 0 clean, 1 violations outside the baseline, 2 checked too little (see `unchecked`). */
  readonly exitCode: 0 | 1 | 2;
  /** Why the run does not count (most requests refused or not validated, no entry anywhere). */
  readonly unchecked?: string;
  /** What the run saw entries of; the types refused or empty were not checked, whatever the totals say. */
  readonly coverage: Coverage;
  /** The report in a CI format. */
  render(format: ReportFormat): string;
}

/**
 * `content-mock check` as a library call, for test runners: derives the suite from the schemas, runs it against the
 * target and returns the report. Throws TargetDownError when the target stops answering.
 */
export async function runCheck(options: RunCheckOptions): Promise<CheckReport> {
  const contract =
    options.contract ??
    (await loadContract({
      schemas: options.schemas ?? '.',
      config: options.config,
      target: options.target,
      token: options.token,
      code: options.code,
    }));
  const report = await checkTarget({ ...options, contract }, options.onResult);
  return checkReportOf(report, options.allowUnauthorized === true);
}

export function checkReportOf(report: Report & { readonly coverage: Coverage }, allowUnauthorized: boolean): CheckReport {
  const data = report.data();
  const unchecked = allowUnauthorized ? undefined : uncheckedReason(data.results, report.coverage);
  const exitCode = data.totals.violations > 0 ? 1 : unchecked ? 2 : 0;
  return {
    ...data,
    exitCode,
    coverage: report.coverage,
    ...(unchecked ? { unchecked } : {}),
    render: (format) => report.render(format),
  };
}

/** The lines that say which types were not checked (a run that passes must not look as if it had checked them). */
export function coverageLines(coverage: Coverage): string[] {
  const lines: string[] = [];
  if (coverage.refused.length > 0) lines.push(`not checked, refused to this token (401/403): ${coverage.refused.join(', ')}`);
  if (coverage.empty.length > 0) lines.push(`not checked on any entry (no content): ${coverage.empty.join(', ')}`);
  return lines;
}
