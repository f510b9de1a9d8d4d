// The resolved configuration: what every part of content-mock reads. It is built once, validated, by
// `project/resolve-config.ts`; nothing downstream parses config text again.

import type { DeepPopulateSettings } from '../query/deep-populate.js';

export const ACTIONS = ['find', 'findOne', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export interface TokenConfig {
  readonly name: string;
  readonly type: 'read-only' | 'full-access' | 'custom';
  readonly key: string;
  /** custom tokens: `api::article.article.find`, or `<uid or route>: [actions]` in the config file. */
  readonly permissions: readonly string[];
}

export interface RestConfig {
  readonly defaultLimit: number;
  readonly maxLimit: number | null;
  readonly withCount: boolean;
  readonly strictParams: boolean;
  /** Where the Content API lives (Strapi's `api.rest.prefix`; default `/api`): a leading slash, no trailing one. */
  readonly prefix: string;
}

export const DEFAULT_REST: RestConfig = { defaultLimit: 25, maxLimit: 100, withCount: true, strictParams: true, prefix: '/api' };

/** Strapi's `config/api` `responses` settings. */
export interface ResponsesConfig {
  /** Attribute names hidden from every answer and refused in queries, on every model (`privateAttributes`). */
  readonly privateAttributes: readonly string[];
}

/** Strapi's `config/api` `documents` settings that change answers. */
export interface DocumentsConfig {
  /** Required media and relations must hold something on non-draft writes (true in a new 5.54 project). */
  readonly strictRelations: boolean;
  /**
   * The document service checks `status`, `locale` and the pagination numbers itself (true in a new 5.54 project);
   * off, a status other than `published` reads and writes drafts and pagination fails in the query conversion.
   */
  readonly strictParams: boolean;
}

export const DEFAULT_DOCUMENTS: DocumentsConfig = { strictRelations: true, strictParams: true };

export interface ConfigUser {
  readonly username: string;
  readonly email: string;
  readonly password: string;
  readonly blocked: boolean;
  /** Strapi's `confirmed` (default true: config users can sign in even with email confirmation on). */
  readonly confirmed: boolean;
  /** The type of the user's role (default: `defaultRole`). */
  readonly role?: string;
}

/** What a role may do: content type uid or route id → actions, and plugin permissions (`plugin::…` names). */
export interface RoleGrants {
  readonly content: Readonly<Record<string, readonly string[]>>;
  readonly plugins: readonly string[];
}

/** A role from the config's `roles` (besides Strapi's own public and authenticated roles). */
export interface ConfigRole {
  readonly name: string;
  readonly type: string;
  readonly description: string;
  readonly grants: RoleGrants;
}

/** The users & permissions plugin's advanced settings (Strapi keeps them in its plugin store). */
export interface UsersPermissionsAdvanced {
  readonly emailConfirmation: boolean;
  /** Where `GET /api/auth/email-confirmation` redirects (Strapi: `email_confirmation_redirection`, default `/`). */
  readonly emailConfirmationRedirection: string | null;
  /** The reset page the forgot-password email links to (Strapi: `email_reset_password`). */
  readonly emailResetPassword: string | null;
  readonly allowRegister: boolean;
  readonly uniqueEmail: boolean;
  /** Role type registrations get. */
  readonly defaultRole: string;
}

/** The sender Strapi's default email templates use. */
export const DEFAULT_EMAIL_FROM = 'Administration Panel <no-reply@strapi.io>';

/** Settings of the users & permissions and upload plugins. */
export interface PluginSettings {
  /** Users to create when missing (`"users": [{username, email, password}]`). */
  readonly users: readonly ConfigUser[];
  /** undefined: each store gets a random secret, kept beside its data file (see mock/auth/jwt-secret.ts). */
  readonly jwtSecret: string | undefined;
  /** JWT lifetime in seconds (Strapi's default `expiresIn` is 30 days). */
  readonly jwtExpiresIn: number;
  /**
   * Authenticated role: content type uid or route id → actions, and plugin permissions. Undefined when the config
   * says nothing, in which case a signed-in user gets what the public role has (see `authorizeContent`).
   */
  readonly authenticated: RoleGrants | undefined;
  /** Roles beyond public and authenticated (`"roles": [{name, type, permissions}]`). */
  readonly roles: readonly ConfigRole[];
  readonly advanced: UsersPermissionsAdvanced;
  /** Sender of the emails (`email.from`; default Strapi's template sender). */
  readonly emailFrom: string;
  /** Extra body keys `register` accepts (Strapi's `register.allowedFields`). */
  readonly registerAllowedFields: readonly string[];
  /** Largest accepted upload, in bytes (Strapi's `upload.sizeLimit`; default 200 MB). */
  readonly uploadSizeLimit: number;
  /** Most files one upload request may carry (`upload.maxFiles`; default 20). */
  readonly uploadMaxFiles: number;
  /**
   * Strapi's `jwtManagement`: `refresh` (access tokens from sessions, refresh tokens) or `legacy-support` (one JWT
   * signed for `jwtExpiresIn`, Strapi's default). The config file's, else the project's config/plugins, else
   * legacy-support when the project has a config/plugins, else refresh (what content-mock served before reading it).
   */
  readonly jwtManagement: 'refresh' | 'legacy-support';
  /** Refresh mode: an access token's lifetime in seconds (`sessions.accessTokenLifespan`; Strapi's default 600). */
  readonly accessTokenLifespan: number;
  /** Image formats generated from an upload: format name → largest side in pixels (Strapi's `breakpoints`). */
  readonly uploadBreakpoints: Readonly<Record<string, number>>;
  /** The project runs Strapi's GraphQL plugin (a dependency, not disabled in config/plugins). */
  readonly graphql: boolean;
  /** The auth routes' rate limit (`ratelimit` of the plugin: Strapi's default is 10 requests a minute). */
  readonly rateLimit: RateLimitSettings;
  /** strapi-v5-plugin-populate-deep, when the project enables it (its `pLevel` and `pIgnore` parameters); else null. */
  readonly populateDeep: DeepPopulateSettings | null;
}

/** The users & permissions plugin's `ratelimit` settings, the interval in milliseconds. */
export interface RateLimitSettings {
  readonly enabled: boolean;
  readonly intervalMs: number;
  readonly max: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { enabled: true, intervalMs: 60_000, max: 10 };

export const DEFAULT_ACCESS_TOKEN_LIFESPAN = 600;
export const DEFAULT_UPLOAD_BREAKPOINTS: Readonly<Record<string, number>> = { large: 1000, medium: 750, small: 500 };

export const DEFAULT_UPLOAD_SIZE_LIMIT = 200 * 1024 * 1024;
export const DEFAULT_UPLOAD_MAX_FILES = 20;
export const DEFAULT_JWT_EXPIRES_IN = 30 * 24 * 3600;

/** A delay in ms, fixed or drawn uniformly from a range (`300`, `"100-400"`, `[100, 400]`). */
export interface DelayRange {
  readonly min: number;
  readonly max: number;
}

export const FAULTS = ['status', 'timeout', 'reset'] as const;
export type FaultKind = (typeof FAULTS)[number];

/** What to do to one request: wait, then answer normally or fail in one of the ways a network can. */
export interface FaultSpec {
  readonly delay?: DelayRange;
  readonly fault?: FaultKind;
  /** `status` faults: the status to answer (default 500). */
  readonly status?: number;
  readonly message?: string;
  /** `timeout` faults: answer 504 after this many ms; undefined hangs until the client gives up. */
  readonly timeoutMs?: number;
}

export interface RouteRule extends FaultSpec {
  /** Upper-case method, or undefined for any. */
  readonly method?: string;
  /** Path pattern, `*` matching anything (slashes included): `/api/stories*`. */
  readonly path: string;
  readonly pattern: RegExp;
  /** Share of matching requests the rule applies to (0..1), for flaky-network tests. */
  readonly probability: number;
}

export interface CorsOptions {
  /** `['*']`, or the exact origins allowed. */
  readonly origin: readonly string[];
  readonly methods: readonly string[];
  readonly headers: readonly string[];
  readonly credentials: boolean;
  readonly maxAge: number;
}

/** Everything the dev comforts read, resolved once from the config file and the CLI flags. */
export interface DevOptions {
  /** undefined: CORS off (`--cors false`). */
  readonly cors?: CorsOptions;
  readonly delay?: DelayRange;
  readonly rules: readonly RouteRule[];
  readonly readonly: boolean;
  /** Whether a request may ask for its own fault with the `x-content-mock-fault` header (`"faults": false` for shared mocks). */
  readonly faultHeader: boolean;
  /** Longest delay or timeout the header may ask for, in ms (`"faults": {"maxDelay": 30000}`); longer ones are cut to it. */
  readonly maxFaultDelay: number;
}

export const DEFAULT_MAX_FAULT_DELAY = 30_000;

export const FAULT_HEADER = 'x-content-mock-fault';

/** Strapi's own `strapi::cors` defaults, plus our fault header so a browser may send it. */
export const STRAPI_CORS: CorsOptions = {
  origin: ['*'],
  methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
  headers: ['Content-Type', 'Authorization', 'Origin', 'Accept', FAULT_HEADER],
  credentials: true,
  maxAge: 31536000,
};

export interface ConfigLocale {
  readonly code: string;
  readonly name?: string;
  readonly isDefault?: boolean;
}

/** The events Strapi 5 sends webhooks for (entry events from the document service, media from the upload plugin). */
export const WEBHOOK_EVENTS = [
  'entry.create',
  'entry.update',
  'entry.delete',
  'entry.publish',
  'entry.unpublish',
  'media.create',
  'media.update',
  'media.delete',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** One webhook: where to POST, for which events (all when the config names none), with which extra headers. */
export interface WebhookConfig {
  readonly url: string;
  readonly events: readonly WebhookEvent[];
  readonly headers: Readonly<Record<string, string>>;
}

/** The resolved configuration: defaults applied and options checked once; everything downstream trusts it. */
export interface ContentMockConfig {
  /** What could not be read as Strapi reads it (a project config file that cannot run here), for the CLI to say. */
  readonly warnings?: readonly string[];
  readonly rest: RestConfig;
  readonly responses: ResponsesConfig;
  readonly documents: DocumentsConfig;
  /** Public role: content type uid or route id → actions. `*` grants every type. */
  readonly publicPermissions: Readonly<Record<string, readonly string[]>>;
  readonly tokens: readonly TokenConfig[];
  /** Extra public permissions beyond content types (`plugin::i18n.locales.listLocales`, upload…). */
  readonly publicPlugins: readonly string[];
  readonly customFields: Readonly<Record<string, string>>;
  readonly locales?: readonly ConfigLocale[];
  readonly plugins: PluginSettings;
  /** The config file's dev comforts (CORS, delay, fault rules, read-only); CLI flags are applied over them. */
  readonly dev: DevOptions;
  /** The serialized-answer cache (`"cache": false` turns it off). */
  readonly cache: boolean;
  /**
   * Most populated entries (relations, components, media…) one request may render before it is refused with a 400
   * (`"populateBudget"`; null: no limit). Strapi has no such limit; a populate that fans out would stall the mock.
   */
  readonly populateBudget: number | null;
  /** Documents generated content must contain as given: type uid, plural or singular name → documents. */
  readonly fixtures: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
  /** Webhooks POSTed after each successful write (`"webhooks": [{ url, events?, headers? }]`). */
  readonly webhooks: readonly WebhookConfig[];
  /** A default query per route (type uid, plural or singular name → action → query): the request's own keys win. */
  readonly routes: Readonly<Record<string, Readonly<Record<string, { readonly query: Readonly<Record<string, unknown>> }>>>>;
  /** The GraphQL API at `/graphql`, when the project has the plugin (or `graphql` in the config); null: off. */
  readonly graphql: GraphqlSettings | null;
}

export const DEFAULT_POPULATE_BUDGET = 100_000;

/**
 * The GraphQL plugin's settings (`config/plugins` → `graphql.config`, or the config file's `graphql`), with the
 * plugin's defaults: shadow CRUD on, limits from @strapi/utils (10 a page, no cap), no depth limit.
 */
export interface GraphqlSettings {
  readonly endpoint: string;
  readonly shadowCRUD: boolean;
  readonly defaultLimit: number;
  /** -1: no cap. */
  readonly maxLimit: number;
  /** undefined: no limit (the plugin passes an unset value through to graphql-depth-limit). */
  readonly depthLimit: number | undefined;
  /** true: the sandbox page; false: none; undefined: Apollo's default (a page outside production). */
  readonly landingPage: boolean | undefined;
  readonly v4CompatibilityMode: boolean;
  /** `apolloServer` options that change answers (the rest of Apollo's options are the server's own business). */
  readonly apollo: ApolloSettings;
}

/** Apollo Server 4 as the plugin configures it, with the project's `apolloServer` merged over. */
export interface ApolloSettings {
  /** false: `__schema` / `__type` refused in validation (Apollo's default outside development is false). */
  readonly introspection: boolean;
  /** The headers that let a simple request through the CSRF check; null: `csrfPrevention: false`. */
  readonly csrfHeaders: readonly string[] | null;
  /** The plugin sets true: a variable that does not coerce is a 400 (else 200). */
  readonly status400ForVariableCoercionErrors: boolean;
  /** Automatic persisted queries (on unless `persistedQueries: false`). */
  readonly persistedQueries: boolean;
  /** A POST body that is a list of operations answers a list of results (Apollo's default: refused). */
  readonly allowBatchedHttpRequests: boolean;
}

export const DEFAULT_APOLLO: ApolloSettings = Object.freeze({
  introspection: true,
  csrfHeaders: Object.freeze(['x-apollo-operation-name', 'apollo-require-preflight']),
  status400ForVariableCoercionErrors: true,
  persistedQueries: true,
  allowBatchedHttpRequests: false,
});

export const DEFAULT_GRAPHQL: GraphqlSettings = Object.freeze({
  endpoint: '/graphql',
  shadowCRUD: true,
  defaultLimit: 10,
  maxLimit: -1,
  depthLimit: undefined,
  landingPage: undefined,
  v4CompatibilityMode: false,
  apollo: DEFAULT_APOLLO,
});
