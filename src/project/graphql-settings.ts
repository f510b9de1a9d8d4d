import {
  ConfigError,
  DEFAULT_APOLLO,
  DEFAULT_GRAPHQL,
  type ApolloSettings,
  type GraphqlSettings,
} from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';

// Whether a project serves GraphQL, and with which settings: Strapi loads the plugin when it is a dependency and
// config/plugins does not disable it (one detection: readStrapiPluginConfig, which also evaluates the plugin's
// `config` there), and the config file's `graphql` (true, false or the settings) decides over both.

const NUMBER_KEYS = ['defaultLimit', 'maxLimit', 'depthLimit'] as const;
const FLAG_KEYS = ['shadowCRUD', 'landingPage', 'v4CompatibilityMode'] as const;

function usable(key: string, value: unknown): boolean {
  if ((NUMBER_KEYS as readonly string[]).includes(key)) return typeof value === 'number' && Number.isInteger(value);
  if ((FLAG_KEYS as readonly string[]).includes(key)) return typeof value === 'boolean';
  if (key === 'apolloServer') return isPlainObject(value);
  return key === 'endpoint' && typeof value === 'string' && value.startsWith('/');
}

/**
 * `apolloServer`, merged over the plugin's Apollo config: `introspection`, `csrfPrevention` (true, false or
 * `{ requestHeaders }`), `status400ForVariableCoercionErrors`, `persistedQueries` and `allowBatchedHttpRequests` change answers;
 * Apollo's other options are left
 * to it (plugins, cache, cors…).
 */
function apolloFrom(raw: unknown, where: string): ApolloSettings {
  if (raw === undefined) return DEFAULT_APOLLO;
  if (!isPlainObject(raw)) throw new ConfigError(`${where}: graphql.apolloServer must be Apollo Server's options (an object)`);
  const flag = (key: 'introspection' | 'status400ForVariableCoercionErrors' | 'allowBatchedHttpRequests'): boolean => {
    const v = raw[key];
    if (v === undefined) return DEFAULT_APOLLO[key];
    if (typeof v !== 'boolean') throw new ConfigError(`${where}: graphql.apolloServer.${key} must be true or false`);
    return v;
  };
  const csrf = raw.csrfPrevention;
  let csrfHeaders = DEFAULT_APOLLO.csrfHeaders;
  if (csrf === false) csrfHeaders = null;
  else if (isPlainObject(csrf) && csrf.requestHeaders !== undefined) {
    const h = csrf.requestHeaders;
    if (!Array.isArray(h) || !h.every((x) => typeof x === 'string'))
      throw new ConfigError(`${where}: graphql.apolloServer.csrfPrevention.requestHeaders must be a list of header names`);
    csrfHeaders = h.map((x) => x.toLowerCase());
  } else if (csrf !== undefined && csrf !== true && !isPlainObject(csrf))
    throw new ConfigError(`${where}: graphql.apolloServer.csrfPrevention must be true, false or { requestHeaders: [...] }`);
  // Apollo keeps persisted queries unless told `false` (an object configures its cache)
  const persisted = raw.persistedQueries;
  if (persisted !== undefined && persisted !== false && !isPlainObject(persisted))
    throw new ConfigError(`${where}: graphql.apolloServer.persistedQueries must be false or Apollo's { cache, ttl } options`);
  return Object.freeze({
    introspection: flag('introspection'),
    csrfHeaders,
    status400ForVariableCoercionErrors: flag('status400ForVariableCoercionErrors'),
    persistedQueries: persisted !== false,
    allowBatchedHttpRequests: flag('allowBatchedHttpRequests'),
  });
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
  out.apollo = apolloFrom(raw.apolloServer, where);
  return Object.freeze(out) as unknown as GraphqlSettings;
}

/** What the project says of the plugin (readStrapiPluginConfig); undefined outside a project. */
export interface ProjectGraphql {
  readonly graphql: boolean;
  readonly graphqlConfig: Readonly<Record<string, unknown>>;
}

export function readGraphqlSettings(raw: unknown, project: ProjectGraphql | undefined, where: string): GraphqlSettings | null {
  if (raw !== undefined && typeof raw !== 'boolean' && !isPlainObject(raw))
    throw new ConfigError(`${where}: "graphql" must be true, false or the plugin's settings ({defaultLimit, maxLimit, depthLimit, …})`);
  if (raw === false) return null;
  if (raw === undefined && !project?.graphql) return null;
  if (isPlainObject(raw) && raw.enabled === false) return null;
  const given = isPlainObject(raw) ? raw : {};
  // the project's own settings that we read, where their values are of their kind (a function or an env string
  // in the user's code is left to Strapi's defaults rather than refused); the config file's win
  const fromProject = Object.fromEntries(Object.entries(project?.graphqlConfig ?? {}).filter(([k, v]) => usable(k, v)));
  const { enabled: _enabled, ...settings } = { ...fromProject, ...given };
  return settingsFrom(settings, where);
}
