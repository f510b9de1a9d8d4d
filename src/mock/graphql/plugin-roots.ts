import type { GraphQLResolveInfo } from 'graphql';
import { ForbiddenError, StrapiError, type ErrorDetails } from '../../core/errors/strapi-errors.js';
import type { GraphqlContext } from '../../core/graphql/graphql-context.js';
import { entityResponse } from '../../core/graphql/root-resolvers.js';
import { USER_UID } from '../../core/model/built-in-types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { RequestPrincipal } from '../auth/authenticate-request.js';
import { roleOf } from '../auth/roles.js';
import type { Runtime } from '../runtime.js';
import { confirmEmail } from '../plugins/auth-routes.js';
import { relayPassHeader } from '../auth/relay-pass.js';
import { signJwt } from '../auth/jwt.js';
import { jwtSecretOf } from '../auth/jwt-secret.js';
import { publicUser } from '../auth/users.js';

// The users & permissions plugin's own GraphQL fields. Its mutations call the plugin's REST auth controllers, so the
// mock relays them to its own auth routes (one implementation of their rules) and turns an error answer back into
// the error the controller throws.

/** Sends a request to the mock's own plugin routes (`/api/auth/...`), framework-free. */
export type Relay = (request: Request) => Promise<{
  readonly status: number;
  readonly body: string | undefined;
  /** What the project's code behind the route threw (its answer is then a bare 500). */
  readonly thrown?: unknown;
}>;

/** An error a relayed route answered, thrown again under its own name (the plugin formats it by name). */
class RelayedError extends StrapiError {
  constructor(
    override readonly name: string,
    message: string,
    details: ErrorDetails,
  ) {
    super(message, details);
  }
}

interface RelayRoute {
  readonly path: (args: Record<string, unknown>) => string;
  readonly method?: 'POST' | 'PUT' | 'DELETE';
  readonly input?: (args: Record<string, unknown>) => unknown;
  /** A multipart body instead of JSON (the upload route reads its fields so). */
  readonly form?: (args: Record<string, unknown>) => FormData;
  /** What a 404 of the route means to the resolver (the service found nothing), instead of an error. */
  readonly notFound?: unknown;
  /**
   * The plugin's resolver calls the controller on the request's own Koa context: the status the controller sets is
   * the whole GraphQL answer's (`ctx.created` a 201; `ctx.send(null)` a 204, and then the answer goes out empty).
   */
  readonly onKoaContext?: true;
  /** Arguments the plugin's resolver fails on before it calls anything (a client mistake Strapi answers as a crash). */
  readonly check?: (args: Record<string, unknown>) => void;
  /** The caller's credential goes along (the route checks it too). */
  readonly auth?: boolean;
  /** The plugin's resolversConfig turns the permission check off (`auth: false`): the route skips it (relay-pass.ts). */
  readonly open?: true;
  /** What the resolver makes of the route's answer (default: `{jwt, user}`). */
  readonly answer?: (body: unknown, ctx: GraphqlContext, info: GraphQLResolveInfo) => unknown;
}

const idOf = (a: Record<string, unknown>) => encodeURIComponent(String(a.id));
const userResponse = (body: unknown, ctx: GraphqlContext, info: GraphQLResolveInfo) =>
  entityResponse(ctx, USER_UID, Number(field(body, 'id')), info);

const ROUTES: Readonly<Record<string, RelayRoute>> = {
  login: {
    path: () => '/api/auth/local',
    open: true,
    // the plugin puts the input's provider in the controller's params (the route checks it once the rate limit has
    // counted the request, before the body)
    input: (a) => ({
      identifier: field(a.input, 'identifier'),
      password: field(a.input, 'password'),
      provider: field(a.input, 'provider') ?? 'local',
    }),
  },
  // the controller sanitizes the new user for the caller: a token that may read roles sees the user's role
  register: { path: () => '/api/auth/local/register', input: (a) => a.input, auth: true, open: true },
  forgotPassword: { path: () => '/api/auth/forgot-password', input: (a) => ({ email: a.email }), open: true, answer: () => ({ ok: true }) },
  resetPassword: { path: () => '/api/auth/reset-password', input: (a) => a, open: true },
  changePassword: { path: () => '/api/auth/change-password', input: (a) => a, auth: true },
  // the plugin's CRUD mutations call the user controller: its `create`/`update` rules, shown as an entity response
  createUsersPermissionsUser: { path: () => '/api/users', input: (a) => a.data, auth: true, onKoaContext: true, answer: userResponse },
  updateUsersPermissionsUser: {
    path: (a) => `/api/users/${idOf(a)}`,
    method: 'PUT',
    input: (a) => a.data,
    auth: true,
    answer: userResponse,
  },
  // the user controller's destroy: the deleted user, or nothing (no such id: `data` null, no error)
  deleteUsersPermissionsUser: {
    path: (a) => `/api/users/${idOf(a)}`,
    method: 'DELETE',
    auth: true,
    onKoaContext: true,
    answer: (body) => ({ data: body ?? null }),
  },
  // the role controller's createRole, updateRole (its body gets `role`: never empty) and deleteRole: `{ok: true}`
  createUsersPermissionsRole: {
    path: () => '/api/users-permissions/roles',
    input: (a) => a.data,
    auth: true,
    answer: () => ({ ok: true }),
  },
  updateUsersPermissionsRole: {
    path: (a) => `/api/users-permissions/roles/${idOf(a)}`,
    method: 'PUT',
    input: (a) => ({ ...(isPlainObject(a.data) ? a.data : {}), role: a.id }),
    auth: true,
    answer: () => ({ ok: true }),
  },
  deleteUsersPermissionsRole: {
    path: (a) => `/api/users-permissions/roles/${idOf(a)}`,
    method: 'DELETE',
    auth: true,
    answer: () => ({ ok: true }),
  },
  // the upload extension changes a file's info through the upload service's updateFileInfo (the upload route with an
  // `id` and no file) and answers the file
  updateUploadFile: {
    path: (a) => `/api/upload?id=${idOf(a)}`,
    form: (a) => {
      const form = new FormData();
      form.set('fileInfo', JSON.stringify(isPlainObject(a.info) ? a.info : {}));
      return form;
    },
    auth: true,
    // the service destructures `info` in its parameters: without it Strapi fails with JavaScript's own TypeError
    check: (a) => {
      if (a.info === undefined || a.info === null)
        throw new Error(
          `Cannot destructure property 'name' of '${a.info === null ? 'object null' : 'undefined'}' as it is ${String(a.info)}.`,
        );
    },
    answer: (body) => body,
  },
  // the upload extension deletes through the file service and answers the deleted file; no such file is null
  deleteUploadFile: {
    path: (a) => `/api/upload/files/${idOf(a)}`,
    method: 'DELETE',
    auth: true,
    notFound: null,
    answer: (body) => body,
  },
};

