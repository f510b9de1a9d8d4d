import { isPlainObject } from '../../core/is-plain-object.js';
import type { RouteSpec } from '../../project/code/strapi-modules.js';
import { signedInUser } from '../auth/signed-in-user.js';
import { USERS_PERMISSIONS_ACTIONS } from '../auth/users-permissions-actions.js';
import type { Runtime } from '../runtime.js';
import type { KoaContext } from './koa-context.js';
import { accessOf, type RequestScopes } from './request-scope.js';
import { UnsupportedApiError } from './unsupported-api.js';

// The users & permissions plugin as `src/extensions/users-permissions/strapi-server.*` receives it: its content API
// routes (Strapi 5.54's list), its controllers and services. A project's extension replaces or wraps controller
// actions (`plugin.controllers.user.me = …`, the most common customisation) and adds routes; the routes whose action
// it changed, and the routes it added, then run through the project pipeline, and the others stay the mock's own.

const PLUGIN = 'users-permissions';
type Fn = (...args: never[]) => unknown;

/** The plugin's content API routes (`routes['content-api'].routes`), as its route files declare them. */
const ROUTES: readonly (readonly [string, string, string, boolean])[] = [
  ['GET', '/connect/(.*)', 'auth.connect', true],
  ['POST', '/auth/local', 'auth.callback', true],
  ['POST', '/auth/local/register', 'auth.register', true],
  ['GET', '/auth/:provider/callback', 'auth.callback', true],
  ['POST', '/auth/forgot-password', 'auth.forgotPassword', true],
  ['POST', '/auth/reset-password', 'auth.resetPassword', true],
  ['GET', '/auth/email-confirmation', 'auth.emailConfirmation', true],
  ['POST', '/auth/send-email-confirmation', 'auth.sendEmailConfirmation', true],
  ['POST', '/auth/change-password', 'auth.changePassword', true],
  ['POST', '/auth/refresh', 'auth.refresh', true],
  ['POST', '/auth/logout', 'auth.logout', true],
  ['GET', '/auth/sessions', 'auth.getSessions', true],
  ['DELETE', '/auth/sessions/:sessionId', 'auth.revokeSession', true],
  ['GET', '/users/count', 'user.count', true],
  ['GET', '/users', 'user.find', true],
  ['GET', '/users/me', 'user.me', true],
  ['GET', '/users/:id', 'user.findOne', true],
  ['POST', '/users', 'user.create', true],
  ['PUT', '/users/:id', 'user.update', true],
  ['DELETE', '/users/:id', 'user.destroy', true],
  ['GET', '/roles/:id', 'role.findOne', false],
  ['GET', '/roles', 'role.find', false],
  ['POST', '/roles', 'role.createRole', false],
  ['PUT', '/roles/:role', 'role.updateRole', false],
  ['DELETE', '/roles/:role', 'role.deleteRole', false],
  ['GET', '/permissions', 'permissions.getPermissions', false],
];

/** Thrown by an original action the mock answers with its own route: the request goes to that route instead. */
export class BuiltInRouteError extends UnsupportedApiError {}

export interface PluginRoutes {
  /** Routes the project's extension changed or added, as route specs with the plugin's full handler names. */
  readonly routes: readonly { readonly spec: RouteSpec; readonly prefix: string; readonly builtIn: boolean }[];
  readonly controllers: Readonly<Record<string, Record<string, unknown>>>;
}

/** The plugin's original controllers: `user.me` runs here (extensions often wrap it); the others are the mock's routes. */
function originalControllers(current: () => Runtime, scopes: RequestScopes): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const [controller, actions] of Object.entries(USERS_PERMISSIONS_ACTIONS)) {
    out[controller] = Object.fromEntries(
      actions.map((action) => [
        action,
        async () => {
          throw new BuiltInRouteError(`the ${PLUGIN} plugin's own ${controller}.${action} controller`);
        },
      ]),
    );
  }
  out.user.me = async (ctx: KoaContext) => {
    const who = accessOf(scopes.get());
    if (!ctx.state.user || who === undefined || who === 'none') return (ctx.unauthorized as () => void)();
    ctx.body = signedInUser(current(), who, ctx.querystring);
  };
  return out;
}

/**
 * Runs the project's extension over the plugin object and tells which routes it made the project's: a route whose
 * handler it replaced, or one it added. Without an extension, none.
 */
export function extendUsersPermissions(
  extension: unknown,
  current: () => Runtime,
  scopes: RequestScopes,
  services: ReadonlyMap<string, Record<string, Fn>>,
  strapi: unknown,
): PluginRoutes {
  const originals = originalControllers(current, scopes);
  const controllers = Object.fromEntries(Object.entries(originals).map(([k, v]) => [k, { ...v }]));
  const specs: RouteSpec[] = ROUTES.map(([method, path, handler, bare]) => ({ method, path, handler, config: bare ? { prefix: '' } : {} }));
  const contentApi = Object.assign(() => ({ type: 'content-api', routes: contentApi.routes }), { routes: specs });
  const plugin: Record<string, unknown> = {
    controllers,
    services: Object.fromEntries(services),
    routes: { 'content-api': contentApi, admin: { type: 'admin', routes: [] } },
    contentTypes: {},
    policies: {},
    middlewares: {},
    config: {},
  };
  const extended =
    typeof extension === 'function' ? ((extension as (p: unknown, s: unknown) => unknown)(plugin, { strapi }) ?? plugin) : plugin;
  const result = isPlainObject(extended) ? extended : plugin;
  const finalControllers = (isPlainObject(result.controllers) ? result.controllers : controllers) as Record<
    string,
    Record<string, unknown>
  >;
  const api = isPlainObject(result.routes) ? result.routes['content-api'] : undefined;
  const list = (api as { routes?: unknown } | undefined)?.routes;
  const routes: PluginRoutes['routes'][number][] = [];
  const untouched: PluginRoutes['routes'][number][] = [];
  for (const spec of Array.isArray(list) ? (list as RouteSpec[]) : []) {
    const handler = typeof spec.handler === 'string' ? spec.handler : undefined;
    const [controller, action] = handler ? handler.split('.') : [];
    const original = ROUTES.some(([m, p, h]) => m === spec.method && p === spec.path && h === handler);
    const changed = !handler || finalControllers[controller]?.[action] !== originals[controller]?.[action];
    const own = isPlainObject(spec.config) && Object.hasOwn(spec.config, 'prefix');
    const route = {
      spec: handler ? { ...spec, handler: `plugin::${PLUGIN}.${handler}` } : spec,
      prefix: own ? String((spec.config as { prefix?: unknown }).prefix ?? '') : `/${PLUGIN}`,
      builtIn: original,
    };
    (original && !changed ? untouched : routes).push(route);
  }
  // koa-router answers 405 only where no route of a path takes the method: the plugin's own routes on a path the
  // extension made the project's stay with it (podcast: a changed PUT /users/:id made DELETE /users/:id a 405)
  const paths = new Set(routes.map((r) => `${r.prefix}${r.spec.path}`));
  for (const route of untouched) if (paths.has(`${route.prefix}${route.spec.path}`)) routes.push(route);
  return { routes, controllers: finalControllers };
}
