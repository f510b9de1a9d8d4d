import {
  ConfigError,
  DEFAULT_JWT_EXPIRES_IN,
  DEFAULT_UPLOAD_MAX_FILES,
  DEFAULT_UPLOAD_SIZE_LIMIT,
  type ConfigUser,
  type PluginSettings,
} from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';

// Settings of the users & permissions and upload plugins, read once by resolveConfig.

/** `"30d"`, `"12h"`, `"15m"`, `"60s"` or a number of seconds. */
function parseDuration(v: unknown, where: string): number {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v;
  const m = typeof v === 'string' ? /^(\d+)\s*([smhd]?)$/.exec(v.trim()) : null;
  if (!m) throw new ConfigError(`${where} must be a number of seconds or a duration like "30d", "12h"`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

export function readPluginSettings(raw: Readonly<Record<string, unknown>>, where = 'config'): PluginSettings {
  const users: ConfigUser[] = [];
  for (const [i, u] of (Array.isArray(raw.users) ? raw.users : []).entries()) {
    if (!isPlainObject(u) || typeof u.username !== 'string' || typeof u.email !== 'string' || typeof u.password !== 'string') {
      throw new ConfigError(`${where}: users[${i}] needs "username", "email" and "password" strings`);
    }
    users.push({ username: u.username, email: u.email.toLowerCase(), password: u.password, blocked: u.blocked === true });
  }
  if (raw.users !== undefined && !Array.isArray(raw.users))
    throw new ConfigError(`${where}: "users" must be a list of {username, email, password}`);

  const up = isPlainObject(raw.usersPermissions) ? raw.usersPermissions : {};
  const jwtSecret = typeof up.jwtSecret === 'string' && up.jwtSecret !== '' ? up.jwtSecret : undefined;
  const jwtExpiresIn =
    up.jwtExpiresIn === undefined ? DEFAULT_JWT_EXPIRES_IN : parseDuration(up.jwtExpiresIn, `${where}: usersPermissions.jwtExpiresIn`);
  const register = isPlainObject(up.register) ? up.register : {};
  const registerAllowedFields = Array.isArray(register.allowedFields)
    ? register.allowedFields.filter((f): f is string => typeof f === 'string')
    : [];

  const permissions = isPlainObject(raw.permissions) ? raw.permissions : {};
  let authenticated: PluginSettings['authenticated'];
  if (permissions.authenticated !== undefined) {
    if (!isPlainObject(permissions.authenticated))
      throw new ConfigError(`${where}: permissions.authenticated must be an object (type uid → actions)`);
    const content: Record<string, string[]> = {};
    const plugins: string[] = [];
    for (const [key, actions] of Object.entries(permissions.authenticated)) {
      if (key.startsWith('plugin::') && actions === true) plugins.push(key);
      else if (Array.isArray(actions) && actions.every((a) => typeof a === 'string')) content[key] = actions as string[];
      else
        throw new ConfigError(`${where}: permissions.authenticated["${key}"] must be a list of actions, or true for a plugin permission`);
    }
    authenticated = { content, plugins };
  }

  const upload = isPlainObject(raw.upload) ? raw.upload : {};
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
  return { users, jwtSecret, jwtExpiresIn, authenticated, registerAllowedFields, uploadSizeLimit, uploadMaxFiles };
}
