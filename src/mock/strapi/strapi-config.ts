import { isPlainObject } from '../../core/is-plain-object.js';

// `strapi.config`: Strapi's config provider over what the project's config files hold. Its keys are the file
// names (read as properties too: `strapi.config['population-schemas']`), `get`/`has` take lodash paths (dots or a
// list; `plugin.x` means `plugin::x`, as Strapi 5 still accepts), and `set` writes for the rest of the run.

type Path = string | readonly (string | number)[];

function partsOf(path: Path): string[] {
  const joined = typeof path === 'string' ? path : path.map(String).join('.');
  const named = joined.startsWith('plugin.') ? `plugin::${joined.slice('plugin.'.length)}` : joined;
  // lodash reads `a[0].b` as a, 0, b
  return named.split(/\.|\[(\d+)\]/).filter((p): p is string => p !== undefined && p !== '');
}

function lookup(obj: unknown, parts: readonly string[]): { found: boolean; value: unknown } {
  let cur = obj;
  for (const part of parts) {
    if (cur === null || typeof cur !== 'object' || !(part in cur)) return { found: false, value: undefined };
    cur = (cur as Record<string, unknown>)[part];
  }
  return { found: true, value: cur };
}

export interface StrapiConfig {
  get(path: Path, fallback?: unknown): unknown;
  set(path: Path, value: unknown): StrapiConfig;
  has(path: Path): boolean;
  [key: string]: unknown;
}

/**
 * The provider over `files` (config/<name> by name) and `live` keys computed on each read (what the mock resolves
 * from the config and may change on reload, such as `api`). Each plugin's `config` from config/plugins is also
 * `plugin::<name>`, where Strapi keeps it once the plugin loads.
 */
export function strapiConfig(files: Readonly<Record<string, unknown>>, live: Readonly<Record<string, () => unknown>>): StrapiConfig {
  const state: Record<string, unknown> = { ...files };
  const plugins = files.plugins;
  if (isPlainObject(plugins))
    for (const [name, entry] of Object.entries(plugins))
      if (isPlainObject(entry) && isPlainObject(entry.config)) state[`plugin::${name}`] = entry.config;
  for (const [key, read] of Object.entries(live))
    Object.defineProperty(state, key, {
      get: read,
      // a set under it keeps a copy of its current value from then on
      set: (value: unknown) => Object.defineProperty(state, key, { value, writable: true, enumerable: true, configurable: true }),
      enumerable: true,
      configurable: true,
    });
  const provider: StrapiConfig = {
    get: (path, fallback) => {
      const hit = lookup(state, partsOf(path));
      return hit.value === undefined ? fallback : hit.value;
    },
    has: (path) => lookup(state, partsOf(path)).found,
    set: (path, value) => {
      const parts = partsOf(path);
      // a live key written under becomes the project's own copy (never the mock's resolved config itself)
      if (parts.length > 1 && parts[0] in live && Object.getOwnPropertyDescriptor(state, parts[0])?.get)
        state[parts[0]] = structuredClone(state[parts[0]]);
      let cur = state;
      parts.slice(0, -1).forEach((part, i) => {
        // lodash makes a missing step a list when the next key is an index
        if (!isPlainObject(cur[part]) && !Array.isArray(cur[part])) cur[part] = /^\d+$/.test(parts[i + 1]) ? [] : {};
        cur = cur[part] as Record<string, unknown>;
      });
      if (parts.length > 0) cur[parts[parts.length - 1]] = value;
      return provider;
    },
  };
  // the file names as properties, as Strapi spreads its config into the provider
  for (const key of Object.keys(state)) Object.defineProperty(provider, key, { get: () => state[key], enumerable: true });
  return provider;
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '0.0.0.0', '::1', '::'];

/**
 * `config/server` as Strapi's configuration loader completes it: its defaults under the file's values (the host from
 * HOST or the machine's name, the port from PORT or 1337), `url` normalised (a relative one gets its leading slash,
 * '' by default) and `absoluteUrl` computed, as project code reads them to build links (`server.url`, `server.host`).
 */
export function serverConfigOf(
  file: unknown,
  env: Readonly<Record<string, string | undefined>>,
  hostname: string,
): Record<string, unknown> {
  const own = isPlainObject(file) ? file : {};
  const nested = (key: string, base: Record<string, unknown>) => ({ ...base, ...(isPlainObject(own[key]) ? own[key] : {}) });
  const server: Record<string, unknown> = {
    host: env.HOST || hostname || 'localhost',
    port: Number(env.PORT) || 1337,
    proxy: false,
    ...own,
    cron: nested('cron', { enabled: false }),
    dirs: nested('dirs', { public: './public' }),
  };
  let url = typeof own.url === 'string' ? own.url.replace(/^[/ ]+|[/ ]+$/g, '') : '';
  if (url.startsWith('http')) {
    try {
      url = new URL(url).toString().replace(/\/+$/, '');
    } catch {
      // Strapi refuses to start with it; the mock keeps it as written
    }
  } else if (url !== '') url = `/${url}`;
  const host = String(server.host);
  const origin = LOCAL_HOSTS.includes(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return { ...server, url, absoluteUrl: url.startsWith('http') ? url : `http://${origin}:${String(server.port)}${url}` };
}
