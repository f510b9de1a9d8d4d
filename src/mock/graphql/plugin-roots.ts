import { ForbiddenError, StrapiError, type ErrorDetails } from '../../core/errors/strapi-errors.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { RequestPrincipal } from '../auth/authenticate-request.js';
import { roleOf } from '../auth/roles.js';
import type { Runtime } from '../runtime.js';

// The users & permissions plugin's own GraphQL fields. Its mutations call the plugin's REST auth controllers, so the
// mock relays them to its own auth routes (one implementation of their rules) and turns an error answer back into
// the error the controller throws.

/** Sends a request to the mock's own plugin routes (`/api/auth/...`), framework-free. */
export type Relay = (request: Request) => Promise<{ readonly status: number; readonly body: string | undefined }>;

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

const ROUTES: Readonly<Record<string, { path: string; input: (args: Record<string, unknown>) => unknown; auth?: boolean }>> = {
  login: { path: '/api/auth/local', input: (a) => ({ identifier: field(a.input, 'identifier'), password: field(a.input, 'password') }) },
  register: { path: '/api/auth/local/register', input: (a) => a.input },
  forgotPassword: { path: '/api/auth/forgot-password', input: (a) => ({ email: a.email }) },
  resetPassword: { path: '/api/auth/reset-password', input: (a) => a },
  changePassword: { path: '/api/auth/change-password', input: (a) => a, auth: true },
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

export async function pluginRoot(
  rt: Runtime,
  who: RequestPrincipal,
  name: string,
  args: Record<string, unknown>,
  authorization: string | undefined,
  relay: Relay | undefined,
): Promise<unknown> {
  if (name === 'me') return me(rt, who);
  const route = ROUTES[name];
  if (!route || !relay) throw new NotServedError(name);
  const answer = await relay(
    new Request(`http://content-mock${route.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(route.auth && authorization ? { authorization } : {}) },
      body: JSON.stringify(route.input(args)),
    }),
  );
  const body: unknown = answer.body ? JSON.parse(answer.body) : undefined;
  if (answer.status >= 400) {
    const error = field(body, 'error');
    throw new RelayedError(
      String(field(error, 'name') ?? 'ApplicationError'),
      String(field(error, 'message') ?? 'Bad Request'),
      (field(error, 'details') as ErrorDetails) ?? {},
    );
  }
  if (name === 'forgotPassword') return { ok: true };
  return { jwt: field(body, 'jwt'), user: field(body, 'user') ?? body };
}

class NotServedError extends StrapiError {
  override readonly name = 'NotImplementedError';
  constructor(field: string) {
    super(`content-mock does not serve the GraphQL field ${field} yet; use the REST route`, {});
  }
}
