import { ensureUsersPermissions } from '../auth/ensure-users-permissions.js';
import { basename, extname } from 'node:path';
import { hostname } from 'node:os';
import { projectEnvVars } from '../../project/strapi-env.js';
import type { ContentType } from '../../core/model/types.js';
import type { CodeError } from '../../project/code/code-error.js';
import { CodeError as CodeErrorClass, where } from '../../project/code/code-error.js';
import { inertStandIn } from '../../project/code/inert-stand-in.js';
import { installedPluginRuntimes } from './installed-plugin-runtime.js';
import { placeInModules, type LoadedModule } from '../../project/code/load-code-module.js';
import type { ProjectCode } from '../../project/code/project-code.js';
import { CORE_BUILDER, type CoreKind, type RouteSpec } from '../../project/code/strapi-modules.js';
import type { Runtime } from '../runtime.js';
import { coreController, coreService, extendCore, type CoreApiDeps } from './core-api.js';
import { usersPermissionsServices } from './users-permissions-services.js';
import {
  contentApiActions,
  coreContentApiActions,
  type ContentApiActions,
  usersPermissionsRoleServices,
} from './users-permissions-role-service.js';
import { extendUsersPermissions } from './users-permissions-plugin.js';
import {
  runLifecycleHooks,
  documentService,
  type DocumentHooks,
  type DocumentMiddleware,
  type LifecycleSubscriber,
} from './document-service.js';
import { RequestScopes } from './request-scope.js';
import { compileRoute, type CompiledRoute } from './route-table.js';
import { componentView, contentTypeView } from './strapi-schema-view.js';
import { unsupported } from './unsupported-api.js';
import { i18nLocalesService } from './i18n-locales-service.js';
import { coreStore } from './core-store.js';
import { knexConnection } from './knex-connection.js';
import { dbQuery, entityService } from './legacy-apis.js';
import { contentApiHelpers } from './content-api-helpers.js';
import { serverConfigOf, strapiConfig } from './strapi-config.js';
import { emailService } from './email-service.js';
import { graphqlPluginServices } from './graphql-plugin-services.js';
import { projectGraphql, type ProjectGraphql } from './graphql-project.js';
import { graphqlExtensionRecord, graphqlExtensionService, type GraphqlExtensionRecord } from './graphql-extension-service.js';
import { readConfigDir } from '../../project/read-config-dir.js';

// The project's code wired to the mock: a `strapi` object with what project code calls (documents, services,
// controllers, config, log, the request context), the registries Strapi keeps (controllers, services, middlewares,
// policies by uid) and the route table. Built once per model and code; requests read it through the runtime.

type Fn = (...args: unknown[]) => unknown;
export type Registry = Record<string, Fn>;

/** The query engine's reads go to the database alone: no document middleware, no lifecycle of the document service. */
const NO_HOOKS: DocumentHooks = { middlewares: [], subscribers: [] };

export interface ProjectApp {
  readonly code: ProjectCode;
  readonly strapi: Record<string | symbol, unknown>;
  readonly routes: readonly CompiledRoute[];
  readonly scopes: RequestScopes;
  readonly hooks: DocumentHooks;
  /** What the project's code gave the GraphQL plugin's extension service (its `use` calls, its shadow CRUD). */
  readonly graphql: GraphqlExtensionRecord;
  /** What /graphql asks of the project's code (graphql-project.ts). */
  readonly graphqlProject: ProjectGraphql;
  /** What could not be set up (a module, a handler, a policy), each with its file: said at start-up. */
  readonly problems: readonly CodeError[];
  /** The Content API actions, as the users & permissions plugin's `getActions` lists them. */
  contentApiActions(): ContentApiActions;
  /**
   * Whether a route registers the action (`api::author.author.find`): Strapi's permission engine ignores a role's
   * permission for an action its registry lacks (a type whose api declares no routes), so the role may not do it.
   */
  hasContentApiAction(action: string): boolean;
  controller(uid: string): Registry | undefined;
  service(uid: string): Registry | undefined;
  /** The core controller or service of a content type, to tell what project code replaced. */
  core(kind: CoreKind, uid: string): Registry | undefined;
  middleware(name: string): LoadedModule | undefined;
  policy(name: string, api: string): LoadedModule | undefined;
  /** Where a registry entry comes from (for messages). */
  fileOf(kind: 'controller' | 'service', uid: string): string | undefined;
  /** Says something about the project's code at run time, once per distinct line. */
  report(line: string): void;
}

