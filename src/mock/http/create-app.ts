import express, { type NextFunction, type Request, type Response } from 'express';
import { NotFoundError } from '../../core/errors/strapi-errors.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { allowedMethods, answerContent, matchContentRoute, type AnswerCache, type ContentRoute } from '../request/content-request.js';
import { methodNotAllowed } from '../express/method-not-allowed.js';
import { mountPluginRoutes, PLUGIN_PATHS } from '../plugins/mount-plugin-routes.js';
import type { Runtime } from '../runtime.js';
import { route } from '../express/route.js';
import { renderError } from '../express/render-error.js';
import { ResponseCache } from './response-cache.js';
import { streamJson } from '../express/stream-json.js';
import { answerProjectRoute } from '../express/project-route.js';
import { bodyOf } from '../express/read-body.js';
import { SliceScheduler } from '../express/slice-scheduler.js';
import { sendListInSlices } from '../express/send-list-slices.js';
import { routedUrl } from '../request/rest-prefix.js';
import { RowFragments } from '../request/row-fragments.js';
import { ParsedQueryCache } from '../../core/query/parsed-query-cache.js';
import { AnswerBuffers } from '../express/answer-buffers.js';
import { sendBody } from '../express/send-body.js';
import type { FrontLayer } from './dev/dev-tools.js';
import { mountGraphql } from '../graphql/mount-graphql.js';
import { RELAY_HEADER, RelayedFailures } from '../graphql/relayed-failures.js';

/**
 * The Content API as an express app. `current()` is read once per request. `extend` mounts what comes before the
 * routes; the layer it returns runs first, before anything it mounted (see FrontLayer).
 */
export function createApp(current: () => Runtime, extend?: (app: express.Express) => FrontLayer | void): express.Express {
  const app = express();
  // Reads are answered from a cache of serialized bodies until the next write (`cache: false` in the config turns it off).
  const cache = !current().config.cache ? undefined : new ResponseCache();
  const answerCache: AnswerCache | undefined = cache && {
    get: (key, index) => cache.get(key, index),
    set: (key, index, json, uid) => {
      const bytes = typeof json === 'string' ? Buffer.from(json) : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
      cache.set(key, index, uid, bytes);
      return bytes;
    },
  };
  // Big answers take turns, a slice each, with every other request (see SliceScheduler).
  const scheduler = new SliceScheduler();
  // Rows' JSON between requests (plain lists), valid until their table changes: not a cache of answers, so kept
  // with `cache: false` and for `Cache-Control: no-cache` too.
  const fragments = new RowFragments();
  // Reads' parsed query strings, until the next write or reload: neither is an answer cache either.
  const parses = new ParsedQueryCache();
  const buffers = new AnswerBuffers();
  const handle = (rt: Runtime, route: ContentRoute, req: Request, res: Response) =>
    handleContent(rt, route, req, res, answerCache, scheduler, { fragments, parses }, buffers);
  app.disable('x-powered-by');
  app.set('etag', false);
  // The first layer, for every request: the rest prefix, then the layers `extend` put in front of the routes (the dev
  // comforts, as one), then a content GET straight to its handler when nothing mounted before its route could take
  // it: the layers in between (project routes, plugin routes, GraphQL, the locales route) each test the path, and
  // express's route dispatch allocates its own state: together a fifth of a cold read's CPU.
  let front: FrontLayer | undefined;
  app.use((req, res, next) => {
    // a project's rest.prefix (`/v1`): its requests are routed as our `/api` ones
    req.url = routedUrl(req.url, current().config.rest.prefix);
    const pass = () => {
      if (req.method !== 'GET') return next();
      const rt = current();
      const route = rt.app ? undefined : directContentRoute(rt, req.url);
      if (!route) return next();
      Promise.resolve()
        .then(() => handle(rt, route, req, res))
        .catch(next);
    };
    if (front) front(req, res, pass, next);
    else pass();
  });
  front = extend?.(app) ?? undefined;

  app.get('/_health', (_req, res) => {
    res.status(204).end();
  });

  const relayed = new RelayedFailures();
  // The project's own routes come first, as Strapi registers API routes before the plugins'.
  app.use((req, res, next) => {
    const rt = current();
    if (!rt.app) return next();
    answerProjectRoute(rt, rt.app, req, res)
      .then(async (outcome) => {
        if (outcome === 'sent') return;
        if (outcome?.kind === 'pass') {
          for (const [k, v] of Object.entries(outcome.headers ?? {})) res.setHeader(k, v);
          return next();
        }
        if (outcome === undefined) return next();
        if (outcome.kind === 'core') return handle(rt, { type: outcome.type, documentId: outcome.documentId }, req, res);
        if (outcome.thrown !== undefined) relayed.record(req.header(RELAY_HEADER), outcome.thrown);
        res.status(outcome.status);
        for (const [k, v] of Object.entries(outcome.headers)) res.setHeader(k, v);
        if (outcome.body === undefined) res.end();
        else res.send(typeof outcome.body === 'string' ? outcome.body : Buffer.from(outcome.body));
      })
      .catch(next);
  });

  mountPluginRoutes(app, current);
  mountGraphql(app, current, relayed);

  app.get(
    '/api/i18n/locales',
    route((req, res) => {
      const rt = current();
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), 'plugin::i18n.locales.listLocales', true);
      res.json(rt.store.data.locales);
    }),
  );

  app.all(
    '/api/:route',
    route(async (req, res) => {
      const rt = current();
      const segments = [String(req.params.route)];
      const route = contentRouteOf(rt, req, segments);
      if (!route) return methodNotAllowed(req, res, 'HEAD, GET');
      if (route === 'method-not-allowed') return methodNotAllowed(req, res, allowedMethods(rt, segments));
      await handle(rt, route, req, res);
    }),
  );

  app.all(
    '/api/:route/:documentId',
    route(async (req, res) => {
      const rt = current();
      const segments = [String(req.params.route), String(req.params.documentId)];
      const route = contentRouteOf(rt, req, segments);
      if (!route) return methodNotAllowed(req, res, 'HEAD, GET');
      if (route === 'method-not-allowed') return methodNotAllowed(req, res, allowedMethods(rt, segments));
      await handle(rt, route, req, res);
    }),
  );

  // Strapi serves a catch-all GET route (the admin panel's), so koa-router answers any other method on a path no
  // route takes with 405 and `Allow: HEAD, GET`, and GET with the 404.
  app.use(
    route((req, res) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(req, res, 'HEAD, GET');
      throw new NotFoundError('Not Found', {});
    }),
  );
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    renderError(res, err);
  });
  return app;
}

