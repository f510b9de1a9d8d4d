import { USER_UID } from '../../core/model/built-in-types.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { signJwt, VERIFIED_JWTS, verifyJwt } from '../auth/jwt.js';
import { jwtSecretOf } from '../auth/jwt-secret.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { newRefreshToken } from '../auth/refresh-sessions.js';
import { usersOf } from '../auth/users.js';
import type { Runtime } from '../runtime.js';

// The users & permissions plugin's services that project code calls most: `jwt` (custom auth routes issue and
// check tokens) and `user` (load, create, edit users). They follow the plugin's own code: `jwt` signs and checks in
// the project's mode (`legacy-support`: `{id}` tokens; `refresh`: session access tokens), `user` goes through the
// query engine and the document service as the plugin's does, hashing password attributes on writes.

type Params = Record<string, unknown>;
type Fn = (...args: never[]) => unknown;
type Documents = (uid: string) => Record<string, (p?: Params) => Promise<unknown>>;
type DbQuery = (uid: string) => Record<string, unknown>;

const call = (api: Record<string, unknown>, name: string, ...args: unknown[]) => (api[name] as (...a: unknown[]) => unknown)(...args);

/** The bearer token of a Koa context's Authorization header, as the plugin's `getToken` splits it. */
function bearerOf(ctx: unknown): string | undefined {
  const header =
    isPlainObject(ctx) && isPlainObject(ctx.request) && isPlainObject(ctx.request.header) ? ctx.request.header.authorization : undefined;
  if (typeof header !== 'string') return undefined;
  const parts = header.split(/\s+/);
  return parts[0].toLowerCase() === 'bearer' && parts.length === 2 ? parts[1] : undefined;
}

function jwtService(current: () => Runtime): Record<string, Fn> {
  const refresh = () => current().config.plugins.jwtManagement === 'refresh';
  const service = {
    getToken(ctx: unknown) {
      const token = bearerOf(ctx);
      return token === undefined ? null : service.verify(token);
    },
    issue(payload: Params, options: Params = {}) {
      const rt = current();
      const secret = jwtSecretOf(rt);
      if (refresh()) {
        const userId = String(payload.id ?? payload.userId ?? '');
        if (!userId) throw new Error('Cannot issue token: missing user id');
        const { sessionId } = newRefreshToken(rt.store, secret, Number(userId));
        return Promise.resolve(signJwt({ userId, sessionId, type: 'access' }, secret, rt.config.plugins.accessTokenLifespan));
      }
      const expiresIn = typeof options.expiresIn === 'number' ? options.expiresIn : rt.config.plugins.jwtExpiresIn;
      const plain = typeof payload.toJSON === 'function' ? (payload.toJSON as () => Params)() : payload;
      return signJwt({ ...plain }, secret, expiresIn);
    },
    async verify(token: unknown) {
      const rt = current();
      const payload =
        typeof token === 'string' ? verifyJwt(token, jwtSecretOf(rt), Date.now(), rt.store.session.get(VERIFIED_JWTS)) : undefined;
      if (!payload) throw new Error('Invalid token.');
      if (!refresh()) return payload;
      const id = payload.type === 'access' && typeof payload.userId === 'string' ? Number(payload.userId) : NaN;
      if (!usersOf(rt.store.data).some((u) => u.id === id)) throw new Error('Invalid token.');
      return { id, sessionId: payload.sessionId };
    },
  };
  return service;
}

/** Password attributes hashed, as the document service does for the plugin's writes. */
function hashed(current: () => Runtime, values: unknown): unknown {
  if (!isPlainObject(values)) return values;
  const type = current().model.contentTypes.get(USER_UID);
  const out: Params = { ...values };
  for (const [key, v] of Object.entries(out)) {
    const attribute = type?.attributes.get(key);
    if (attribute?.kind === 'scalar' && attribute.type === 'password' && typeof v === 'string') out[key] = hashPassword(v);
  }
  return out;
}

/** The plugin's `pickAllowedQueryParams` + query-params transform: REST-style params as a query engine call. */
function engineParams(params: unknown): Params {
  const p = isPlainObject(params) ? params : {};
  const out: Params = {};
  if (p.filters !== undefined) out.where = p.filters;
  if (p.fields !== undefined) out.select = p.fields;
  if (p.populate !== undefined) out.populate = p.populate;
  if (p.sort !== undefined) out.orderBy = p.sort;
  if (p.start !== undefined) out.offset = p.start;
  if (p.limit !== undefined) out.limit = p.limit;
  return out;
}

function userService(current: () => Runtime, documents: Documents, dbQuery: DbQuery): Record<string, Fn> {
  const users = () => dbQuery(USER_UID);
  return {
    count: (params?: Params) => call(users(), 'count', engineParams(params)),
    add: (values: Params) => documents(USER_UID).create({ data: hashed(current, values) as Params, populate: ['role'] }),
    async edit(userId: unknown, params: Params = {}) {
      const entry = (await call(users(), 'findOne', { where: { id: userId }, select: ['documentId'] })) as Params | null;
      if (!entry) return null;
      return documents(USER_UID).update({ documentId: entry.documentId, data: hashed(current, params) as Params, populate: ['role'] });
    },
    fetch(id: unknown, params?: Params) {
      const query = engineParams(params);
      return call(users(), 'findOne', { ...query, where: { $and: [{ id }, query.where ?? {}] } });
    },
    fetchAuthenticatedUser: (id: unknown) => call(users(), 'findOne', { where: { id }, populate: ['role'] }),
    fetchAll: (params?: Params) => call(users(), 'findMany', engineParams(params)),
    remove: (params: Params) => call(users(), 'delete', { where: params }),
    validatePassword: async (password: unknown, hash: unknown) => typeof password === 'string' && verifyPassword(password, hash),
  };
}

/** The plugin's services by name (`strapi.plugin('users-permissions').service(name)`), those the mock provides. */
export function usersPermissionsServices(current: () => Runtime, documents: Documents, dbQuery: DbQuery): Map<string, Record<string, Fn>> {
  return new Map([
    ['jwt', jwtService(current)],
    ['user', userService(current, documents, dbQuery)],
  ]);
}
