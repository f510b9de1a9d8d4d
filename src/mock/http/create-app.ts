import express, { type NextFunction, type Request, type Response } from 'express';
import { NotFoundError } from '../../core/errors/strapi-errors.js';
import type { ContentType } from '../../core/model/types.js';
import { findMany, findOne, parseQueryString, type QueryOptions } from '../../core/query/run-query.js';
import { toV4Body } from '../../core/query/v4-format.js';
import { PopulateBudget } from '../../core/query/render-entry.js';
import { createDocument, deleteDocument, updateDocument } from '../../core/write/document-writer.js';
import {
  authenticateRequest,
  authorizeContent,
  authorizePluginAction,
  mayContent,
  type RequestPrincipal,
} from '../auth/authenticate-request.js';
import { registerPluginRoutes } from '../plugins/register-plugin-routes.js';
import type { Runtime } from '../runtime.js';
import { route } from '../express/route.js';
import { renderError } from '../express/render-error.js';
import { ResponseCache } from './response-cache.js';
import { readBody } from '../express/read-body.js';
import { streamJson } from '../express/stream-json.js';

const METHODS_COLLECTION = ['GET', 'POST'];
const METHODS_DOCUMENT = ['GET', 'PUT', 'DELETE'];

/** The Content API as an express app. `current()` is read once per request. */
export function createApp(current: () => Runtime, extend?: (app: express.Express) => void): express.Express {
  const app = express();
  // Reads are answered from a cache of serialized bodies until the next write (`cache: false` in the config turns it off).
  const cache = !current().config.cache ? undefined : new ResponseCache();
  app.disable('x-powered-by');
  app.set('etag', false);
  extend?.(app);

  app.get('/_health', (_req, res) => {
    res.status(204).end();
  });

  registerPluginRoutes(app, current);

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
      const type = rt.model.byRoute.get(routeKey(req.params.route));
      if (!type) throw new NotFoundError('Not Found', {});
      const allowed = type.kind === 'collectionType' ? METHODS_COLLECTION : METHODS_DOCUMENT;
      if (!allowed.includes(req.method) && !(req.method === 'HEAD' && allowed.includes('GET'))) return methodNotAllowed(res);
      await handle(rt, type, undefined, req, res, cache);
    }),
  );

  app.all(
    '/api/:route/:documentId',
    route(async (req, res) => {
      const rt = current();
      const type = rt.model.byRoute.get(routeKey(req.params.route));
      if (!type || type.kind !== 'collectionType') throw new NotFoundError('Not Found', {});
      if (!METHODS_DOCUMENT.includes(req.method) && req.method !== 'HEAD') return methodNotAllowed(res);
      await handle(rt, type, String(req.params.documentId), req, res, cache);
    }),
  );

  app.use(
    route(() => {
      throw new NotFoundError('Not Found', {});
    }),
  );
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    renderError(res, err);
  });
  return app;
}

function methodNotAllowed(res: Response): void {
  res.status(405).type('text/plain').send('Method Not Allowed');
}

function actionOf(type: ContentType, method: string, documentId: string | undefined): string {
  if (method === 'GET' || method === 'HEAD') return type.kind === 'singleType' || documentId === undefined ? 'find' : 'findOne';
  if (method === 'POST') return 'create';
  if (method === 'PUT') return 'update';
  return 'delete';
}

const JSON_TYPE = 'application/json; charset=utf-8';
/** Populated entries above which an answer is streamed rather than stringified at once (a few MB of JSON). */
const STREAM_ABOVE = 5_000;

/** Who the answer is for, in a cache key: answers are per caller so a future per-role view can never leak. */
function principalKey(who: RequestPrincipal): string {
  if (who.kind === 'token') return `t:${who.token.name}`;
  if (who.kind === 'user') return `u:${who.user.id}`;
  return 'p';
}

async function handle(
  rt: Runtime,
  type: ContentType,
  documentId: string | undefined,
  req: Request,
  res: Response,
  cache: ResponseCache | undefined,
): Promise<void> {
  // API tokens, the JWTs our users & permissions routes sign, or the public role.
  const who = authenticateRequest(rt, req.headers.authorization);
  const action = actionOf(type, req.method, documentId);
  authorizeContent(rt, who, type, action);
  const index = rt.store.index;
  const v4 = String(req.headers['strapi-response-format'] ?? '').toLowerCase() === 'v4';
  const key =
    cache && req.method === 'GET' && (action === 'find' || action === 'findOne')
      ? `${req.originalUrl}\u0000${v4 ? 4 : 5}\u0000${principalKey(who)}`
      : undefined;
  const hit = key === undefined ? undefined : cache!.get(key, index);
  if (hit) {
    res.status(200).type(JSON_TYPE).send(hit);
    return;
  }
  const search = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?') + 1) : '';
  const query = parseQueryString(search);
  const canRead = (uid: string) => {
    const target = rt.model.contentTypes.get(uid);
    return !target || mayContent(rt, who, target, 'find');
  };
  const opts: QueryOptions = {
    limits: rt.config.rest,
    strictParams: rt.config.rest.strictParams,
    canRead,
    budget: rt.config.populateBudget === null ? undefined : new PopulateBudget(rt.config.populateBudget),
  };
  const send = (status: number, body: { data: unknown; meta: unknown }) => {
    res.status(status).json(v4 ? toV4Body(rt.model, type, body) : body);
  };

  switch (action) {
    case 'find':
    case 'findOne': {
      let body: { data: unknown; meta: unknown };
      if (action === 'find' && type.kind === 'collectionType') body = findMany(index, type, query, opts);
      else {
        // a single type's find is a findOne of its only document
        const data = findOne(index, type, documentId, query, opts);
        if (!data) throw new NotFoundError('Not Found', {});
        body = { data, meta: {} };
      }
      const answer = v4 ? toV4Body(rt.model, type, body) : body;
      if ((opts.budget?.used ?? 0) > STREAM_ABOVE) {
        // A big populated answer: serialized in slices so other requests are served meanwhile.
        res.status(200).type(JSON_TYPE);
        const bytes = await streamJson(res, answer, key !== undefined);
        if (key !== undefined && bytes) cache!.set(key, index, bytes);
        return;
      }
      const bytes = Buffer.from(JSON.stringify(answer));
      if (key !== undefined) cache!.set(key, index, bytes);
      res.status(200).type(JSON_TYPE).send(bytes);
      return;
    }
    case 'create': {
      const body = await readBody(req);
      const data = await createDocument(rt.store, type, query, body, opts);
      return send(201, { data, meta: {} });
    }
    case 'update': {
      const body = await readBody(req);
      const data = await updateDocument(rt.store, type, documentId, query, body, opts);
      if (!data) throw new NotFoundError('Not Found', {});
      return send(200, { data, meta: {} });
    }
    default:
      await deleteDocument(rt.store, type, documentId, query, opts);
      res.status(204).end();
  }
}

/** Strapi's router (koa-router, `sensitive: false`) matches paths in any letter case: `/api/Tags` is `/api/tags`. */
const routeKey = (segment: unknown) => String(segment).toLowerCase();
