import {
  ConfigError,
  DEFAULT_EMAIL_FROM,
  DEFAULT_ACCESS_TOKEN_LIFESPAN,
  DEFAULT_JWT_EXPIRES_IN,
  DEFAULT_UPLOAD_BREAKPOINTS,
  DEFAULT_UPLOAD_MAX_FILES,
  DEFAULT_UPLOAD_SIZE_LIMIT,
  DEFAULT_RATE_LIMIT,
  type ConfigRole,
  type ConfigUser,
  type PluginSettings,
  type RateLimitSettings,
  type RoleGrants,
  type UsersPermissionsAdvanced,
} from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';
import type { ProjectPluginConfig } from './strapi-plugin-config.js';

// Settings of the users & permissions and upload plugins, read once by resolveConfig.

/** `"30d"`, `"12h"`, `"15m"`, `"60s"` or a number of seconds. */
function parseDuration(v: unknown, where: string): number {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
  const m = typeof v === 'string' ? /^(\d+)\s*([smhd]?)$/.exec(v.trim()) : null;
  if (!m) throw new ConfigError(`${where} must be a number of seconds or a duration like "30d", "12h"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

/** A role's permissions as the config writes them: `{ "<uid or route>": ["find", …], "plugin::…": true }`. */
function readGrants(raw: unknown, where: string): RoleGrants {
  if (!isPlainObject(raw)) throw new ConfigError(`${where} must be an object (type uid → actions)`);
  const content: Record<string, string[]> = {};
  const plugins: string[] = [];
  for (const [key, actions] of Object.entries(raw)) {
    if (key.startsWith('plugin::') && actions === true) plugins.push(key);
    else if (Array.isArray(actions) && actions.every((a) => typeof a === 'string')) content[key] = actions as string[];
    else throw new ConfigError(`${where}["${key}"] must be a list of actions, or true for a plugin permission`);
  }
  return { content, plugins };
}

const RESERVED_ROLES = ['public', 'authenticated'];

function readRoles(raw: unknown, where: string): ConfigRole[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new ConfigError(`${where}: "roles" must be a list of {name, type, permissions}`);
  const roles: ConfigRole[] = [];
  for (const [i, r] of raw.entries()) {
    if (!isPlainObject(r) || typeof r.name !== 'string' || r.name === '')
      throw new ConfigError(`${where}: roles[${i}] needs a "name" string`);
    // Strapi derives a missing type from the name (snake case).
    const type =
      typeof r.type === 'string' && r.type !== ''
        ? r.type
        : r.name
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, '_')
            .replace(/^_|_$/g, '');
    if (RESERVED_ROLES.includes(type) || roles.some((o) => o.type === type))
      throw new ConfigError(`${where}: roles[${i}].type "${type}" is taken (public and authenticated are configured under "permissions")`);
    const grants =
      r.permissions === undefined ? { content: {}, plugins: [] } : readGrants(r.permissions, `${where}: roles[${i}].permissions`);
    roles.push({ name: r.name, type, description: typeof r.description === 'string' ? r.description : '', grants });
  }
  return roles;
}

function readAdvanced(up: Readonly<Record<string, unknown>>, where: string): UsersPermissionsAdvanced {
  const flag = (key: string, dflt: boolean): boolean => {
    const v = up[key];
    if (v === undefined) return dflt;
    if (typeof v !== 'boolean') throw new ConfigError(`${where}: usersPermissions.${key} must be true or false`);
    return v;
  };
  const url = (key: string): string | null => {
    const v = up[key];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') throw new ConfigError(`${where}: usersPermissions.${key} must be a URL string`);
    return v;
  };
  const defaultRole = up.defaultRole === undefined ? 'authenticated' : up.defaultRole;
  if (typeof defaultRole !== 'string') throw new ConfigError(`${where}: usersPermissions.defaultRole must be a role type`);
  return {
    emailConfirmation: flag('emailConfirmation', false),
    emailConfirmationRedirection: url('emailConfirmationRedirection'),
    emailResetPassword: url('emailResetPassword'),
    allowRegister: flag('allowRegister', true),
    uniqueEmail: flag('uniqueEmail', true),
    defaultRole,
  };
}

const TIME_UNITS: Readonly<Record<string, number>> = {
  ms: 1,
  sec: 1000,
  min: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_628_000_000,
  year: 12 * 2_628_000_000,
};

/** `ratelimit`: `{enabled, interval, max}` over Strapi's defaults; an interval in ms or as koa2-ratelimit's `{min: 5}`. */
function readRateLimit(v: unknown, where: string): RateLimitSettings {
  if (v === undefined) return DEFAULT_RATE_LIMIT;
  if (!isPlainObject(v)) throw new ConfigError(`${where}: usersPermissions.ratelimit must be an object ({enabled, interval, max})`);
  let intervalMs = DEFAULT_RATE_LIMIT.intervalMs;
  if (typeof v.interval === 'number' && v.interval >= 0) intervalMs = v.interval;
  else if (isPlainObject(v.interval)) {
    intervalMs = 0;
    for (const [unit, n] of Object.entries(v.interval)) {
      if (!(unit in TIME_UNITS))
        throw new ConfigError(
          `${where}: usersPermissions.ratelimit.interval: unknown unit "${unit}" (${Object.keys(TIME_UNITS).join(', ')})`,
        );
      if (typeof n === 'number' && n > 0) intervalMs += n * TIME_UNITS[unit];
    }
  } else if (v.interval !== undefined)
    throw new ConfigError(`${where}: usersPermissions.ratelimit.interval must be milliseconds or an object such as {"min": 5}`);
  if (v.max !== undefined && (typeof v.max !== 'number' || v.max < 0))
    throw new ConfigError(`${where}: usersPermissions.ratelimit.max must be a number of requests (0: no limit)`);
  return {
    enabled: v.enabled !== false,
    intervalMs,
    max: typeof v.max === 'number' ? v.max : DEFAULT_RATE_LIMIT.max,
  };
}

/** The settings of the config file (`raw`) over those of the project's config/plugins (`project`). */
export function readPluginSettings(
  raw: Readonly<Record<string, unknown>>,
  where = 'config',
  project?: ProjectPluginConfig,
): PluginSettings {
  const users: ConfigUser[] = [];
  for (const [i, u] of (Array.isArray(raw.users) ? raw.users : []).entries()) {
    if (!isPlainObject(u) || typeof u.username !== 'string' || typeof u.email !== 'string' || typeof u.password !== 'string') {
      throw new ConfigError(`${where}: users[${i}] needs "username", "email" and "password" strings`);
    }
    if (u.role !== undefined && typeof u.role !== 'string') throw new ConfigError(`${where}: users[${i}].role must be a role type`);
    users.push({
      username: u.username,
      email: u.email.toLowerCase(),
      password: u.password,
      blocked: u.blocked === true,
      confirmed: u.confirmed !== false,
      role: u.role,
    });
  }
  if (raw.users !== undefined && !Array.isArray(raw.users))
    throw new ConfigError(`${where}: "users" must be a list of {username, email, password}`);

  const up = { ...project?.usersPermissions, ...(isPlainObject(raw.usersPermissions) ? raw.usersPermissions : {}) };
  const jwtSecret = typeof up.jwtSecret === 'string' && up.jwtSecret !== '' ? up.jwtSecret : undefined;
  const jwtExpiresIn =
    up.jwtExpiresIn === undefined ? DEFAULT_JWT_EXPIRES_IN : parseDuration(up.jwtExpiresIn, `${where}: usersPermissions.jwtExpiresIn`);
  const register = isPlainObject(up.register) ? up.register : {};
  const registerAllowedFields = Array.isArray(register.allowedFields)
    ? register.allowedFields.filter((f): f is string => typeof f === 'string')
    : [];

  const permissions = isPlainObject(raw.permissions) ? raw.permissions : {};
  const authenticated =
    permissions.authenticated === undefined ? undefined : readGrants(permissions.authenticated, `${where}: permissions.authenticated`);
  const roles = readRoles(raw.roles, where);
  const advanced = readAdvanced(up, where);
  const known = ['public', 'authenticated', ...roles.map((r) => r.type)];
  if (!known.includes(advanced.defaultRole))
    throw new ConfigError(`${where}: usersPermissions.defaultRole "${advanced.defaultRole}" is not a role (${known.join(', ')})`);
  for (const [i, u] of users.entries()) {
    if (u.role !== undefined && !known.includes(u.role))
      throw new ConfigError(`${where}: users[${i}].role "${u.role}" is not a role (${known.join(', ')})`);
  }
  if (raw.email !== undefined && !isPlainObject(raw.email)) throw new ConfigError(`${where}: "email" must be an object ({from})`);
  const email = isPlainObject(raw.email) ? raw.email : {};
  if (email.from !== undefined && typeof email.from !== 'string') throw new ConfigError(`${where}: email.from must be a string`);
  const emailFrom = typeof email.from === 'string' ? email.from : DEFAULT_EMAIL_FROM;

  const upload = { ...project?.upload, ...(isPlainObject(raw.upload) ? raw.upload : {}) };
  let uploadSizeLimit = DEFAULT_UPLOAD_SIZE_LIMIT;
  if (upload.sizeLimit !== undefined) {
    if (typeof upload.sizeLimit !== 'number' || !Number.isFinite(upload.sizeLimit) || upload.sizeLimit <= 0) {
      throw new ConfigError(`${where}: upload.sizeLimit must be a positive number of bytes`);
    }
    uploadSizeLimit = upload.sizeLimit;
  }
  let uploadMaxFiles = DEFAULT_UPLOAD_MAX_FILES;
  if (upload.maxFiles !== undefined) {
    if (typeof upload.maxFiles !== 'number' || !Number.isInteger(upload.maxFiles) || upload.maxFiles <= 0) {
      throw new ConfigError(`${where}: upload.maxFiles must be a positive whole number`);
    }
    uploadMaxFiles = upload.maxFiles;
  }
  return {
    users,
    jwtSecret,
    jwtExpiresIn,
    authenticated,
    roles,
    advanced,
    emailFrom,
    registerAllowedFields,
    uploadSizeLimit,
    uploadMaxFiles,
    jwtManagement: readJwtManagement(up.jwtManagement, project, where),
    accessTokenLifespan:
      up.accessTokenLifespan === undefined
        ? DEFAULT_ACCESS_TOKEN_LIFESPAN
        : parseDuration(up.accessTokenLifespan, `${where}: usersPermissions.accessTokenLifespan`),
    uploadBreakpoints: readBreakpoints(upload.breakpoints, where),
    graphql: project?.graphql ?? false,
    populateDeep: project?.populateDeep ?? null,
    rateLimit: readRateLimit(up.ratelimit, where),
  };
}

function readJwtManagement(value: unknown, project: ProjectPluginConfig | undefined, where: string): PluginSettings['jwtManagement'] {
  if (value === undefined) return project?.hasFile ? 'legacy-support' : 'refresh';
  if (value !== 'refresh' && value !== 'legacy-support')
    throw new ConfigError(`${where}: usersPermissions.jwtManagement must be "refresh" or "legacy-support"`);
  return value;
}

/**
 * Strapi's `upload.breakpoints`: format name → a positive whole number of pixels. The object replaces Strapi's
 * defaults whole; a name mapped to `undefined` makes no format (Strapi's size test fails for it), so
 * `{ xlarge: undefined }` turns every breakpoint format off.
 */
function readBreakpoints(value: unknown, where: string): Readonly<Record<string, number>> {
  if (value === undefined) return DEFAULT_UPLOAD_BREAKPOINTS;
  const set = isPlainObject(value) ? Object.entries(value).filter(([, v]) => v !== undefined) : undefined;
  if (!set || !set.every(([, v]) => typeof v === 'number' && Number.isInteger(v) && v > 0))
    throw new ConfigError(`${where}: upload.breakpoints must map format names to positive whole numbers of pixels`);
  return Object.freeze(Object.fromEntries(set) as Record<string, number>);
}
