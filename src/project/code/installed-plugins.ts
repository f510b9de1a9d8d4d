import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { isPlainObject } from '../../core/is-plain-object.js';
import { readStrapiConfig } from '../read-strapi-config.js';

// The plugins a Strapi project installs besides Strapi's own (`@strapi/*`, which the mock implements itself): found
// as Strapi finds them, with the file of their server code.

export interface PluginEntry {
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
export function installedPlugins(root: string): PluginEntry[] {
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
