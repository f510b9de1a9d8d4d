import { http, type HttpHandler } from 'msw';
import { errorBody, InternalServerError, StrapiError } from '../../core/errors/strapi-errors.js';
import { NotFoundError } from '../../core/errors/strapi-errors.js';
import { assertBundle, configFromBundle, modelFromBundle, type ProjectBundle } from '../../dataset/bundle/project-bundle.js';
import { authenticateRequest, authorizePluginAction } from '../auth/authenticate-request.js';
import { getFile, listFiles, listFilesPage } from '../plugins/media-view.js';
import { answerContent, apiSegments, matchContentRoute, type ContentRoute } from '../request/content-request.js';
import type { ProjectApp } from '../strapi/project-app.js';
import { checkBodySize, parseBody } from '../request/parse-body.js';
import { isMultipartForm, multipartBody } from '../request/multipart-fields.js';
import type { Runtime } from '../runtime.js';
import type { ContentStore } from '../../store/content-store.js';
import { createWebhooks, type Webhooks } from '../webhooks/webhooks.js';
import { MemoryStore } from './memory-store.js';
import { PluginRoutes } from './plugin-routes.js';
import { routedUrl } from '../request/rest-prefix.js';
import { graphqlHandler } from './graphql-handler.js';
import type { answerProjectRequest } from './project-routes.js';
import { RELAY_HEADER, RelayedFailures } from '../graphql/relayed-failures.js';

// The Content API as Mock Service Worker handlers: the same engine as `serve`, in-process, over a store in memory.
// Framework-free and without Node built-ins, so it runs under `setupServer` (Node) and `setupWorker` (browser).

const JSON_TYPE = 'application/json; charset=utf-8';

export interface ContentHandlerOptions {
  /** Where the app sends its requests: `http://localhost:1337`. Default: any origin. */
  readonly baseUrl?: string;
}

/** A project route's answer, the core route to answer with instead, or undefined when no project route matches. */
export type ProjectRouteAnswer = Response | ContentRoute | undefined;

/** The project's own routes (Node only: loading project code needs it). */
export interface ProjectRoutes {
  appFor(current: () => Runtime): Promise<ProjectApp | undefined>;
  /** The project's route for a request (Node only: loaded on demand); `failed` hears what its code threw. */
  answer: typeof answerProjectRequest;
}

/** MSW handlers, plus the controls a test suite needs. */
export type ContentHandlers = HttpHandler[] & {
  /**
   * Restores the initial content and starts the auth routes' rate limit afresh, as a restarted server (call it in
   * `beforeEach` for per-test isolation).
   */
  reset(): Promise<void>;
  /** Resolves once the project is loaded (requests wait for it anyway). */
  readonly ready: Promise<void>;
  /** The webhook deliveries made so far (newest last), when the config has `webhooks`. */
  deliveries(): readonly unknown[];
};

const json = (status: number, text: string | undefined, contentType = JSON_TYPE, headers: Record<string, string> = {}): Response =>
  new Response(text ?? null, { status, headers: text === undefined ? headers : { ...headers, 'Content-Type': contentType } });

function renderError(err: unknown): Response {
  let e: StrapiError;
  if (err instanceof StrapiError) e = err;
  else {
    // A bug of ours, never the client's: keep the envelope, and say it on the console.
    console.error('content-mock: internal error:', err);
    e = new InternalServerError('Internal Server Error', null);
  }
  return json(e.status, JSON.stringify(errorBody(e)));
}

