import {
  GraphQLError,
  execute,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLFieldResolver,
  type GraphQLFormattedError,
  type GraphQLTypeResolver,
} from 'graphql';
import { isPlainObject } from '../is-plain-object.js';
import type { Entry } from '../query/render-entry.js';
import type { GraphqlContext } from './graphql-context.js';
import { depthLimit } from './depth-limit.js';
import { noIntrospection } from './no-introspection.js';
import {
  entryFieldAllowed,
  entryFieldReadsDatabase,
  entryFieldValidated,
  filtersOrSorts,
  resolveEntryField,
  validatedArgs,
} from './field-resolvers.js';
import { formatResolverError } from './format-error.js';
import { responseField } from './response-field.js';
import { resolveRoot, rootAllowed } from './root-resolvers.js';
import { pageWindow } from './graphql-args.js';
import { resolvePersistedQuery, type PersistedQueries } from './persisted-queries.js';
import { argumentsCost, databaseTurns, strapiShaped, type ArgumentsCost, type DatabaseTurn } from './strapi-timing.js';

// One GraphQL operation as Apollo Server 4 with the plugin's settings answers it: parse (400
// GRAPHQL_PARSE_FAILED), validate with the depth limit (400 GRAPHQL_VALIDATION_FAILED), coerce variables (400
// BAD_USER_INPUT), execute (200 with `data` and the resolvers' errors formatted as the plugin formats them).

export interface GraphqlOperation {
  readonly query: unknown;
  readonly variables?: unknown;
  readonly operationName?: unknown;
  /** Apollo's request extensions: `persistedQuery` (persisted-queries.ts). */
  readonly extensions?: unknown;
}

export interface GraphqlAnswer {
  readonly status: number;
  /** The methods a 405 allows. */
  readonly allow?: string;
  /** Apollo's `cache-control: private, no-cache, must-revalidate` (its persisted query errors). */
  readonly noCache?: true;
  readonly body: { data?: unknown; errors?: readonly GraphQLFormattedError[] };
}

const fail = (status: number, message: string, code: string, extra: Partial<GraphQLFormattedError> = {}): GraphqlAnswer => ({
  status,
  body: { errors: [{ message, ...extra, extensions: { code } }] },
});

const plain = (e: GraphQLError): Partial<GraphQLFormattedError> => (e.locations ? { locations: e.locations } : {});

/** How the server in front of the schema validates and answers: the plugin's depth limit and Apollo's options. */
export interface GraphqlServerRules {
  readonly depthLimit: number | undefined;
  readonly introspection: boolean;
  readonly status400ForVariableCoercionErrors: boolean;
  /** The queries this server keeps by hash; undefined: persisted queries are off (`persistedQueries: false`). */
  readonly persistedQueries?: PersistedQueries;
}

export async function executeGraphql(
  ctx: GraphqlContext,
  op: GraphqlOperation,
  rules: GraphqlServerRules,
  method = 'POST',
): Promise<GraphqlAnswer> {
  const persisted = await resolvePersistedQuery(op.query, op.extensions, rules.persistedQueries);
  if ('status' in persisted)
    return { ...fail(persisted.status, persisted.message, persisted.code), ...(persisted.noCache ? { noCache: true } : {}) };
  const query = persisted.query;
  // a query given with its hash goes to the parser even when empty
  if (typeof query !== 'string' || (query === '' && persisted.register === undefined))
    return fail(400, 'GraphQL operations must contain a non-empty `query` or a `persistedQuery` extension.', 'BAD_REQUEST');
  // (the HTTP front reads the envelope as Apollo does, answer-graphql.ts; a direct caller gets Apollo's words too)
  if (op.variables !== undefined && op.variables !== null && !isPlainObject(op.variables))
    return fail(400, '`variables` in a POST body must be an object if provided.', 'BAD_REQUEST');
  if (op.operationName !== undefined && op.operationName !== null && typeof op.operationName !== 'string')
    return fail(400, '`operationName` in a POST body must be a string if provided.', 'BAD_REQUEST');
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (e) {
    if (e instanceof GraphQLError) return fail(400, e.message, 'GRAPHQL_PARSE_FAILED', plain(e));
    throw e;
  }
  const { schema } = ctx.built;
  // Apollo's own rules come after graphql-js's, the plugin's depth limit last
  const invalid = validate(schema, document, [
    ...specifiedRules,
    ...(rules.introspection ? [] : [noIntrospection]),
    depthLimit(rules.depthLimit),
  ]);
  if (invalid.length > 0)
    return {
      status: 400,
      body: {
        errors: invalid.map((e) => ({
          message: e.message,
          ...plain(e),
          extensions: { ...e.extensions, code: 'GRAPHQL_VALIDATION_FAILED' },
        })),
      },
    };
  const operationName = typeof op.operationName === 'string' ? op.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (method === 'GET' && operation && operation.operation !== 'query')
    return {
      ...fail(405, `GET requests only support query operations, not ${operation.operation} operations`, 'BAD_REQUEST'),
      allow: 'POST',
    };
  // Apollo keeps a query sent with its hash once it validated and its operation resolved
  if (persisted.register !== undefined) rules.persistedQueries?.set(persisted.register, query);
  const result: ExecutionResult = await execute({
    schema,
    document,
    operationName,
    variableValues: isPlainObject(op.variables) ? op.variables : undefined,
    contextValue: ctx,
    fieldResolver: fieldResolverFor(ctx.beside?.turn ?? databaseTurns()),
    typeResolver,
  });
  // no operation to run (several and none named, or an unknown name): Apollo answers execute's first error, 400
  if (!operation) {
    const first = result.errors?.[0];
    return {
      status: 400,
      body: {
        errors: [
          {
            message: first?.message ?? 'Could not resolve the operation.',
            ...(first ? plain(first) : {}),
            extensions: { code: 'OPERATION_RESOLUTION_FAILURE' },
          },
        ],
      },
    };
  }
  // a variable that does not coerce stops execution before any resolver: Apollo answers 400 (the plugin's
  // status400ForVariableCoercionErrors)
  if (!('data' in result) || result.data === undefined)
    return {
      status: rules.status400ForVariableCoercionErrors ? 400 : 200,
      body: { errors: (result.errors ?? []).map((e) => ({ message: e.message, ...plain(e), extensions: { code: 'BAD_USER_INPUT' } })) },
    };
  return {
    status: 200,
    body: { ...(result.errors ? { errors: result.errors.map(formatResolverError) } : {}), data: result.data },
  };
}

