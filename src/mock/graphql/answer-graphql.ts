import { isReadScope } from '../../core/auth/authorize.js';
import { buildPluginSchema, type PluginGraphqlSchema } from '../../core/graphql/build-schema.js';
import { executeGraphql, type GraphqlAnswer, type GraphqlOperation } from '../../core/graphql/execute-graphql.js';
import type { GraphqlContext } from '../../core/graphql/graphql-context.js';
import { errorBody, StrapiError } from '../../core/errors/strapi-errors.js';
import type { ContentModel } from '../../core/model/types.js';
import { PopulateBudget } from '../../core/query/render-entry.js';
import { authenticateRequest, grantsOfRole, mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import { roleHas } from '../../core/auth/role-grants.js';
import type { Runtime } from '../runtime.js';
import { DEFAULT_GRAPHQL } from '../../core/config/content-mock-config.js';
import { landingPage } from './landing-page.js';
import { pluginRoot, type Relay } from './plugin-roots.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { GRAPHQL_BODY, parseBody } from '../request/parse-body.js';
import { BoundedPersistedQueries, type PersistedQueries } from '../../core/graphql/persisted-queries.js';
import { databaseTurns } from '../../core/graphql/strapi-timing.js';

// `/graphql` without an HTTP framework (express and MSW both answer through it): Apollo Server 4's request rules
// (CSRF prevention, GET for queries only, the landing page) in front of the plugin's schema over our engine.

/** One built schema per model and project code (both are replaced on reload). */
const schemas = new WeakMap<object, { readonly model: ContentModel; readonly built: PluginGraphqlSchema }>();

export function pluginSchemaOf(rt: Runtime): PluginGraphqlSchema {
  const key = rt.app ?? rt.model;
  let entry = schemas.get(key);
  if (!entry || entry.model !== rt.model) {
    const built = buildPluginSchema(rt.model, {
      shadowCRUD: rt.config.graphql?.shadowCRUD,
      v4CompatibilityMode: rt.config.graphql?.v4CompatibilityMode,
      shadowCrud: rt.app?.graphqlProject.shadowCrud(),
    });
    entry = { model: rt.model, built: rt.app ? rt.app.graphqlProject.extend(built) : built };
    schemas.set(key, entry);
  }
  return entry.built;
}

/** The persisted queries of one server (Apollo keeps them in memory: a reload, like a restart, starts afresh). */
const persisted = new WeakMap<object, PersistedQueries>();

function persistedQueriesOf(rt: Runtime): PersistedQueries {
  const key = rt.app ?? rt.model;
  let queries = persisted.get(key);
  if (!queries) persisted.set(key, (queries = new BoundedPersistedQueries()));
  return queries;
}

export interface GraphqlHttpRequest {
  readonly method: string;
  /** The query string without `?`. */
  readonly search: string;
  readonly header: (name: string) => string | undefined;
  /** The body text (POST). */
  readonly readBody: () => Promise<string>;
  /** Sends a request to the mock's own plugin routes (the users & permissions mutations call them). */
  readonly relay?: Relay;
}

export interface GraphqlHttpAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const json = (status: number, value: unknown): GraphqlHttpAnswer => ({
  status,
  contentType: JSON_TYPE,
  body: JSON.stringify(value) + '\n',
});

const CSRF_MESSAGE =
  "This operation has been blocked as a potential Cross-Site Request Forgery (CSRF). Please either specify a 'content-type' header (with a type that is not one of application/x-www-form-urlencoded, multipart/form-data, text/plain) or provide a non-empty value for one of the following headers: x-apollo-operation-name, apollo-require-preflight\n";

/** Apollo's CSRF prevention: a request a browser could send without a preflight must not run. */
function blockedAsCsrf(req: GraphqlHttpRequest, headers: readonly string[] | null): boolean {
  if (headers === null) return false;
  const type = req.header('content-type');
  if (type !== undefined) {
    const mime = type.split(';')[0].trim().toLowerCase();
    if (!['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'].includes(mime)) return false;
  }
  return !headers.some((h) => req.header(h));
}

/** Whether a caller holds `<uid>.<action>` as the plugin's auth scopes check it. */
function mayScope(rt: Runtime, who: RequestPrincipal, uid: string, action: string): boolean {
  const type = rt.model.contentTypes.get(uid);
  if (type) return mayContent(rt, who, type, action);
  return mayPermission(rt, who, `${uid}.${action}`);
}

/** A permission by name: tokens by their kind (read-only: any find or findOne), roles by their grants. */
function mayPermission(rt: Runtime, who: RequestPrincipal, permission: string): boolean {
  if (who.kind === 'token') {
    if (who.token.type === 'full-access') return true;
    if (who.token.type === 'read-only') return isReadScope(permission);
    return who.token.permissions.includes(permission);
  }
  return roleHas(grantsOfRole(rt, who.kind === 'user' ? who.role : 'public'), permission);
}

const badRequest = (message: string): GraphqlHttpAnswer => json(400, { errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The operation of a request as Apollo Server 4 reads it (runHttpQuery), behind Strapi's body parser (koa-body: JSON
 * and forms parsed, a JSON syntax error in the REST envelope, text kept as a string): a GET's parameters each given
 * once, `variables` and `extensions` JSON objects; a POST's body an object with keys, its fields of their kinds.
 */
function readOperation(req: GraphqlHttpRequest, body: unknown): GraphqlOperation | GraphqlHttpAnswer {
  if (req.method === 'GET') {
    const params = new URLSearchParams(req.search);
    const once = (key: string): string | undefined => {
      const all = params.getAll(key);
      if (all.length > 1) throw badRequest(`The '${key}' search parameter may only be specified once.`);
      return all[0];
    };
    const object = (key: string): Record<string, unknown> | undefined => {
      const v = once(key);
      if (v === undefined) return undefined;
      let value: unknown;
      try {
        value = JSON.parse(v);
      } catch {
        throw badRequest(`The ${key} search parameter contains invalid JSON.`);
      }
      if (!isRecord(value)) throw badRequest(`The ${key} search parameter should contain a JSON-encoded object.`);
      return value;
    };
    try {
      return {
        query: once('query'),
        operationName: once('operationName'),
        variables: object('variables'),
        extensions: object('extensions'),
      };
    } catch (answer) {
      return answer as GraphqlHttpAnswer;
    }
  }
  if (!isRecord(body) || Object.keys(body).length === 0)
    return badRequest('POST body missing, invalid Content-Type, or JSON object has no keys.');
  const { query, variables, extensions, operationName } = body;
  if (query && typeof query !== 'string')
    return badRequest(
      isRecord(query) && query.kind === 'Document'
        ? "GraphQL queries must be strings. It looks like you're sending the internal graphql-js representation of a parsed query in your request instead of a request in the GraphQL query language. You can convert an AST to a string using the `print` function from `graphql`, or use a client like `apollo-client` which converts the internal representation to a string for you."
        : 'GraphQL queries must be strings.',
    );
  for (const [key, value] of [
    ['variables', variables],
    ['extensions', extensions],
  ] as const)
    if (typeof value === 'string')
      return badRequest(`\`${key}\` in a POST body should be provided as an object, not a recursively JSON-encoded string.`);
  for (const [key, value] of [
    ['extensions', extensions],
    ['variables', variables],
  ] as const)
    if (key in body && value !== null && !isRecord(value)) return badRequest(`\`${key}\` in a POST body must be an object if provided.`);
  if ('operationName' in body && operationName !== null && typeof operationName !== 'string')
    return badRequest('`operationName` in a POST body must be a string if provided.');
  return {
    query: typeof query === 'string' ? query : undefined,
    operationName: typeof operationName === 'string' ? operationName : undefined,
    variables: isRecord(variables) ? variables : undefined,
    extensions: isRecord(extensions) ? extensions : undefined,
  };
}

/** Answers one request to the GraphQL endpoint. */
export async function answerGraphql(rt: Runtime, req: GraphqlHttpRequest): Promise<GraphqlHttpAnswer> {
  const settings = rt.config.graphql ?? DEFAULT_GRAPHQL;
  if (req.method === 'GET' && (req.header('accept') ?? '').includes('text/html') && settings.landingPage !== false)
    return { status: 200, contentType: 'text/html; charset=utf-8', body: landingPage(settings.endpoint) };
  if (req.method !== 'GET' && req.method !== 'POST')
    return {
      status: 405,
      contentType: 'text/plain; charset=utf-8',
      body: 'GraphQL only supports GET and POST requests.',
      headers: { Allow: 'GET, POST' },
    };
  let who: RequestPrincipal;
  let body: unknown;
  try {
    // Strapi's body parser, then its auth middleware, refuse before Apollo: the REST envelope
    if (req.method === 'POST') body = parseBody(await req.readBody(), req.header('content-type'), GRAPHQL_BODY);
    who = authenticateRequest(rt, req.header('authorization'));
  } catch (e) {
    if (e instanceof StrapiError) return json(e.status, errorBody(e));
    throw e;
  }
  if (blockedAsCsrf(req, settings.apollo.csrfHeaders)) return badRequest(CSRF_MESSAGE);
  if (req.method === 'POST' && Array.isArray(body)) {
    if (!settings.apollo.allowBatchedHttpRequests) return badRequest('Operation batching disabled.');
    return answerBatch(rt, req, who, body);
  }
  const op = readOperation(req, body);
  if ('status' in op) return op;
  const one = await runOperation(rt, req, who, op);
  if (one.koaStatus === 204) return { status: 204, contentType: JSON_TYPE, body: '' };
  const sent = json(one.status, one.answer.body);
  return { ...sent, headers: { ...sent.headers, ...one.headers } };
}

/**
 * Apollo's batched HTTP requests (`allowBatchedHttpRequests`): each operation of the list is read and run as a request
 * of its own, sharing the response's head, and the answer is the list of their results, each as Apollo writes one
 * (JSON and a newline). A piece Apollo's envelope refuses (not an object, a field of the wrong kind) fails the whole
 * request with that refusal, the first in the list; the other pieces have started by then and run to their end
 * (Promise.all in Apollo's runBatchedHttpQuery): their writes stay.
 */
async function answerBatch(
  rt: Runtime,
  req: GraphqlHttpRequest,
  who: RequestPrincipal,
  pieces: readonly unknown[],
): Promise<GraphqlHttpAnswer> {
  if (pieces.length === 0) return badRequest('No operations found in request.');
  const ops = pieces.map((piece) => readOperation(req, piece));
  // run side by side, as Apollo's Promise.all runs them: a read and a write of one batch interleave by the resolvers'
  // timing (strapi-timing.ts), each operation with its own
  // over Strapi's one database connection: their statements served in the order sent, a write read by the
  // statements served after it (strapi-timing.ts)
  const beside = { turn: databaseTurns(), writes: 0 };
  const runs = await Promise.all(ops.map((op) => ('status' in op ? undefined : runOperation(rt, req, who, op, beside))));
  const refused = ops.find((op): op is GraphqlHttpAnswer => 'status' in op);
  if (refused) return refused;
  const done = runs.filter((run): run is OperationRun => run !== undefined);
  // the shared head: the last error status set; a persisted query error's cache header once set stays (the cache
  // control plugin leaves a header it cannot parse), else the plugin's `no-store`
  const status = done.reduce((last, run) => (run.status !== 200 ? run.status : last), 200);
  const noCache = done.some((run) => run.headers['Cache-Control'] !== 'no-store');
  return {
    status,
    contentType: JSON_TYPE,
    body: `[${done.map((run) => JSON.stringify(run.answer.body) + '\n').join(',')}]`,
    headers: { 'Cache-Control': noCache ? 'private, no-cache, must-revalidate' : 'no-store' },
  };
}

interface OperationRun {
  readonly answer: GraphqlAnswer;
  /** The HTTP status the operation's answer sets. */
  readonly status: number;
  /** A status the plugin's koa context was given (204: no body). */
  readonly koaStatus?: number;
  readonly headers: Record<string, string>;
}

/** Runs one operation of a request through the plugin's schema. */
async function runOperation(
  rt: Runtime,
  req: GraphqlHttpRequest,
  who: RequestPrincipal,
  op: GraphqlOperation,
  beside?: GraphqlContext['beside'],
): Promise<OperationRun> {
  const settings = rt.config.graphql ?? DEFAULT_GRAPHQL;
  // the plugin's roles exist from Strapi's first boot: the schema lists them (usersPermissionsRoles)
  await ensureUsersPermissions(rt);
  const koa: { status?: number } = {};
  const ctx: GraphqlContext = {
    store: rt.store,
    built: pluginSchemaOf(rt),
    limits: { defaultLimit: settings.defaultLimit, maxLimit: settings.maxLimit },
    options: {
      limits: rt.config.rest,
      strictParams: rt.config.rest.strictParams,
      strictDocumentParams: rt.config.documents.strictParams,
      strictRelations: rt.config.documents.strictRelations,
      budget: rt.config.populateBudget === null ? undefined : new PopulateBudget(rt.config.populateBudget),
      selectionPopulate: true,
    },
    may: (uid, action) => mayScope(rt, who, uid, action),
    mayPermission: (permission) => mayPermission(rt, who, permission),
    plugin: (name, args, info) => pluginRoot(rt, who, { name, args, info, ctx, koa }, req.header('authorization'), req.relay),
    rootArgs: new Map(),
    // the project's side (its resolvers' context and auth, its document middlewares): Node only, set by the project app
    project: rt.app?.graphqlProject.call(rt, who, req.method, req.header),
    documents: rt.app?.graphqlProject.documents(rt),
    beside,
  };
  const persistedQueries = settings.apollo.persistedQueries ? persistedQueriesOf(rt) : undefined;
  const answer = await executeGraphql(ctx, op, { depthLimit: settings.depthLimit, ...settings.apollo, persistedQueries }, req.method);
  // Apollo's cache control plugin marks every answer of its request pipeline uncacheable (the plugin sets no cache
  // hints); its persisted query errors carry their own header
  const headers = {
    ...(answer.allow ? { Allow: answer.allow } : {}),
    'Cache-Control': answer.noCache ? 'private, no-cache, must-revalidate' : 'no-store',
  };
  return { answer, status: koa.status ?? answer.status, koaStatus: koa.status, headers };
}