/** `/api/:route` or `/api/:route/:documentId` with nothing to decode, in any letter case, with or without a trailing slash. */
const PLAIN_CONTENT_PATH = /^\/api\/([^/?#%]+)(?:\/([^/?#%]+))?\/?(?:\?|$)/i;

/**
 * The content route a GET of `url` reaches when no route before it takes the path (a plugin's, GraphQL's, the
 * locales'); undefined for anything else, which then takes the usual way.
 */
function directContentRoute(rt: Runtime, url: string): ContentRoute | undefined {
  const m = PLAIN_CONTENT_PATH.exec(url);
  if (!m) return undefined;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (PLUGIN_PATHS.test(path)) return undefined;
  const graphql = rt.config.graphql;
  if (graphql && path.replace(/\/$/, '') === graphql.endpoint) return undefined;
  try {
    const route = matchContentRoute(rt, 'GET', m[2] === undefined ? [m[1]] : [m[1], m[2]]);
    return route === 'method-not-allowed' ? undefined : route;
  } catch {
    return undefined;
  }
}

/** The content route of an `/api/` path; undefined for a path no route takes and a method other than GET (a 405). */
function contentRouteOf(rt: Runtime, req: Request, segments: readonly string[]): ReturnType<typeof matchContentRoute> | undefined {
  try {
    // With route files, a project serves only the routes they declare (matched above), as Strapi does.
    if (rt.app?.code.hasRoutes) throw new NotFoundError('Not Found', {});
    return matchContentRoute(rt, req.method, segments);
  } catch (e) {
    if (e instanceof NotFoundError && req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    throw e;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

const noCache = (req: Request) => /\bno-cache\b/i.test(String(req.headers['cache-control'] ?? '')) || req.headers.pragma === 'no-cache';

async function handleContent(
  rt: Runtime,
  route: ContentRoute,
  req: Request,
  res: Response,
  cache: AnswerCache | undefined,
  scheduler: SliceScheduler,
  kept: { readonly fragments: RowFragments; readonly parses: ParsedQueryCache },
  buffers: AnswerBuffers,
): Promise<void> {
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  const answer = await answerContent(
    rt,
    route,
    {
      method: req.method,
      search,
      authorization: req.headers.authorization,
      responseFormat: req.headers['strapi-response-format'] as string | undefined,
      encodeSourceMaps: req.headers['strapi-encode-source-maps'] as string | undefined,
      readBody: () => bodyOf(req),
    },
    // `Cache-Control: no-cache` (a browser's hard reload, the bench's cold runs) asks for a fresh answer
    { cache: noCache(req) ? undefined : cache, cacheKey: req.originalUrl, slices: true, ...kept },
  );
  if ('cached' in answer) sendBody(res, 200, JSON_TYPE, answer.cached as Buffer);
  else if ('json' in answer) sendBody(res, answer.status, JSON_TYPE, answer.json);
  else if ('pieces' in answer) buffers.send(res, answer.pieces, JSON_TYPE);
  else if ('page' in answer) await sendListInSlices(res, answer.page, scheduler, JSON_TYPE, answer.populated);
  else if ('value' in answer) {
    // A big populated answer: serialized in slices so other requests are served meanwhile (and not cached).
    res.status(200).type(JSON_TYPE);
    await streamJson(res, answer.value, scheduler);
  } else res.status(204).end();
}
