import {
  errorBody,
  ForbiddenError,
  foreignApplicationError,
  InternalServerError,
  NotFoundError,
  PolicyError,
  StrapiError,
  UnauthorizedError,
} from '../../core/errors/strapi-errors.js';
import type { ContentType } from '../../core/model/types.js';
import { CodeError, where } from '../../project/code/code-error.js';
import { placeInStack } from '../../project/code/load-code-module.js';
import { authenticateRequest } from '../auth/authenticate-request.js';
import { authState, holdsPermission, verifiesScope } from './auth-state.js';
import { resolvePolicies } from './resolve-policies.js';
import type { Runtime } from '../runtime.js';
import { hasDocumentHooks } from './document-service.js';
import { KoaContext, type RequestInput } from './koa-context.js';
import type { ProjectApp } from './project-app.js';
import type { RequestScope } from './request-scope.js';
import { withRouteDefaults } from '../../core/config/route-defaults.js';
import type { CompiledRoute } from './route-table.js';
import { UnsupportedApiError } from './unsupported-api.js';
import { BuiltInRouteError } from './users-permissions-plugin.js';

// One route of the project, run as Strapi's endpoint composer runs it: route info, authenticate, authorize, the
// route's policies, its middlewares, then the controller action, whose return value becomes the body. A route that
// is Strapi's core route with nothing of the project's on its way is handed back (`core`): the caller answers it
// with the plain content route, so it answers exactly as it does without project code.

type Next = () => Promise<unknown>;
export type Middleware = (ctx: KoaContext, next: Next) => unknown;

export type RouteOutcome =
  | { readonly kind: 'core'; readonly type: ContentType; readonly documentId: string | undefined }
  /**
   * The mock's own route answers (an extension's route reached the plugin's original action; the project's global
   * middlewares let a request no project route takes through, with the headers they set on the way).
   */
  | { readonly kind: 'pass'; readonly headers?: Readonly<Record<string, string | readonly string[]>> }
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly headers: Readonly<Record<string, string | readonly string[]>>;
      readonly body: string | Uint8Array | undefined;
      /** What the project's code threw, when the answer is the 500 Strapi makes of it. */
      readonly thrown?: unknown;
    };

const CORE_ACTIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  collectionType: { find: ['find'], findOne: ['findOne'], create: ['create'], update: ['update'], delete: ['delete'] },
  singleType: { find: ['find'], update: ['createOrUpdate'], delete: ['delete'] },
};

const sameAsCore = (own: Record<string, unknown> | undefined, core: Record<string, unknown> | undefined, name: string) =>
  own !== undefined && core !== undefined && own[name] === Object.getPrototypeOf(own)?.[name] && typeof core[name] === 'function';

/** The core type and action of a route when nothing of the project's runs on its way, else undefined. */
export function pristineCore(app: ProjectApp, rt: Runtime, route: CompiledRoute): ContentType | undefined {
  if (app.code.globalMiddlewares.length > 0) return undefined;
  const type = coreActionOf(app, rt, route);
  if (!type) return undefined;
  const cfg = route.spec.config ?? {};
  if ((cfg.policies?.length ?? 0) > 0 || (cfg.middlewares?.length ?? 0) > 0) return undefined;
  if (!route.scope || route.scope.length !== 1 || route.scope[0] !== `${type.uid}.${route.action}`) return undefined;
  if (hasDocumentHooks(app.hooks, type.uid)) return undefined;
  return type;
}

/**
 * The type of a route whose handler is one of its type's core actions, run by the core controller action and core
 * service methods (whatever middlewares, policies or document hooks the project puts on its way); else undefined.
 */
export function coreActionOf(app: ProjectApp, rt: Runtime, route: CompiledRoute): ContentType | undefined {
  if (!route.controller || !route.action) return undefined;
  const type = rt.model.contentTypes.get(route.controller);
  if (!type || type.builtIn) return undefined;
  const serviceMethods = CORE_ACTIONS[type.kind][route.action];
  if (!serviceMethods) return undefined;
  const ctrl = app.controller(type.uid);
  if (ctrl !== app.core('controller', type.uid) && !sameAsCore(ctrl, app.core('controller', type.uid), route.action)) return undefined;
  const svc = app.service(type.uid);
  if (svc !== app.core('service', type.uid) && !serviceMethods.every((m) => sameAsCore(svc, app.core('service', type.uid), m)))
    return undefined;
  return type;
}

