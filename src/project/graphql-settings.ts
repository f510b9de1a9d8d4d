import { ConfigError, DEFAULT_GRAPHQL, type GraphqlSettings } from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';

// Whether a project serves GraphQL, and with which settings: Strapi loads the plugin when it is a dependency and
// config/plugins does not disable it (one detection: readStrapiPluginConfig, which also evaluates the plugin's
// `config` there), and the config file's `graphql` (true, false or the settings) decides over both.

const NUMBER_KEYS = ['defaultLimit', 'maxLimit', 'depthLimit'] as const;
const FLAG_KEYS = ['shadowCRUD', 'landingPage', 'v4CompatibilityMode'] as const;

function usable(key: string, value: unknown): boolean {
  if ((NUMBER_KEYS as readonly string[]).includes(key)) return typeof value === 'number' && Number.isInteger(value);
  if ((FLAG_KEYS as readonly string[]).includes(key)) return typeof value === 'boolean';
  return key === 'endpoint' && typeof value === 'string' && value.startsWith('/');
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
