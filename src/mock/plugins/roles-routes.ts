import type express from 'express';
import { coreContentApiActions } from '../strapi/users-permissions-role-service.js';
import { enabledActions } from '../../core/auth/role-permissions-body.js';
import { ApplicationError, NotFoundError, ValidationError } from '../../core/errors/strapi-errors.js';
import { ROLE_UID } from '../../core/model/built-in-types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { bodyOf } from '../express/read-body.js';
import { usersState } from '../auth/users.js';
import {
  addPermissionRows,
  deletePermissionRows,
  markRoleDeleted,
  markRouteWritten,
  permissionsOf,
  snakeName,
  type StoredRole,
} from '../auth/roles.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { rolesOf } from '../auth/roles.js';
import { usersOf } from '../auth/users.js';
import type { Runtime } from '../runtime.js';
import { route } from '../express/route.js';

// GET /api/users-permissions/roles and /roles/:id, as the plugin's role controller answers them (its `role.find` and
// `role.findOne` permissions; read-only API tokens may call both): roles in id order with their user counts, one role
// with the map of every Content API action, enabled where the role has a permission row. POST /roles, PUT and DELETE
// /roles/:role (createRole, updateRole, deleteRole) as the plugin's role service writes: a create stores the role
// and a permission row per action its `permissions` map enables; an update sets name and description and makes the
// rows what the map enables (no map: none); a delete drops the role's rows. From then on the role may do what its
// rows say (grantsOfRole), as Strapi reads them on every request.

const ROLE = 'plugin::users-permissions.role';

type Actions = Record<string, { controllers: Record<string, Record<string, { enabled: boolean; policy: string }>> }>;

/**
 * Every Content API action (the project's routes' when its code runs, else the generic API's), grouped `api::<api>` /
 * `plugin::<name>` → controller → action, disabled, then each of the role's permission rows set enabled (lodash `set`
 * on `<type>.controllers.<controller>.<action>`: a row naming an action the app does not have adds it), as the role
 * service's findOne builds it.
 */
function permissionsMap(rt: Runtime, actions: readonly string[]): Actions {
  const out: Actions = {};
  const all = rt.app ? rt.app.contentApiActions() : coreContentApiActions(rt.model);
  const off = (names: readonly string[]) => Object.fromEntries(names.map((a) => [a, { enabled: false, policy: '' }]));
  for (const [type, controllers] of all)
    out[type] = { controllers: Object.fromEntries(Object.entries(controllers).map(([name, names]) => [name, off(names)])) };
  for (const action of actions) {
    const [type, controller, name] = action.split('.');
    if (type === undefined || controller === undefined || name === undefined) continue;
    ((out[type] ??= { controllers: {} }).controllers[controller] ??= {})[name] = { enabled: true, policy: '' };
  }
  return out;
}

export function registerRolesRoutes(app: express.Express, current: () => Runtime): void {
  app.get(
    '/api/users-permissions/roles',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.find`);
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
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.findOne`);
      const id = req.params.id;
      const role = rolesOf(rt.store.data).find((r) => /^\d+$/.test(String(id)) && r.id === Number(id));
      if (!role) throw new NotFoundError('Role not found', {});
      const actions = permissionsOf(rt.store.data, role).map((p) => p.action);
      res.status(200).json({ role: { ...role, permissions: permissionsMap(rt, actions) } });
    }),
  );

  app.post(
    '/api/users-permissions/roles',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.createRole`);
      const body = roleBody(await bodyOf(req));
      const actions = enabledActions(body.permissions);
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
        addPermissionRows(rt.store, tx.data, role, actions, now);
        markRouteWritten(tx.data, role.id);
      });
      res.status(200).json({ ok: true });
    }),
  );

  app.put(
    '/api/users-permissions/roles/:role',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.updateRole`);
      const body = roleBody(await bodyOf(req));
      const role = roleById(rt, String(req.params.role));
      const actions = enabledActions(body.permissions);
      await rt.store.mutate((tx) => {
        const row = (tx.data.types[ROLE_UID] as unknown as StoredRole[]).find((r) => r.id === role.id);
        if (!row) return;
        // the service updates the name and description only
        for (const key of ['name', 'description'] as const) {
          const v = body[key];
          if (typeof v === 'string' || v === null) row[key] = v;
        }
        const now = new Date().toISOString();
        row.updatedAt = now;
        // the rows the map no longer enables go, the ones it newly enables are made (in the map's order)
        const old = permissionsOf(tx.data, row).map((p) => p.action);
        deletePermissionRows(tx.data, (p) => p.role === row.documentId && !actions.includes(p.action));
        addPermissionRows(
          rt.store,
          tx.data,
          row,
          actions.filter((a) => !old.includes(a)),
          now,
        );
        markRouteWritten(tx.data, row.id);
      });
      res.status(200).json({ ok: true });
    }),
  );

  app.delete(
    '/api/users-permissions/roles/:role',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), `${ROLE}.deleteRole`);
      const publicRole = rolesOf(rt.store.data).find((r) => r.type === 'public');
      if (publicRole && String(req.params.role) === String(publicRole.id)) throw new ApplicationError('Cannot delete public role', {});
      const role = roleById(rt, String(req.params.role));
      await rt.store.mutate((tx) => {
        // its users move to the public role
        for (const u of usersState(tx.data).users) if (u.role === role.documentId && publicRole) u.role = publicRole.documentId;
        markRoleDeleted(tx.data, role.type);
        deletePermissionRows(tx.data, (p) => p.role === role.documentId);
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
