import { PERMISSION_UID, ROLE_UID, USER_UID } from '../../core/model/built-in-types.js';
import { enabledActions } from '../../core/auth/role-permissions-body.js';
import { NotFoundError } from '../../core/errors/strapi-errors.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { markRoleDeleted, snakeName } from '../auth/roles.js';
import { PLUGIN_CONTENT_API_ACTIONS } from '../auth/users-permissions-actions.js';
import { routedTypes, type ContentModel } from '../../core/model/types.js';
import type { Runtime } from '../runtime.js';
import type { CompiledRoute } from './route-table.js';

// The users & permissions plugin's `users-permissions` and `role` services as Strapi 5.54's are written
// (plugin-users-permissions server/services/users-permissions.js and role.js), for project code: a bootstrap that
// gives the public role every action (`getActions({ defaultEnable: true })` then `role.updateRole(id, { permissions
// })`) writes the permission rows through the query engine, and from then on the role may do what its rows say, as
// Strapi reads them on every request.

type Params = Record<string, unknown>;
type Fn = (...args: never[]) => unknown;
type DbQuery = (uid: string) => Record<string, unknown>;
/** Content API actions by type (`api::<api>` / `plugin::<name>`), then by controller, in Strapi's order. */
export type ContentApiActions = readonly (readonly [string, Readonly<Record<string, readonly string[]>>])[];
type ActionMap = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

const call = (api: Record<string, unknown>, name: string, ...args: unknown[]) => (api[name] as (...a: unknown[]) => unknown)(...args);

/**
 * The Content API actions of a project: each action a route names by its handler (Strapi marks the controller's
 * function `content-api` when it composes the route), under its API (`strapi.apis`, by folder name) and controller
 * (by name), in the order of the controller's keys (`keysOf`: its own, then its core ones); then the built-in
 * plugins', with the actions an extension's routes add to the users & permissions controllers.
 */
export function contentApiActions(routes: readonly CompiledRoute[], keysOf: (uid: string) => readonly string[]): ContentApiActions {
  const named = new Map<string, Map<string, Set<string>>>();
  for (const r of routes) {
    const m = r.controller && r.action ? /^(api::[^.]+|plugin::[^.]+)\.(.+)$/.exec(r.controller) : null;
    if (!m || !r.action) continue;
    let controllers = named.get(m[1]);
    if (!controllers) named.set(m[1], (controllers = new Map()));
    let actions = controllers.get(m[2]);
    if (!actions) controllers.set(m[2], (actions = new Set()));
    actions.add(r.action);
  }
  const inOrder = (uid: string, set: ReadonlySet<string>) => {
    const keys = keysOf(uid).filter((k) => set.has(k));
    return [...keys, ...[...set].filter((a) => !keys.includes(a))];
  };
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const out: [string, Record<string, readonly string[]>][] = [];
  for (const type of [...named.keys()].filter((t) => t.startsWith('api::')).sort(byName)) {
    const controllers = named.get(type)!;
    out.push([
      type,
      Object.fromEntries([...controllers.keys()].sort(byName).map((c) => [c, inOrder(`${type}.${c}`, controllers.get(c)!)])),
    ]);
  }
  for (const [type, controllers] of PLUGIN_CONTENT_API_ACTIONS) {
    const added = named.get(type);
    const merged: Record<string, readonly string[]> = { ...controllers };
    for (const [c, set] of added ?? []) merged[c] = [...(merged[c] ?? []), ...[...set].filter((a) => !(merged[c] ?? []).includes(a))];
    out.push([type, merged]);
  }
  return out;
}

/**
 * The Content API actions of Strapi's generic API over a model (a project without route files: each content type's
 * core router), then the built-in plugins'.
 */
export function coreContentApiActions(model: ContentModel): ContentApiActions {
  const out: [string, Record<string, readonly string[]>][] = [];
  const types = routedTypes(model).sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  for (const type of types) {
    const [api, controller] = type.uid.split('.');
    const names = type.kind === 'collectionType' ? ['find', 'findOne', 'create', 'update', 'delete'] : ['find', 'update', 'delete'];
    const last = out.at(-1);
    if (last && last[0] === api) last[1][controller] = names;
    else out.push([api, { [controller]: names }]);
  }
  return [...out, ...PLUGIN_CONTENT_API_ACTIONS];
}

