import { existsSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { readStrapiConfig } from './read-strapi-config.js';

// Every file of a project's `config/` folder, by name, as Strapi loads them into `strapi.config` at start: its own
// files (server, api, database…) and any the project adds (`config/population-schemas.js` read by its controllers as
// `strapi.config['population-schemas']` or `strapi.config.get('population-schemas.x')`).

/** Names Strapi refuses to load from config/ (env variables and root-level options it keeps for itself). */
const RESTRICTED = new Set([
  'uuid',
  'hosting',
  'license',
  'enforce',
  'disable',
  'enable',
  'telemetry',
  'strapi',
  'internal',
  'launchedat',
  'serveadminpanel',
  'autoreload',
  'environment',
  'packagejsonstrapi',
  'info',
  'dirs',
  'middleware',
  'plugin',
]);

export interface ConfigDir {
  readonly values: Readonly<Record<string, unknown>>;
  /** Files that could not run here, each with why: their key is left out, as a module that cannot load. */
  readonly problems: readonly { readonly file: string; readonly error: string }[];
}

/** Reads `config/*` (TypeScript too: a TypeScript project loads the build of each file), env overrides merged. */
export function readConfigDir(projectRoot: string): ConfigDir {
  const dir = join(projectRoot, 'config');
  const values: Record<string, unknown> = {};
  const problems: { file: string; error: string }[] = [];
  if (!existsSync(dir)) return { values, problems };
  const seen = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const ext = extname(entry.name).toLowerCase();
    if (!entry.isFile() || !['.ts', '.js', '.json'].includes(ext) || entry.name.endsWith('.d.ts')) continue;
    const name = entry.name.slice(0, -ext.length);
    // one key per name (config/x.ts and config/x.js are one file before and after the build); case-insensitive, as Strapi
    if (RESTRICTED.has(name.toLowerCase()) || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    const read = readStrapiConfig(projectRoot, name);
    if (read?.ok) values[name] = read.value;
    else if (read) problems.push({ file: read.file, error: read.error });
  }
  return { values, problems };
}
