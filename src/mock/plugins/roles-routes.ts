import type express from 'express';
import { USERS_PERMISSIONS_ACTIONS } from '../auth/users-permissions-actions.js';
import { roleCan, roleGrants, roleHas } from '../../core/auth/role-grants.js';
import type { RoleGrants } from '../../core/config/content-mock-config.js';
import { NotFoundError } from '../../core/errors/strapi-errors.js';
import { routedTypes, type ContentModel } from '../../core/model/types.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { rolesOf } from '../auth/roles.js';
import { usersOf } from '../auth/users.js';
import type { Runtime } from '../runtime.js';
import { route } from '../express/route.js';

// GET /api/users-permissions/roles and /roles/:id, as the plugin's role controller answers them (its `role.find` and
// `role.findOne` permissions; read-only API tokens may call both): roles in id order with their user counts, one role
// with the map of every Content API action and whether the role may do it.

const ROLE = 'plugin::users-permissions.role';

/** The Content API actions of Strapi's built-in plugins, in the order Strapi 5.54 lists them. */
const PLUGIN_ACTIONS: readonly [string, Readonly<Record<string, readonly string[]>>][] = [
  [
    'plugin::content-type-builder',
    { components: ['getComponents', 'getComponent'], 'content-types': ['getContentTypes', 'getContentType'] },
  ],
  ['plugin::email', { email: ['send'] }],
  ['plugin::upload', { 'content-api': ['find', 'findPage', 'findOne', 'destroy', 'upload'] }],
  ['plugin::i18n', { locales: ['listLocales'] }],
  ['plugin::users-permissions', USERS_PERMISSIONS_ACTIONS],
];

type Actions = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

/** Every Content API action, grouped `api::<api>` / `plugin::<name>` → controller → action, with what the role may do. */
function permissionsMap(model: ContentModel, grants: RoleGrants): Actions {
  const out: Actions = {};
  const types = routedTypes(model).sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  for (const type of types) {
    const [api, controller] = type.uid.split('.');
    const actions = type.kind === 'collectionType' ? ['find', 'findOne', 'create', 'update', 'delete'] : ['find', 'update', 'delete'];
    const entry = (out[api] ??= { controllers: {} });
    entry.controllers[controller] = Object.fromEntries(actions.map((a) => [a, { enabled: roleCan(grants, type, a), policy: '' }]));
  }
  for (const [plugin, controllers] of PLUGIN_ACTIONS) {
    out[plugin] = {
      controllers: Object.fromEntries(
        Object.entries(controllers).map(([name, actions]) => [
          name,
          Object.fromEntries(actions.map((a) => [a, { enabled: roleHas(grants, `${plugin}.${name}.${a}`), policy: '' }])),
        ]),
      ),
    };
  }
  return out;
}

export function registerRolesRoutes(app: express.Express, current: () => Runtime): void {
  app.get(
    '/api/users-permissions/roles',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.find`, true);
      const users = usersOf(rt.store.data);
      const roles = rolesOf(rt.store.data).map((r) => ({ ...r, nb_users: users.filter((u) => u.role === r.documentId).length }));
      res.status(200).json({ roles });
    }),
  );

  app.get(
    '/api/users-permissions/roles/:id',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.findOne`, true);
      const id = req.params.id;
      const role = rolesOf(rt.store.data).find((r) => /^\d+$/.test(String(id)) && r.id === Number(id));
      if (!role) throw new NotFoundError('Role not found', {});
      res.status(200).json({ role: { ...role, permissions: permissionsMap(rt.model, roleGrants(rt.config, role.type)) } });
    }),
  );
}
