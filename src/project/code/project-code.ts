import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import type { ContentModel } from '../../core/model/types.js';
import { CodeError } from './code-error.js';
import { findCodeFiles, hasCode, type CodeFile, type ProjectCodeFiles } from './code-files.js';
import { compileCodeModules, loadCodeModule, ProjectModules, type LoadedModule } from './load-code-module.js';
import { readStrapiConfig } from '../read-strapi-config.js';
import { createStrapiEnv, projectEnvVars } from '../strapi-env.js';
import { ownStrapiError, strapiModule, utilsModule } from './strapi-modules.js';
import type { StrapiError } from '../../core/errors/strapi-errors.js';
import { installedPlugins } from './installed-plugins.js';

// The project's server code, loaded once per model: every module evaluated (a module that cannot load is a problem
// with its file and line, and the rest still loads), keyed the way Strapi registers them.

export interface RouterModule extends LoadedModule {
  readonly api: string;
  readonly name: string;
}

export interface ProjectCode {
  readonly files: ProjectCodeFiles;
  /** The project's folder (where `config/` is), when its code sits in a `src/` folder as Strapi lays it out. */
  readonly root: string | undefined;
  /** Router modules in Strapi's registration order (APIs by name, then their route files by name). */
  readonly routers: readonly RouterModule[];
  /** `api::<api>.<name>` → module. */
  readonly controllers: ReadonlyMap<string, LoadedModule>;
  readonly services: ReadonlyMap<string, LoadedModule>;
  /** `api::<api>.<name>` and `global::<name>` → module. */
  readonly middlewares: ReadonlyMap<string, LoadedModule>;
  readonly policies: ReadonlyMap<string, LoadedModule>;
  /** Content type uid → its lifecycles module. */
  readonly lifecycles: ReadonlyMap<string, LoadedModule>;
  /** `extensions/<plugin>/strapi-server.*` by plugin name: functions that customise the plugin object. */
  readonly extensions: ReadonlyMap<string, LoadedModule>;
  /** `src/index`: `register` and `bootstrap`. */
  readonly index: LoadedModule | undefined;
  /**
   * The server code of the plugins the project installs (not Strapi's own), in the order Strapi loads them: their
   * `register` and `bootstrap` run before the project's, their services answer `strapi.plugin(name)`.
   */
  readonly plugins: readonly { readonly name: string; readonly module: LoadedModule }[];
  /**
   * The project's own global middlewares from `config/middlewares` (Strapi's `strapi::*` ones are the mock's own
   * behaviour), each with its config, in the order the file lists them.
   */
  readonly globalMiddlewares: readonly { readonly name: string; readonly module: LoadedModule; readonly config: unknown }[];
  /** Every module of the project loaded so far, the helpers its files import among them (an error's place is named by them). */
  readonly modules: readonly LoadedModule[];
  /** Modules that could not be loaded: each is left out, and said at start-up. */
  readonly problems: readonly CodeError[];
  /** Whether any route file exists: then only the routes they declare are served, as in Strapi. */
  readonly hasRoutes: boolean;
  /** Points the global `strapi` every module sees at the running mock's. */
  bind(strapi: object): void;
  /** An error the project's installed @strapi/utils threw, as the mock's error of its class (see ownStrapiError). */
  strapiError(e: unknown): StrapiError | undefined;
}

