import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ForbiddenError, StrapiError } from '../errors/strapi-errors.js';

// The plugin's formatGraphqlError: a Strapi error thrown by a resolver keeps its name, message and details under
// `extensions.error`, with a code: FORBIDDEN (forbidden, unauthorized), BAD_USER_INPUT (validation), or
// STRAPI_<NAME_IN_SNAKE_CASE> for the other application errors. A plain Error keeps its message, as an internal error.

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
  // a plain Error has no own enumerable property: lodash isEmpty holds and the plugin keeps Apollo's rendering
  if (original && !(original instanceof GraphQLError)) return { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
  return { ...base, extensions: { code: 'INTERNAL_SERVER_ERROR', ...error.extensions } };
}