/** `getActions`: every action a content-api route names, grouped as the permissions map groups them. */
function actionMap(actions: ContentApiActions, enabled: boolean): ActionMap {
  const out: ActionMap = {};
  for (const [type, controllers] of actions) {
    const entries = Object.entries(controllers).filter(([, names]) => names.length > 0);
    if (entries.length === 0) continue;
    out[type] = {
      controllers: Object.fromEntries(
        entries.map(([controller, names]) => [controller, Object.fromEntries(names.map((a) => [a, { enabled, policy: '' }]))]),
      ),
    };
  }
  return out;
}

/** lodash `_.pick(data, ['name', 'description'])`: the keys present, whatever their value. */
function pickNameAndDescription(data: unknown): Params {
  const out: Params = {};
  if (data === null || data === undefined) return out;
  for (const key of ['name', 'description']) if (key in Object(data)) out[key] = (data as Params)[key];
  return out;
}

type Row = Params & { id: number };

export function usersPermissionsRoleServices(
  current: () => Runtime,
  dbQuery: DbQuery,
  contentApiActions: () => ContentApiActions,
): Map<string, Record<string, Fn>> {
  const roles = () => dbQuery(ROLE_UID);
  const permissions = () => dbQuery(PERMISSION_UID);
  const getActions = ({ defaultEnable = false }: { defaultEnable?: boolean } = {}) => actionMap(contentApiActions(), defaultEnable);
  const roleWithPermissions = async (roleID: unknown, populate: string[]): Promise<Row> => {
    const role = (await call(roles(), 'findOne', { where: { id: roleID }, populate })) as Row | null;
    if (!role) throw new NotFoundError('Role not found', {});
    return role;
  };
  const rowsOf = (role: Row, key: string) => (Array.isArray(role[key]) ? (role[key] as Row[]) : []);

  const usersPermissions: Record<string, Fn> = {
    getActions,
    async updateUserRole(user: { id: unknown }, role: unknown) {
      return call(dbQuery(USER_UID), 'update', { where: { id: user.id }, data: { role } });
    },
  };

  const role: Record<string, Fn> = {
    async createRole(params: Params) {
      if (!params.type) params.type = snakeName(typeof params.name === 'string' ? params.name : '');
      const data = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'users' && k !== 'permissions'));
      const created = (await call(roles(), 'create', { data })) as Row;
      // one row per enabled action, in the map's order (the service's Promise.all starts them in that order)
      for (const action of enabledActions(params.permissions)) await call(permissions(), 'create', { data: { action, role: created.id } });
    },
    async findOne(roleID: unknown) {
      const found = await roleWithPermissions(roleID, ['permissions']);
      const all = getActions();
      for (const permission of rowsOf(found, 'permissions')) {
        const [type, controller, action] = String(permission.action).split('.');
        ((all[type] ??= { controllers: {} }).controllers[controller] ??= {})[action] = { enabled: true, policy: '' };
      }
      return { ...found, permissions: all };
    },
    async find() {
      // `sort` is no query engine parameter: the roles come in the table's order
      const list = (await call(roles(), 'findMany', {})) as Row[];
      for (const r of list) r.nb_users = await call(dbQuery(USER_UID), 'count', { where: { role: { id: r.id } } });
      return list;
    },
    async updateRole(roleID: unknown, data: Params) {
      const found = await roleWithPermissions(roleID, ['permissions']);
      await call(roles(), 'update', { where: { id: roleID }, data: pickNameAndDescription(data) });
      const { permissions: map } = data;
      const newActions = enabledActions(map);
      const held = rowsOf(found, 'permissions');
      const oldActions = held.map((p) => p.action);
      for (const p of held.filter((p) => !newActions.includes(String(p.action))))
        await call(permissions(), 'delete', { where: { id: p.id } });
      for (const action of newActions.filter((a) => !oldActions.includes(a)))
        await call(permissions(), 'create', { data: { action, role: found.id } });
    },
    async deleteRole(roleID: unknown, publicRoleID: unknown) {
      const found = await roleWithPermissions(roleID, ['users', 'permissions']);
      for (const user of rowsOf(found, 'users'))
        await call(dbQuery(USER_UID), 'update', { where: { id: user.id }, data: { role: publicRoleID } });
      for (const p of rowsOf(found, 'permissions')) await call(permissions(), 'delete', { where: { id: p.id } });
      await call(roles(), 'delete', { where: { id: roleID } });
      // Strapi makes its roles once, at first boot: a deleted one stays deleted
      if (isPlainObject(found) && typeof found.type === 'string') {
        const type = found.type;
        await current().store.mutate((tx) => markRoleDeleted(tx.data, type));
      }
    },
  };

  return new Map([
    ['users-permissions', usersPermissions],
    ['role', role],
  ]);
}
