/** What a check looked at when it found a problem; lets a reader (and a baseline) group violations by kind. */
export const RULES = [
  'schema',
  'status',
  'populate',
  'fields',
  'locale',
  'publication',
  'pagination',
  'sort',
  'filters',
  'error-envelope',
  /** The same row twice in one list. */
  'duplicate',
  /** A findOne, update or single answer about another document than the one the path names. */
  'document',
  /** A 5xx from the target: Strapi's answer to a query it could not run, never a contract-conforming answer. */
  'server-error',
  'target',
] as const;
export type Rule = (typeof RULES)[number];

/** One contract violation in one answer: the JSON path points into the response body (`$` = the whole answer). */
export interface Violation {
  readonly rule: Rule;
  readonly path: string;
  readonly message: string;
}

/** One request/answer pair and what the validation found. */
export interface ExchangeResult {
  /** `GET /api/articles/{documentId}`, or the raw path when no documented operation matches. */
  readonly operation: string;
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly violations: readonly Violation[];
  /** Why the answer was not validated (v4 format, outside /api, not JSON...), when it was not. */
  readonly skipped?: string;
  /** `check` names its cases; the proxy leaves this out. */
  readonly name?: string;
  /** Violations a baseline file already lists: reported, but they do not fail the run. */
  readonly baselined?: readonly Violation[];
  readonly durationMs?: number;
  /** The request body (parsed JSON, or text), when there was one: reports reproduce the request from it. */
  readonly requestBody?: unknown;
  /** Whether the request carried an Authorization header (reports never copy the credential itself). */
  readonly authorized?: boolean;
  /** The start of the answer's body, for reports. */
  readonly excerpt?: string;
}

/** The log line of a violation: short, greppable, with the JSON path. */
export function formatViolation(result: Pick<ExchangeResult, 'method' | 'url' | 'status'>, v: Violation): string {
  return `violation ${result.method} ${result.url} → ${result.status} [${v.rule}] ${v.path}: ${v.message}`;
}
