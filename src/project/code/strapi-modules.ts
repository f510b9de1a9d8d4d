import * as core from '../../core/errors/strapi-errors.js';
import type { ContentModel } from '../../core/model/types.js';

// What `@strapi/strapi` and `@strapi/utils` give project code, as plain values: the factories describe routers,
// controllers and services (the running mock builds the core parts they extend), and the error classes are ours,
// with Strapi's names, default messages and statuses, so an error project code throws is answered as Strapi does.

/** The key under which the running mock's `strapi` builds core controllers and services for the factories. */
export const CORE_BUILDER = Symbol.for('content-mock.core-builder');

export type CoreKind = 'controller' | 'service';

export interface CoreBuilder {
  build(kind: CoreKind, uid: string, cfg: unknown): Record<string, unknown>;
}

/** A route as a router file declares it (Strapi's route config). */
export interface RouteSpec {
  method: string;
  path: string;
  handler: unknown;
  config?: { auth?: unknown; policies?: unknown[]; middlewares?: unknown[]; prefix?: string; [key: string]: unknown };
  info?: Record<string, unknown>;
  [key: string]: unknown;
}

const CORE_ACTIONS = {
  collectionType: [
    ['find', 'GET', ''],
    ['findOne', 'GET', '/:id'],
    ['create', 'POST', ''],
    ['update', 'PUT', '/:id'],
    ['delete', 'DELETE', '/:id'],
  ],
  singleType: [
    ['find', 'GET', ''],
    ['update', 'PUT', ''],
    ['delete', 'DELETE', ''],
  ],
} as const;

/** The core routes of a content type, as `createCoreRouter` lists them (each with its per-action config). */
export function coreRoutes(model: ContentModel, uid: string, config: Record<string, unknown> = {}): Record<string, RouteSpec> {
  const type = model.contentTypes.get(uid);
  if (!type) throw new Error(`createCoreRouter: no content type ${uid} in the schemas`);
  const base = type.kind === 'singleType' ? type.singularName : type.pluralName;
  const out: Record<string, RouteSpec> = {};
  for (const [action, method, suffix] of CORE_ACTIONS[type.kind]) {
    const own = config[action];
    out[action] = {
      method,
      path: `/${base}${suffix}`,
      handler: `${uid}.${action}`,
      config: own && typeof own === 'object' ? { ...(own as Record<string, unknown>) } : {},
      // Strapi's core create and update declare their body (`z.object({ data })`): only its root keys are read here
      ...(method === 'POST' || method === 'PUT' ? { request: { body: { 'application/json': { shape: { data: {} } } } } } : {}),
    };
  }
  return out;
}

/**
 * The root keys of the JSON body a route declares (`request.body['application/json']`, a zod object's `shape`):
 * Strapi's input validation lets them through at the payload's root (getExtraRootKeysFromRouteBody).
 */
export function routeBodyKeys(route: unknown): string[] {
  const request = (route as { request?: { body?: Record<string, unknown> } } | undefined)?.request;
  const schema = request?.body?.['application/json'] as { shape?: unknown } | undefined;
  return schema && typeof schema === 'object' && schema.shape && typeof schema.shape === 'object' ? Object.keys(schema.shape) : [];
}

const asList = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : undefined);

function builder(strapi: unknown): CoreBuilder {
  const b = (strapi as Record<symbol, unknown> | undefined)?.[CORE_BUILDER] as CoreBuilder | undefined;
  if (!b) throw new Error('core controllers and services are built by the running mock');
  return b;
}

/** `@strapi/strapi` for one model: `factories` and nothing that needs a database. */
export function strapiModule(model: ContentModel): Record<string, unknown> {
  const factories = {
    createCoreRouter(uid: string, cfg: Record<string, unknown> = {}) {
      const { prefix, config = {}, only, except, type = 'content-api' } = cfg;
      let routes: RouteSpec[] | undefined;
      return {
        type,
        prefix,
        get routes() {
          if (!routes) {
            const all = coreRoutes(model, uid, config as Record<string, unknown>);
            const drop = asList(except) ?? [];
            const keep = asList(only);
            routes = Object.entries(all)
              .filter(([name]) => !drop.includes(name) && (!keep || keep.includes(name)))
              .map(([, r]) => r);
          }
          return routes;
        },
      };
    },
    createCoreController(uid: string, cfg?: unknown) {
      return ({ strapi }: { strapi: unknown }) => builder(strapi).build('controller', uid, cfg);
    },
    createCoreService(uid: string, cfg?: unknown) {
      return ({ strapi }: { strapi: unknown }) => builder(strapi).build('service', uid, cfg);
    },
  };
  return { factories, errors: utilsErrors, default: { factories } };
}

type Details = core.ErrorDetails | undefined;
type ErrorClass = new (message: string, details: core.ErrorDetails | null) => core.StrapiError;

/** Strapi's classes take (message = a default, details = {}); ours need both. */
function withDefaults(Base: ErrorClass, fallback: string): ErrorClass {
  return class extends Base {
    constructor(message: string = fallback, details?: Details | null) {
      super(message, details ?? {});
    }
  };
}

const APPLICATION = 'An application error occurred';
const utilsErrors = {
  ApplicationError: withDefaults(core.ApplicationError, APPLICATION),
  ValidationError: withDefaults(core.ValidationError, APPLICATION),
  PaginationError: withDefaults(core.PaginationError, 'Invalid pagination'),
  NotFoundError: withDefaults(core.NotFoundError, 'Entity not found'),
  ForbiddenError: withDefaults(core.ForbiddenError, 'Forbidden access'),
  UnauthorizedError: withDefaults(core.UnauthorizedError, 'Unauthorized'),
  RateLimitError: withDefaults(core.RateLimitError, 'Too many requests, please try again later.'),
  PayloadTooLargeError: withDefaults(core.PayloadTooLargeError, 'Entity too large'),
  PolicyError: withDefaults(core.PolicyError, 'Policy Failed'),
  NotImplementedError: withDefaults(core.NotImplementedError, 'This feature is not implemented yet'),
};

/**
 * `@strapi/utils`: its error classes and `env` are the mock's; the rest (`yup`, `validateYupSchema`, `policy`,
 * `strings`, `contentTypes`, …) is the project's own installed copy when it has one (`installed`, a Strapi
 * project's node_modules holds it beside @strapi/strapi), so a controller that validates its body with Strapi's yup
 * runs. What that copy throws is mapped to the mock's errors (see ownStrapiError).
 */
export function utilsModule(env: unknown, installed?: Record<string, unknown>): Record<string, unknown> {
  const own = { ...installed, errors: utilsErrors, env };
  return { ...own, default: own };
}

/**
 * An error of the project's installed `@strapi/utils` (its `validateYupSchema` throws its own ValidationError) as
 * the mock's class of the same name: Strapi's error middleware knows that copy's classes, so it answers them by
 * class (400, 404, 403, …) with their name, message and details. Undefined for anything else.
 */
export function ownStrapiError(e: unknown, installed: Record<string, unknown> | undefined): core.StrapiError | undefined {
  const base = (installed?.errors as { ApplicationError?: unknown } | undefined)?.ApplicationError;
  if (typeof base !== 'function' || !(e instanceof base) || !(e instanceof Error)) return undefined;
  const Ours = (utilsErrors as Record<string, ErrorClass | undefined>)[e.name] ?? utilsErrors.ApplicationError;
  const details = (e as { details?: unknown }).details;
  return new Ours(
    e.message,
    typeof details === 'object' && details !== null && !Array.isArray(details) ? (details as core.ErrorDetails) : {},
  );
}
