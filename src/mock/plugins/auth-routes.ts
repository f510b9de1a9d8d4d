import type express from 'express';
import {
  NotFoundError,
  ApplicationError,
  BadRequestError,
  fieldErrors,
  UnauthorizedError,
  ValidationError,
  type FieldError,
} from '../../core/errors/strapi-errors.js';
import type { Runtime } from '../runtime.js';
// the body read once: a project route the request went through first may have read it
import { bodyOf as readBody } from '../express/read-body.js';
import { authenticateRequest, authorizePluginAction, type RequestPrincipal } from '../auth/authenticate-request.js';
import { hasRelayPass, RELAY_PASS_HEADER } from '../auth/relay-pass.js';
import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { byteLength, randomHex } from '../auth/base64url.js';
import { signJwt } from '../auth/jwt.js';
import { cookieToken, newRefreshToken, refreshCookies, revokeSession, revokeUserSessions, sessionOf } from '../auth/refresh-sessions.js';
import { jwtSecretOf } from '../auth/jwt-secret.js';
import { announce, keepMail, TEMPLATES } from '../auth/mailbox.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { rolesOf } from '../auth/roles.js';
import { route } from '../express/route.js';
import { newUser, usersOf, usersState, type StoredUser } from '../auth/users.js';
import { checkExtension, completeNewUser, extensionData } from '../auth/user-extension-data.js';
import { USER_UID } from '../../core/model/built-in-types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { checkEmail, checkNoUnknown, checkPasswordBytes, checkString, EMAIL, present } from './body-checks.js';
import { showUser } from './show-user.js';
import { AuthRateLimit } from './auth-rate-limit.js';

// The users & permissions auth routes a frontend calls: local login, registration, password flows and email
// confirmation, with Strapi 5.54's answers (bare JSON, no `data` envelope) and errors (its envelope and messages).
// Each route needs its permission, as in Strapi: the public role has the auth routes, a signed-in user's role usually
// does not (so a logged-in caller of forgot-password gets a 403), change-password is the authenticated role's.

const ALWAYS_ALLOWED = ['username', 'email', 'password'];
const AUTH = 'plugin::users-permissions.auth';

type Tokens = { jwt: string; refreshToken?: string; user: Record<string, unknown> };

/**
 * A new session, as Strapi's session manager opens one in refresh mode: a refresh token (registration and password
 * changes answer it, sign-in sets it in an httpOnly cookie) and an access JWT for that session,
 * `{userId, sessionId, type: 'access', iat, exp}`, valid `usersPermissions.jwtExpiresIn`.
 */
function newSession(rt: Runtime, user: StoredUser): { jwt: string; refreshToken?: string } {
  const secret = jwtSecretOf(rt);
  // Strapi's default mode (`legacy-support`, a project whose config/plugins does not choose): one JWT `{id}`, no session
  if (isLegacy(rt)) return { jwt: signJwt({ id: user.id }, secret, rt.config.plugins.jwtExpiresIn) };
  const { token, sessionId } = newRefreshToken(rt.store, secret, user.id);
  const access = { userId: String(user.id), sessionId, type: 'access' };
  // refresh mode: the access token lives `sessions.accessTokenLifespan` (Strapi's default 10 minutes)
  return { jwt: signJwt(access, secret, rt.config.plugins.accessTokenLifespan), refreshToken: token };
}

const isLegacy = (rt: Runtime) => rt.config.plugins.jwtManagement === 'legacy-support';

/** Session routes answer Strapi's 404 in legacy mode (after the permission check, as the controller decides it). */
function refreshModeOnly(rt: Runtime): void {
  if (isLegacy(rt)) throw new NotFoundError('Not Found', {});
}

const issue = (rt: Runtime, who: RequestPrincipal, user: StoredUser, withRefresh: boolean, withRole = false): Tokens => {
  const session = newSession(rt, user);
  return withRefresh
    ? { ...session, user: showUser(rt, who, user, withRole) }
    : { jwt: session.jwt, user: showUser(rt, who, user, withRole) };
};

