import type { Request, Response } from 'express';
import type { Runtime } from '../runtime.js';
import type { ProjectApp } from '../strapi/project-app.js';
import { matchRoute } from '../strapi/route-table.js';
import { runRoute, type RouteOutcome } from '../strapi/run-route.js';
import { runUnrouted } from '../strapi/run-unrouted.js';
import { methodNotAllowed } from './method-not-allowed.js';
import { contentBodyOf } from './content-body.js';

/**
 * Runs the project route an express request matches: its outcome, `'sent'` once a 405 is sent, or
 * undefined (or a pass) when no project route takes the path (the plugin and content routes then answer).
 */
export async function answerProjectRoute(
  rt: Runtime,
  app: ProjectApp,
  req: Request,
  res: Response,
): Promise<RouteOutcome | 'sent' | undefined> {
  const match = matchRoute(app.routes, req.method, req.path);
  const url = req.originalUrl;
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const headers: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
  const input = {
    method: req.method,
    path: req.path,
    search,
    headers,
    authorization: req.headers.authorization,
    remoteAddress: req.socket.remoteAddress,
  };
  // no project route: the project's global middlewares still see the request, as Strapi's do before its router
  if (!match) return app.code.globalMiddlewares.length > 0 ? runUnrouted(app, input) : undefined;
  if ('allow' in match) {
    methodNotAllowed(req, res, ['HEAD', ...match.allow].join(', '));
    return 'sent';
  }
  return runRoute(app, rt, match.route, match.params, { ...input, readBody: () => contentBodyOf(req) });
}