export function compose(chain: readonly Middleware[]): (ctx: KoaContext) => Promise<unknown> {
  return (ctx) => {
    let last = -1;
    const step = async (i: number): Promise<unknown> => {
      if (i <= last) throw new Error('next() called multiple times');
      last = i;
      const fn = chain[i];
      return fn ? fn(ctx, () => step(i + 1)) : undefined;
    };
    return step(0);
  };
}

function resolveMiddlewares(app: ProjectApp, route: CompiledRoute, notes: string[]): Middleware[] {
  const out: Middleware[] = [];
  for (const item of route.spec.config?.middlewares ?? []) {
    if (typeof item === 'function') {
      out.push(item as Middleware);
      continue;
    }
    const name = typeof item === 'string' ? item : (item as { name?: unknown } | null)?.name;
    const config = typeof item === 'object' && item !== null ? ((item as { config?: unknown }).config ?? {}) : {};
    const m = typeof name === 'string' ? app.middleware(name) : undefined;
    if (!m || typeof m.value !== 'function') {
      notes.push(`middleware ${JSON.stringify(name ?? item)} is not in the project (skipped)`);
      continue;
    }
    const made = (m.value as (c: unknown, d: unknown) => unknown)(config, { strapi: app.strapi });
    if (typeof made === 'function') out.push(made as Middleware);
  }
  return out;
}

// Strapi makes each middleware (and resolves each policy) once, when it registers the route: so do we, per app.
const globalChains = new WeakMap<ProjectApp, Middleware[]>();
const routeChains = new WeakMap<CompiledRoute, { middlewares: Middleware[]; policies: Middleware | undefined; notes: string[] }>();

export function globalMiddlewares(app: ProjectApp): Middleware[] {
  const held = globalChains.get(app);
  if (held) return held;
  const out: Middleware[] = [];
  globalChains.set(app, out);
  for (const g of app.code.globalMiddlewares) {
    if (typeof g.module.value !== 'function') continue;
    try {
      const made = (g.module.value as (c: unknown, d: unknown) => unknown)(g.config, { strapi: app.strapi });
      if (typeof made === 'function') out.push(made as Middleware);
    } catch (e) {
      app.report(`${where(g.module.file)}: middleware ${g.name} cannot be made (${e instanceof Error ? e.message : String(e)}); skipped`);
    }
  }
  return out;
}

function policiesMiddleware(app: ProjectApp, route: CompiledRoute, notes: string[]): Middleware | undefined {
  const list = route.spec.config?.policies ?? [];
  if (list.length === 0) return undefined;
  const resolved = resolvePolicies(app, list, route.api, notes);
  return async (ctx, next) => {
    const policyContext = Object.assign(Object.create(ctx) as object, { type: 'koa', is: (t: string) => t === 'koa' });
    for (const { handler, config } of resolved) {
      const result = await handler(policyContext, config, { strapi: app.strapi });
      if (result !== true && result !== undefined) throw new PolicyError('Policy Failed', {});
    }
    return next();
  };
}

function actionMiddleware(app: ProjectApp, route: CompiledRoute): Middleware {
  const handler = route.spec.handler;
  if (typeof handler === 'function') return handler as Middleware;
  if (Array.isArray(handler)) return compose(handler as Middleware[]) as unknown as Middleware;
  return (ctx, next) => {
    const controller = route.controller ? app.controller(route.controller) : undefined;
    const fn = controller?.[route.action ?? ''];
    if (typeof fn !== 'function') throw new CodeError(route.file, undefined, `handler ${String(handler)} not found`);
    return fn.call(controller, ctx, next);
  };
}

/** The answer's bytes: the body Koa would send (its type was set with the body, see KoaContext). */
export function serialize(
  ctx: KoaContext,
  head: boolean,
): { headers: Record<string, string | string[]>; body: string | Uint8Array | undefined } {
  const headers = ctx.answerHeaders();
  const b = ctx.body;
  const body = b === undefined || b === null ? undefined : typeof b === 'string' || b instanceof Uint8Array ? b : JSON.stringify(b);
  return { headers, body: head ? undefined : body };
}

