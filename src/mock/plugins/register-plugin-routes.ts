import type express from 'express';
import type { Runtime } from '../runtime.js';
import { methodNotAllowed } from '../express/method-not-allowed.js';
import { registerAuthRoutes } from './auth-routes.js';
import { registerRolesRoutes } from './roles-routes.js';
import { registerUploadRoutes } from './upload-routes.js';
import { registerUsersRoutes } from './users-routes.js';

/**
 * Routes of Strapi's plugins a frontend uses (users & permissions, upload), mounted before the content routes. Each
 * `/api/` path answers the methods it lacks as Strapi's router does (405 with `Allow`; OPTIONS 200; GET 404).
 */
export function registerPluginRoutes(app: express.Express, current: () => Runtime): void {
  const methods = new Map<string, string[]>();
  const recording = (verb: 'get' | 'post' | 'put' | 'delete') =>
    ((path: string, ...handlers: express.RequestHandler[]) => {
      if (path.startsWith('/api/'))
        methods.set(path, [...(methods.get(path) ?? []), ...(verb === 'get' ? ['HEAD', 'GET'] : [verb.toUpperCase()])]);
      return app[verb](path, ...handlers);
    }) as express.Express[typeof verb];
  const recorder = {
    ...app,
    get: recording('get'),
    post: recording('post'),
    put: recording('put'),
    delete: recording('delete'),
  } as express.Express;
  registerAuthRoutes(recorder, current);
  registerUsersRoutes(recorder, current);
  registerRolesRoutes(recorder, current);
  registerUploadRoutes(recorder, current);
  // every path also takes GET (Strapi's catch-all GET route answers 404): GET and HEAD go on to the 404
  // Allow: the methods of every route whose path matches (`/api/users/me` is also `/api/users/:id`)
  const allowFor = (path: string) => {
    const own = [...methods].filter(([pattern]) => samePath(pattern, path)).flatMap(([, m]) => m);
    return [...new Set(['HEAD', 'GET', ...own])].join(', ');
  };
  for (const path of methods.keys())
    app.all(path, (req, res, next) =>
      req.method === 'GET' || req.method === 'HEAD' ? next() : methodNotAllowed(req, res, allowFor(req.path)),
    );
}

/** Does an express path (`/api/users/:id`) take a request path, as the router matches it (any letter case)? */
function samePath(pattern: string, path: string): boolean {
  const a = pattern.split('/'),
    b = path.replace(/\/$/, '').split('/');
  return a.length === b.length && a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part.toLowerCase() === b[i].toLowerCase()));
}