async function jsonBody(req: express.Request): Promise<Record<string, unknown>> {
  return asObject(await readBody(req));
}

const asObject = (raw: unknown): Record<string, unknown> => (isPlainObject(raw) ? raw : {});

/** The caller's address as Koa's `ctx.request.ip` gives it (no proxy trusted); MSW's requests have none. */
const ipOf = (req: express.Request): string | undefined => (req.socket as express.Request['socket'] | undefined)?.remoteAddress;

/** The caller, after checking their role holds the route's permission (`auth.<action>`). */
async function caller(rt: Runtime, req: express.Request, action: string): Promise<RequestPrincipal> {
  await ensureUsersPermissions(rt);
  const who = authenticateRequest(rt, req.headers.authorization);
  // a GraphQL mutation the plugin runs without an auth check, relayed here (relay-pass.ts)
  if (!hasRelayPass(rt, req.headers[RELAY_PASS_HEADER])) authorizePluginAction(rt, who, `${AUTH}.${action}`);
  return who;
}

/** Changes a user inside a write; Strapi's edit goes through the document service, which stamps both dates. */
async function editUser(rt: Runtime, id: number, change: (u: StoredUser) => void): Promise<void> {
  await rt.store.mutate(({ data }) => {
    const u = usersState(data).users.find((x) => x.id === id);
    if (!u) return;
    change(u);
    const now = new Date().toISOString();
    u.updatedAt = now;
    u.publishedAt = now;
  });
}

/** The new-password checks reset-password and change-password share; yup reports them in this order. */
function passwordPairErrors(body: Record<string, unknown>, third: string, known: readonly string[]): FieldError[] {
  const confirmation = checkString(body, 'passwordConfirmation', { required: true });
  const mismatch =
    !confirmation && body.passwordConfirmation !== body.password
      ? { path: ['passwordConfirmation'], message: 'Passwords do not match', value: body.passwordConfirmation }
      : undefined;
  return present([
    confirmation ?? mismatch,
    checkString(body, 'password', { required: true }) ?? checkPasswordBytes(body),
    checkString(body, third, { required: true }),
    checkNoUnknown(body, known),
  ]);
}