/** Handlers over a project that `load` provides (a bundle object, or one read from schema files in Node). */
export function handlersFor(
  load: () => Promise<ProjectBundle>,
  options: ContentHandlerOptions = {},
  projectRoutes?: ProjectRoutes,
): ContentHandlers {
  let state: { rt: Runtime; store: MemoryStore; plugins: PluginRoutes; webhooks: Webhooks | undefined } | undefined;
  const ready = load().then(async (bundle) => {
    assertBundle(bundle);
    const model = modelFromBundle(bundle);
    const config = configFromBundle(bundle);
    const store = new MemoryStore(model, bundle.data);
    const webhooks = config.webhooks.length > 0 ? createWebhooks(config.webhooks, () => rt) : undefined;
    // The runtime's store is typed as the server's file store; the request path only uses the `Store` interface
    // (data, index, mutate, nextId) and reset, which MemoryStore implements.
    let rt: Runtime = { model, config, store: store as unknown as ContentStore, listener: webhooks?.listener };
    const app = await projectRoutes?.appFor(() => rt);
    if (app) rt = { ...rt, app };
    state = { rt, store, plugins: new PluginRoutes(() => rt), webhooks };
  });
  // Surfaces a bad bundle at the first request rather than as an unhandled rejection now.
  ready.catch(() => {});

  const relayed = new RelayedFailures();
  const answer = async (request: Request): Promise<Response> => {
    await ready;
    const { rt, plugins } = state!;
    const original = new URL(request.url);
    // a project's rest.prefix (`/v1`): routed as our `/api` paths
    const url = new URL(routedUrl(original.pathname + original.search, rt.config.rest.prefix), original);
    let body: Promise<unknown> | undefined;
    const readBody = () =>
      (body ??= (async () => {
        if (!['POST', 'PUT', 'PATCH'].includes(request.method)) return {};
        const bytes = new Uint8Array(await request.arrayBuffer());
        const type = request.headers.get('content-type');
        // a form's files count against formidable's limit, not the JSON one
        if (isMultipartForm(type)) return multipartBody(bytes, type!);
        checkBodySize(bytes.length);
        return parseBody(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), type);
      })());
    try {
      // the project's own routes first, as Strapi registers API routes before the plugins'
      const failed = (error: unknown) => relayed.record(request.headers.get(RELAY_HEADER), error);
      const own = rt.app && projectRoutes ? await projectRoutes.answer(rt, rt.app, request, url, readBody, failed) : undefined;
      if (own instanceof Response) return own;
      const plugin = own ? undefined : await plugins.answer(request, url);
      if (plugin) return json(plugin.status, plugin.body, plugin.contentType, plugin.headers);
      const path = url.pathname.replace(/\/$/, '').toLowerCase();
      const authorization = request.headers.get('authorization') ?? undefined;
      const search = url.search.slice(1);
      if (request.method === 'GET' && path === '/api/i18n/locales') {
        authorizePluginAction(rt, authenticateRequest(rt, authorization), 'plugin::i18n.locales.listLocales');
        return json(200, JSON.stringify(rt.store.data.locales));
      }
      if (request.method === 'GET' && path === '/api/upload/files') return json(200, JSON.stringify(listFiles(rt, authorization, search)));
      if (request.method === 'GET' && path === '/api/upload/files/page')
        return json(200, JSON.stringify(listFilesPage(rt, authorization, search)));
      const file = /^\/api\/upload\/files\/([^/]+)$/.exec(path);
      if (request.method === 'GET' && file)
        return json(200, JSON.stringify(getFile(rt, authorization, decodeURIComponent(file[1]), search)));
      const segments = apiSegments(url.pathname);
      if (!own && (!segments || rt.app?.code.hasRoutes)) throw new NotFoundError('Not Found', {});
      const route = own ?? matchContentRoute(rt, request.method, segments!);
      if (route === 'method-not-allowed') return json(405, 'Method Not Allowed', 'text/plain; charset=utf-8');
      const result = await answerContent(rt, route, {
        method: request.method,
        search,
        authorization,
        responseFormat: request.headers.get('strapi-response-format') ?? undefined,
        encodeSourceMaps: request.headers.get('strapi-encode-source-maps') ?? undefined,
        readBody,
      });
      if ('json' in result) return json(result.status, result.json);
      if ('value' in result) return json(200, JSON.stringify(result.value));
      return json(204, undefined);
    } catch (err) {
      return renderError(err);
    }
  };

  const base = (options.baseUrl ?? '*').replace(/\/$/, '');
  // every path: a project's rest.prefix is known once the bundle is loaded; what is not the Content API passes through
  const list = [
    graphqlHandler(
      base,
      async () => (await ready, state!.rt),
      // the users & permissions mutations reach the plugin's routes as a request here, the project's own first (an
      // extension of the plugin's controllers runs), as `serve` relays them to itself
      async (r) => {
        const token = relayed.begin();
        r.headers.set(RELAY_HEADER, token);
        try {
          const res = await answer(r);
          const body = res.status === 204 ? undefined : await res.text();
          return { status: res.status, body, thrown: relayed.end(token) };
        } finally {
          relayed.end(token);
        }
      },
    ),
    http.all(`${base}/*`, async ({ request }) => {
      await ready.catch(() => {});
      const u = new URL(request.url);
      // before a bundle is loaded (or when it failed to) only /api paths are ours to answer (with the error)
      const routed = state ? routedUrl(u.pathname, state.rt.config.rest.prefix) : u.pathname;
      if (!/^\/api(\/|$)/i.test(routed)) return undefined;
      return answer(request);
    }),
  ];
  return Object.assign(list, {
    reset: async () => {
      await ready;
      await state!.store.reset();
      state!.webhooks?.clear();
      // as a restarted Strapi: the plugin routes' memory (the auth rate limit's counts) starts afresh
      const { rt } = state!;
      state!.plugins = new PluginRoutes(() => rt);
    },
    ready,
    deliveries: () => state?.webhooks?.deliveries() ?? [],
  });
}
