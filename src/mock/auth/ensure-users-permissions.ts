import type { Runtime } from '../runtime.js';
import { addMissingRoles, rolesComplete, rolesOf } from './roles.js';
import { markConfigUsersAdded, missingConfigUsers, newUser, usersState } from './users.js';

/**
 * Makes sure the store holds the plugin's roles and the config's users (first use, a seed or data file without them,
 * after a reset). Cheap when nothing is missing, so every users & permissions route calls it first.
 */
export async function ensureUsersPermissions(rt: Runtime): Promise<void> {
  const { store, config } = rt;
  if (rolesComplete(store.data, config) && missingConfigUsers(store.data, config.plugins.users).length === 0) return;
  await store.mutate((data) => {
    addMissingRoles(store, data, config);
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
