import { BadRequestError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';

// The `permissions` map a users & permissions role write sends (`POST /roles`, `PUT /roles/:role`, and the GraphQL
// role mutations, which pass their `data` on), read as the plugin's role service reads it: lodash `flatMap` over the
// types, `flatMap` over each type's `controllers`, `reduce` over each controller's actions, keeping
// `<type>.<controller>.<action>` for every action whose `enabled` is truthy. Lodash walks any value: an object by its
// keys, an array or a string by index, anything else as empty; so a list of ids (GraphQL's `permissions: [ID]`) or a
// string names no action. A missing map names none either, and an update then drops every permission of the role.

/** The entries lodash's collection functions walk: [key, value] pairs. */
function entriesOf(collection: unknown): [string, unknown][] {
  if (typeof collection === 'string') return [...collection].map((c, i) => [String(i), c]);
  if (Array.isArray(collection)) return collection.map((v, i) => [String(i), v]);
  if (collection !== null && typeof collection === 'object') return Object.entries(collection);
  return [];
}

/** A property read that JavaScript allows on any value but null and undefined (a string has no `controllers`). */
function propertyOf(value: unknown, key: string): unknown {
  return isPlainObject(value) ? value[key] : undefined;
}

/**
 * The actions a permissions map enables, in the order the service creates their rows. Where the service fails with a
 * TypeError (a null type or action: Strapi answers 500), a 400 names it.
 */
export function enabledActions(permissions: unknown): string[] {
  const out: string[] = [];
  for (const [typeName, type] of entriesOf(permissions)) {
    if (type === null || type === undefined)
      throw new BadRequestError(`permissions.${typeName} is ${String(type)}: Strapi's role service reads its controllers and fails`);
    for (const [controllerName, controller] of entriesOf(propertyOf(type, 'controllers')))
      for (const [actionName, action] of entriesOf(controller)) {
        if (action === null || action === undefined)
          throw new BadRequestError(
            `permissions.${typeName}.controllers.${controllerName}.${actionName} is ${String(action)}: Strapi's role service reads its \`enabled\` and fails`,
          );
        if (propertyOf(action, 'enabled')) out.push(`${typeName}.${controllerName}.${actionName}`);
      }
  }
  return out;
}
