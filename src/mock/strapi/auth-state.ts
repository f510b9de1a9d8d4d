import { authorizePluginAction, mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import { authenticatedUser } from '../auth/users.js';
import type { Runtime } from '../runtime.js';

// What Strapi's auth middleware leaves in `ctx.state` for project code (routes, GraphQL resolvers), and the
// strategies' scope check (`strapi.auth.verify`), one implementation for both.

export interface AuthState {
  readonly isAuthenticated: boolean;
  readonly auth: { readonly strategy: { readonly name: string }; readonly credentials: unknown };
  readonly user?: Record<string, unknown>;
}

export function authState(rt: Runtime, who: RequestPrincipal): AuthState {
  // the plugin's fetchAuthenticatedUser: the user's row as read at sign-in (its role populated), not the stored one
  const user = who.kind === 'user' ? authenticatedUser(rt.store.data, who.user) : undefined;
  return {
    isAuthenticated: who.kind !== 'public',
    auth: {
      // Strapi 5.54's names for its content API strategies ('api-token' before it)
      strategy: { name: who.kind === 'token' ? 'content-api-token' : 'users-permissions' },
      credentials: user ?? (who.kind === 'token' ? who.token : null),
    },
    ...(user ? { user } : {}),
  };
}

/** Whether the principal holds a permission (`api::article.article.findBySlug`), as a route's auth scope checks it. */
export function holdsPermission(rt: Runtime, who: RequestPrincipal, permission: string): boolean {
  const dot = permission.lastIndexOf('.');
  const type = rt.model.contentTypes.get(permission.slice(0, dot));
  // a plugin's action (`plugin::users-permissions.user.me`) is its permission; its type may also be granted like content
  if (type && !permission.startsWith('plugin::')) return mayContent(rt, who, type, permission.slice(dot + 1));
  // a controller without a content type (`api::ping.ping.index`): a `*` grant of the public role covers it too
  if (who.kind === 'public' && rt.config.publicPermissions['*']?.includes(permission.slice(dot + 1))) return true;
  try {
    authorizePluginAction(rt, who, permission);
    return true;
  } catch {
    return type !== undefined && mayContent(rt, who, type, permission.slice(dot + 1));
  }
}

/**
 * `strapi.auth.verify(auth, config)` for a config that is not `false`: with no scope, the users & permissions
 * strategy lets any signed-in user through and the API token one lets only full-access tokens through; with a scope,
 * every scope must be held (a read-only token: read scopes only).
 */
export function verifiesScope(rt: Runtime, who: RequestPrincipal, scope: unknown): boolean {
  if (scope === undefined || scope === null) return who.kind === 'user' || (who.kind === 'token' && who.token.type === 'full-access');
  const scopes = (Array.isArray(scope) ? scope : [scope]).map(String);
  return scopes.every((s) => holdsPermission(rt, who, s));
}
