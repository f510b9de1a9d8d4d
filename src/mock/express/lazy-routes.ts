import type express from 'express';

/**
 * Routes mounted in their place but built on the first request to one of `paths` (their modules load then): start-up
 * does not load what only some requests need, and no other request waits for it. `paths` must take every path the
 * routes answer (their tests hold them to it).
 */
export function lazyRoutes(paths: RegExp, load: () => Promise<express.RequestHandler>): express.RequestHandler {
  let routes: Promise<express.RequestHandler> | undefined;
  return (req, res, next) => {
    if (!paths.test(req.path)) return next();
    (routes ??= load()).then((handle) => handle(req, res, next), next);
  };
}
