import type express from 'express';
import {
  ApplicationError,
  fieldErrors,
  NotFoundError,
  StrapiError,
  ValidationError,
  type FieldError,
} from '../../core/errors/strapi-errors.js';
import type { ContentType } from '../../core/model/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { authenticateRequest, authorizeContent } from '../auth/authenticate-request.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { hashPassword } from '../auth/password.js';
import { rolesOf, type StoredRole } from '../auth/roles.js';
import { newUser, usersOf, usersState, type StoredUser } from '../auth/users.js';
import { checkExtension, completeNewUser, extensionData, writeExtension } from '../auth/user-extension-data.js';
// the body read once: a project route the request went through first may have read it
import { bodyOf as readBody } from '../express/read-body.js';
import type { Runtime } from '../runtime.js';
import { checkEmail, checkString, present } from './body-checks.js';
import { route } from '../express/route.js';
import { showUser } from './show-user.js';

// POST /api/users, PUT and DELETE /api/users/:id as the plugin's user controller answers them: its yup checks, then
// the user content type's own (lengths, unique username) as the document service reports them, the role as a relation
// (an id, a documentId or `{connect: [...]}`). Each needs the role's `user.create`, `user.update`, `user.destroy`.

const ROLE_MISSING = '1 relation(s) of type plugin::users-permissions.role associated with this entity do not exist';

/** The role a body names: `3`, `"3"`, a documentId, `{connect: [{id} | {documentId}]}`; undefined when it names none. */
function resolveRole(rt: Runtime, value: unknown): StoredRole | null | undefined {
  if (value === undefined || value === null) return undefined;
  let ref: unknown = value;
  if (isPlainObject(value)) {
    const connect = Array.isArray(value.connect) ? value.connect : [];
    const last: unknown = connect[connect.length - 1];
    if (!isPlainObject(last)) return undefined;
    ref = last.documentId ?? last.id;
  }
  const roles = rolesOf(rt.store.data);
  const found = roles.find((r) => r.documentId === ref || (/^\d+$/.test(String(ref)) && r.id === Number(ref)));
  if (!found) throw new ApplicationError(ROLE_MISSING, {});
  return found;
}

/** yup's check of a role input: an id (number or string) or a `{connect}` object with at least one entry. */
function roleError(value: unknown, required: boolean): FieldError | undefined {
  if (value === undefined || value === null || value === '') {
    return required ? { path: ['role'], message: 'role is a required field', value } : undefined;
  }
  if (isPlainObject(value)) {
    const connect = value.connect;
    if (required && (!Array.isArray(connect) || connect.length === 0))
      return {
        path: ['role', 'connect'],
        message: Array.isArray(connect) ? 'Users must have a role' : 'role.connect is a required field',
        value: connect,
      };
    if (!required && Array.isArray(value.disconnect) && value.disconnect.length > 0 && !(Array.isArray(connect) && connect.length > 0))
      return { path: ['role', 'disconnect'], message: 'Cannot remove role', value: value.disconnect };
  }
  return undefined;
}

/** The user content type's checks (minLength, unique username), in attribute order, as the document service runs them. */
function contentErrors(rt: Runtime, values: { username?: string; email?: string; password?: string }, self?: number): string[] {
  const errors: string[] = [];
  if (values.username !== undefined) {
    if (values.username.length < 3) errors.push('username must be at least 3 characters');
    else if (usersOf(rt.store.data).some((u) => u.username === values.username && u.id !== self))
      errors.push('This attribute must be unique');
  }
  if (values.email !== undefined && values.email.length < 6) errors.push('email must be at least 6 characters');
  if (values.password !== undefined && values.password.length < 6) errors.push('password must be at least 6 characters');
  return errors;
}

const booleanOf = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

