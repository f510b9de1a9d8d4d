import type express from 'express';
import type { Runtime } from '../runtime.js';
import { renderRow } from '../../core/query/render-entry.js';
import { sortRecords } from '../../core/query/sort.js';
import type { Row } from '../../core/data/types.js';
import { authenticateRequest, authorizeContent, authorizePluginAction } from '../auth/authenticate-request.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { signedInUser, userQuery as query, userType } from '../auth/signed-in-user.js';
import { route } from '../express/route.js';
import { registerUserWriteRoutes } from './user-write-routes.js';

// The users & permissions plugin's user routes, as Strapi 5.54 answers them: bare JSON (no data/meta envelope),
// filters, sort, fields and populate as on content types, top-level start/limit and no default page size, unknown
// query keys ignored; an unknown id answers 204 with no body. `find`/`findOne` are what read-only tokens may do;
// `count` is its own permission.

const PERMISSION = 'plugin::users-permissions.user';

function read(rt: Runtime, req: express.Request, action: 'find' | 'findOne' | 'count' | 'me') {
  const who = authenticateRequest(rt, req.headers.authorization);
  const type = userType(rt);
  // A role granted the user type like a content type (`"plugin::users-permissions.user": ["find"]`) may read too.
  if (action === 'count' || action === 'me') authorizePluginAction(rt, who, `${PERMISSION}.${action}`);
  else authorizeContent(rt, who, type, action);
  return { who, ...query(rt, searchOf(req), who, type, action === 'findOne') };
}

const searchOf = (req: express.Request) => (req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '');

// The plugin's user service reads with a plain database query (no document service, so no status): a populated
// draft&publish target shows every linked version, draft and published (`everyVersion`).
export function registerUsersRoutes(app: express.Express, current: () => Runtime): void {
  app.get(
    '/api/users/count',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      const { rows } = read(rt, req, 'count');
      res.status(200).json(rows.length);
    }),
  );

  app.get(
    '/api/users/me',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      const { who } = read(rt, req, 'me');
      res.status(200).json(signedInUser(rt, who, searchOf(req)));
    }),
  );

  app.get(
    '/api/users',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      const { type, q, rows, start, limit } = read(rt, req, 'find');
      let ordered: readonly Row[] = q.sort.length ? sortRecords(rt.store.index, { kind: 'type', type }, rows, q.sort) : rows;
      const from = Number.isInteger(start) && start > 0 ? start : 0;
      ordered = Number.isInteger(limit) && limit > 0 ? ordered.slice(from, from + limit) : ordered.slice(from);
      res
        .status(200)
        .json(ordered.map((row) => renderRow({ index: rt.store.index, status: 'published', everyVersion: true }, type, row, q.node)));
    }),
  );

  app.get(
    '/api/users/:id',
    route(async (req, res) => {
      const rt = current();
      await ensureUsersPermissions(rt);
      const { type, q, rows } = read(rt, req, 'findOne');
      const id = Number(req.params.id);
      const row = Number.isInteger(id) ? rows.find((r) => r.id === id) : undefined;
      if (!row) {
        // Strapi's controller returns nothing for an unknown user: 204, no body.
        res.status(204).end();
        return;
      }
      res.status(200).json(renderRow({ index: rt.store.index, status: 'published', everyVersion: true }, type, row, q.node));
    }),
  );

  registerUserWriteRoutes(app, current, userType);
}
