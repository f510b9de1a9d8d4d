import { InvalidKeyError, ValidationError, type ErrorDetails, type StrapiError } from '../errors/strapi-errors.js';

// Typed kinds of query errors: the stage that reports a query's first mistake is decided by the kind of error, not by
// reading its message.

/**
 * A request real Strapi's database layer fails on (a 500 there): answered 400 with a message that names what Strapi
 * fails on, never 200. `strapiMessage` is the database's own error text, quoted in the message.
 */
export class DatabaseRefusal extends ValidationError {
  constructor(problem: string, strapiMessage: string, details: ErrorDetails = {}) {
    super(`${problem} (real Strapi fails with a 500 here: "${strapiMessage}")`, details);
  }
}

/**
 * What fails only when the query builder writes the WHERE it was given (knex's own checks, SQLite's binding): after
 * the database processed the whole WHERE, so a value another condition cannot cast is reported first.
 */
export class AppliedWhereRefusal extends DatabaseRefusal {}

/**
 * A key a validator refuses (`Invalid key x`): Strapi's validators run before its conversions and its database, so
 * such an error is reported before theirs. A nested wildcard's refusal is raised later, as its own kind.
 */
export const isRefusedKey = (error: StrapiError): boolean => error instanceof InvalidKeyError;

/**
 * A key the document service's own validators refuse (`validateParams`, with the service's parameters): the
 * controller's validators did not walk it. Its error carries no source, and comes before status and locale.
 */
export class ServiceKeyRefusal extends InvalidKeyError {}

/** `The filters parameter must be an object or an array`: the query conversion's own check, before the database. */
export class FiltersParameterError extends ValidationError {
  constructor() {
    super('The filters parameter must be an object or an array', {});
  }
}

/**
 * What the query conversion refuses (@strapi/utils convert-query-params: a sort's order other than asc or desc): it
 * runs after the query's validation and sanitization, as the document service or a relation's load converts the
 * query, so its error comes later than a validator's.
 */
export class ConversionRefusal extends ValidationError {}