export interface RunRouteInput extends Omit<RequestInput, 'body'> {
  readonly authorization: string | undefined;
  /** Reads the body (once; a route answered by the core route reads it there instead). */
  readonly readBody: () => Promise<unknown>;
  /**
   * Runs everything before the route's action (global middlewares, authorization, policies, route middlewares) and
   * gives it the query the action would get (`ctx.query`) instead of running the action (see code-on-route.ts).
   */
  readonly captureQuery?: (query: Record<string, unknown>) => void;
}

/**
 * Runs a matched route. Errors come back as Strapi renders them (its envelope and status); code that reaches an API
 * the mock lacks, on a core route, falls back to the core action and says so once.
 */
export async function runRoute(
  app: ProjectApp,
  rt: Runtime,
  route: CompiledRoute,
  params: Record<string, string>,
  input: RunRouteInput,
): Promise<RouteOutcome> {
  const report = (line: string) => app.report(line);
  const core = input.captureQuery ? undefined : pristineCore(app, rt, route);
  if (core) return { kind: 'core', type: core, documentId: params.id };
  const ctx = new KoaContext({ ...input, body: await input.readBody() });
  ctx.params = params;
  const routeType = route.controller ? rt.model.contentTypes.get(route.controller) : undefined;
  if (routeType && route.action) {
    const query = withRouteDefaults(rt.config, routeType, route.action, ctx.query);
    if (query !== ctx.query) ctx.query = query;
  }
  ctx.state.route = { ...route.spec, config: route.spec.config ?? {}, info: { apiName: route.api, type: 'content-api' } };
  const scope: RequestScope = { ctx, principal: undefined };
  const notes: string[] = [];
  const chain: Middleware[] = [
    // the project's global middlewares (config/middlewares) run before the router, as in Strapi
    ...globalMiddlewares(app),
    async (c, next) => {
      // `auth: false`: no strategy runs (a bad token is not even looked at) and the caller holds no permission
      // (a capture of the query follows an answer the target gave: its permissions were checked there)
      if (route.scope !== false && !input.captureQuery) {
        const who = authenticateRequest(rt, input.authorization);
        scope.principal = who;
        Object.assign(c.state, authState(rt, who));
        if (route.scope === null) {
          // no scope to check: the users & permissions strategy asks for a signed-in user (401 without), the API
          // token one for a full-access token (403)
          if (!verifiesScope(rt, who, undefined))
            throw who.kind === 'public' ? new UnauthorizedError('Unauthorized', {}) : new ForbiddenError('Forbidden', {});
        } else if (!route.scope.every((p) => holdsPermission(rt, who, p))) throw new ForbiddenError('Forbidden', {});
      }
      // Strapi's authorize middleware wraps the rest of the route (policies, middlewares, the action, the document
      // service's lifecycles): an UnauthorizedError or a ForbiddenError other than a PolicyError thrown anywhere in it
      // becomes its plain `ctx.unauthorized()` / `ctx.forbidden()` answer, the error's own message and details lost
      try {
        return await next();
      } catch (e) {
        const answer = (helper: 'unauthorized' | 'forbidden') => (c[helper] as () => void)();
        if (e instanceof UnauthorizedError) return answer('unauthorized');
        if (e instanceof ForbiddenError && !(e instanceof PolicyError)) return answer('forbidden');
        throw e;
      }
    },
  ];
  try {
    let made = routeChains.get(route);
    if (!made) {
      const own: string[] = [];
      made = { policies: policiesMiddleware(app, route, own), middlewares: resolveMiddlewares(app, route, own), notes: own };
      routeChains.set(route, made);
    }
    if (made.policies) chain.push(made.policies);
    chain.push(...made.middlewares);
    notes.push(...made.notes);
  } catch (e) {
    return renderFailure(e, route, report, input.method === 'HEAD');
  }
  chain.push(async (c, next) => {
    const values = await next();
    if ((c.body === undefined || c.body === null) && values !== undefined && values !== null) c.body = values;
  });
  const capture = input.captureQuery;
  chain.push(capture ? (c) => void capture(c.query as Record<string, unknown>) : actionMiddleware(app, route));
  for (const n of notes) report(`${where(route.file)}: ${route.method} ${route.path}: ${n}`);
  try {
    await app.scopes.run(scope, () => compose(chain)(ctx));
  } catch (e) {
    if (e instanceof BuiltInRouteError) return { kind: 'pass' };
    if (e instanceof UnsupportedApiError) {
      const type = route.controller ? rt.model.contentTypes.get(route.controller) : undefined;
      const action = route.action ?? '';
      report(
        `${locate(app, route, e)}: ${e.message}; ${type && CORE_ACTIONS[type.kind][action] ? "answering with Strapi's core action instead" : 'answering 501'}`,
      );
      if (type && CORE_ACTIONS[type.kind][action]) return { kind: 'core', type, documentId: params.id };
      return renderFailure(
        new StrapiErrorWithStatus(501, 'NotImplementedError', `content-mock cannot run ${locate(app, route, e)}: ${e.message}`),
        route,
        report,
        input.method === 'HEAD',
      );
    }
    return withHeaders(renderFailure(e, route, report, input.method === 'HEAD', app), ctx);
  }
  // nothing answered: Strapi's error middleware makes it a 404, with the headers the route's code did set
  if (!ctx.answered) return withHeaders(render(new NotFoundError('Not Found', {}), input.method === 'HEAD'), ctx);
  const out = serialize(ctx, input.method === 'HEAD');
  return { kind: 'answer', status: ctx.status, headers: out.headers, body: out.body };
}