export interface ProjectAppOptions {
  /** The content API prefix (`config/api` `rest.prefix`, default `/api`). */
  readonly restPrefix: string;
  readonly log?: (line: string) => void;
  /** The upload plugin's `upload` service over the media library (its folder's, given here; 501s without it). */
  readonly uploadService?: (current: () => Runtime) => Record<string, unknown>;
}

export async function createProjectApp(code: ProjectCode, current: () => Runtime, options: ProjectAppOptions): Promise<ProjectApp> {
  const scopes = new RequestScopes();
  const hooks: { middlewares: DocumentMiddleware[]; subscribers: LifecycleSubscriber[] } = { middlewares: [], subscribers: [] };
  const problems: CodeError[] = [...code.problems];
  const views = new WeakMap<ContentType, unknown>();
  const contentTypeOf = (type: ContentType) => {
    let v = views.get(type);
    if (!v) views.set(type, (v = contentTypeView(type)));
    return v;
  };
  const controllers = new Map<string, Registry>();
  const services = new Map<string, Registry>();
  const cores = new Map<string, Registry>();
  const log = options.log ?? ((line: string) => console.log(line));
  const said = new Set<string>();

  const deps: CoreApiDeps = {
    current,
    scopes,
    hooks,
    contentTypeOf,
    service: (uid) => service(uid),
  };
  const core = (kind: CoreKind, uid: string): Registry | undefined => {
    if (!current().model.contentTypes.has(uid)) return undefined;
    const key = `${kind}\u0000${uid}`;
    let c = cores.get(key);
    if (!c) cores.set(key, (c = (kind === 'controller' ? coreController(deps, uid) : coreService(deps, uid)) as Registry));
    return c;
  };
  // Strapi registers an API's controller or service only where its folder holds the file (no default one is made):
  // `strapi.service(uid)` is undefined without it, and a core controller's action then fails on it (Strapi's 500). A
  // file that is there but cannot load here falls back to the core one (said at start-up).
  const declared = (kind: CoreKind, uid: string) => {
    const m = /^api::([^.]+)\.(.+)$/.exec(uid);
    if (!m) return true;
    const api = code.files.apis.find((a) => a.api === m[1]);
    return api !== undefined && (kind === 'controller' ? api.controllers : api.services).some((f) => f.name === m[2]);
  };
  const instantiate = (m: LoadedModule | undefined, kind: CoreKind, uid: string): Registry | undefined => {
    if (!m) return declared(kind, uid) ? core(kind, uid) : undefined;
    try {
      const v = typeof m.value === 'function' ? (m.value as Fn)({ strapi }) : m.value;
      if (v && typeof v === 'object') return v as Registry;
      problems.push(new CodeErrorClass(m.file, undefined, `the ${kind} exports no object`));
    } catch (e) {
      problems.push(new CodeErrorClass(m.file, undefined, `the ${kind} cannot be built: ${e instanceof Error ? e.message : String(e)}`));
    }
    return core(kind, uid);
  };
  // the users & permissions plugin's controllers, as the project's extension left them (set once it has run)
  let pluginControllers: Readonly<Record<string, Record<string, unknown>>> = {};
  const controller = (uid: string) => {
    const plugin = /^plugin::users-permissions\.(.+)$/.exec(uid);
    if (plugin) return pluginControllers[plugin[1]] as Registry | undefined;
    let c = controllers.get(uid);
    if (!c) {
      c = instantiate(code.controllers.get(uid), 'controller', uid);
      if (c) controllers.set(uid, c);
    }
    return c;
  };
  const service = (uid: string) => {
    const plugin = /^plugin::([^.]+)\.(.+)$/.exec(uid);
    const own = plugin && !code.services.has(uid) ? pluginService(plugin[1], plugin[2]) : undefined;
    if (own) return own as Registry;
    let s = services.get(uid);
    if (!s) {
      s = instantiate(code.services.get(uid), 'service', uid);
      if (s) services.set(uid, s);
    }
    return s;
  };

  /** `strapi.services` / `strapi.controllers`: an object by uid, each entry what `strapi.service(uid)` answers. */
  const registryView = (lookup: (uid: string) => Registry | undefined) =>
    new Proxy({} as Record<string, Registry | undefined>, {
      get: (_t, key) => (typeof key === 'string' ? lookup(key) : undefined),
      has: (_t, key) => typeof key === 'string' && lookup(key) !== undefined,
    });

  const files = code.root ? readConfigDir(code.root) : { values: {}, problems: [] };
  // Strapi's own files are read (and reported) where the mock uses them; a file of the project's own is for its code
  const own = (file: string) => !/^(server|database|admin|api|middlewares|plugins|features)$/.test(basename(file, extname(file)));
  for (const p of files.problems.filter((f) => own(f.file)))
    problems.push(new CodeErrorClass(p.file, undefined, `config cannot be read here: ${p.error}`));
  const config = strapiConfig(
    {
      ...files.values,
      server: serverConfigOf(files.values.server, code.root ? projectEnvVars(code.root) : process.env, hostname()),
    },
    {
      api: () => {
        const rt = current();
        const fileApi = files.values.api as Record<string, unknown> | undefined;
        // the project's own `rest.prefix` (`/v1`): routes are kept under `options.restPrefix` inside, served under it
        return { ...fileApi, rest: { ...rt.config.rest }, documents: rt.config.documents };
      },
    },
  );
  const documents = Object.assign((uid: string) => documentService({ current, scopes, hooks, contentTypeOf }, uid), {
    use(mw: DocumentMiddleware) {
      hooks.middlewares.push(mw);
      return documents;
    },
  });
  const docs = documents as unknown as Parameters<typeof entityService>[1];
  // the query engine: its calls run the type's lifecycles (the database's), not the document service middlewares
  const bare = ((uid: string) =>
    documentService({ current, scopes, hooks: NO_HOOKS, contentTypeOf, queryEngine: true }, uid)) as unknown as typeof docs;
  const query = (uid: string) =>
    dbQuery(current, bare, uid, (name, params, run) => {
      const type = current().model.contentTypes.get(uid);
      return runLifecycleHooks(hooks, uid, type ? contentTypeOf(type) : undefined, name, params, run);
    });
  const upServices = usersPermissionsServices(current, docs, query);
  // without route files the generic API serves every content type (its core routers' actions)
  const actions = () =>
    code.hasRoutes
      ? contentApiActions(routes, (uid) => {
          const c = controller(uid);
          const keys: string[] = [];
          for (const k in c ?? {}) keys.push(k);
          return keys;
        })
      : coreContentApiActions(current().model);
  for (const [name, s] of usersPermissionsRoleServices(current, query, actions)) upServices.set(name, s);
  const email = emailService(current);
  // what the mock does not provide of it names itself when called (a 501 naming the API)
  const uploadMethods = options.uploadService?.(current) ?? {};
  const upload = new Proxy(uploadMethods, {
    get: (t, key) =>
      typeof key === 'symbol' || key in t || key === 'then'
        ? t[key as string]
        : unsupported(`strapi.plugin('upload').service('upload').${key}`),
  });
  const locales = i18nLocalesService(current);
  const graphql = graphqlExtensionRecord();
  const graphqlExtension = graphqlExtensionService(graphql);
  const graphqlServices = graphqlPluginServices(current);
  // the installed plugins' own services come first: they are what `strapi.plugin(name)` holds for them
  const pluginService = (plugin: string, name: string) =>
    installed.get(plugin)?.service(name) ??
    (plugin === 'users-permissions'
      ? upServices.get(name)
      : plugin === 'email' && name === 'email'
        ? email
        : plugin === 'upload' && name === 'upload'
          ? upload
          : plugin === 'i18n' && name === 'locales'
            ? locales
            : plugin === 'graphql' && name === 'extension'
              ? graphqlExtension
              : plugin === 'graphql'
                ? graphqlServices[name]
                : undefined);
  const target: Record<string | symbol, unknown> = {
    [CORE_BUILDER]: {
      build: (kind: CoreKind, uid: string, cfg: unknown) => {
        const base = core(kind, uid);
        if (!base) throw new Error(`no content type ${uid} in the schemas`);
        // each factory call gets its own copy of the core methods, as Strapi's does
        const fresh = (kind === 'controller' ? coreController(deps, uid) : coreService(deps, uid)) as Record<string, unknown>;
        return extendCore(fresh, cfg, strapi);
      },
    },
    documents,
    service: (uid: string) => service(uid),
    controller: (uid: string) => controller(uid),
    // the registries by uid (`strapi.services['api::article.article'].findOneBySlug(...)`), as Strapi's getters give
    services: registryView(service),
    controllers: registryView(controller),
    contentType: (uid: string) => {
      const t = current().model.contentTypes.get(uid);
      return t ? contentTypeOf(t) : undefined;
    },
    getModel: (uid: string) => {
      const rt = current();
      const t = rt.model.contentTypes.get(uid);
      if (t) return contentTypeOf(t);
      const c = rt.model.components.get(uid);
      return c ? componentView(c) : undefined;
    },
    get contentTypes() {
      return Object.fromEntries([...current().model.contentTypes.values()].map((t) => [t.uid, contentTypeOf(t)]));
    },
    get components() {
      return Object.fromEntries([...current().model.components.values()].map((c) => [c.uid, componentView(c)]));
    },
    config,
    log: {
      info: (...a: unknown[]) => log(`[project] ${a.map(String).join(' ')}`),
      warn: (...a: unknown[]) => log(`[project] warn: ${a.map(String).join(' ')}`),
      error: (...a: unknown[]) => log(`[project] error: ${a.map(String).join(' ')}`),
      debug: () => {},
      http: () => {},
      verbose: () => {},
    },
    requestContext: { get: () => scopes.get()?.ctx },
    db: {
      lifecycles: {
        subscribe: (s: LifecycleSubscriber | Fn) => {
          if (typeof s === 'object' && s !== null) hooks.subscribers.push(s);
        },
      },
      query,
      connection: knexConnection(current),
    },
    query,
    entityService: entityService(current, docs, query),
    store: coreStore(current),
    contentAPI: contentApiHelpers(current, scopes),
    plugin: (name: string) => ({
      service: (n: string) => pluginService(name, n) ?? unsupported(`strapi.plugin('${name}').service('${n}')`),
      controller: (n: string) => installed.get(name)?.controller(n) ?? unsupported(`strapi.plugin('${name}').controller('${n}')`),
      contentType: (n: string) => {
        const t = current().model.contentTypes.get(`plugin::${name}.${n}`);
        return t ? contentTypeOf(t) : undefined;
      },
      config: (key: string, fallback?: unknown) => config.get(`plugin::${name}.${key}`, fallback),
      // the email plugin's provider: what its service sends through
      ...(name === 'email' ? { provider: { send: email.send } } : {}),
    }),
    // v4's spelling: `strapi.plugins['users-permissions'].services.jwt`
    plugins: { 'users-permissions': { services: Object.fromEntries(upServices) }, email: { services: { email } } },
    apis: {},
  };
  // custom fields were registered when the schemas were read (plugin-custom-fields): a plugin's register repeats it
  target.customFields = { register: () => undefined, get: () => undefined };
  // the admin panel is not served: what a plugin registers for it (permission actions, settings) is let through
  target.admin = inertStandIn();
  const strapi = new Proxy(target, {
    get: (t, key) => (key in t ? t[key] : typeof key === 'symbol' || key === 'then' ? undefined : unsupported(`strapi.${key}`)),
  });
  code.bind(strapi);
  const installed = installedPluginRuntimes(code.plugins, strapi, problems);

  // Plugin extensions run while Strapi loads its plugins, before register: the users & permissions one is run here.
  const upExtension = code.extensions.get('users-permissions');
  let upRoutes: ReturnType<typeof extendUsersPermissions>['routes'] = [];
  try {
    const up = extendUsersPermissions(upExtension?.value, current, scopes, upServices, strapi);
    pluginControllers = up.controllers;
    upRoutes = up.routes;
  } catch (e) {
    if (upExtension)
      problems.push(new CodeErrorClass(upExtension.file, undefined, `fails here: ${e instanceof Error ? e.message : String(e)}`));
  }

  // the routes are read before register and bootstrap: Strapi loads them first, and the users & permissions plugin's
  // `getActions` (called from a bootstrap) lists the actions they name
  const routes: CompiledRoute[] = [];
  for (const r of code.routers) {
    try {
      const router = (typeof r.value === 'function' ? (r.value as Fn)({ strapi }) : r.value) as {
        prefix?: string;
        routes?: RouteSpec[];
      } | null;
      const list = router?.routes;
      if (!Array.isArray(list)) {
        problems.push(new CodeErrorClass(r.file, undefined, 'exports no `routes` list'));
        continue;
      }
      for (const spec of list) {
        const own = spec.config && Object.hasOwn(spec.config, 'prefix');
        routes.push(compileRoute(spec, r.api, r.file, `${options.restPrefix}${own ? '' : (router?.prefix ?? '')}`));
      }
    } catch (e) {
      problems.push(new CodeErrorClass(r.file, undefined, `its routes cannot be read: ${e instanceof Error ? e.message : String(e)}`));
    }
  }

  // the plugin's routes an extension changed or added come after the APIs' (Strapi registers plugins' routes last)
  for (const r of upRoutes)
    routes.push(compileRoute(r.spec, 'users-permissions', upExtension?.file ?? '', `${options.restPrefix}${r.prefix}`));

  // Lifecycles files and src/index's register and bootstrap, as Strapi runs them before it serves.
  for (const [uid, m] of code.lifecycles) {
    if (m.value && typeof m.value === 'object') hooks.subscribers.push({ models: [uid], ...(m.value as Record<string, unknown>) });
  }
  const problemsBefore = code.problems.length;
  const index = code.index?.value as { register?: Fn; bootstrap?: Fn } | undefined;
  // (src/index loads here, after bind: what failed as it loaded is said with the rest)
  problems.push(...code.problems.slice(problemsBefore));
  for (const phase of ['register', 'bootstrap'] as const) {
    // the plugins' phase before the project's, as Strapi runs them
    for (const plugin of installed.values()) {
      const failed = await plugin.run(phase);
      if (failed) problems.push(failed);
    }
    const fn = index?.[phase];
    if (typeof fn !== 'function') continue;
    try {
      // the users & permissions plugin's bootstrap made its roles and their permission rows before the project's:
      // a starter's bootstrap looks the public role up to grant it actions
      if (phase === 'bootstrap') await ensureUsersPermissions(current());
      await fn.call(index, { strapi });
    } catch (e) {
      // named at the project line the error left (src/index or a helper it bundled), not only src/index
      const place = placeInModules(e, [code.index!, ...code.modules]);
      problems.push(
        new CodeErrorClass(
          place?.file ?? code.index!.file,
          place?.line,
          `${phase}() fails here: ${e instanceof Error ? e.message : String(e)}`,
        ),
      );
    }
  }

  // the registered actions, once asked (routes and controllers do not change while the app lives)
  let registered: Set<string> | undefined;
  const app: ProjectApp = {
    code,
    strapi,
    routes,
    scopes,
    hooks,
    graphql,
    graphqlProject: projectGraphql(() => app),
    problems,
    contentApiActions: actions,
    hasContentApiAction: (action) =>
      (registered ??= new Set(
        actions().flatMap(([type, controllers]) =>
          Object.entries(controllers).flatMap(([name, list]) => list.map((a) => `${type}.${name}.${a}`)),
        ),
      )).has(action),
    controller,
    service,
    core,
    middleware: (name) => code.middlewares.get(name),
    policy: (name, api) =>
      name.includes('::') ? code.policies.get(name) : (code.policies.get(`api::${api}.${name}`) ?? code.policies.get(`global::${name}`)),
    fileOf: (kind, uid) => (kind === 'controller' ? code.controllers : code.services).get(uid)?.file,
    report: (line) => {
      if (said.has(line)) return;
      said.add(line);
      log(`content-mock: ${line}`);
    },
  };
  return app;
}

export { where };
