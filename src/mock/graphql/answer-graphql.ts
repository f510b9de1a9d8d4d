import { buildPluginSchema, type PluginGraphqlSchema } from '../../core/graphql/build-schema.js';
import { executeGraphql, type GraphqlOperation } from '../../core/graphql/execute-graphql.js';
import type { GraphqlContext } from '../../core/graphql/graphql-context.js';
import { errorBody, StrapiError } from '../../core/errors/strapi-errors.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { ContentModel } from '../../core/model/types.js';
import { PopulateBudget } from '../../core/query/render-entry.js';
import { authenticateRequest, grantsOfRole, mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import { roleHas } from '../../core/auth/role-grants.js';
import type { Runtime } from '../runtime.js';
import { DEFAULT_GRAPHQL } from '../../core/config/content-mock-config.js';
import { landingPage } from './landing-page.js';
import { pluginRoot, type Relay } from './plugin-roots.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';

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
    if (who.token.type === 'read-only') return /\.(find|findOne)$/.test(permission);
    return who.token.permissions.includes(permission);
  }
  return roleHas(grantsOfRole(rt, who.kind === 'user' ? who.role : 'public'), permission);
}

function readOperation(req: GraphqlHttpRequest, text: string): GraphqlOperation | GraphqlHttpAnswer {
  if (req.method === 'GET') {
    const params = new URLSearchParams(req.search);
    const parse = (key: string): unknown => {
      const v = params.get(key);
      if (v === null) return undefined;
      return JSON.parse(v) as unknown;
    };
    try {
      return {
        query: params.get('query') ?? undefined,
        variables: parse('variables'),
        operationName: params.get('operationName') ?? undefined,
      };
    } catch {
      return json(400, { errors: [{ message: 'Variables are invalid JSON.', extensions: { code: 'BAD_REQUEST' } }] });
    }
  }
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch (e) {
    return {
      status: 400,
      contentType: 'text/plain; charset=utf-8',
      body: `Unexpected token in JSON body: ${(e as Error).message}`,
    };
  }
  if (!isPlainObject(body))
    return json(400, {
      errors: [{ message: 'POST body sent invalid JSON or is not an object.', extensions: { code: 'BAD_REQUEST' } }],
    });
  return { query: body.query, variables: body.variables, operationName: body.operationName };
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
  try {
    who = authenticateRequest(rt, req.header('authorization'));
  } catch (e) {
    // a bad token fails in Strapi's auth middleware, before Apollo: the REST envelope
    if (e instanceof StrapiError) return json(e.status, errorBody(e));
    throw e;
  }
  if (blockedAsCsrf(req, settings.apollo.csrfHeaders)) return { status: 400, contentType: 'text/plain; charset=utf-8', body: CSRF_MESSAGE };
  const op = readOperation(req, req.method === 'POST' ? await req.readBody() : '');
  if ('status' in op) return op;
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
  };
  const answer = await executeGraphql(ctx, op, { depthLimit: settings.depthLimit, ...settings.apollo }, req.method);
  if (koa.status === 204) return { status: 204, contentType: JSON_TYPE, body: '' };
  const sent = json(koa.status ?? answer.status, answer.body);
  return answer.allow ? { ...sent, headers: { ...sent.headers, Allow: answer.allow } } : sent;
}
