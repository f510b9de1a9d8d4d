import { pathToRegexp, type Key } from 'path-to-regexp';
import type { RouteSpec } from '../../project/code/strapi-modules.js';

// The project's routes as Strapi's router registers them (koa-router over path-to-regexp 6, the version it uses):
// APIs in name order, each router's routes in order, under the content API prefix and the router's own prefix
// (a route whose config names a `prefix` skips the router's). The first route whose path and method match answers.

export interface CompiledRoute {
  readonly method: string;
  /** The path as registered (`/api/articles/slug/:slug`). */
  readonly path: string;
  readonly spec: RouteSpec;
  readonly api: string;
  /** The router file that declared it. */
  readonly file: string;
  /** `api::article.article` and `findBySlug`, or undefined for a function handler. */
  readonly controller: string | undefined;
  readonly action: string | undefined;
  /**
   * The permissions the route checks (`config.auth.scope`, by default its handler's action), false for `auth: false`,
   * null for none (a function handler without a declared scope: Strapi's strategies then let signed-in users and
   * full-access tokens through, see verifiesScope).
   */
  readonly scope: readonly string[] | false | null;
  readonly regexp: RegExp;
  readonly keys: readonly Key[];
}

export function compileRoute(spec: RouteSpec, api: string, file: string, prefix: string): CompiledRoute {
  const method = String(spec.method ?? '')
    .trim()
    .toUpperCase();
  const path = `${prefix}${String(spec.path ?? '').trim()}`;
  const keys: Key[] = [];
  const regexp = pathToRegexp(path, keys, { sensitive: false, strict: false, end: true });
  let controller: string | undefined;
  let action: string | undefined;
  if (typeof spec.handler === 'string') {
    const h = spec.handler.trim();
    const dot = h.lastIndexOf('.');
    const name = h.slice(0, dot);
    action = h.slice(dot + 1);
    controller = name.includes('::') ? name : `api::${api}.${name}`;
  }
  const auth = spec.config?.auth;
  const declared = auth && typeof auth === 'object' ? (auth as { scope?: unknown }).scope : undefined;
  const scope: readonly string[] | false | null =
    auth === false
      ? false
      : Array.isArray(declared)
        ? declared.map(String)
        : controller !== undefined && action !== undefined
          ? [`${controller}.${action}`]
          : null;
  return { method, path, spec, api, file, controller, action, scope, regexp, keys };
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export type RouteMatch =
  { readonly route: CompiledRoute; readonly params: Record<string, string> } | { readonly allow: readonly string[] } | undefined;

/** The route for a request; the methods the path takes when none matches the method; undefined for no path. */
export function matchRoute(routes: readonly CompiledRoute[], method: string, path: string): RouteMatch {
  const allow: string[] = [];
  const m = method.toUpperCase();
  for (const route of routes) {
    const found = route.regexp.exec(path);
    if (!found) continue;
    if (route.method === m || route.method === 'ALL' || (m === 'HEAD' && route.method === 'GET')) {
      const params: Record<string, string> = {};
      route.keys.forEach((k, i) => {
        if (found[i + 1] !== undefined) params[String(k.name)] = decode(found[i + 1]);
      });
      return { route, params };
    }
    if (!allow.includes(route.method)) allow.push(route.method);
  }
  return allow.length > 0 ? { allow } : undefined;
}
