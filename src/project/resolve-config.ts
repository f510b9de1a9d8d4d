import { readGraphqlSettings } from './graphql-settings.js';
import { existsSync, readFileSync } from 'node:fs';
import {
  ACTIONS,
  ConfigError,
  DEFAULT_DOCUMENTS,
  DEFAULT_POPULATE_BUDGET,
  DEFAULT_REST,
  type ContentMockConfig,
  type DocumentsConfig,
  type ResponsesConfig,
  type RestConfig,
  type TokenConfig,
} from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';
import { parseJsonText } from '../core/model/parse-json-text.js';
import { parseDevOptions } from './dev-options.js';
import { readPluginSettings } from './plugin-settings.js';
import { readWebhooks } from './webhook-settings.js';
import { formatProblem } from '../core/model/schema-errors.js';
import { readStrapiConfig } from './read-strapi-config.js';
import { readStrapiPluginConfig } from './strapi-plugin-config.js';

/** The keys a config file may have; anything else is a typo to report, not to ignore. */
export const KNOWN_KEYS = [
  '$schema',
  'rest',
  'responses',
  'documents',
  'permissions',
  'tokens',
  'locales',
  'customFields',
  'users',
  'roles',
  'usersPermissions',
  'email',
  'upload',
  'cors',
  'delay',
  'rules',
  'faults',
  'readonly',
  'cache',
  'populateBudget',
  'fixtures',
  'webhooks',
  'routes',
  'graphql',
] as const;

/**
 * The one place a configuration is made: `content-mock.config.json` (or the given file), a config object given in
 * code merged over it (tests, library use), and a Strapi project's `config/api.(js|ts)` REST settings.
 */
export function resolveConfig(opts: {
  configFile?: string;
  projectRoot?: string;
  required?: boolean;
  overrides?: Record<string, unknown>;
  /** `serve --public`: the public role may also find and findOne every content type (the `"*"` key). */
  publicRead?: boolean;
}): ContentMockConfig {
  const fromFile = opts.configFile ? readConfigFile(opts.configFile, opts.required === true) : {};
  const raw = opts.overrides ? { ...fromFile, ...opts.overrides } : fromFile;
  const config = resolveConfigObject(raw, opts.projectRoot, opts.configFile ?? 'config');
  if (!opts.publicRead) return config;
  const star = new Set([...(config.publicPermissions['*'] ?? []), 'find', 'findOne']);
  return Object.freeze({ ...config, publicPermissions: { ...config.publicPermissions, '*': [...star] } });
}

/** A config file's JSON object; a missing optional file is an empty config. */
export function readConfigFile(file: string, required: boolean): Record<string, unknown> {
  if (!existsSync(file)) {
    if (required) throw new ConfigError(`${file}: config file not found`);
    return {};
  }
  const parsed = parseJsonText(readFileSync(file, 'utf8'), file);
  if (!parsed.ok) throw new ConfigError(formatProblem(parsed.problem));
  if (!isPlainObject(parsed.value)) throw new ConfigError(`${file}: the config must be a JSON object`);
  return parsed.value;
}

