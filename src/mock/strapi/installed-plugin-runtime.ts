import { isPlainObject } from '../../core/is-plain-object.js';
import { CodeError } from '../../project/code/code-error.js';
import type { LoadedModule } from '../../project/code/load-code-module.js';

// A plugin the project installs (a UUID or slug field that fills itself, an SEO helper): Strapi runs its server code
// with the project's, so what it does to the content (a lifecycle that fills a field on every write, a check that
// refuses a value) is part of the project's API. Its `register` and `bootstrap` run before the project's own, over
// the same `strapi`; its services and controllers answer `strapi.plugin(name)`. Its routes, content types and admin
// are not served (said at start-up when it has content-API routes).

type Registry = Record<string, unknown>;
type Fn = (...args: unknown[]) => unknown;

export interface InstalledPlugin {
  readonly name: string;
  readonly file: string;
  service(name: string): Registry | undefined;
  controller(name: string): Registry | undefined;
  /** Runs its `register` or `bootstrap`; a failure is the plugin's problem, with its file. */
  run(phase: 'register' | 'bootstrap'): Promise<CodeError | undefined>;
}

/** The plugins' server objects, made once over the mock's `strapi`. */
export function installedPluginRuntimes(
  plugins: readonly { readonly name: string; readonly module: LoadedModule }[],
  strapi: object,
  problems: CodeError[],
): ReadonlyMap<string, InstalledPlugin> {
  const out = new Map<string, InstalledPlugin>();
  for (const { name, module } of plugins) {
    // (a server entry exporting a function was called with `{ env }` when it was loaded, as Strapi calls it)
    const server: unknown = module.value;
    if (!isPlainObject(server)) continue;
    const made = new Map<string, Registry | undefined>();
    // a service or controller is a factory given `{ strapi }` (or a plain object), made on first use as Strapi does
    const instance = (kind: 'services' | 'controllers', n: string): Registry | undefined => {
      const key = `${kind}.${n}`;
      if (made.has(key)) return made.get(key);
      const table = isPlainObject(server) ? server[kind] : undefined;
      const entry = isPlainObject(table) ? table[n] : undefined;
      const value = typeof entry === 'function' ? (entry as Fn)({ strapi }) : entry;
      const registry = isPlainObject(value) ? (value as Registry) : undefined;
      made.set(key, registry);
      return registry;
    };
    const routes = server.routes;
    const contentApi = isPlainObject(routes) && isPlainObject(routes['content-api']) ? routes['content-api'].routes : undefined;
    if (Array.isArray(contentApi) && contentApi.length > 0)
      problems.push(
        new CodeError(module.file, undefined, `plugin ${name}: its ${contentApi.length} content-API routes are not served here`),
      );
    const object = server;
    out.set(name, {
      name,
      file: module.file,
      service: (n) => instance('services', n),
      controller: (n) => instance('controllers', n),
      async run(phase) {
        const fn = object[phase];
        if (typeof fn !== 'function') return undefined;
        try {
          await (fn as Fn).call(object, { strapi });
          return undefined;
        } catch (e) {
          return new CodeError(module.file, undefined, `plugin ${name}: ${phase}() fails here: ${messageOf(e)}`);
        }
      },
    });
  }
  return out;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
