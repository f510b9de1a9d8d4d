import { authenticate, authorizePlugin, can, type Principal } from '../../core/auth/authorize.js';
import { roleCan, roleGrants, roleHas } from '../../core/auth/role-grants.js';
import type { RoleGrants } from '../../core/config/content-mock-config.js';
import { ForbiddenError, UnauthorizedError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import type { ContentType } from '../../core/model/types.js';
import { looksLikeJwt, VERIFIED_JWTS, verifyJwt } from './jwt.js';
import { jwtSecretOf } from './jwt-secret.js';
import { permissionsOf, roleOf, rolesOf, routeWrittenRoles } from './roles.js';
import { usersOf, type StoredUser } from './users.js';

// Users & permissions authentication, layered over src/core/auth: Strapi tries the API-token strategy, then the
// users-permissions one (a JWT), and only a bearer that neither accepts is a 401. A signed-in user may do what their
// role may do.

export interface UserPrincipal {
  readonly kind: 'user';
  readonly user: StoredUser;
  /** The type of the user's role (`authenticated`, `public`, a config role); authenticated when the user has none. */
  readonly role: string;
}

export type RequestPrincipal = Principal | UserPrincipal;

/**
 * The signed-in user a bearer JWT names, or undefined when the header carries no JWT (no header, another scheme, a
 * configured API token key). A JWT we did not sign (or expired) is a 401 "Missing or invalid credentials"; one for
 * a user who is gone, blocked or (with email confirmation on) unconfirmed is a 401 "Invalid credentials", as Strapi
 * answers.
 */
export function authenticateUser(rt: Runtime, header: string | undefined): UserPrincipal | undefined {
  if (!header) return undefined;
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return undefined;
  const token = parts[1];
  if (rt.config.tokens.some((t) => t.key === token) || !looksLikeJwt(token)) return undefined;
  const payload = verifyJwt(token, jwtSecretOf(rt), Date.now(), rt.store.session.get(VERIFIED_JWTS));
  const id = payload && userIdOf(payload);
  if (id === undefined) throw new UnauthorizedError('Missing or invalid credentials', {});
  const user = usersOf(rt.store.data).find((u) => u.id === id);
  if (!user || user.blocked || (rt.config.plugins.advanced.emailConfirmation && user.confirmed !== true))
    throw new UnauthorizedError('Invalid credentials', {});
  return { kind: 'user', user, role: roleOf(rt.store.data, user.role)?.type ?? 'authenticated' };
}

/** The user a JWT names: a session's access token (`userId`, type access) or a legacy one (`id`); refresh tokens none. */
function userIdOf(payload: Record<string, unknown>): number | undefined {
  if (typeof payload.id === 'number') return payload.id;
  if (payload.type === 'access' && typeof payload.userId === 'string' && /^\d+$/.test(payload.userId)) return Number(payload.userId);
  return undefined;
}

/** Who is calling: a signed-in user, an API token, or the public role. */
export function authenticateRequest(rt: Runtime, header: string | undefined): RequestPrincipal {
  return authenticateUser(rt, header) ?? authenticate(rt.config, header);
}

/** Content type permission check for any principal (403 ForbiddenError when refused). */
export function authorizeContent(rt: Runtime, who: RequestPrincipal, type: ContentType, action: string): void {
  if (!mayContent(rt, who, type, action)) refuse(rt, who);
}

/**
 * A refusal: 403, but 401 for the public role when it holds no permission at all (a role route left it none): Strapi's
 * users & permissions strategy then does not authenticate the request (probes/role-permission-rows.json).
 */
function refuse(rt: Runtime, who: RequestPrincipal): never {
  if (who.kind === 'public') {
    const grants = grantsOfRole(rt, 'public');
    if (grants.plugins.length === 0 && Object.keys(grants.content).length === 0)
      throw new UnauthorizedError('Missing or invalid credentials', {});
  }
  throw new ForbiddenError('Forbidden', {});
}

/** The same decision as authorizeContent, as a boolean (what a caller may read decides which relations it sees). */
export function mayContent(rt: Runtime, who: RequestPrincipal, type: ContentType, action: string): boolean {
  if (who.kind === 'token') return can(rt.config, who, type, action);
  // a role's permission for an action no route registers counts for nothing (see hasContentApiAction); the built-in
  // types' actions are the plugins' own (roleCan)
  if (rt.app && !type.builtIn && !rt.app.hasContentApiAction(`${type.uid}.${action}`)) return false;
  return roleCan(grantsOfRole(rt, who.kind === 'user' ? who.role : 'public'), type, action);
}

/** Plugin permission check (`plugin::upload.content-api.find`, `plugin::users-permissions.auth.register`, …). */
export function authorizePluginAction(rt: Runtime, who: RequestPrincipal, permission: string): void {
  if (who.kind === 'token') return authorizePlugin(rt.config, who, permission);
  if (!roleHas(grantsOfRole(rt, who.kind === 'user' ? who.role : 'public'), permission)) refuse(rt, who);
}

/**
 * What a role (by type) may do now: the config's grants, or, once a role route wrote the role's permissions, its
 * permission rows, which Strapi reads on every request (a role created through the routes, or updated there: an
 * update without a `permissions` map leaves it none).
 */
export function grantsOfRole(rt: Runtime, type: string): RoleGrants {
  const data = rt.store.data;
  const written = routeWrittenRoles(data);
  const role = written.length === 0 ? undefined : rolesOf(data).find((r) => r.type === type);
  if (!role || !written.includes(role.id)) return roleGrants(rt.config, type);
  return { content: {}, plugins: permissionsOf(data, role).map((p) => p.action) };
}