export function registerUserWriteRoutes(app: express.Express, current: () => Runtime, userType: (rt: Runtime) => ContentType): void {
  async function start(req: express.Request, action: string) {
    const rt = current();
    await ensureUsersPermissions(rt);
    const who = authenticateRequest(rt, req.headers.authorization);
    authorizeContent(rt, who, userType(rt), action);
    const raw = await readBody(req);
    return { rt, who, body: isPlainObject(raw) ? raw : {} };
  }

  app.post(
    '/api/users',
    route(async (req, res) => {
      const { rt, who, body } = await start(req, 'create');
      const errors = present([
        checkString(body, 'email', { required: true }) ?? checkEmail(body, 'email'),
        checkString(body, 'username', { required: true }),
        checkString(body, 'password', { required: true }),
        roleError(body.role, true),
      ]);
      if (errors.length) throw fieldErrors(errors);
      const email = String(body.email).toLowerCase();
      if (rt.config.plugins.advanced.uniqueEmail && usersOf(rt.store.data).some((u) => u.email === email))
        throw new ApplicationError('Email already taken', {});
      const role = resolveRole(rt, body.role);
      const username = String(body.username);
      const password = String(body.password);
      // Strapi wraps the document service's errors: a single message, or "N errors occurred", with no details.
      const invalid = contentErrors(rt, { username, email, password });
      if (invalid.length) throw new ApplicationError(invalid.length === 1 ? invalid[0] : `${invalid.length} errors occurred`, {});
      // the extension's attributes are checked before the user is created (one write in Strapi: no row, no id taken)
      const extension = extensionData(userType(rt), body);
      try {
        checkExtension(rt, userType(rt), extension);
      } catch (e) {
        throw e instanceof StrapiError ? new ApplicationError(e.message, {}) : e;
      }
      const user = await rt.store.mutate(({ data }) => {
        const created = newUser(rt.store, {
          username,
          email,
          password,
          // The user type's defaults: not confirmed, not blocked.
          confirmed: booleanOf(body.confirmed) ?? false,
          blocked: booleanOf(body.blocked) ?? false,
          role: role?.documentId ?? null,
        });
        usersState(data).users.push(created);
        return created;
      });
      // Strapi's controller wraps the document service's error in an ApplicationError of its message
      await completeNewUser(rt, userType(rt), user, extension, (e) => new ApplicationError(e.message, {}));
      res.status(201).json(showUser(rt, who, user, true));
    }),
  );

  app.put(
    '/api/users/:id',
    route(async (req, res) => {
      const { rt, who, body } = await start(req, 'update');
      const id = Number(req.params.id);
      const user = usersOf(rt.store.data).find((u) => Number.isInteger(id) && u.id === id);
      if (!user) throw new NotFoundError('User not found', {});
      const errors = present([
        checkString(body, 'email', { required: false }) ?? checkEmail(body, 'email'),
        checkString(body, 'username', { required: false }),
        roleError(body.role, false),
      ]);
      if (errors.length) throw fieldErrors(errors);
      if (user.provider === 'local' && 'password' in body && !body.password) throw new ValidationError('password.notNull', {});
      const username = typeof body.username === 'string' ? body.username : undefined;
      if (username !== undefined && usersOf(rt.store.data).some((u) => u.username === username && u.id !== user.id))
        throw new ApplicationError('Username already taken', {});
      const email = typeof body.email === 'string' ? body.email.toLowerCase() : undefined;
      if (
        email !== undefined &&
        rt.config.plugins.advanced.uniqueEmail &&
        usersOf(rt.store.data).some((u) => u.email === email && u.id !== user.id)
      )
        throw new ApplicationError('Email already taken', {});
      const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
      const invalid = contentErrors(rt, { username, email, password }, user.id);
      if (invalid.length)
        throw fieldErrors(invalid.map((message) => ({ path: [message.split(' ')[0]], message, value: body[message.split(' ')[0]] })));
      const role = resolveRole(rt, body.role);
      const extension = extensionData(userType(rt), body);
      if (extension) await writeExtension(rt, userType(rt), user.documentId, extension);
      const updated = await rt.store.mutate(({ data }) => {
        const u = usersState(data).users.find((x) => x.id === user.id) as StoredUser;
        if (username !== undefined) u.username = username;
        if (email !== undefined) u.email = email;
        if (password !== undefined) u.password = hashPassword(password);
        const confirmed = booleanOf(body.confirmed);
        const blocked = booleanOf(body.blocked);
        if (confirmed !== undefined) u.confirmed = confirmed;
        if (blocked !== undefined) u.blocked = blocked;
        if (role) u.role = role.documentId;
        u.updatedAt = u.publishedAt = new Date().toISOString();
        return { ...u };
      });
      res.status(200).json(showUser(rt, who, updated, true));
    }),
  );

  app.delete(
    '/api/users/:id',
    route(async (req, res) => {
      const { rt, who } = await start(req, 'destroy');
      const id = Number(req.params.id);
      const user = usersOf(rt.store.data).find((u) => Number.isInteger(id) && u.id === id);
      if (!user) {
        // Strapi's controller sends the deleted user, here none: 204, no body.
        res.status(204).end();
        return;
      }
      await rt.store.mutate(({ data }) => {
        const users = usersState(data).users;
        users.splice(
          users.findIndex((u) => u.id === user.id),
          1,
        );
      });
      res.status(200).json(showUser(rt, who, user));
    }),
  );
}
