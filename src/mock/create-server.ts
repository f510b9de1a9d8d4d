import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import type express from 'express';
import { createApp } from './http/create-app.js';
import { useStoreJwtSecret } from './auth/jwt-secret.js';
import { persistedJwtSecret } from './auth/persist-jwt-secret.js';
import { mailboxOf } from './auth/mailbox.js';
import type { Runtime } from './runtime.js';
import { applyDevFlags } from '../project/dev-options.js';
import { devTools, type DevTools } from './http/dev/dev-tools.js';
import type { ContentModel } from '../core/model/types.js';
import type { StoreData } from '../core/data/types.js';
import { resolveSchemaRoot, type LoadModelOptions } from '../project/load-model.js';
import { loadProjectCode } from '../project/code/project-code.js';
import { ContentStore } from '../store/content-store.js';
import { emptyStore } from '../core/data/import-dataset.js';
import type { ProjectOptions } from '../project/load-project.js';
import { loadServerProject, type ServerProject } from './server-project.js';
import { isEmptyStore, loadStoreGenerator } from './generated-store.js';
import { createPlaceholderRouter, UPLOADS } from './media/placeholder-router.js';
import { lazyRoutes } from './express/lazy-routes.js';
import { locateUpload } from './plugins/file-storage.js';
import { uploadService } from './plugins/upload-service.js';
import type { describeProjectApp } from './strapi/describe-project-app.js';

/** Where `serve` keeps its store unless told otherwise: not `data/`, which Strapi's templates use for their seed. */
export const DEFAULT_STORE_DIR = '.content-mock';

/** The paths the docs routes answer (docs-router.ts; a test holds them to it). */
export const DOCS_PATHS = /^\/(?:openapi\.(?:json|yaml)|docs)(?:\/|$)/i;

export { EXAMPLE, PACKAGE_ROOT, readSeed } from '../project/load-project.js';
export { StoreRefused } from '../store/store-refused.js';
import { createWebhooks } from './webhooks/webhooks.js';
import type { Logger, ReloadEvent } from './watch/hot-reload.js';
import type { FileWatch } from './watch/watch-files.js';

export interface ServerOptions extends ProjectOptions {
  /** The JSON store file; ignored with `memory`. */
  readonly data?: string;
  readonly memory?: boolean;
  /** Start even if the data file's journal has damaged lines: apply the sound ones, set the others aside. */
  readonly repair?: boolean;
  readonly port?: number;
  readonly host?: string;
  /** Follow edits of the schemas and the data file (default false in code; `serve` turns it on). */
  readonly watch?: boolean;
  /** Debounce of the watcher, in ms (default 20). */
  readonly watchSettleMs?: number;
  /** CORS with Strapi's defaults (default true); origins from the config's `cors`. */
  readonly cors?: boolean;
  /** Latency for every request: ms, `"100-400"` or `[100, 400]`; overrides the config's `delay`. */
  readonly delay?: number | string | readonly [number, number];
  /** Refuse writes on /api with 405 (overrides the config's `readonly`). */
  readonly readonly?: boolean;
  /** Keep serialized answers to reads until the next write (default true; the config's `cache` too). */
  readonly cache?: boolean;
  /** One log line per request (default false in code; `serve` turns it on unless `--quiet`). */
  readonly logRequests?: boolean;
  /** Fill a store that holds no document with generated content (`seed --seed-value content-mock`, 10 per type). */
  readonly seedIfEmpty?: boolean;
  /** Told each time content is generated (`seedIfEmpty`), with what was generated: start-up says so. */
  readonly onGenerated?: (data: StoreData) => void;
  /** Serve /openapi.json, /openapi.yaml and /docs (default true). */
  readonly docs?: boolean;
  /** Where reload messages and request lines go (default: the console). */
  readonly logger?: Logger;
  /** Called after each reload attempt, good or bad (tests and tools wait on it). */
  readonly onReload?: (event: ReloadEvent) => void;
}

export interface MockServer {
  readonly app: express.Express;
  readonly runtime: () => Runtime;
  /** The base URL once listening (`http://127.0.0.1:PORT`), undefined before. */
  readonly url: string | undefined;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  /** Restores the seed (or an empty store), as `POST /__content-mock/reset` does. */
  reset(): Promise<void>;
  /** What start-up should say of the project's own code (empty without it). */
  projectReport(): string[];
  /** Stops watching, ends held requests, closes the server and flushes pending writes. */
  close(): Promise<void>;
}

