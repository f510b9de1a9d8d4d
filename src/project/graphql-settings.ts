import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, DEFAULT_GRAPHQL, type GraphqlSettings } from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';

// Whether a project serves GraphQL, and with which settings: the plugin in its package.json or a `graphql` entry in
// its config/plugins turns it on (settings scanned from that file as literals: it is the user's code), and the
// config file's `graphql` (true, false or the settings) decides over both.

const NUMBER_KEYS = ['defaultLimit', 'maxLimit', 'depthLimit'] as const;
const FLAG_KEYS = ['shadowCRUD', 'landingPage', 'v4CompatibilityMode'] as const;

function hasPluginDependency(projectRoot: string): boolean {
  const file = join(projectRoot, 'package.json');
  if (!existsSync(file)) return false;
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return ['dependencies', 'devDependencies'].some((k) => isPlainObject(pkg[k]) && '@strapi/plugin-graphql' in pkg[k]);
  } catch {
    return false;
  }
}

/** The `graphql` block of config/plugins.(js|ts), its literal settings; undefined when the file has none. */
function pluginsFileSettings(projectRoot: string): Record<string, unknown> | undefined {
  for (const name of ['plugins.ts', 'plugins.js']) {
    const file = join(projectRoot, 'config', name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"])\/\/.*$/gm, '$1');
    const at = /['"]?graphql['"]?\s*:\s*\{/.exec(text);
    if (!at) return undefined;
    // the block up to its closing brace
    let depth = 0;
    let end = at.index + at[0].length - 1;
    for (; end < text.length; end++) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}' && --depth === 0) break;
    }
    const block = text.slice(at.index, end + 1);
    const out: Record<string, unknown> = {};
    if (/\benabled['"]?\s*:\s*false\b/.test(block)) out.enabled = false;
    for (const key of NUMBER_KEYS) {
      const m = new RegExp(`\\b${key}['"]?\\s*:\\s*(-?\\d+)`).exec(block);
      if (m) out[key] = Number(m[1]);
    }
    for (const key of FLAG_KEYS) {
      const m = new RegExp(`\\b${key}['"]?\\s*:\\s*(true|false)\\b`).exec(block);
      if (m) out[key] = m[1] === 'true';
    }
    const endpoint = /\bendpoint['"]?\s*:\s*['"]([^'"]+)['"]/.exec(block);
    if (endpoint) out.endpoint = endpoint[1];
    return out;
  }
  return undefined;
}

function settingsFrom(raw: Record<string, unknown>, where: string): GraphqlSettings {
  const out: Record<string, unknown> = { ...DEFAULT_GRAPHQL };
  for (const key of NUMBER_KEYS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v)) throw new ConfigError(`${where}: graphql.${key} must be a whole number`);
    out[key] = v;
  }
  for (const key of FLAG_KEYS) {
    const v = raw[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw new ConfigError(`${where}: graphql.${key} must be true or false`);
    out[key] = v;
  }
  if (raw.endpoint !== undefined) {
    if (typeof raw.endpoint !== 'string' || !raw.endpoint.startsWith('/'))
      throw new ConfigError(`${where}: graphql.endpoint must be a path like "/graphql"`);
    out.endpoint = raw.endpoint;
  }
  return Object.freeze(out) as unknown as GraphqlSettings;
}

export function readGraphqlSettings(raw: unknown, projectRoot: string | undefined, where: string): GraphqlSettings | null {
  if (raw !== undefined && typeof raw !== 'boolean' && !isPlainObject(raw))
    throw new ConfigError(`${where}: "graphql" must be true, false or the plugin's settings ({defaultLimit, maxLimit, depthLimit, …})`);
  if (raw === false) return null;
  const fromProject = projectRoot ? pluginsFileSettings(projectRoot) : undefined;
  const projectHas =
    projectRoot !== undefined && (hasPluginDependency(projectRoot) || (fromProject !== undefined && fromProject.enabled !== false));
  if (raw === undefined && !projectHas) return null;
  if (isPlainObject(raw) && raw.enabled === false) return null;
  const given = isPlainObject(raw) ? raw : {};
  const { enabled: _enabled, ...settings } = { ...(fromProject ?? {}), ...given };
  return settingsFrom(settings, where);
}