/** Resolves a config given as an object (file contents, or options passed in code). */
export function resolveConfigObject(raw: Record<string, unknown>, projectRoot?: string, where = 'config'): ContentMockConfig {
  for (const key of Object.keys(raw)) {
    if (!(KNOWN_KEYS as readonly string[]).includes(key))
      throw new ConfigError(`${where}: unknown key "${key}" (known keys: ${KNOWN_KEYS.join(', ')})`);
  }
  const warnings: string[] = [];
  const fromProject = projectRoot ? readStrapiApiConfig(projectRoot, warnings) : {};
  const restRaw = { ...fromProject, ...(isPlainObject(raw.rest) ? raw.rest : {}) };
  const num = (k: string, dflt: number | null): number | null => {
    const v = restRaw[k];
    if (v === undefined) return dflt;
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new ConfigError(`${where}: rest.${k} must be a number`);
    return v;
  };
  const bool = (k: string, dflt: boolean): boolean => {
    const v = restRaw[k];
    if (v === undefined) return dflt;
    if (typeof v !== 'boolean') throw new ConfigError(`${where}: rest.${k} must be true or false`);
    return v;
  };
  const maxLimit = num('maxLimit', DEFAULT_REST.maxLimit);
  const rest: RestConfig = {
    defaultLimit: num('defaultLimit', DEFAULT_REST.defaultLimit) ?? DEFAULT_REST.defaultLimit,
    maxLimit: maxLimit !== null && maxLimit > 0 ? maxLimit : null,
    withCount: bool('withCount', DEFAULT_REST.withCount),
    strictParams: bool('strictParams', DEFAULT_REST.strictParams),
    prefix: readPrefix(restRaw.prefix, where),
  };
  const responses = readResponses(raw.responses, fromProject.responses, where);

  const permissions = isPlainObject(raw.permissions) ? raw.permissions : {};
  const publicRaw = isPlainObject(permissions.public) ? permissions.public : {};
  const publicPermissions: Record<string, string[]> = {};
  const publicPlugins: string[] = [];
  for (const [key, actions] of Object.entries(publicRaw)) {
    if (key.startsWith('plugin::') && actions === true) publicPlugins.push(key);
    else if (Array.isArray(actions) && actions.every((a) => typeof a === 'string')) publicPermissions[key] = actions as string[];
    else throw new ConfigError(`${where}: permissions.public["${key}"] must be a list of actions (${ACTIONS.join(', ')})`);
  }
  if (Array.isArray(permissions.publicPlugins))
    publicPlugins.push(...permissions.publicPlugins.filter((p): p is string => typeof p === 'string'));

  const tokens: TokenConfig[] = [];
  for (const [i, t] of (Array.isArray(raw.tokens) ? raw.tokens : []).entries()) {
    if (!isPlainObject(t) || typeof t.key !== 'string' || t.key === '') throw new ConfigError(`${where}: tokens[${i}] needs a "key"`);
    const type = t.type ?? 'full-access';
    if (type !== 'read-only' && type !== 'full-access' && type !== 'custom') {
      throw new ConfigError(`${where}: tokens[${i}].type must be read-only, full-access or custom`);
    }
    const perms: string[] = [];
    if (Array.isArray(t.permissions)) perms.push(...t.permissions.filter((p): p is string => typeof p === 'string'));
    else if (isPlainObject(t.permissions)) {
      for (const [k, actions] of Object.entries(t.permissions)) {
        if (Array.isArray(actions)) for (const a of actions) perms.push(`${k}.${String(a)}`);
      }
    }
    tokens.push({ name: typeof t.name === 'string' ? t.name : `token ${i + 1}`, type, key: t.key, permissions: perms });
  }

  const customFields = isPlainObject(raw.customFields)
    ? (Object.fromEntries(Object.entries(raw.customFields).filter(([, v]) => typeof v === 'string')) as Record<string, string>)
    : {};
  const locales = Array.isArray(raw.locales)
    ? raw.locales.map((l, i) => {
        if (typeof l === 'string') return { code: l, isDefault: i === 0 };
        if (isPlainObject(l) && typeof l.code === 'string')
          return { code: l.code, name: typeof l.name === 'string' ? l.name : undefined, isDefault: l.isDefault === true };
        throw new ConfigError(`${where}: locales[${i}] must be a code or {code, name, isDefault}`);
      })
    : undefined;

  if (raw.cache !== undefined && typeof raw.cache !== 'boolean') throw new ConfigError(`${where}: "cache" must be true or false`);
  const budget = raw.populateBudget;
  if (budget !== undefined && budget !== null && (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 0))
    throw new ConfigError(`${where}: "populateBudget" must be a whole number of entries, or null for no limit`);
  const projectPlugins = projectRoot ? readStrapiPluginConfig(projectRoot) : undefined;
  if (projectPlugins?.problem) warnings.push(`${projectPlugins.problem}: its plugin settings are left at Strapi's defaults`);
  const plugins = readPluginSettings(raw, where, projectPlugins);
  const dev = parseDevOptions(raw, where);
  const populateBudget = budget === undefined ? DEFAULT_POPULATE_BUDGET : (budget as number | null);
  const fixtures = readFixtures(raw.fixtures, where);
  const webhooks = readWebhooks(raw.webhooks, where);
  const routes = readRouteDefaults(raw.routes, where);
  const documents = readDocuments(raw.documents, fromProject, where);
  const graphql = readGraphqlSettings(raw.graphql, projectPlugins, where);
  return Object.freeze({
    ...(warnings.length > 0 ? { warnings } : {}),
    rest,
    responses,
    documents,
    publicPermissions,
    tokens,
    publicPlugins,
    customFields,
    locales,
    plugins,
    dev,
    cache: raw.cache !== false,
    populateBudget,
    fixtures,
    webhooks,
    routes,
    graphql,
  });
}

