import { ACTIONS, ConfigError, type ContentMockConfig } from '../core/config/content-mock-config.js';
import type { ContentModel } from '../core/model/types.js';

/**
 * Permissions that name a type the schemas do not define, or an action Strapi does not have, grant nothing: a typo
 * there would silently leave a route at 403. Reported with the config file and the JSON path of the entry.
 */
export function checkConfigAgainstModel(
  config: ContentMockConfig,
  model: ContentModel,
  where: string,
  projectActions: ReadonlyMap<string, ReadonlySet<string>> = new Map(),
): void {
  const types = [...model.contentTypes.values()];
  // a project's controller without a content type (`api::checkout.checkout`) takes grants of its routes' actions too
  const known = (key: string) =>
    key === '*' || projectActions.has(key) || types.some((t) => t.uid === key || t.pluralName === key || t.singularName === key);
  const typeNames = () =>
    types
      .filter((t) => t.uid.startsWith('api::'))
      .map((t) => t.uid)
      .join(', ');
  const uidOf = (key: string) => types.find((t) => t.uid === key || t.pluralName === key || t.singularName === key)?.uid;
  const isAction = (key: string, action: string) =>
    (ACTIONS as readonly string[]).includes(action) ||
    (key === '*' ? [...projectActions.values()].some((s) => s.has(action)) : projectActions.get(uidOf(key) ?? key)?.has(action) === true);
  const knownActions = (key: string) => [...ACTIONS, ...(projectActions.get(uidOf(key) ?? key) ?? [])].join(', ');
  const checkGrants = (grants: Readonly<Record<string, readonly string[]>>, path: string) => {
    for (const [key, actions] of Object.entries(grants)) {
      // Plugin types (users & permissions) have actions of their own (`count`, `me`…): only their name is checked.
      if (!known(key))
        throw new ConfigError(`${where}: ${path}["${key}"]: no content type "${key}" in the schemas (known: ${typeNames()})`);
      if (key.startsWith('plugin::')) continue;
      actions.forEach((action, i) => {
        if (!isAction(key, action)) {
          throw new ConfigError(`${where}: ${path}["${key}"][${i}]: unknown action "${action}" (actions: ${knownActions(key)})`);
        }
      });
    }
  };
  for (const key of Object.keys(config.routes)) {
    if (key === '*' || !known(key))
      throw new ConfigError(`${where}: routes["${key}"]: no content type "${key}" in the schemas (known: ${typeNames()})`);
    for (const action of Object.keys(config.routes[key]))
      if (!isAction(key, action))
        throw new ConfigError(`${where}: routes["${key}"]["${action}"]: unknown action "${action}" (actions: ${knownActions(key)})`);
  }
  checkGrants(config.publicPermissions, 'permissions.public');
  if (config.plugins.authenticated) checkGrants(config.plugins.authenticated.content, 'permissions.authenticated');
  config.plugins.roles.forEach((role, i) => checkGrants(role.grants.content, `roles[${i}].permissions`));
  config.tokens.forEach((token, t) => {
    token.permissions.forEach((permission, i) => {
      if (permission.startsWith('plugin::')) return;
      const dot = permission.lastIndexOf('.');
      const key = permission.slice(0, dot);
      const action = permission.slice(dot + 1);
      if (dot < 0 || !known(key)) {
        throw new ConfigError(`${where}: tokens[${t}].permissions[${i}]: "${permission}" names no content type of the schemas`);
      }
      if (!isAction(key, action)) {
        throw new ConfigError(`${where}: tokens[${t}].permissions[${i}]: unknown action "${action}" (actions: ${knownActions(key)})`);
      }
    });
  });
}
