import type express from 'express';
import { USERS_PERMISSIONS_ACTIONS } from '../auth/users-permissions-actions.js';
import { roleCan, roleGrants, roleHas } from '../../core/auth/role-grants.js';
import type { RoleGrants } from '../../core/config/content-mock-config.js';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/errors/strapi-errors.js';
import { ROLE_UID } from '../../core/model/built-in-types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { bodyOf } from '../express/read-body.js';
import { usersState } from '../auth/users.js';
import { markRoleDeleted, type StoredRole } from '../auth/roles.js';
import { routedTypes, type ContentModel } from '../../core/model/types.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { rolesOf } from '../auth/roles.js';
import { usersOf } from '../auth/users.js';
import type { Runtime } from '../runtime.js';
import { route } from '../express/route.js';

// GET /api/users-permissions/roles and /roles/:id, as the plugin's role controller answers them (its `role.find` and
// `role.findOne` permissions; read-only API tokens may call both): roles in id order with their user counts, one role
// with the map of every Content API action and whether the role may do it. POST /roles, PUT and DELETE /roles/:role
// (createRole, updateRole, deleteRole) keep the role's name, description and type; what a role may do stays the
// config's (roles[].permissions by type): the `permissions` map a request sends is not stored.

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

  app.post(
    '/api/users-permissions/roles',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.createRole`, false);
      const body = roleBody(await bodyOf(req));
      await rt.store.mutate((tx) => {
        const now = new Date().toISOString();
        const name = body.name;
        const role: StoredRole = {
          id: rt.store.nextId(ROLE_UID),
          documentId: newDocumentId(),
          name: typeof name === 'string' ? name : null,
          description: typeof body.description === 'string' ? body.description : null,
          // the service's default type: the name lower-cased, deburred and snake-cased (lodash)
          type: typeof body.type === 'string' && body.type !== '' ? body.type : snakeName(typeof name === 'string' ? name : ''),
          createdAt: now,
          updatedAt: now,
          publishedAt: now,
        };
        ((tx.data.types[ROLE_UID] ??= []) as unknown as StoredRole[]).push(role);
      });
      res.status(200).json({ ok: true });
    }),
  );

  app.put(
    '/api/users-permissions/roles/:role',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.updateRole`, false);
      const body = roleBody(await bodyOf(req));
      const role = roleById(rt, String(req.params.role));
      await rt.store.mutate((tx) => {
        const row = (tx.data.types[ROLE_UID] as unknown as StoredRole[]).find((r) => r.id === role.id);
        if (!row) return;
        // the service updates the name and description only
        for (const key of ['name', 'description'] as const) {
          const v = body[key];
          if (typeof v === 'string' || v === null) row[key] = v;
        }
        row.updatedAt = new Date().toISOString();
      });
      res.status(200).json({ ok: true });
    }),
  );

  app.delete(
    '/api/users-permissions/roles/:role',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.deleteRole`, false);
      const publicRole = rolesOf(rt.store.data).find((r) => r.type === 'public');
      if (publicRole && String(req.params.role) === String(publicRole.id)) throw new ApplicationError('Cannot delete public role', {});
      const role = roleById(rt, String(req.params.role));
      await rt.store.mutate((tx) => {
        // its users move to the public role
        for (const u of usersState(tx.data).users) if (u.role === role.documentId && publicRole) u.role = publicRole.documentId;
        markRoleDeleted(tx.data, role.type);
        const rows = tx.data.types[ROLE_UID] as unknown as StoredRole[];
        rows.splice(
          rows.findIndex((r) => r.id === role.id),
          1,
        );
      });
      res.status(200).json({ ok: true });
    }),
  );
}

/** The controller refuses an empty body before the service runs. */
function roleBody(raw: unknown): Record<string, unknown> {
  if (!isPlainObject(raw) || Object.keys(raw).length === 0) throw new ValidationError('Request body cannot be empty', {});
  return raw;
}

function roleById(rt: Runtime, id: string | undefined): StoredRole {
  const role = rolesOf(rt.store.data).find((r) => String(r.id) === String(id));
  if (!role) throw new NotFoundError('Role not found', {});
  return role;
}

/** lodash's snakeCase(deburr(toLower(name))) for the names a role gets: words of letters and digits joined by `_`. */
function snakeName(name: string): string {
  const words = name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .match(/[a-z]+|[0-9]+/g);
  return (words ?? []).join('_');
}
