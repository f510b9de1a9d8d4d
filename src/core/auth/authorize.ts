import type { ContentMockConfig, TokenConfig } from '../config/content-mock-config.js';
import { ForbiddenError, UnauthorizedError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import { publicGrants, roleCan, roleHas } from './role-grants.js';

export type Principal = { kind: 'public' } | { kind: 'token'; token: TokenConfig };

/**
 * Who is calling, as Strapi's auth strategies decide: no usable `Authorization: Bearer <key>` header means the
 * public role; a bearer key that matches no token is a 401, even on routes the public could read.
 */
export function authenticate(config: ContentMockConfig, header: string | undefined): Principal {
  if (!header) return { kind: 'public' };
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2 || parts[0].toLowerCase() !== 'bearer') return { kind: 'public' };
  const token = config.tokens.find((t) => t.key === parts[1]);
  if (!token) throw new UnauthorizedError('Missing or invalid credentials', {});
  return { kind: 'token', token };
}

/**
 * What a read-only API token may do, as Strapi's content API token strategy verifies a route's scope: every scope
 * ending in `find` or `findOne`, whatever the controller (a project's `api::user.teachers.find` without a content
 * type, `plugin::upload.content-api.find`), and nothing else (`plugin::users-permissions.user.me`,
 * `plugin::i18n.locales.listLocales`, a `findBySlug`).
 */
export const isReadScope = (scope: string): boolean => scope.endsWith('find') || scope.endsWith('findOne');

/** The permission name Strapi checks for an action on a content type: `api::article.article.find`. */
export const actionName = (type: ContentType, action: string) => `${type.uid}.${action}`;

export function can(config: ContentMockConfig, who: Principal, type: ContentType, action: string): boolean {
  if (who.kind === 'token') {
    const t = who.token;
    if (t.type === 'full-access') return true;
    if (t.type === 'read-only') return isReadScope(actionName(type, action));
    return t.permissions.some(
      (p) => p === actionName(type, action) || p === `${type.singularName}.${action}` || p === `${type.pluralName}.${action}`,
    );
  }
  return roleCan(publicGrants(config), type, action);
}

export function authorize(config: ContentMockConfig, who: Principal, type: ContentType, action: string): void {
  if (!can(config, who, type, action)) throw new ForbiddenError('Forbidden', {});
}

/** Plugin and project routes (locales list, upload, a controller without a content type): tokens by their kind, the public role by the config's plugin grants. */
export function authorizePlugin(config: ContentMockConfig, who: Principal, permission: string): void {
  if (who.kind === 'token') {
    const t = who.token;
    if (t.type === 'full-access' || t.permissions.includes(permission)) return;
    if (t.type === 'read-only' && isReadScope(permission)) return;
    throw new ForbiddenError('Forbidden', {});
  }
  if (!roleHas(publicGrants(config), permission)) throw new ForbiddenError('Forbidden', {});
}
