import { randomBytes } from 'node:crypto';
import type express from 'express';
import { ApplicationError, UnauthorizedError, fieldErrors, ValidationError, type FieldError } from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
import { readBody } from '../express/read-body.js';
import { printValue } from '../../core/write/coerce-scalar.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { signJwt } from '../auth/jwt.js';
import { jwtSecretOf } from '../auth/jwt-secret.js';
import { verifyPassword } from '../auth/password.js';
import { route } from '../express/route.js';
import { ensureConfigUsers, newUser, publicUser, usersOf, usersState, type StoredUser } from '../auth/users.js';
import { isPlainObject } from '../../core/is-plain-object.js';

// The users & permissions routes a frontend calls: local login, registration and "who am I". Answers are bare
// JSON (no `data` envelope), errors Strapi's envelope with its messages.

// Strapi's own email check (controllers/auth.js), stricter than yup's about the domain part.
const EMAIL =
  /^(([^<>()[\]\\.,;:\s@"]+(\.[^<>()[\]\\.,;:\s@"]+)*)|(".+"))@((\[[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\])|(([a-zA-Z\-0-9]+\.)+[a-zA-Z]{2,}))$/;
const ALWAYS_ALLOWED = ['username', 'email', 'password'];

/** yup `string().required()` over each field, all errors at once (Strapi validates with abortEarly off). */
function requireStrings(body: Record<string, unknown>, fields: readonly string[]): FieldError[] {
  const errors: FieldError[] = [];
  for (const name of fields) {
    const v = body[name];
    if (v === undefined || v === null || v === '')
      // yup reports the value it saw: none (so no `value` key) for a missing field.
      errors.push({ path: [name], message: `${name} is a required field`, value: v });
    else if (typeof v !== 'string' && typeof v !== 'number') {
      errors.push({ path: [name], message: `${name} must be a \`string\` type, but the final value was: \`${printValue(v)}\`.`, value: v });
    }
  }
  return errors;
}

function issue(rt: Runtime, user: StoredUser): { jwt: string; user: ReturnType<typeof publicUser> } {
  const settings = rt.config.plugins;
  return { jwt: signJwt({ id: user.id }, jwtSecretOf(rt), settings.jwtExpiresIn), user: publicUser(user) };
}

/**
 * Registration answers a refresh token too (Strapi 5.54 does, login does not). It names the user and a session, so it
 * is not accepted where a JWT is: its payload has no `id`.
 */
function issueWithRefresh(rt: Runtime, user: StoredUser): { jwt: string; refreshToken: string; user: ReturnType<typeof publicUser> } {
  const settings = rt.config.plugins;
  const { jwt, user: shown } = issue(rt, user);
  const refreshToken = signJwt(
    { userId: String(user.id), sessionId: randomBytes(16).toString('hex'), type: 'refresh' },
    jwtSecretOf(rt),
    settings.jwtExpiresIn,
  );
  return { jwt, refreshToken, user: shown };
}

export function registerAuthRoutes(app: express.Express, current: () => Runtime): void {
  app.post(
    '/api/auth/local',
    route(async (req, res) => {
      const rt = current();
      await ensureConfigUsers(rt.store, rt.config.plugins.users);
      const raw = await readBody(req);
      const body = isPlainObject(raw) ? raw : {};
      const errors = requireStrings(body, ['identifier', 'password']);
      if (errors.length) throw fieldErrors(errors);
      const identifier = String(body.identifier);
      const user = usersOf(rt.store.data).find(
        (u) => u.provider === 'local' && (u.email === identifier.toLowerCase() || u.username === identifier),
      );
      if (!user) throw new ValidationError('Invalid identifier or password', {});
      if (user.blocked) throw new ApplicationError('Your account has been blocked by an administrator', {});
      if (!user.password) {
        throw new ApplicationError('This user never set a local password, please login with the provider used during account creation', {});
      }
      if (!verifyPassword(String(body.password), user.password)) throw new ValidationError('Invalid identifier or password', {});
      res.status(200).json(issue(rt, user));
    }),
  );

  app.post(
    '/api/auth/local/register',
    route(async (req, res) => {
      const rt = current();
      const settings = rt.config.plugins;
      await ensureConfigUsers(rt.store, settings.users);
      const raw = await readBody(req);
      const body = isPlainObject(raw) ? raw : {};
      const allowed = [...ALWAYS_ALLOWED, ...settings.registerAllowedFields];
      const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
      if (unknown.length) throw new ValidationError(`Invalid parameters: ${unknown.join(', ')}`, {});

      const errors = requireStrings(body, ['email', 'username', 'password']);
      const email = typeof body.email === 'string' ? body.email : '';
      if (email && !EMAIL.test(email)) errors.splice(0, 0, { path: ['email'], message: 'email must be a valid email', value: email });
      const password = body.password === undefined || body.password === null ? '' : String(body.password);
      if (Buffer.byteLength(password) > 72)
        errors.push({ path: ['password'], message: 'Password must be less than 73 bytes', value: password });
      if (errors.length) throw fieldErrors(errors);
      // The user content type's own limits (minLength 3 / 6), checked when the user is created.
      const username = String(body.username);
      const lengthErrors: FieldError[] = [];
      if (username.length < 3)
        lengthErrors.push({ path: ['username'], message: 'username must be at least 3 characters', value: username });
      if (password.length < 6)
        lengthErrors.push({ path: ['password'], message: 'password must be at least 6 characters', value: password });
      if (lengthErrors.length) throw fieldErrors(lengthErrors);

      const lower = email.toLowerCase();
      const taken = usersOf(rt.store.data).some(
        (u) => u.email === lower || u.username === username || u.username === lower || u.email === username.toLowerCase(),
      );
      if (taken) throw new ApplicationError('Email or Username are already taken', {});
      const user = await rt.store.mutate((data) => {
        const created = newUser(rt.store, { username, email: lower, password });
        usersState(data).users.push(created);
        return created;
      });
      res.status(200).json(issueWithRefresh(rt, user));
    }),
  );

  app.get(
    '/api/users/me',
    route((req, res) => {
      const rt = current();
      const who = authenticateRequest(rt, req.headers.authorization);
      authorizePluginAction(rt, who, 'plugin::users-permissions.user.me', true);
      // A token is no user: Strapi's controller answers 401 when the route let the request through without one.
      if (who.kind !== 'user') {
        throw new UnauthorizedError('Unauthorized');
      }
      res.status(200).json(publicUser(who.user));
    }),
  );
}
