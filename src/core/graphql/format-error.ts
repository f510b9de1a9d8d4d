import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ForbiddenError, StrapiError } from '../errors/strapi-errors.js';

// The plugin's formatGraphqlError: a Strapi error thrown by a resolver keeps its name, message and details under
// `extensions.error`, with a code: FORBIDDEN (forbidden, unauthorized), BAD_USER_INPUT (validation), or
// STRAPI_<NAME_IN_SNAKE_CASE> for the other application errors. A plain Error keeps its message, as an internal error;
// any other error becomes a generic internal one.

const snake = (name: string) =>
  name
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z\d]+/g, '_')
    .toUpperCase();

export function codeOf(e: StrapiError): string {
  // PolicyError is a ForbiddenError (the plugin tests with instanceof)
  if (e instanceof ForbiddenError || e.name === 'ForbiddenError' || e.name === 'UnauthorizedError') return 'FORBIDDEN';
  if (e.name === 'ValidationError') return 'BAD_USER_INPUT';
  return `STRAPI_${snake(e.name)}`;
}

/** A resolver error as Apollo with the plugin's formatError renders it (stack traces left out). */
export function formatResolverError(error: GraphQLError): GraphQLFormattedError {
  const original = error.originalError;
  const base = { message: error.message, locations: error.locations, path: error.path };
  if (original instanceof StrapiError) {
    const details = original.details ?? {};
    // the plugin rebuilds the error from the formatted one: GraphQLError takes no `locations` option, so they go
    return {
      message: original.message,
      path: error.path,
      extensions: { code: codeOf(original), error: { name: original.name, message: original.message, details } },
    };
  }
  if (original && !(original instanceof GraphQLError)) {
    // a plain Error has no own enumerable property: lodash isEmpty holds and the plugin keeps Apollo's rendering
    if (Object.keys(original).length === 0) return { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    // one that carries properties (nexus' "Not authorized" keeps its cause) becomes the plugin's generic 500, which
    // names the error (lodash pick reads inherited keys too) but not where it happened
    const named: Record<string, unknown> = { name: original.name, message: original.message };
    if ('details' in original) named.details = (original as { details?: unknown }).details;
    return { message: 'Internal Server Error', extensions: { error: named, code: 'INTERNAL_SERVER_ERROR' } };
  }
  return { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR', ...error.extensions } };
}