/**
 * Every field resolved as the plugin's wrapped resolvers run (strapi-timing.ts), with this request's database turns,
 * so graphql-js lists the errors, and drops the late ones, as it does in Strapi.
 */
function fieldResolverFor(turn: DatabaseTurn): GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>> {
  const own = ownResolution(turn);
  return (source, args, ctx, info) => {
    // a field the project's GraphQL extension resolves (or guards) runs its code, with ours as `next`
    const override = ctx.built.overrides?.get(`${info.parentType.name}.${info.fieldName}`);
    if (override) return override((given) => own(source, args, given ?? ctx, info), source, args, ctx, info);
    return own(source, args, ctx, info);
  };
}

function ownResolution(turn: DatabaseTurn): GraphQLFieldResolver<unknown, GraphqlContext, Record<string, unknown>> {
  // a root connection's page count validates the root query's arguments again
  const rootCosts = new WeakMap<object, ArgumentsCost>();
  return (source, args, ctx, info) => {
    const parent = info.parentType.name;
    if (info.parentType === info.schema.getQueryType() || info.parentType === info.schema.getMutationType()) {
      const root = ctx.built.roots.get(`${parent}.${info.fieldName}`);
      if (!root) return null;
      const validated = root.op !== 'plugin' && filtersOrSorts(args) ? validatedArgs(ctx, root.type, args) : undefined;
      const cost = argumentsCost(args, validated);
      const timing = {
        allowed: ctx.authorized ? true : rootAllowed(root, ctx),
        database: root.op !== 'plugin',
        cost,
        args,
        validated,
        query: 'document' as const,
        serviceStatement: root.op !== 'plugin',
        prelude: paging(args, ctx),
        beside: ctx.beside,
        write: info.parentType === info.schema.getMutationType() && root.op !== 'plugin',
      };
      return strapiShaped(timing, turn, async () => {
        const value = await resolveRoot(root, args, ctx, info);
        if (isPlainObject(value)) rootCosts.set(value, cost);
        return value;
      });
    }
    const type = ctx.built.byName.get(parent);
    if (type && isPlainObject(source)) {
      const validated = entryFieldValidated(type, info.fieldName, args, ctx);
      const timing = {
        allowed: entryFieldAllowed(type, info.fieldName, ctx),
        database: entryFieldReadsDatabase(type, info.fieldName),
        cost: argumentsCost(args, validated),
        args,
        validated,
        prelude: paging(args, ctx),
        beside: ctx.beside,
      };
      return strapiShaped(timing, turn, () => resolveEntryField(type, source as Entry, args, ctx, info));
    }
    // a root connection's page count is a query of its own
    const database = (info.fieldName === 'pageInfo' || info.fieldName === 'meta') && parent.endsWith('EntityResponseCollection');
    const cost = isPlainObject(source) ? rootCosts.get(source) : undefined;
    return strapiShaped({ allowed: undefined, database, cost, query: 'document' }, turn, () =>
      isPlainObject(source) ? responseField(source, info.fieldName) : null,
    );
  };
}

/** The plugin's transformArgs of a field with a `pagination` argument: its PaginationError comes first. */
function paging(args: Record<string, unknown>, ctx: GraphqlContext): (() => void) | undefined {
  return 'pagination' in args ? () => void pageWindow(args.pagination, ctx.limits) : undefined;
}

/** Dynamic zone items name their component (`__component`); the generic morph names the type. */
const typeResolver: GraphQLTypeResolver<unknown, GraphqlContext> = (value, ctx) => {
  if (!isPlainObject(value)) return undefined;
  if (typeof value.__component === 'string') return ctx.built.types.find((t) => t.uid === value.__component)?.name;
  if (typeof value.__typename === 'string') return value.__typename;
  return 'Error';
};