const field = (o: unknown, key: string) => (isPlainObject(o) ? o[key] : undefined);

/** `me`: the signed-in user with their role; the public role fails the plugin's auth check, a token the resolver. */
function me(rt: Runtime, who: RequestPrincipal): unknown {
  if (who.kind === 'public') throw new ForbiddenError('Forbidden access', {});
  if (who.kind !== 'user') throw new Error('Authentication requested');
  const u = who.user;
  const role = roleOf(rt.store.data, (u as unknown as Record<string, unknown>).role);
  return {
    id: u.id,
    documentId: u.documentId,
    username: u.username,
    email: u.email,
    confirmed: u.confirmed,
    blocked: u.blocked,
    role: role ? { id: role.id, name: role.name, description: role.description, type: role.type } : null,
  };
}

/**
 * `emailConfirmation` (no auth check: the plugin's resolversConfig turns it off): the controller with `returnUser`,
 * the confirmed user with a JWT of its id (whatever the session mode) and without its role.
 */
async function emailConfirmation(rt: Runtime, confirmation: unknown): Promise<unknown> {
  const user = await confirmEmail(rt, confirmation);
  return { jwt: signJwt({ id: user.id }, jwtSecretOf(rt), rt.config.plugins.jwtExpiresIn), user: publicUser(user) };
}

export async function pluginRoot(
  rt: Runtime,
  who: RequestPrincipal,
  call: {
    name: string;
    args: Record<string, unknown>;
    info: GraphQLResolveInfo;
    ctx: GraphqlContext;
    /** The HTTP answer's status when a controller run on the request's context set it (else Apollo's). */
    koa: { status?: number };
  },
  authorization: string | undefined,
  relay: Relay | undefined,
): Promise<unknown> {
  const { name, args } = call;
  if (name === 'me') return me(rt, who);
  if (name === 'emailConfirmation') return emailConfirmation(rt, args.confirmation);
  const route = ROUTES[name];
  if (!route || !relay) throw new NotServedError(name);
  route.check?.(args);
  const headers: Record<string, string> = {
    ...(route.auth && authorization ? { authorization } : {}),
    ...(route.open ? relayPassHeader(rt) : {}),
  };
  // a FormData body brings its own multipart content type (with the boundary)
  if (!route.form) headers['content-type'] = 'application/json';
  const answer = await relay(
    new Request(`http://content-mock${route.path(args)}`, {
      method: route.method ?? 'POST',
      headers,
      ...(route.form ? { body: route.form(args) } : route.input ? { body: JSON.stringify(route.input(args)) } : {}),
    }),
  );
  if (answer.status === 404 && 'notFound' in route) return route.notFound;
  if (route.onKoaContext && answer.status !== 200 && answer.status < 400) call.koa.status = answer.status;
  const body: unknown = answer.body ? JSON.parse(answer.body) : undefined;
  // the plugin's resolver calls the controller itself: its own error reaches Apollo, not the route's 500
  if (answer.status >= 500 && answer.thrown !== undefined) throw answer.thrown;
  if (answer.status >= 400) {
    const error = field(body, 'error');
    throw new RelayedError(
      String(field(error, 'name') ?? 'ApplicationError'),
      String(field(error, 'message') ?? 'Bad Request'),
      (field(error, 'details') as ErrorDetails) ?? {},
    );
  }
  if (route.answer) return route.answer(body, call.ctx, call.info);
  return { jwt: field(body, 'jwt'), user: field(body, 'user') ?? body };
}

class NotServedError extends StrapiError {
  override readonly name = 'NotImplementedError';
  constructor(field: string) {
    super(`content-mock does not serve the GraphQL field ${field} yet; use the REST route`, {});
  }
}
