import { ROLE_UID } from '../../core/model/built-in-types.js';
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
  const shown: Record<string, unknown> = { ...publicUser(user) };
  if (!withRole) return shown;
  const roleType = rt.model.contentTypes.get(ROLE_UID);
  const role = roleOf(rt.store.data, user.role);
  if (roleType && role && mayContent(rt, who, roleType, 'find')) shown.role = { ...role };
  return shown;
}