/** `routes`: a default query per route (`{"api::global.global": {"find": {"query": {"populate": …}}}}`). */
function readRouteDefaults(raw: unknown, where: string): ContentMockConfig['routes'] {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: "routes" must be an object: type uid → action → { "query": {…} }`);
  const out: Record<string, Record<string, { query: Record<string, unknown> }>> = {};
  for (const [type, actions] of Object.entries(raw)) {
    if (!isPlainObject(actions)) throw new ConfigError(`${where}: routes["${type}"] must be an object: action → { "query": {…} }`);
    out[type] = {};
    for (const [action, value] of Object.entries(actions)) {
      if (!isPlainObject(value) || !isPlainObject(value.query) || Object.keys(value).some((k) => k !== 'query'))
        throw new ConfigError(`${where}: routes["${type}"]["${action}"] must be { "query": {…} } (the query the route gets by default)`);
      out[type][action] = { query: value.query };
    }
  }
  return out;
}

/** `rest.prefix` as Strapi's router mounts it: `/v1`, `v1` and `/v1/` all serve under `/v1`. */
function readPrefix(value: unknown, where: string): string {
  if (value === undefined) return DEFAULT_REST.prefix;
  if (typeof value !== 'string' || !/^\/?[A-Za-z0-9._~\-/]*$/.test(value))
    throw new ConfigError(`${where}: rest.prefix must be a path such as "/api" or "/v1" (got ${JSON.stringify(value)})`);
  const trimmed = value.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/** `responses.privateAttributes`: the config file's list, else the project's config/api one. */
function readResponses(raw: unknown, fromProject: unknown, where: string): ResponsesConfig {
  if (raw !== undefined && !isPlainObject(raw)) throw new ConfigError(`${where}: "responses" must be an object ({privateAttributes})`);
  if (isPlainObject(raw)) {
    for (const key of Object.keys(raw)) {
      if (key !== 'privateAttributes') throw new ConfigError(`${where}: unknown key "responses.${key}" (known keys: privateAttributes)`);
    }
  }
  const fromFile = isPlainObject(raw) ? raw.privateAttributes : undefined;
  const list = fromFile ?? (isPlainObject(fromProject) ? fromProject.privateAttributes : undefined) ?? [];
  if (!Array.isArray(list) || !list.every((n) => typeof n === 'string' && n !== ''))
    throw new ConfigError(`${where}: responses.privateAttributes must be a list of attribute names`);
  return Object.freeze({ privateAttributes: Object.freeze([...new Set(list as string[])]) });
}

/** Strapi's `documents` settings: the config file's, over the project's config/api, over a new 5.54 project's. */
function readDocuments(raw: unknown, fromProject: Record<string, unknown>, where: string): DocumentsConfig {
  if (raw !== undefined && !isPlainObject(raw)) throw new ConfigError(`${where}: "documents" must be an object`);
  if (isPlainObject(raw)) {
    for (const key of Object.keys(raw)) {
      if (key !== 'strictRelations' && key !== 'strictParams')
        throw new ConfigError(`${where}: unknown key "documents.${key}" (known keys: strictRelations, strictParams)`);
    }
  }
  const project = isPlainObject(fromProject.documents) ? fromProject.documents : {};
  const flag = (key: keyof DocumentsConfig): boolean => {
    const value = (isPlainObject(raw) ? raw[key] : undefined) ?? project[key];
    if (value !== undefined && typeof value !== 'boolean') throw new ConfigError(`${where}: documents.${key} must be true or false`);
    return value ?? DEFAULT_DOCUMENTS[key];
  };
  return { strictRelations: flag('strictRelations'), strictParams: flag('strictParams') };
}

function readFixtures(raw: unknown, where: string): ContentMockConfig['fixtures'] {
  if (raw === undefined) return {};
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: "fixtures" must be an object (type → list of documents)`);
  for (const [key, docs] of Object.entries(raw)) {
    if (!Array.isArray(docs) || !docs.every(isPlainObject))
      throw new ConfigError(`${where}: fixtures["${key}"] must be a list of documents (objects)`);
  }
  return raw as ContentMockConfig['fixtures'];
}

