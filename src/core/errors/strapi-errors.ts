// Errors named and shaped as Strapi names them. The core throws these; one HTTP error handler renders them as
// `{data: null, error: {status, name, message, details}}`. The status comes from the class, as in Strapi.

export type ErrorDetails = Record<string, unknown>;

export class StrapiError extends Error {
  readonly status: number = 400;
  /** Undefined leaves `details` out of the body, as real Strapi does for body-parse errors. */
  readonly details: ErrorDetails | undefined;
  /** Pass `null` to leave `details` out of the body. */
  constructor(message: string, details: ErrorDetails | null = {}) {
    super(message);
    this.details = details ?? undefined;
  }
}

export class ApplicationError extends StrapiError {
  override readonly name: string = 'ApplicationError';
}
export class ValidationError extends StrapiError {
  override readonly name: string = 'ValidationError';
}
export class PaginationError extends StrapiError {
  override readonly name: string = 'PaginationError';
}
/** A JSON body that does not parse: Strapi answers with the parser's message and no details. */
export class SyntaxErrorResponse extends StrapiError {
  override readonly name: string = 'SyntaxError';
  constructor(message: string) {
    super(message, null);
  }
}
/** Koa's `ctx.badRequest` (a 400 named BadRequestError). */
export class BadRequestError extends StrapiError {
  override readonly name: string = 'BadRequestError';
}
export class UnauthorizedError extends StrapiError {
  override readonly name: string = 'UnauthorizedError';
  override readonly status = 401;
}
export class ForbiddenError extends StrapiError {
  override readonly name: string = 'ForbiddenError';
  override readonly status = 403;
}
export class NotFoundError extends StrapiError {
  override readonly name: string = 'NotFoundError';
  override readonly status = 404;
}
export class PayloadTooLargeError extends StrapiError {
  override readonly name: string = 'PayloadTooLargeError';
  override readonly status = 413;
}
export class InternalServerError extends StrapiError {
  override readonly name: string = 'InternalServerError';
  override readonly status = 500;
}

/** Strapi's `Invalid key …` refusal: a kind of its own, so the order of a query's errors never reads message text. */
export class InvalidKeyError extends ValidationError {}

/** `Invalid key <key>[ at <parent>]` with Strapi's details, for query parameters and bodies. */
export function invalidKey(
  key: string,
  opts: { parent?: string | null; path?: string | null; source: 'query' | 'body'; param?: string },
): ValidationError {
  const parent = opts.parent ?? null;
  const details: ErrorDetails = { key };
  if (opts.path !== undefined || opts.source === 'query') details.path = opts.path === undefined ? parent : opts.path;
  details.source = opts.source;
  if (opts.param !== undefined) details.param = opts.param;
  return new InvalidKeyError(`Invalid key ${key}${parent ? ` at ${parent}` : ''}`, details);
}

/** One yup-style attribute error, as Strapi's entity validator reports them. */
export interface FieldError {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly value: unknown;
}

export function fieldErrors(errors: readonly FieldError[]): ValidationError {
  const message = errors.length === 1 ? errors[0].message : `${errors.length} errors occurred`;
  return new ValidationError(message, {
    errors: errors.map((e) => ({ path: e.path, message: e.message, name: 'ValidationError', value: e.value })),
  });
}

export function errorBody(e: StrapiError): { data: null; error: Record<string, unknown> } {
  const error: Record<string, unknown> = { status: e.status, name: e.name, message: e.message };
  if (e.details !== undefined) error.details = e.details;
  return { data: null, error };
}

/** A policy that answered false: Strapi's PolicyError, a 403 whose message reaches the client. */
export class PolicyError extends ForbiddenError {
  override readonly name: string = 'PolicyError';
}
export class RateLimitError extends StrapiError {
  override readonly name: string = 'RateLimitError';
  override readonly status = 429;
}
export class NotImplementedError extends StrapiError {
  override readonly name: string = 'NotImplementedError';
  override readonly status = 501;
}

/** An application error of another copy of Strapi's utils, kept with its own name, message and details. */
class ForeignApplicationError extends StrapiError {
  override readonly name: string;
  constructor(name: string, message: string, details: ErrorDetails | null) {
    super(message, details);
    this.name = name;
  }
}

/**
 * An application error thrown from another copy of `@strapi/utils` than Strapi's own: a plugin that bundles the
 * package (an advanced-UUID field's check throws its own YupValidationError). Strapi's error middleware tests
 * `instanceof` against its own copy, so it answers 500 to what is a client's mistake; the mock answers 400 with the
 * error (the caller says what Strapi answers). Undefined for anything else.
 */
export function foreignApplicationError(e: unknown): StrapiError | undefined {
  if (!(e instanceof Error) || e instanceof StrapiError) return undefined;
  for (let p: unknown = Object.getPrototypeOf(e); p && p !== Error.prototype; p = Object.getPrototypeOf(p)) {
    if ((p as { constructor?: { name?: string } }).constructor?.name !== 'ApplicationError') continue;
    const details = (e as { details?: unknown }).details;
    const kept = typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as ErrorDetails) : {};
    return new ForeignApplicationError(e.name, e.message, kept);
  }
  return undefined;
}