/** The project's own `@strapi/utils` (a dependency of @strapi/strapi), or undefined when it cannot be loaded here. */
function installedStrapiUtils(root: string): Record<string, unknown> | undefined {
  try {
    const loaded: unknown = createRequire(join(root, 'package.json'))('@strapi/utils');
    return typeof loaded === 'object' && loaded !== null ? (loaded as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Loads the server code of the project whose `src/` is given; undefined when it has none. */
export function loadProjectCode(src: string, model: ContentModel): ProjectCode | undefined {
  const files = findCodeFiles(src);
  const root = basename(src) === 'src' ? dirname(src) : undefined;
  const installed = root ? installedPlugins(root) : [];
  if (!hasCode(files) && installed.length === 0) return undefined;
  // Strapi sets NODE_ENV to development where it is unset, as it loads its configuration (before any project code):
  // a bootstrap that acts only `if (process.env.NODE_ENV === 'development')` acts under `strapi develop`
  if (typeof process !== 'undefined' && !process.env.NODE_ENV) process.env.NODE_ENV = 'development';
  let target: object = {};
  // Modules read the global `strapi` when they run, not when they load: a forwarder lets the mock set it later.
  const strapi = new Proxy(
    {},
    {
      get: (_t, key) => Reflect.get(target, key),
      has: (_t, key) => Reflect.has(target, key),
    },
  );
  const env = createStrapiEnv(root ? projectEnvVars(root) : { ...process.env });
  // the project's own @strapi/utils, read once the first module imports it (it loads yup, zod, lodash: ~0.1 s)
  let strapiUtils: Record<string, unknown> | undefined;
  let utils: Record<string, unknown> | undefined;
  const provided = {
    '@strapi/strapi': strapiModule(model),
    get '@strapi/utils'() {
      strapiUtils ??= root ? installedStrapiUtils(root) : undefined;
      return (utils ??= utilsModule(env, strapiUtils));
    },
  };
  const problems: CodeError[] = [];
  // the project's files compiled in one esbuild run (compileCodeModules), each a module of its own as in Strapi's
  // dist/ (helpers they import are compiled when first required); installed plugins' server entries bundled whole
  const modules = new ProjectModules(
    compileCodeModules(
      [
        ...files.apis
          .flatMap((a) => [...a.routes, ...a.controllers, ...a.services, ...a.middlewares, ...a.policies, ...a.lifecycles])
          .map((f) => f.file),
        ...files.extensions,
        ...files.middlewares.map((f) => f.file),
        ...files.policies.map((f) => f.file),
        ...(files.index ? [files.index] : []),
      ],
      { bundle: false },
    ),
    { provided, strapi },
  );
  const plugins = compileCodeModules(installed.map((p) => p.file));
  const pluginFiles = new Set(installed.map((p) => resolve(p.file)));
  const load = (f: CodeFile): LoadedModule | undefined => {
    try {
      const path = resolve(f.file);
      if (pluginFiles.has(path)) return loadCodeModule(f.file, provided, strapi, undefined, plugins.get(path));
      return loadCodeModule(f.file, provided, strapi, undefined, undefined, modules);
    } catch (e) {
      const problem = e instanceof CodeError ? e : new CodeError(f.file, undefined, e instanceof Error ? e.message : String(e));
      // a helper several files import fails for each of them: said once
      if (!problems.some((p) => p.file === problem.file && p.line === problem.line && p.message === problem.message))
        problems.push(problem);
      return undefined;
    }
  };
  const routers: RouterModule[] = [];
  const controllers = new Map<string, LoadedModule>();
  const services = new Map<string, LoadedModule>();
  const middlewares = new Map<string, LoadedModule>();
  const policies = new Map<string, LoadedModule>();
  const lifecycles = new Map<string, LoadedModule>();
  const into = (map: Map<string, LoadedModule>, key: string, f: CodeFile) => {
    const m = load(f);
    if (m) map.set(key, m);
  };
  for (const api of files.apis) {
    for (const f of api.routes) {
      const m = load(f);
      if (m) routers.push({ ...m, api: api.api, name: f.name });
    }
    for (const f of api.controllers) into(controllers, `api::${api.api}.${f.name}`, f);
    for (const f of api.services) into(services, `api::${api.api}.${f.name}`, f);
    for (const f of api.middlewares) into(middlewares, `api::${api.api}.${f.name}`, f);
    for (const f of api.policies) into(policies, `api::${api.api}.${f.name}`, f);
    for (const f of api.lifecycles) into(lifecycles, `api::${api.api}.${f.name}`, f);
  }
  const extensions = new Map<string, LoadedModule>();
  for (const file of files.extensions) into(extensions, basename(dirname(file)), { name: 'strapi-server', file });
  for (const f of files.middlewares) into(middlewares, `global::${f.name}`, f);
  for (const f of files.policies) into(policies, `global::${f.name}`, f);
  // `src/index` is loaded once the global `strapi` is the mock's (bind): Strapi loads it after its container holds its
  // services, so a module whose top level calls `strapi.documents.use(...)` runs there (a slug middleware registered
  // as the file loads, outside register)
  let index: LoadedModule | undefined;
  let indexRead = false;
  const globalMiddlewares = root ? readGlobalMiddlewares(root, middlewares, load, problems) : [];
  const pluginModules = installed.flatMap((p) => {
    const module = load(p);
    if (!module) return [];
    // a server entry that exports a function is called as Strapi's config loader calls it: with `{ env }`
    if (typeof module.value !== 'function') return [{ name: p.name, module }];
    try {
      return [{ name: p.name, module: { ...module, value: (module.value as (a: unknown) => unknown)({ env }) } }];
    } catch (e) {
      problems.push(
        new CodeError(p.file, undefined, `plugin ${p.name}: its server code fails here: ${e instanceof Error ? e.message : String(e)}`),
      );
      return [];
    }
  });
  return {
    plugins: pluginModules,
    modules: modules.loaded,
    globalMiddlewares,
    root,
    strapiError: (e) => ownStrapiError(e, strapiUtils),
    files,
    routers,
    controllers,
    services,
    middlewares,
    policies,
    lifecycles,
    extensions,
    get index() {
      if (!indexRead) {
        indexRead = true;
        index = files.index ? load({ name: 'index', file: files.index }) : undefined;
      }
      return index;
    },
    problems,
    hasRoutes: files.apis.some((a) => a.routes.length > 0),
    bind(s: object) {
      target = s;
    },
  };
}

const CODE_EXTENSIONS = ['.ts', '.js', '.mjs', '.cjs'];

/** `config/middlewares`: the project's entries (by `global::` name, or `resolve` to a file), Strapi's left out. */
function readGlobalMiddlewares(
  root: string,
  middlewares: ReadonlyMap<string, LoadedModule>,
  load: (f: CodeFile) => LoadedModule | undefined,
  problems: CodeError[],
): ProjectCode['globalMiddlewares'] {
  const read = readStrapiConfig(root, 'middlewares');
  if (!read) return [];
  if (!read.ok) {
    problems.push(new CodeError(read.file, undefined, `cannot be read: ${read.error}`));
    return [];
  }
  const list: unknown = read.value;
  if (!Array.isArray(list)) return [];
  const out: { name: string; module: LoadedModule; config: unknown }[] = [];
  for (const item of list) {
    const name = typeof item === 'string' ? item : (item as { name?: unknown; resolve?: unknown } | null)?.name;
    const resolved = (item as { resolve?: unknown } | null)?.resolve;
    const config = typeof item === 'object' && item !== null ? ((item as { config?: unknown }).config ?? {}) : {};
    if (typeof name === 'string' && name.startsWith('strapi::')) continue;
    const module =
      typeof name === 'string'
        ? middlewares.get(name)
        : typeof resolved === 'string'
          ? load({ name: resolved, file: resolveFile(join(root, resolved)) })
          : undefined;
    if (!module) {
      problems.push(
        new CodeError(read.file, undefined, `middleware ${JSON.stringify(name ?? resolved ?? item)} is not in the project (skipped)`),
      );
      continue;
    }
    out.push({ name: String(name ?? resolved), module, config });
  }
  return out;
}

/** A path as `require` would take it: the file itself, or with a code extension, or its index. */
function resolveFile(path: string): string {
  for (const candidate of [path, ...CODE_EXTENSIONS.map((e) => path + e), ...CODE_EXTENSIONS.map((e) => join(path, `index${e}`))]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return path;
}

/**
 * The actions a project's routes name on each controller (`api::article.article` → find, findBySlug…), read from
 * routers that are plain objects: permissions may grant them, as Strapi's roles do.
 */
export function routeActions(code: ProjectCode | undefined, method?: string): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const r of code?.routers ?? []) {
    let routes: unknown;
    try {
      routes = (r.value as { routes?: unknown } | null)?.routes;
    } catch {
      continue;
    }
    if (!Array.isArray(routes)) continue;
    for (const route of routes as { handler?: unknown; method?: unknown }[]) {
      if (typeof route?.handler !== 'string') continue;
      if (method !== undefined && String(route.method).toUpperCase() !== method) continue;
      const h = route.handler.trim();
      const dot = h.lastIndexOf('.');
      const controller = h.slice(0, dot);
      const uid = controller.includes('::') ? controller : `api::${r.api}.${controller}`;
      let set = out.get(uid);
      if (!set) out.set(uid, (set = new Set()));
      set.add(h.slice(dot + 1));
    }
  }
  return out;
}
