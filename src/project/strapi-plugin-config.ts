import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPlainObject } from '../core/is-plain-object.js';
import { readStrapiConfig } from './read-strapi-config.js';
import { DEEP_POPULATE_PLUGIN, DEFAULT_DEEP_POPULATE, type DeepPopulateSettings } from '../core/query/deep-populate.js';

// A Strapi project's `config/plugins.(ts|js)`, the settings that change answers, in content-mock's own config
// vocabulary (`usersPermissions`, `upload`) so that resolveConfig reads both the same way, the config file winning.

export interface ProjectPluginConfig {
  /** `usersPermissions` keys as the config file spells them (jwtExpiresIn in seconds). */
  readonly usersPermissions: Record<string, unknown>;
  readonly upload: Record<string, unknown>;
  /** The project has a config/plugins (Strapi's defaults then apply to what it leaves out). */
  readonly hasFile: boolean;
  /** @strapi/plugin-graphql is a dependency and config/plugins does not disable it. */
  readonly graphql: boolean;
  /** Its settings in config/plugins (`graphql.config`), as the file evaluates; {} when it sets none. */
  readonly graphqlConfig: Readonly<Record<string, unknown>>;
  /** strapi-v5-plugin-populate-deep is enabled as Strapi's plugin loader enables it: its settings; else null. */
  readonly populateDeep: DeepPopulateSettings | null;
  /** The file could not run here: why (its settings are then Strapi's defaults). */
  readonly problem?: string;
}

const UNITS: Readonly<Record<string, number>> = {
  ms: 0.001,
  msec: 0.001,
  msecs: 0.001,
  millisecond: 0.001,
  milliseconds: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86400,
  day: 86400,
  days: 86400,
  w: 604800,
  week: 604800,
  weeks: 604800,
  y: 31557600,
  yr: 31557600,
  yrs: 31557600,
  year: 31557600,
  years: 31557600,
};

/**
 * A jsonwebtoken `expiresIn` in seconds: a number is seconds, a string is read by `ms` ("7d", "2 days", "10h"; a
 * bare number in a string is milliseconds). Undefined for what jsonwebtoken would refuse.
 */
export function expiresInSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^(-?(?:\d+)?\.?\d+) *([a-z]+)?$/i.exec(value.trim());
  if (!m) return undefined;
  const unit = UNITS[(m[2] ?? 'ms').toLowerCase()];
  const seconds = unit === undefined ? undefined : Math.floor(parseFloat(m[1]) * unit);
  return seconds !== undefined && seconds > 0 ? seconds : undefined;
}

const configOf = (plugins: Record<string, unknown>, name: string): Record<string, unknown> => {
  const entry = plugins[name];
  return isPlainObject(entry) && isPlainObject(entry.config) ? entry.config : {};
};

function hasDependency(projectRoot: string, name: string, keys: readonly string[]): boolean {
  const file = join(projectRoot, 'package.json');
  if (!existsSync(file)) return false;
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    return keys.some((k) => isPlainObject(pkg[k]) && name in pkg[k]);
  } catch {
    return false;
  }
}

const disables = (entry: unknown) => entry === false || (isPlainObject(entry) && entry.enabled === false);

/**
 * Strapi's plugin loader enables an installed plugin (a package.json `dependencies` entry whose package is a Strapi
 * plugin) unless config/plugins disables it; a config/plugins entry alone (without `enabled: true`) enables nothing.
 */
function readPopulateDeep(projectRoot: string, plugins: Record<string, unknown>): DeepPopulateSettings | null {
  const entry = plugins[DEEP_POPULATE_PLUGIN];
  const declared = isPlainObject(entry) && entry.enabled === true;
  if (disables(entry) || (!declared && !hasDependency(projectRoot, DEEP_POPULATE_PLUGIN, ['dependencies']))) return null;
  const depth = configOf(plugins, DEEP_POPULATE_PLUGIN).defaultDepth;
  // the plugin reads `config('defaultDepth') || 5`
  return { defaultDepth: typeof depth === 'number' && depth ? depth : DEFAULT_DEEP_POPULATE.defaultDepth };
}

export function readStrapiPluginConfig(projectRoot: string): ProjectPluginConfig {
  const read = readStrapiConfig(projectRoot, 'plugins');
  const plugins = read?.ok ? read.value : {};
  const up = configOf(plugins, 'users-permissions');
  const usersPermissions: Record<string, unknown> = {};
  if (up.jwtManagement === 'refresh' || up.jwtManagement === 'legacy-support') usersPermissions.jwtManagement = up.jwtManagement;
  const expiresIn = isPlainObject(up.jwt) ? expiresInSeconds(up.jwt.expiresIn) : undefined;
  if (expiresIn !== undefined) usersPermissions.jwtExpiresIn = expiresIn;
  if (isPlainObject(up.register) && Array.isArray(up.register.allowedFields))
    usersPermissions.register = { allowedFields: up.register.allowedFields.filter((f) => typeof f === 'string') };
  // the plugin's defaults are merged under it (lodash merge): a key it leaves out keeps Strapi's value
  if (isPlainObject(up.ratelimit)) usersPermissions.ratelimit = up.ratelimit;
  const lifespan = isPlainObject(up.sessions) ? up.sessions.accessTokenLifespan : undefined;
  if (typeof lifespan === 'number' && lifespan > 0) usersPermissions.accessTokenLifespan = lifespan;

  const uploadConfig = configOf(plugins, 'upload');
  const upload: Record<string, unknown> = {};
  if (typeof uploadConfig.sizeLimit === 'number' && uploadConfig.sizeLimit > 0) upload.sizeLimit = uploadConfig.sizeLimit;
  if (isPlainObject(uploadConfig.breakpoints)) upload.breakpoints = uploadConfig.breakpoints;

  return {
    usersPermissions,
    upload,
    hasFile: read !== undefined,
    graphql: hasDependency(projectRoot, '@strapi/plugin-graphql', ['dependencies', 'devDependencies']) && !disables(plugins.graphql),
    populateDeep: readPopulateDeep(projectRoot, plugins),
    graphqlConfig: configOf(plugins, 'graphql'),
    ...(read !== undefined && !read.ok ? { problem: `${read.file}: ${read.error}` } : {}),
  };
}
