import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isPlainObject } from '../../core/is-plain-object.js';
import { SCALAR_TYPES } from '../../core/model/types.js';
import { readStrapiConfig } from '../read-strapi-config.js';
import { createStrapiEnv, projectEnvVars } from '../strapi-env.js';
import { CodeError } from './code-error.js';
import { loadCodeModule } from './load-code-module.js';
import { utilsModule } from './strapi-modules.js';
import { inertStandIn } from './inert-stand-in.js';

// The custom fields a project's plugins register. A schema names a custom field by uid only
// (`"customField": "plugin::tiptap.editor"`); its database type (richtext, string, json…) is what the plugin's
// server `register` gives `strapi.customFields.register`. The mock runs each plugin's `register` over a `strapi`
// that records those calls and ignores everything else, as Strapi does before it builds the content types.

export interface PluginCustomFields {
  /** Custom field uid → its type. */
  readonly fields: Readonly<Record<string, string>>;
  /** Plugins whose server code could not run here (their fields then stay unknown). */
  readonly problems: readonly CodeError[];
}

interface PluginEntry {
  readonly name: string;
  readonly file: string;
}

/** The server entry of a plugin folder: its package's `./strapi-server` export (built, else source), or strapi-server.js. */
function serverEntry(dir: string): string | undefined {
  const pkgFile = join(dir, 'package.json');
  if (existsSync(pkgFile)) {
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { exports?: Record<string, unknown> };
    const exp = isPlainObject(pkg.exports) ? pkg.exports['./strapi-server'] : undefined;
    const candidates = typeof exp === 'string' ? [exp] : isPlainObject(exp) ? [exp.require, exp.default, exp.source] : [];
    for (const c of candidates) if (typeof c === 'string' && existsSync(join(dir, c))) return join(dir, c);
  }
  for (const name of ['strapi-server.js', 'strapi-server.ts', 'server/index.ts', 'server/src/index.ts', 'server/index.js'])
    if (existsSync(join(dir, name))) return join(dir, name);
  return undefined;
}

/** The plugins Strapi loads: dependencies marked `strapi.kind: plugin`, and config/plugins entries with `resolve`. */
function pluginEntries(root: string): PluginEntry[] {
  const out: PluginEntry[] = [];
  const settings = readStrapiConfig(root, 'plugins');
  const configured = settings?.ok ? settings.value : {};
  const enabled = (name: string) => !(isPlainObject(configured[name]) && configured[name].enabled === false);
  const pkgFile = join(root, 'package.json');
  const deps = existsSync(pkgFile)
    ? Object.keys((JSON.parse(readFileSync(pkgFile, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {})
    : [];
  const projectRequire = createRequire(join(resolve(root), 'package.json'));
  for (const dep of deps) {
    if (dep.startsWith('@strapi/')) continue;
    let dir: string;
    try {
      dir = dirname(projectRequire.resolve(`${dep}/package.json`));
    } catch {
      continue; // not installed, or its package.json is not exported: Strapi could not load it either
    }
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { strapi?: { kind?: string; name?: string } };
    if (pkg.strapi?.kind !== 'plugin' || !pkg.strapi.name || !enabled(pkg.strapi.name)) continue;
    const file = serverEntry(dir);
    if (file) out.push({ name: pkg.strapi.name, file });
  }
  for (const [name, entry] of Object.entries(configured)) {
    if (!isPlainObject(entry) || typeof entry.resolve !== 'string' || entry.enabled === false) continue;
    const dir = resolve(root, entry.resolve);
    const file = existsSync(dir) && statSync(dir).isDirectory() ? serverEntry(dir) : existsSync(dir) ? dir : undefined;
    if (file && !out.some((p) => p.name === name)) out.push({ name, file });
  }
  return out;
}

/** Runs each plugin's `register` to learn its custom fields' types. */
export async function readPluginCustomFields(root: string): Promise<PluginCustomFields> {
  const fields: Record<string, string> = {};
  const problems: CodeError[] = [];
  const env = createStrapiEnv(projectEnvVars(root));
  for (const plugin of pluginEntries(root)) {
    const record = (path: string, args: unknown[]) => {
      if (path !== 'customFields.register') return;
      const given = Array.isArray(args[0]) ? (args[0] as unknown[]) : [args[0]];
      for (const f of given) {
        if (!isPlainObject(f) || typeof f.name !== 'string' || typeof f.type !== 'string') continue;
        if (!(SCALAR_TYPES as readonly string[]).includes(f.type)) continue;
        fields[`plugin::${typeof f.plugin === 'string' ? f.plugin : plugin.name}.${f.name}`] = f.type;
      }
    };
    const strapi = inertStandIn(record);
    try {
      // a package the plugin imports that is not installed here is a stand-in: only its registrations matter
      const provided = { '@strapi/utils': utilsModule(env), '@strapi/strapi': inertStandIn() };
      const loaded = loadCodeModule(plugin.file, provided, strapi, () => inertStandIn());
      let server = loaded.value;
      if (typeof server === 'function') server = (server as (a: unknown) => unknown)({ strapi });
      const register = isPlainObject(server) ? server.register : undefined;
      if (typeof register === 'function') {
        const ran = (register as (a: unknown) => unknown)({ strapi });
        // a register that waits on something (a network call) is given two seconds; what it registered by then counts
        if (ran instanceof Promise) {
          ran.catch(() => {}); // a late failure is not this run's: what it registered before counts
          await Promise.race([ran, new Promise((r) => setTimeout(r, 2000).unref())]);
        }
      }
    } catch (e) {
      problems.push(e instanceof CodeError ? e : new CodeError(plugin.file, undefined, e instanceof Error ? e.message : String(e)));
    }
  }
  return { fields, problems };
}
