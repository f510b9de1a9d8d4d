import qs from 'qs';
import { QS_OPTIONS } from '../../core/query/run-query.js';
import type { CodeOnRoute, EffectiveSearch } from '../../project/code/code-on-route.js';
import { hasDocumentHooks } from './document-service.js';
import type { Runtime } from '../runtime.js';
import type { ProjectApp } from './project-app.js';
import { matchRoute } from './route-table.js';
import { coreActionOf, pristineCore, runRoute } from './run-route.js';

/**
 * What the project's code does on the way of each request (see project/code/code-on-route.ts), read from the
 * project's route table as the mock runs it: a request no project route takes is Strapi's own (a plugin's route, or a
 * 404); a route whose handler is a core action of its type with the core controller and service is the query's only,
 * when anything of the project's runs on its way (pristineCore says whether anything does); any other is the answer's.
 */
export function codeOnRoute(app: ProjectApp, rt: () => Runtime): CodeOnRoute {
  return (method, path) => {
    const match = matchRoute(app.routes, method, path);
    // with route files, a content type's path (or method) they do not declare is no route (see contentRouteOf in
    // create-app.ts): a `createCoreRouter` with `only: ['find']` leaves POST a 405
    if (!match || !('route' in match)) return app.code.hasRoutes && isContentPath(rt(), path) ? 'absent' : 'none';
    const { route } = match;
    if (pristineCore(app, rt(), route)) return 'none';
    const type = coreActionOf(app, rt(), route);
    return !type ? 'answer' : hasDocumentHooks(app.hooks, type.uid) ? 'below' : 'query';
  };
}

/** Whether `path` is a content type's REST path (`/api/<name>` or `/api/<name>/<documentId>`), in any letter case. */
function isContentPath(rt: Runtime, path: string): boolean {
  const m = /^\/api\/([^/]+)(?:\/[^/]+)?\/?$/i.exec(path);
  return m !== null && rt.model.byRoute.has(m[1].toLowerCase());
}

/**
 * The query a route's core action gets after the project's code before it (see EffectiveSearch): the route runs as
 * the mock runs it, up to its action, whose `ctx.query` is taken instead of running it. LaunchPad's route middlewares
 * set each page's populate so: the checker then judges the answer by that populate, not by the request's.
 */
export function effectiveSearch(app: ProjectApp, rt: () => Runtime): EffectiveSearch {
  return async (method, url, authorization) => {
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const match = matchRoute(app.routes, method, path);
    if (!match || !('route' in match)) return undefined;
    const runtime = rt();
    const type = coreActionOf(app, runtime, match.route);
    if (!type || hasDocumentHooks(app.hooks, type.uid)) return undefined;
    let captured: Record<string, unknown> | undefined;
    await runRoute(app, runtime, match.route, match.params, {
      method,
      path,
      search: q === -1 ? '' : url.slice(q + 1),
      headers: authorization ? { authorization } : {},
      authorization,
      readBody: async () => ({}),
      captureQuery: (query) => (captured = query),
    });
    // (a key without a value, `fields` in `?fields&…`, is null as Strapi's query parser reads it: written back as it
    // was, not as `fields=`, which the validators refuse; harness LaunchPad --code --check-strapi grammar 1805)
    return captured && qs.stringify(captured, { encodeValuesOnly: true, strictNullHandling: QS_OPTIONS.strictNullHandling });
  };
}
