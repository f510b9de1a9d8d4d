import type { Runtime } from '../runtime.js';
import { ROLE_UID } from '../../core/model/built-in-types.js';
import { routedTypes, type Attributes, type ContentModel } from '../../core/model/types.js';
import { addMissingRoles, rolesComplete, rolesOf } from './roles.js';
import { markConfigUsersAdded, missingConfigUsers, newUser, usersState } from './users.js';

/**
 * Makes sure the store holds the plugin's roles and the config's users (first use, a seed or data file without them,
 * after a reset). Cheap when nothing is missing, so every users & permissions route calls it first.
 */
export async function ensureUsersPermissions(rt: Runtime): Promise<void> {
  const { store, config } = rt;
  if (rolesComplete(store.data, config) && missingConfigUsers(store.data, config.plugins.users).length === 0) return;
  await store.mutate(({ data }) => {
    addMissingRoles(store, data, config, rt.model);
    const roles = rolesOf(data);
    const state = usersState(data);
    const missing = missingConfigUsers(data, config.plugins.users);
    for (const u of missing) {
      const role = roles.find((r) => r.type === (u.role ?? config.plugins.advanced.defaultRole));
      state.users.push(newUser(store, { ...u, role: role?.documentId ?? null }));
    }
    markConfigUsersAdded(
      data,
      missing.map((u) => u.email),
    );
  });
}

const linksRoles = new WeakMap<ContentModel, boolean>();

/**
 * Whether a project's own types (or their components) link the plugin's roles: then the roles are content their
 * writes and reads meet, present from the start as in Strapi (which creates them at boot), not on first plugin use.
 */
export function modelLinksRoles(model: ContentModel): boolean {
  let known = linksRoles.get(model);
  if (known === undefined) {
    const links = (attributes: Attributes) => [...attributes.values()].some((a) => a.kind === 'relation' && a.target === ROLE_UID);
    known = routedTypes(model).some((t) => links(t.attributes)) || [...model.components.values()].some((c) => links(c.attributes));
    linksRoles.set(model, known);
  }
  return known;
}
