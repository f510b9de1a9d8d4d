import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { NotFoundError } from '../../core/errors/strapi-errors.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { allowedMethods, answerContent, matchContentRoute, type AnswerCache, type ContentRoute } from '../request/content-request.js';
import { methodNotAllowed } from '../express/method-not-allowed.js';
import { mountPluginRoutes, PLUGIN_PATHS } from '../plugins/mount-plugin-routes.js';
import type { Runtime } from '../runtime.js';
import { route } from '../express/route.js';
import { renderError, writeError } from '../express/render-error.js';
import { ResponseCache } from './response-cache.js';
import { streamJson } from '../express/stream-json.js';
import { answerProjectRoute } from '../express/project-route.js';
import { contentBodyOf } from '../express/content-body.js';
import { isMultipartForm } from '../request/multipart-fields.js';
import { BODY_METHODS } from '../request/parse-body.js';
import { SliceScheduler } from '../express/slice-scheduler.js';
import { sendListInSlices } from '../express/send-list-slices.js';
import { routedUrl } from '../request/rest-prefix.js';
import { RowFragments } from '../request/row-fragments.js';
import { ParsedQueryCache } from '../../core/query/parsed-query-cache.js';
import { AnswerBuffers } from '../express/answer-buffers.js';
import { sendBody, writeBody } from '../express/send-body.js';
import type { FrontLayers } from './dev/dev-tools.js';
import { mountGraphql } from '../graphql/mount-graphql.js';
import { RELAY_HEADER, RelayedFailures } from '../graphql/relayed-failures.js';
import { deferrableNames } from '../../core/data/deferred-values.js';
import { parseQueryString } from '../../core/query/run-query.js';
import type { ContentModel } from '../../core/model/types.js';

/** The Content API: its express app, and the listener a node server runs it with (see createApp). */
export interface ContentApp {
  readonly app: express.Express;
  readonly listener: RequestListener;
}

/**
 * The Content API as an express app. `current()` is read once per request. `extend` mounts what comes before the
 * routes; the layers it returns run first, before anything it mounted (see FrontLayers). `listener` answers a content
 * GET that nothing but its content route can take without express (see `direct`), and gives every other request
 * to the app.
 */
export function createApp(current: () => Runtime, extend?: (app: express.Express) => FrontLayers | void): ContentApp {
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
  const content = { cache: answerCache, scheduler, kept: { fragments, parses }, buffers };
  // (an express request: its own send, and errors thrown to express's error handler)
  const handle = (rt: Runtime, route: ContentRoute, req: Request, res: Response) =>
    handleContent(rt, route, { req, url: req.originalUrl, res, send: (status, body) => sendBody(res, status, JSON_TYPE, body) }, content);
  app.disable('x-powered-by');
  app.set('etag', false);
  // The first layer, for every request: the rest prefix, then the layers `extend` put in front of the routes (the dev
  // comforts, as one), then a content GET straight to its handler when nothing mounted before its route could take
  // it: the layers in between (project routes, plugin routes, GraphQL, the locales route) each test the path, and
  // express's route dispatch allocates its own state: together a fifth of a cold read's CPU.
  let front: FrontLayers | undefined;
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
    if (front) front.run(req, res, pass, next);
    else pass();
  });
  front = extend?.(app) ?? undefined;

  /**
   * A content GET that nothing but its content route takes, answered as the app answers it but without express:
   * express gives each request its own prototypes (Object.setPrototypeOf on node's request and response), and with
   * the store's large heap that made a cold read cost twice its work. Taken only when express would add nothing: a
   * GET with no conditional header, a path no layer before the content route can take, dev layers that would only
   * pass it on and log it (see FrontLayers' bypass), no project code. Errors are answered as the app's error handler answers them.
   */
  const direct = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' || req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) return false;
    const rt = current();
    if (rt.app) return false;
    const url = req.url ?? '/';
    const routed = routedUrl(url, rt.config.rest.prefix);
    const route = directContentRoute(rt, routed);
    if (!route) return false;
    const query = routed.indexOf('?');
    if (front && !front.bypass(req, res, query < 0 ? routed : routed.slice(0, query), url)) return false;
    const send = (status: number, body: string | Uint8Array) => writeBody(res, status, JSON_TYPE, body);
    Promise.resolve()
      .then(() => handleContent(rt, route, { req, url, res, send }, content))
      .catch((err: unknown) => {
        // (as express's final handler does once headers are out: the connection cannot carry an error any more)
        if (res.headersSent) req.socket.destroy();
        else writeError(res, err);
      });
    return true;
  };
  const dispatch = (req: IncomingMessage, res: ServerResponse) => {
    if (!direct(req, res)) app(req, res);
  };
  const listener: RequestListener = (req, res) => {
    // Values a lazy import left as text (see DeferredValues) are built in slices after start-up: a plain read is
    // answered meanwhile (it builds the rows it shows), anything else waits for them all.
    const rt = current();
    if (!rt.store.unsettled || readsNothingDeferred(rt, req)) return dispatch(req, res);
    rt.store
      .settleInBackground()
      .then(() => {
        // (stopped before all was built: the server is closing, whatever runs now builds what it needs first)
        rt.store.settle();
        dispatch(req, res);
      })
      .catch((err: unknown) => {
        if (res.headersSent) req.socket.destroy();
        else writeError(res, err);
      });
  };

  app.get('/_health', (_req, res) => {
    res.status(204).end();
  });

  // Strapi's body parser is a global middleware, before the router and each route's authentication: a malformed or
  // too large body is its 400 or 413 whoever sends it (a read-only token's write, a bad token, a route that is not
  // there), not the route's 401 or 403. Forms are left to the routes that read them (an upload streams its files),
  // and GraphQL's endpoint reads its own.
  app.use((req, _res, next) => {
    if (!BODY_METHODS.has(req.method) || isMultipartForm(req.headers['content-type'])) return next();
    const graphql = current().config.graphql;
    if (graphql && req.path.replace(/\/$/, '') === graphql.endpoint) return next();
    contentBodyOf(req).then(() => next(), next);
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
      authorizePluginAction(rt, authenticateRequest(rt, req.headers.authorization), 'plugin::i18n.locales.listLocales');
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
  return { app, listener };
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

/**
 * Whether a request can be answered while some rows' values still wait as text (see DeferredValues): a GET of a
 * content route with no project code and no config default or plugin adding to its query, whose filters and sorts
 * (populated levels' included) name no attribute whose values may wait (a filter or sort through a relation names its
 * target's). The rows it shows, and those its populate gathers, are built as they are read (ContentStore.settleRows).
 */
function readsNothingDeferred(rt: Runtime, req: IncomingMessage): boolean {
  if (req.method !== 'GET' || rt.app || rt.config.plugins.populateDeep || Object.keys(rt.config.routes).length > 0) return false;
  const url = routedUrl(req.url ?? '/', rt.config.rest.prefix);
  if (!directContentRoute(rt, url)) return false;
  const at = url.indexOf('?');
  if (at < 0) return true;
  let query: Record<string, unknown>;
  try {
    query = parseQueryString(url.slice(at + 1));
  } catch {
    return false;
  }
  return !namesDeferred(query, deferrableWords(rt.model), false);
}

/** Whether a filter or sort in a parsed query names one of `words` (as a key, or in a sort's or a value's text). */
function namesDeferred(value: unknown, words: ReadonlySet<string>, within: boolean): boolean {
  if (typeof value === 'string') return within && value.split(/[\s,:.]+/).some((token) => words.has(token));
  if (Array.isArray(value)) return value.some((item) => namesDeferred(item, words, within));
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, item] of Object.entries(value)) {
    const inside = within || key === 'filters' || key === 'sort';
    if ((inside && words.has(key)) || namesDeferred(item, words, inside)) return true;
  }
  return false;
}