function serverUrl(req: express.Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** Sends (keeps, prints, delivers) the confirmation email and stores its code on the user. */
async function sendConfirmation(rt: Runtime, req: express.Request, user: StoredUser): Promise<void> {
  const code = randomHex(20);
  const link = `${serverUrl(req)}/api/auth/email-confirmation?confirmation=${code}`;
  const body = TEMPLATES.emailConfirmation(link);
  let mail;
  await rt.store.mutate(({ data }) => {
    const u = usersState(data).users.find((x) => x.id === user.id);
    if (u) {
      u.confirmationToken = code;
      u.updatedAt = u.publishedAt = new Date().toISOString();
    }
    mail = keepMail(data, {
      kind: 'email-confirmation',
      to: user.email,
      from: rt.config.plugins.emailFrom,
      subject: 'Account confirmation',
      link,
      code,
      text: body,
      html: body,
    });
  });
  if (mail) announce(rt, mail);
}

/**
 * The auth controller's emailConfirmation: the user holding the code is confirmed and the code spent. The route
 * redirects; the GraphQL mutation (the controller's `returnUser`) answers the user with a JWT.
 */
export async function confirmEmail(rt: Runtime, confirmation: unknown): Promise<StoredUser> {
  await ensureUsersPermissions(rt);
  const query = { confirmation };
  const error = checkString(query, 'confirmation', { required: true });
  if (error) throw fieldErrors([error]);
  const user = usersOf(rt.store.data).find((u) => typeof u.confirmationToken === 'string' && u.confirmationToken === query.confirmation);
  if (!user) throw new ValidationError('Invalid token', {});
  await editUser(rt, user.id, (u) => {
    u.confirmed = true;
    u.confirmationToken = null;
  });
  return usersOf(rt.store.data).find((u) => u.id === user.id) ?? user;
}

/**
 * The callback's first check (Strapi's auth controller): the provider must be enabled in the plugin's grant settings.
 * The mock keeps Strapi's defaults, where only `local` (the `email` grant) is: any other provider is disabled.
 */
export function checkProviderEnabled(provider: unknown): void {
  if ((provider ?? 'local') !== 'local') throw new ApplicationError('This provider is disabled', {});
}

export function registerAuthRoutes(app: express.Express, current: () => Runtime): void {
  const limits = new AuthRateLimit();
  /** The body, once the plugin's rate limit has counted the request (it runs between the permission and the controller). */
  const limited = async (rt: Runtime, req: express.Request, res: express.Response, who: RequestPrincipal, path: string) => {
    const raw = await readBody(req);
    const userId = who.kind === 'user' ? who.user.id : undefined;
    const request = { route: path, body: asObject(raw), userId, ip: ipOf(req) };
    limits.hit(rt.config.plugins.rateLimit, request, (name, value) => res.set(name, value));
    return raw;
  };
  // a provider's callback (OAuth): none is enabled (`local` signs in with POST /api/auth/local)
  const disabledProvider = route(async (req) => {
    await caller(current(), req, 'callback');
    checkProviderEnabled(req.params.provider);
  });
  app.get('/api/auth/:provider/callback', (req, res, next) =>
    req.params.provider === 'local' ? next() : disabledProvider(req, res, next),
  );
  app.post(
    '/api/auth/local',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'callback');
      const body = asObject(await limited(rt, req, res, who, '/auth/local'));
      // the GraphQL plugin's login names a provider (relayed here); the REST route's is `local`, its path's
      if (hasRelayPass(rt, req.headers[RELAY_PASS_HEADER])) checkProviderEnabled(body.provider);
      const errors = present([
        checkString(body, 'identifier', { required: true, loose: true }),
        checkString(body, 'password', { required: true, loose: true }),
      ]);
      if (errors.length) throw fieldErrors(errors);
      const identifier = String(body.identifier);
      const user = usersOf(rt.store.data).find(
        (u) => u.provider === 'local' && (u.email === identifier.toLowerCase() || u.username === identifier),
      );
      // Strapi's order: the password first, then confirmation, then blocked.
      if (!user || !user.password || !verifyPassword(String(body.password), user.password))
        throw new ValidationError('Invalid identifier or password', {});
      if (rt.config.plugins.advanced.emailConfirmation && user.confirmed !== true)
        throw new ApplicationError('Your account email is not confirmed', {});
      if (user.blocked) throw new ApplicationError('Your account has been blocked by an administrator', {});
      const session = newSession(rt, user);
      if (session.refreshToken) res.append('Set-Cookie', refreshCookies(jwtSecretOf(rt), session.refreshToken));
      res.status(200).json({ jwt: session.jwt, user: showUser(rt, who, user, false) });
    }),
  );

  // Strapi's refresh: the cookie's token (if its signature holds), else the body's; the session is rotated (the
  // token is refused from then on) and a new one set in the cookie.
  app.post(
    '/api/auth/refresh',
    route(async (req, res) => {
      const rt = current();
      await caller(rt, req, 'refresh');
      refreshModeOnly(rt);
      const secret = jwtSecretOf(rt);
      const body = await jsonBody(req);
      const token = cookieToken(req.headers.cookie) ?? (typeof body.refreshToken === 'string' ? body.refreshToken : undefined);
      if (!token) throw new BadRequestError('Missing refresh token', {});
      const session = sessionOf(rt.store, secret, token);
      const user = session && usersOf(rt.store.data).find((u) => String(u.id) === session.userId && !u.blocked);
      if (!session || !user) throw new UnauthorizedError('Invalid refresh token', {});
      revokeSession(rt.store, session);
      const next = newSession(rt, user);
      res.append('Set-Cookie', refreshCookies(secret, next.refreshToken ?? ''));
      res.status(200).json({ jwt: next.jwt });
    }),
  );

  // Strapi's logout: `scope: "all"` (or a deviceId, which the mock does not track) ends every session of the user,
  // else the session of the cookie's or the body's refresh token, else all of them; the cookie is cleared.
  app.post(
    '/api/auth/logout',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'logout');
      refreshModeOnly(rt);
      if (who.kind !== 'user') throw new UnauthorizedError('Missing authentication', {});
      const secret = jwtSecretOf(rt);
      const body = await jsonBody(req);
      const userId = String(who.user.id);
      const token = cookieToken(req.headers.cookie) ?? (typeof body.refreshToken === 'string' ? body.refreshToken : undefined);
      const session = body.scope === 'all' || typeof body.deviceId === 'string' || !token ? undefined : sessionOf(rt.store, secret, token);
      if (session && session.userId === userId) revokeSession(rt.store, session);
      else revokeUserSessions(rt.store, userId);
      res.append('Set-Cookie', refreshCookies(secret, '', true));
      res.status(200).json({ ok: true });
    }),
  );

  app.post(
    '/api/auth/local/register',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'register');
      const raw = await limited(rt, req, res, who, '/auth/local/register');
      const settings = rt.config.plugins;
      if (!settings.advanced.allowRegister) throw new ApplicationError('Register action is currently disabled', {});
      const body = isPlainObject(raw) ? raw : {};
      const allowed = [...ALWAYS_ALLOWED, ...settings.registerAllowedFields];
      // Strapi lists the body's keys: a text body (a string) has one per character, each refused
      const unknown = Object.keys(typeof raw === 'string' ? raw : body).filter((k) => !allowed.includes(k));
      if (unknown.length) throw new ValidationError(`Invalid parameters: ${unknown.join(', ')}`, {});

      const errors = present([
        checkString(body, 'email', { required: true, loose: true }),
        checkString(body, 'username', { required: true, loose: true }),
        checkString(body, 'password', { required: true, loose: true }),
      ]);
      const email = typeof body.email === 'string' ? body.email : '';
      if (email && !EMAIL.test(email)) errors.splice(0, 0, { path: ['email'], message: 'email must be a valid email', value: email });
      const password = body.password === undefined || body.password === null ? '' : String(body.password);
      if (byteLength(password) > 72) errors.push({ path: ['password'], message: 'Password must be less than 73 bytes', value: password });
      if (errors.length) throw fieldErrors(errors);
      const role = rolesOf(rt.store.data).find((r) => r.type === settings.advanced.defaultRole);
      if (!role) throw new ApplicationError('Impossible to find the default role', {});
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
        (u) => u.email === lower || u.username === username || u.username === lower || u.email === username,
      );
      if (taken) throw new ApplicationError('Email or Username are already taken', {});
      const confirm = settings.advanced.emailConfirmation;
      // the allowed fields the body gives are part of the user Strapi creates (one write: a refusal leaves no user)
      const type = rt.model.contentTypes.get(USER_UID);
      const extension = type && extensionData(type, body, settings.registerAllowedFields);
      if (type) checkExtension(rt, type, extension);
      const user = await rt.store.mutate(({ data }) => {
        const created = newUser(rt.store, { username, email: lower, password, confirmed: !confirm, role: role.documentId });
        usersState(data).users.push(created);
        return created;
      });
      if (type) await completeNewUser(rt, type, user, extension);
      if (confirm) {
        // The answer shows the user as created (Strapi sanitizes it before the confirmation code is stored).
        const shown = showUser(rt, who, user, true);
        await sendConfirmation(rt, req, user);
        res.status(200).json({ user: shown });
        return;
      }
      res.status(200).json(issue(rt, who, user, true, true));
    }),
  );

  app.post(
    '/api/auth/forgot-password',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'forgotPassword');
      const body = asObject(await limited(rt, req, res, who, '/auth/forgot-password'));
      const errors = present([
        checkString(body, 'email', { required: true }) ?? checkEmail(body, 'email'),
        checkNoUnknown(body, ['email']),
      ]);
      if (errors.length) throw fieldErrors(errors);
      const email = String(body.email).toLowerCase();
      const user = usersOf(rt.store.data).find((u) => u.email === email);
      // Unknown or blocked: the same answer, so the route does not tell which emails have accounts.
      if (user && !user.blocked) {
        const code = randomHex(64);
        const page = rt.config.plugins.advanced.emailResetPassword;
        // Strapi's template: `<%= URL %>?code=<%= TOKEN %>` (an unset URL prints as nothing).
        const text = TEMPLATES.resetPassword(`${page ?? ''}?code=${code}`);
        let mail;
        await rt.store.mutate(({ data }) => {
          const u = usersState(data).users.find((x) => x.id === user.id);
          if (u) {
            u.resetPasswordToken = code;
            u.updatedAt = u.publishedAt = new Date().toISOString();
          }
          mail = keepMail(data, {
            kind: 'reset-password',
            to: user.email,
            from: rt.config.plugins.emailFrom,
            subject: 'Reset password',
            link: page ? `${page}?code=${code}` : null,
            code,
            text,
            html: text,
          });
        });
        if (mail) announce(rt, mail);
      }
      res.status(200).json({ ok: true });
    }),
  );

  app.post(
    '/api/auth/reset-password',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'resetPassword');
      const body = asObject(await limited(rt, req, res, who, '/auth/reset-password'));
      const errors = passwordPairErrors(body, 'code', ['password', 'passwordConfirmation', 'code']);
      if (errors.length) throw fieldErrors(errors);
      const user = usersOf(rt.store.data).find((u) => typeof u.resetPasswordToken === 'string' && u.resetPasswordToken === body.code);
      if (!user) throw new ValidationError('Incorrect code provided', {});
      // The answer shows the user as it was found, before the new password was saved.
      const answer = issue(rt, who, user, true);
      await editUser(rt, user.id, (u) => {
        u.resetPasswordToken = null;
        u.password = hashPassword(String(body.password));
      });
      res.status(200).json(answer);
    }),
  );

  app.post(
    '/api/auth/change-password',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'changePassword');
      const body = asObject(await limited(rt, req, res, who, '/auth/change-password'));
      if (who.kind !== 'user') throw new ApplicationError('You must be authenticated to reset your password', {});
      const errors = passwordPairErrors(body, 'currentPassword', ['password', 'passwordConfirmation', 'currentPassword']);
      if (errors.length) throw fieldErrors(errors);
      const user = usersOf(rt.store.data).find((u) => u.id === who.user.id) ?? who.user;
      if (!verifyPassword(String(body.currentPassword), user.password))
        throw new ValidationError('The provided current password is invalid', {});
      if (body.currentPassword === body.password)
        throw new ValidationError('Your new password must be different than your current password', {});
      const answer = issue(rt, who, user, true);
      await editUser(rt, user.id, (u) => {
        u.password = hashPassword(String(body.password));
      });
      res.status(200).json(answer);
    }),
  );

  app.get(
    '/api/auth/email-confirmation',
    route(async (req, res) => {
      const rt = current();
      await caller(rt, req, 'emailConfirmation');
      await confirmEmail(rt, req.query.confirmation);
      const to = rt.config.plugins.advanced.emailConfirmationRedirection || '/';
      res.status(302).set('Location', to).type('text/html; charset=utf-8').send(`Redirecting to ${to}.`);
    }),
  );

  app.post(
    '/api/auth/send-email-confirmation',
    route(async (req, res) => {
      const rt = current();
      const who = await caller(rt, req, 'sendEmailConfirmation');
      const body = asObject(await limited(rt, req, res, who, '/auth/send-email-confirmation'));
      const error = checkString(body, 'email', { required: true }) ?? checkEmail(body, 'email');
      if (error) throw fieldErrors([error]);
      const email = String(body.email);
      const user = usersOf(rt.store.data).find((u) => u.email === email.toLowerCase());
      if (!user) {
        res.status(200).json({ email, sent: true });
        return;
      }
      if (user.confirmed) throw new ApplicationError('Already confirmed', {});
      if (user.blocked) throw new ApplicationError('User blocked', {});
      await sendConfirmation(rt, req, user);
      res.status(200).json({ email: user.email, sent: true });
    }),
  );
}
