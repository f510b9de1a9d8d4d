import { resolve } from 'node:path';
import { isPlainObject } from '../../core/is-plain-object.js';
import { SCALAR_TYPES } from '../../core/model/types.js';
import { createStrapiEnv, projectEnvVars } from '../strapi-env.js';
import { CodeError } from './code-error.js';
import { compileCodeModules, loadCodeModule } from './load-code-module.js';
import { utilsModule } from './strapi-modules.js';
import { inertStandIn } from './inert-stand-in.js';
import { installedPlugins } from './installed-plugins.js';

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

/** Runs each plugin's `register` to learn its custom fields' types. */
export async function readPluginCustomFields(root: string): Promise<PluginCustomFields> {
  const fields: Record<string, string> = {};
  const problems: CodeError[] = [];
  const env = createStrapiEnv(projectEnvVars(root));
  const plugins = installedPlugins(root);
  // (all server entries bundled in one esbuild run: compileCodeModules)
  const compiled = compileCodeModules(plugins.map((p) => p.file));
  for (const plugin of plugins) {
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
      const loaded = loadCodeModule(plugin.file, provided, strapi, () => inertStandIn(), compiled.get(resolve(plugin.file)));
      let server = loaded.value;
      // Strapi's config loader calls a server entry that exports a function with `{ env }`
      if (typeof server === 'function') server = (server as (a: unknown) => unknown)({ env });
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
