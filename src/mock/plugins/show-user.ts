import { ROLE_UID, USER_UID } from '../../core/model/built-in-types.js';
import { isPrivateAttribute } from '../../core/model/private-attributes.js';
import { mayContent, type RequestPrincipal } from '../auth/authenticate-request.js';
import { roleOf } from '../auth/roles.js';
import { publicUser, type StoredUser } from '../auth/users.js';
import type { Runtime } from '../runtime.js';

/**
 * A user as the plugin's controllers answer it: no private attribute; with `withRole` (the routes that load the user
 * with its role: register, create, update) the role too, when the caller may read roles (Strapi's output sanitizer
 * drops relations to types the caller cannot read).
 */
export function showUser(rt: Runtime, who: RequestPrincipal, user: StoredUser, withRole = false): Record<string, unknown> {
  const stored: Record<string, unknown> = { ...publicUser(user) };
  // a user extension's links, components and private fields are stored on the row; an answer shows none of them,
  // and its scalars in the schema's order, before the timestamps (the table's columns)
  const userType = rt.model.contentTypes.get(USER_UID);
  let shown = stored;
  if (userType) {
    shown = { id: stored.id, documentId: stored.documentId };
    for (const attribute of userType.attributes.values()) {
      // a column the user never had a value for reads null
      if (attribute.kind === 'scalar' && !attribute.private) shown[attribute.name] = stored[attribute.name] ?? null;
    }
    // the project's privateAttributes may name the timestamps
    for (const key of ['createdAt', 'updatedAt', 'publishedAt']) if (!isPrivateAttribute(userType, key)) shown[key] = stored[key];
  }
  if (!withRole) return shown;
  const roleType = rt.model.contentTypes.get(ROLE_UID);
  const role = roleOf(rt.store.data, user.role);
  if (roleType && role && mayContent(rt, who, roleType, 'find')) shown.role = { ...role };
  return shown;
}