/**
 * A Strapi project's `config/api.(ts|js)` as content-mock reads it: the REST settings flat (`defaultLimit`,
 * `maxLimit`, `withCount`, `strictParams`, `prefix`), `documents` and `responses`. The file is run as Strapi runs it
 * (read-strapi-config.ts); a file that cannot run here (it needs a module this machine lacks) is scanned as text for
 * literal values instead. The file replaces the new-project template: a flag it does not set is off in Strapi
 * (`strapi.config.get(...)` gives undefined), as in every project made before 5.x introduced them.
 */
export function readStrapiApiConfig(projectRoot: string, warnings: string[] = []): Record<string, unknown> {
  const read = readStrapiConfig(projectRoot, 'api');
  if (read === undefined) return {};
  if (!read.ok) {
    warnings.push(`${read.file}: cannot run here (${read.error}); its literal values are read instead`);
    return scanStrapiApiConfig(read.file);
  }
  const { value } = read;
  const rest = isPlainObject(value.rest) ? value.rest : {};
  const out: Record<string, unknown> = {};
  for (const key of ['defaultLimit', 'maxLimit', 'withCount', 'prefix'] as const) if (rest[key] !== undefined) out[key] = rest[key];
  out.strictParams = rest.strictParams ?? false;
  const documents = isPlainObject(value.documents) ? value.documents : {};
  out.documents = { strictParams: documents.strictParams ?? false, strictRelations: documents.strictRelations ?? false };
  const responses = isPlainObject(value.responses) ? value.responses : {};
  if (responses.privateAttributes !== undefined) out.responses = { privateAttributes: responses.privateAttributes };
  return out;
}

/** config/api scanned as text for literal values (or an `env.bool('X', literal)` default): when it cannot run. */
function scanStrapiApiConfig(file: string): Record<string, unknown> {
  // comments out (a `//` after a quote or colon, as in a URL, stays)
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"])\/\/.*$/gm, '$1');
  // the `documents: { ... }` block (flat), apart from the rest: both may set `strictParams`
  const docsBlock = /\bdocuments['"]?\s*:\s*\{([^{}]*)\}/.exec(text);
  const docsText = docsBlock ? docsBlock[1] : '';
  const restText = docsBlock ? text.slice(0, docsBlock.index) + text.slice(docsBlock.index + docsBlock[0].length) : text;
  const out: Record<string, unknown> = {};
  for (const key of ['defaultLimit', 'maxLimit']) {
    const m = new RegExp(`${key}['"]?\\s*:\\s*(-?\\d+)`).exec(restText);
    if (m) out[key] = Number(m[1]);
  }
  const prefix = /\bprefix['"]?\s*:\s*['"]([^'"]*)['"]/.exec(restText);
  if (prefix) out.prefix = prefix[1];
  const privates = /\bprivateAttributes['"]?\s*:\s*\[([^\]]*)\]/.exec(restText);
  if (privates) out.responses = { privateAttributes: [...privates[1].matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]) };
  const flag = (source: string, key: string, target: Record<string, unknown>, absent: boolean | undefined) => {
    const m = new RegExp(`\\b${key}['"]?\\s*:\\s*(?:env\\.bool\\(\\s*['"][^'"]*['"]\\s*,\\s*)?(true|false)\\b`).exec(source);
    if (m) target[key] = m[1] === 'true';
    // named but not readable (an expression): leave the default
    else if (absent !== undefined && !new RegExp(`\\b${key}\\b`).test(source)) target[key] = absent;
  };
  flag(restText, 'withCount', out, undefined);
  flag(restText, 'strictParams', out, false);
  const documents: Record<string, unknown> = {};
  flag(docsText, 'strictParams', documents, false);
  flag(docsText, 'strictRelations', documents, false);
  out.documents = documents;
  return out;
}
