import type { GraphQLSchema } from 'graphql';
import { buildPluginSchema } from '../../core/graphql/build-schema.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { GraphqlSettings } from '../../core/config/content-mock-config.js';
import type { ContentModel } from '../../core/model/types.js';
import { checkGraphqlAnswer, type Violation } from './check-graphql-answer.js';

// The proxy's door to the GraphQL checks: an exchange on the plugin's endpoint is judged against the schema
// content-mock generates for the project (built once, on the first such exchange).

export interface GraphqlVerdictOf {
  readonly operation: string;
  readonly violations: Violation[];
}

export type GraphqlVerdict = (
  method: string,
  url: string,
  requestBody: unknown,
  status: number,
  body: unknown,
) => GraphqlVerdictOf | undefined;

/** The request an Apollo GET carries in its query string. */
function getRequest(url: URL): Record<string, unknown> {
  const variables = url.searchParams.get('variables');
  let parsed: unknown;
  try {
    parsed = variables ? (JSON.parse(variables) as unknown) : undefined;
  } catch {
    parsed = undefined;
  }
  return {
    query: url.searchParams.get('query') ?? undefined,
    variables: parsed,
    operationName: url.searchParams.get('operationName') ?? undefined,
  };
}

/** Judges exchanges on the GraphQL endpoint; undefined for any other exchange (the REST checks take it). */
export function graphqlVerdictFor(model: ContentModel, settings: GraphqlSettings | null | undefined): GraphqlVerdict {
  const endpoint = settings?.endpoint ?? '/graphql';
  let schema: GraphQLSchema | undefined;
  return (method, url, requestBody, status, body) => {
    const parsed = new URL(url, 'http://target');
    if (parsed.pathname !== endpoint || (method !== 'POST' && method !== 'GET')) return undefined;
    // the landing page and other non-JSON answers of the endpoint are not operations
    if (!isPlainObject(body)) return undefined;
    schema ??= buildPluginSchema(model, { shadowCRUD: settings?.shadowCRUD, v4CompatibilityMode: settings?.v4CompatibilityMode }).schema;
    const request = method === 'GET' ? getRequest(parsed) : requestBody;
    return { operation: `${method} ${endpoint}`, violations: checkGraphqlAnswer(schema, { status, request, body }) };
  };
}