/** The names of every attribute whose values an import may defer, per model. */
const wordsOfModel = new WeakMap<ContentModel, ReadonlySet<string>>();
function deferrableWords(model: ContentModel): ReadonlySet<string> {
  let words = wordsOfModel.get(model);
  if (!words) {
    words = new Set([...model.contentTypes.values()].flatMap(deferrableNames));
    wordsOfModel.set(model, words);
  }
  return words;
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

const noCache = (req: IncomingMessage) =>
  /\bno-cache\b/i.test(String(req.headers['cache-control'] ?? '')) || req.headers.pragma === 'no-cache';

/** A content request, whatever answers it: express or node alone (see createApp). */
interface ContentExchange {
  readonly req: IncomingMessage;
  /** The URL as the client sent it, before the rest prefix was mapped: the query string and the cache key. */
  readonly url: string;
  readonly res: ServerResponse;
  /** Sends a JSON answer (a body and its status). */
  send(status: number, body: string | Uint8Array): void;
}

/** What the app keeps between content requests. */
interface ContentKept {
  readonly cache: AnswerCache | undefined;
  readonly scheduler: SliceScheduler;
  readonly kept: { readonly fragments: RowFragments; readonly parses: ParsedQueryCache };
  readonly buffers: AnswerBuffers;
}

async function handleContent(rt: Runtime, route: ContentRoute, exchange: ContentExchange, app: ContentKept): Promise<void> {
  const { req, url, res, send } = exchange;
  const search = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  const answer = await answerContent(
    rt,
    route,
    {
      method: req.method ?? 'GET',
      search,
      authorization: req.headers.authorization,
      responseFormat: req.headers['strapi-response-format'] as string | undefined,
      encodeSourceMaps: req.headers['strapi-encode-source-maps'] as string | undefined,
      readBody: () => contentBodyOf(req),
    },
    // `Cache-Control: no-cache` (a browser's hard reload, the bench's cold runs) asks for a fresh answer
    { cache: noCache(req) ? undefined : app.cache, cacheKey: url, slices: true, ...app.kept },
  );
  if ('cached' in answer) send(200, answer.cached as Buffer);
  else if ('json' in answer) send(answer.status, answer.json);
  else if ('pieces' in answer) app.buffers.send(res, answer.pieces, (body) => send(200, body));
  else if ('page' in answer) await sendListInSlices(res, answer.page, app.scheduler, JSON_TYPE, answer.populated);
  else if ('value' in answer) {
    // A big populated answer: serialized in slices so other requests are served meanwhile (and not cached).
    res.statusCode = 200;
    res.setHeader('Content-Type', JSON_TYPE);
    await streamJson(res, answer.value, app.scheduler);
  } else {
    res.statusCode = 204;
    res.end();
  }
}