const CONSOLE: Logger = { info: (line) => console.log(line), error: (line) => console.error(line) };

/**
 * Builds everything `serve` runs: config, model, store and the app. Throws clear errors for bad input. `project`: the
 * project loadServerProject read for these options, when the caller read it first.
 */
export async function createServer(options: ServerOptions = {}, project?: ServerProject): Promise<MockServer> {
  const { schemas, name, config, seed, model, code, lazy } = project ?? (await loadServerProject(options));
  const loadOptions: LoadModelOptions = {
    locales: model.locales,
    customFields: config.customFields,
    strict: options.strictSchemas,
    privateAttributes: config.responses.privateAttributes,
  };
  const dev = applyDevFlags(config.dev, { cors: options.cors, delay: options.delay, readonly: options.readonly });
  const logger = options.logger ?? CONSOLE;
  // A reset imports the seed file again rather than keeping a second copy of all content for the server's life.
  const generatedStore = options.seedIfEmpty ? await loadStoreGenerator() : undefined;
  const generate = (m: ContentModel) => {
    const data = generatedStore!(m, config);
    options.onGenerated?.(data);
    return data;
  };
  const initialFor = (m: ContentModel, lazy = false) =>
    seed ? seed.load(m, (w) => logger.error(`warning: ${w}`), lazy) : options.seedIfEmpty ? generate(m) : emptyStore(m);
  const dataFile = options.memory ? undefined : (options.data ?? resolve(DEFAULT_STORE_DIR, 'db.json'));
  // `lazy` (see ServerProject): the store builds what waits before anything reads it, the idle server in slices once
  // listening.
  const store = await ContentStore.open(model, {
    file: dataFile,
    initial: () => initialFor(model, lazy),
    warn: (m) => logger.error(m),
    repair: options.repair,
  });
  // Without a configured JWT secret, the store's own, kept beside its data file (tokens survive a restart).
  const dataPath = store.file;
  if (config.plugins.jwtSecret === undefined && dataPath) useStoreJwtSecret(store, () => persistedJwtSecret(dataPath));
  // A store file kept from an earlier run with nothing in it counts as empty too.
  if (options.seedIfEmpty && isEmptyStore(store.data)) await store.replace(initialFor(model));

  // Webhooks read the runtime of the moment (a hot reload may have swapped the model).
  const webhooks =
    config.webhooks.length > 0
      ? createWebhooks(
          config.webhooks,
          () => runtime,
          (line) => logger.error(line),
        )
      : undefined;
  let runtime: Runtime = {
    model,
    store,
    config,
    listener: webhooks?.listener,
    log: options.logRequests ? (line) => logger.info(line) : undefined,
  };
  // The project's own routes, controllers and services run over this runtime (a reload keeps reading it).
  const codeOn = options.schemas !== undefined && options.projectCode !== false;
  // The project-code runtime (Strapi's APIs, the GraphQL extension and graphql-js under it) is imported only for a
  // project that has code: a schemas-only project starts without loading it.
  let describeApp: typeof describeProjectApp | undefined;
  const appFor = async (m: ContentModel, loaded = codeOn ? loadProjectCode(resolveSchemaRoot(schemas), m) : undefined) => {
    if (!loaded) return undefined;
    const [{ createProjectApp }, described] = await Promise.all([
      import('./strapi/project-app.js'),
      import('./strapi/describe-project-app.js'),
    ]);
    describeApp = described.describeProjectApp;
    return createProjectApp(loaded, () => runtime, { restPrefix: '/api', log: (line) => logger.error(line), uploadService });
  };
  const projectApp = codeOn ? await appFor(model, code) : undefined;
  if (projectApp) runtime = { ...runtime, app: projectApp };
  // The OpenAPI document and its pages: the generator and the docs routes load on the first request for them (a
  // third of start-up's modules otherwise), and one document per model is built then (a schema edit costs nothing
  // until someone reads the docs).
  const docsRoutes = async () => {
    const [{ createDocsRouter }, { generateOpenApi, documentTitle }, { servedExamples }, { codeOnRoute }] = await Promise.all([
      import('./http/docs-router.js'),
      import('../contract/openapi/generate.js'),
      import('./http/served-examples.js'),
      import('./strapi/code-on-route.js'),
    ]);
    // a project with route files serves only the core routes they declare: the document lists those (a content path
    // no route takes is 'absent', as the checker reads it)
    const servedRoutes = (app: Runtime['app']) => {
      if (!app?.code.hasRoutes) return undefined;
      const on = codeOnRoute(app, () => runtime);
      return (method: string, path: string) => on(method, path) !== 'absent';
    };
    const documents = new WeakMap<ContentModel, ReturnType<typeof generateOpenApi>>();
    return createDocsRouter(() => {
      const m = runtime.model;
      let doc = documents.get(m);
      if (!doc)
        documents.set(
          m,
          (doc = generateOpenApi(m, {
            title: documentTitle(name),
            examples: servedExamples(runtime),
            restPrefix: config.rest.prefix,
            populateDeep: config.plugins.populateDeep,
            served: servedRoutes(runtime.app),
          })),
        );
      return doc;
    });
  };
  const reset = async () => {
    await runtime.store.reset();
    webhooks?.clear();
  };
  let tools: DevTools | undefined;
  const { app, listener } = createApp(
    () => runtime,
    () => {
      tools = devTools({
        ...dev,
        log: options.logRequests ? (line) => logger.info(line) : undefined,
        reset,
        listenHost: () => listenHost,
        deliveries: () => webhooks?.deliveries() ?? [],
        mailbox: () => mailboxOf(runtime.store.data),
        routes: [
          ...(options.docs === false ? [] : [{ paths: DOCS_PATHS, handle: lazyRoutes(DOCS_PATHS, docsRoutes) }]),
          {
            paths: UPLOADS,
            handle: createPlaceholderRouter(
              () => runtime,
              (rt, name) => locateUpload(rt.store, name) !== undefined,
            ),
          },
        ],
      });
      return tools.front;
    },
  );

  const watcher: FileWatch | undefined = options.watch
    ? await (
        await import('./watch/hot-reload.js')
      ).startHotReload({
        schemas,
        loadOptions,
        dataFile,
        initialFor,
        get: () => runtime,
        set: (next) => (runtime = next),
        log: logger,
        onReload: options.onReload,
        appFor: codeOn ? (m) => appFor(m) : undefined,
        settleMs: options.watchSettleMs,
      })
    : undefined;

  let server: Server | undefined;
  let url: string | undefined;
  let listenHost: string | undefined;
  return {
    app,
    runtime: () => runtime,
    get url() {
      return url;
    },
    reset,
    projectReport: () => (runtime.app && describeApp ? describeApp(runtime.app, runtime) : []),
    listen(port = options.port ?? 1337, host = options.host ?? '127.0.0.1') {
      // Not app.listen: express 5 calls its callback on errors too, which would hide EADDRINUSE behind a TypeError.
      return new Promise((ok, fail) => {
        const s = createHttpServer(listener);
        s.once('error', (e) => {
          server = undefined;
          fail(e);
        });
        s.listen(port, host, () => {
          s.off('error', fail);
          const address = s.address() as AddressInfo;
          url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
          listenHost = host;
          runtime.store.describeOwner({ port: address.port, url });
          // values a lazy import left as text are built in slices between requests from now on
          runtime.store
            .settleInBackground()
            .catch((e: unknown) => logger.error(`content-mock: building the seed's values failed: ${String(e)}`));
          ok({ url, port: address.port });
        });
        server = s;
      });
    },
    async close() {
      runtime.store.stopSettling();
      await watcher?.close();
      tools?.abortPending();
      const s = server;
      server = undefined;
      if (s) {
        const closed = new Promise<void>((ok) => s.close(() => ok()));
        // Idle keep-alive sockets would hold `close` open; busy ones get a moment to answer.
        s.closeIdleConnections();
        const force = setTimeout(() => s.closeAllConnections(), 1000);
        await closed;
        clearTimeout(force);
      }
      // Last: requests that were still running may have queued writes; the journal is folded into the file.
      await runtime.store.close();
      url = undefined;
    },
  };
}