/** An error answer keeps the headers project code set before it (Strapi's error middleware only sets status and body). */
function withHeaders(outcome: RouteOutcome, ctx: KoaContext): RouteOutcome {
  if (outcome.kind !== 'answer') return outcome;
  return { ...outcome, headers: { ...ctx.answerHeaders(), ...outcome.headers } };
}

class StrapiErrorWithStatus extends StrapiError {
  override readonly status: number;
  override readonly name: string;
  constructor(status: number, name: string, message: string) {
    super(message, {});
    this.status = status;
    this.name = name;
  }
}

/** The project file and line an error was thrown from, as far as the stack tells. */
function locate(app: ProjectApp | undefined, route: FailurePlace, e: unknown): string {
  const modules = app
    ? [
        ...app.code.controllers.values(),
        ...app.code.services.values(),
        ...app.code.middlewares.values(),
        ...app.code.policies.values(),
        ...app.code.routers,
        ...app.code.lifecycles.values(),
        ...app.code.plugins.map((p) => p.module),
        // the helpers project files import (after the registered modules: a frame of either names the same place)
        ...app.code.modules,
      ]
    : [];
  // the top-most frame that is project code names the place
  const stack = e instanceof Error ? (e.stack ?? '').split('\n') : [];
  for (const frame of stack) {
    const m = modules.find((x) => frame.includes(x.frameName));
    if (!m) continue;
    const place = placeInStack(frame, m.frameName, m.placeOf);
    return place ? where(place.file, place.line) : where(m.file);
  }
  return where(route.file);
}

function render(e: StrapiError, head: boolean): Extract<RouteOutcome, { kind: 'answer' }> {
  const body = JSON.stringify(errorBody(e));
  return {
    kind: 'answer',
    status: e.status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: head ? undefined : body,
  };
}

/** Where a failure is reported: the route, or the request a global middleware failed on (and the file to name). */
export type FailurePlace = Pick<CompiledRoute, 'method' | 'path' | 'file'>;

export function renderFailure(
  e: unknown,
  route: FailurePlace,
  report: (line: string) => void,
  head: boolean,
  app?: ProjectApp,
): RouteOutcome {
  if (e instanceof StrapiError) return render(e, head);
  // the project's installed @strapi/utils is Strapi's own copy: its errors are answered by their class
  const own = app?.code.strapiError(e);
  if (own) return render(own, head);
  const foreign = foreignApplicationError(e);
  if (foreign) {
    report(
      `${locate(app, route, e)}: ${route.method} ${route.path}: ${foreign.name} "${foreign.message}" comes from another copy of @strapi/utils than Strapi's (a plugin's own): real Strapi answers 500 Internal Server Error to it; content-mock answers 400 with the error`,
    );
    return render(foreign, head);
  }
  // http-errors and Koa's ctx.throw from libraries: a status and an exposed message
  const status = (e as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && e instanceof Error)
    return render(new StrapiErrorWithStatus(status, e.name, e.message), head);
  // A bug in the project's code (or ours): Strapi answers 500 and logs it; so do we, with the file and line.
  report(
    `${locate(app, route, e)}: ${route.method} ${route.path} threw: ${e instanceof Error ? e.message : String(e)} (answered 500, as Strapi does)`,
  );
  return { ...render(new InternalServerError('Internal Server Error', null), head), thrown: e };
}
