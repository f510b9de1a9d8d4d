import type { ContentMockConfig, RoleGrants } from '../config/content-mock-config.js';
import { isAdminType } from '../model/built-in-types.js';
import { routedTypes, type ContentModel, type ContentType } from '../model/types.js';

// What a users & permissions role may do, decided as Strapi's content API ability does: an action is the permission
// `<uid>.<action>` (`api::article.article.find`, `plugin::users-permissions.user.update`), granted in the config by
// type (uid, plural or singular route name, `*`) or by plugin permission name.

const UP = 'plugin::users-permissions';

/** Permissions Strapi gives the public role when it creates it (the auth routes). */
export const PUBLIC_DEFAULTS: readonly string[] = [
  'callback',
  'connect',
  'forgotPassword',
  'resetPassword',
  'register',
  'emailConfirmation',
  'sendEmailConfirmation',
  'refresh',
].map((a) => `${UP}.auth.${a}`);

/** Permissions Strapi gives the authenticated role when it creates it. */
export const AUTHENTICATED_DEFAULTS: readonly string[] = [
  `${UP}.auth.logout`,
  `${UP}.auth.getSessions`,
  `${UP}.auth.revokeSession`,
  `${UP}.user.me`,
  `${UP}.auth.changePassword`,
];

/** May a role do `action` on a content type (or a plugin type such as the user or role type)? */
export function roleCan(grants: RoleGrants, type: ContentType, action: string): boolean {
  // The admin panel's types have no Content API actions: a role holds none of them, whatever its grants say.
  if (isAdminType(type.uid)) return false;
  const keys = type.builtIn ? [type.uid, '*'] : [type.uid, type.pluralName, type.singularName, '*'];
  return keys.some((k) => grants.content[k]?.includes(action)) || grants.plugins.includes(`${type.uid}.${action}`);
}

/** Does a role hold a plugin permission (`plugin::upload.content-api.find`), by name or as `"<uid>": [action]`? */
export function roleHas(grants: RoleGrants, permission: string): boolean {
  if (grants.plugins.includes(permission)) return true;
  const dot = permission.lastIndexOf('.');
  return grants.content[permission.slice(0, dot)]?.includes(permission.slice(dot + 1)) === true;
}

/** The public role: the config's `permissions.public`, plus Strapi's default auth permissions. */
export function publicGrants(config: ContentMockConfig): RoleGrants {
  return { content: config.publicPermissions, plugins: [...config.publicPlugins, ...PUBLIC_DEFAULTS] };
}

/**
 * The grants of a role by its type. The authenticated role without `permissions.authenticated` in the config gets the
 * public role's content and plugin grants (a mock that refused every signed-in request would not be what a frontend
 * developer wants to test first), plus its own defaults. A role the config does not know may do nothing.
 */
export function roleGrants(config: ContentMockConfig, type: string): RoleGrants {
  if (type === 'public') return publicGrants(config);
  if (type === 'authenticated') {
    const own = config.plugins.authenticated ?? { content: config.publicPermissions, plugins: config.publicPlugins };
    return { content: own.content, plugins: [...own.plugins, ...AUTHENTICATED_DEFAULTS] };
  }
  return config.plugins.roles.find((r) => r.type === type)?.grants ?? { content: {}, plugins: [] };
}

/**
 * The actions of a role's permission rows (`plugin::users-permissions.permission`), in the order Strapi makes them:
 * the plugin's defaults for the role's type (at first boot), then each action the config grants, a grant by route
 * name or `*` read as the uids it covers. The same grants that decide access (`roleGrants`).
 */
export function rolePermissionActions(config: ContentMockConfig, model: ContentModel, type: string): string[] {
  const defaults = type === 'public' ? PUBLIC_DEFAULTS : type === 'authenticated' ? AUTHENTICATED_DEFAULTS : [];
  const grants = roleGrants(config, type);
  const uidsOf = (key: string): string[] => {
    if (key === '*') return routedTypes(model).map((t) => t.uid);
    if (key.includes('::')) return [key];
    const named = routedTypes(model).find((t) => t.pluralName === key || t.singularName === key);
    return named ? [named.uid] : [];
  };
  const granted = Object.entries(grants.content).flatMap(([key, actions]) =>
    uidsOf(key).flatMap((uid) => actions.map((a) => `${uid}.${a}`)),
  );
  return [...new Set([...defaults, ...granted, ...grants.plugins])];
}
