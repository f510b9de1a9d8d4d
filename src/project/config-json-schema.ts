import { ACTIONS, FAULTS, WEBHOOK_EVENTS } from '../core/config/content-mock-config.js';
import type { KNOWN_KEYS } from './resolve-config.js';

// The JSON Schema of content-mock.config.json, published as schema/content-mock.config.schema.json so editors
// complete and check the file (`"$schema": "./node_modules/content-mock/schema/content-mock.config.schema.json"`).
// One entry per key of KNOWN_KEYS: a key added there without a schema here does not compile, and a test keeps the
// published file equal to what this module builds.

type JsonSchema = Readonly<Record<string, unknown>>;

const actions = { type: 'array', items: { enum: [...ACTIONS] }, uniqueItems: true } as const;
const delay = {
  description: 'Latency in ms: 300, "100-400" or [100, 400].',
  oneOf: [
    { type: 'number', minimum: 0 },
    { type: 'string', pattern: '^\\s*\\d+(\\s*-\\s*\\d+)?\\s*$' },
    { type: 'array', items: { type: 'number', minimum: 0 }, minItems: 2, maxItems: 2 },
  ],
} as const;
const grants = (plugins: string) => ({
  type: 'object',
  description: `Content type uid, plural or singular name ("*" for every type) → actions; ${plugins} → true.`,
  propertyNames: { minLength: 1 },
  additionalProperties: { oneOf: [actions, { const: true }] },
});
const strings = { type: 'array', items: { type: 'string' } } as const;

export const CONFIG_KEY_SCHEMAS: Readonly<Record<(typeof KNOWN_KEYS)[number], JsonSchema>> = {
  $schema: { type: 'string', description: 'This schema, for editors.' },
  rest: {
    type: 'object',
    description: "Strapi's `config/api` REST settings (read from the project's config/api.js|ts too).",
    additionalProperties: false,
    properties: {
      defaultLimit: { type: 'integer', minimum: 1, default: 25 },
      maxLimit: { type: ['integer', 'null'], default: 100 },
      withCount: { type: 'boolean', default: true },
      strictParams: { type: 'boolean', default: true },
      prefix: { type: 'string', default: '/api', description: 'Where the Content API lives (Strapi\'s `api.rest.prefix`), e.g. "/v1".' },
    },
  },
  responses: {
    type: 'object',
    description: "Strapi's `config/api` `responses` settings (read from the project's config/api.js|ts too).",
    additionalProperties: false,
    properties: {
      privateAttributes: {
        ...strings,
        description:
          'Attribute names hidden from every answer (populated relations, components and media too) and refused in fields, filters, sort and populate, on every model.',
      },
    },
  },
  documents: {
    type: 'object',
    description: "Strapi's `config/api` `documents` settings (read from the project's config/api.js|ts too).",
    additionalProperties: false,
    properties: {
      strictRelations: {
        type: 'boolean',
        default: true,
        description: 'Required media and relations must hold something on published writes (Strapi 5.54; a new project sets true).',
      },
      strictParams: {
        type: 'boolean',
        default: true,
        description:
          "The document service refuses a bad status, locale or pagination number (Strapi 5.54; a new project sets true; a project's config/api without it: false).",
      },
    },
  },
  permissions: {
    type: 'object',
    description: 'What the public and authenticated roles may do; content types are private until granted.',
    additionalProperties: false,
    properties: {
      public: grants('plugin permissions such as "plugin::i18n.locales.listLocales"'),
      authenticated: grants('plugin permissions'),
      publicPlugins: { ...strings, description: 'Plugin permissions granted to the public role.' },
    },
  },
  tokens: {
    type: 'array',
    description: 'API tokens, sent as `Authorization: Bearer <key>`.',
    items: {
      type: 'object',
      required: ['key'],
      additionalProperties: false,
      properties: {
        name: { type: 'string' },
        type: { enum: ['read-only', 'full-access', 'custom'], default: 'full-access' },
        key: { type: 'string', minLength: 1 },
        permissions: {
          description: 'custom tokens: ["api::story.story.find"] or {"api::story.story": ["find"]}',
          oneOf: [strings, { type: 'object', additionalProperties: actions }],
        },
      },
    },
  },
  locales: {
    type: 'array',
    description: 'Locales when no seed gives them; the default first or marked isDefault.',
    items: {
      oneOf: [
        { type: 'string' },
        {
          type: 'object',
          required: ['code'],
          additionalProperties: false,
          properties: { code: { type: 'string' }, name: { type: 'string' }, isDefault: { type: 'boolean' } },
        },
      ],
    },
  },
  customFields: {
    type: 'object',
    description: 'Custom field uid → the scalar type it stores, e.g. {"plugin::my-plugin.rating": "integer"}.',
    additionalProperties: { type: 'string' },
  },
  users: {
    type: 'array',
    description: 'Users & permissions users created when missing.',
    items: {
      type: 'object',
      required: ['username', 'email', 'password'],
      properties: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', description: 'A role type: authenticated, or one of "roles".' },
        confirmed: { type: 'boolean' },
        blocked: { type: 'boolean' },
      },
    },
  },
  roles: {
    type: 'array',
    description: 'Users & permissions roles beyond public and authenticated.',
    items: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', minLength: 1 },
        type: { type: 'string', description: 'Defaults to the name in kebab case.' },
        description: { type: 'string' },
        permissions: grants('plugin permissions'),
      },
    },
  },
  usersPermissions: {
    type: 'object',
    description: "The users & permissions plugin's settings (as in its advanced settings).",
    properties: {
      jwtSecret: { type: 'string' },
      jwtExpiresIn: { description: 'Seconds, or "30d", "12h", "15m".', type: ['number', 'string'] },
      accessTokenLifespan: {
        description: 'Refresh mode: seconds (or "10m") an access token lives (Strapi\'s `sessions.accessTokenLifespan`, default 600).',
        type: ['number', 'string'],
      },
      jwtManagement: {
        enum: ['refresh', 'legacy-support'],
        description:
          "Strapi's `jwtManagement`: refresh tokens and sessions, or one long-lived JWT. Default: the project's config/plugins, else Strapi's legacy-support when the project has a config/plugins, else refresh.",
      },
      register: { type: 'object', properties: { allowedFields: strings } },
      ratelimit: {
        type: 'object',
        description:
          "The auth routes' rate limit, as Strapi's `ratelimit` (default: 10 requests a minute per route and caller; `enabled: false` turns it off).",
        properties: {
          enabled: { type: 'boolean' },
          interval: { description: 'Milliseconds, or an object such as {"min": 5}.', type: ['number', 'object'] },
          max: { type: 'number', minimum: 0 },
        },
      },
      emailConfirmation: { type: 'boolean' },
      emailConfirmationRedirection: { type: 'string' },
      emailResetPassword: { type: 'string' },
      allowRegister: { type: 'boolean' },
      uniqueEmail: { type: 'boolean' },
      defaultRole: { type: 'string' },
    },
  },
  email: {
    type: 'object',
    description: 'Emails the mock would send land in the dev mailbox.',
    properties: { from: { type: 'string' } },
  },
  upload: {
    type: 'object',
    additionalProperties: false,
    properties: {
      sizeLimit: { type: 'number', exclusiveMinimum: 0, description: 'Largest upload in bytes (default 200 MB).' },
      maxFiles: { type: 'integer', minimum: 1, description: 'Most files in one upload request (default 20).' },
      breakpoints: {
        type: 'object',
        description: 'Image formats generated from an upload: name → largest side in pixels (default large 1000, medium 750, small 500).',
        additionalProperties: { type: 'integer', minimum: 1 },
      },
    },
  },
  cors: {
    description: "CORS (Strapi's defaults when absent); false turns it off.",
    oneOf: [
      { const: false },
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          origin: { oneOf: [{ type: 'string' }, strings] },
          methods: strings,
          headers: strings,
          credentials: { type: 'boolean' },
          maxAge: { type: 'number' },
        },
      },
    ],
  },
  delay,
  rules: {
    type: 'array',
    description: 'Latency and faults per route, for testing loading and error states.',
    items: {
      type: 'object',
      required: ['path'],
      additionalProperties: false,
      properties: {
        method: { type: 'string' },
        path: { type: 'string', description: '`*` matches anything: "/api/stories*".' },
        delay,
        fault: { enum: [...FAULTS] },
        status: { type: 'integer', minimum: 100, maximum: 599 },
        message: { type: 'string' },
        timeout: { type: 'number', minimum: 0 },
        probability: { type: 'number', minimum: 0, maximum: 1 },
      },
    },
  },
  readonly: { type: 'boolean', description: 'Refuse writes under /api with 405.' },
  cache: { type: 'boolean', description: 'Keep serialized answers to reads until the next write (default true).' },
  faults: {
    description: 'The x-content-mock-fault header: false ignores it (a shared mock); maxDelay caps its delays and timeouts in ms.',
    oneOf: [
      { type: 'boolean' },
      {
        type: 'object',
        additionalProperties: false,
        properties: { header: { type: 'boolean' }, maxDelay: { type: 'number', minimum: 0, default: 30000 } },
      },
    ],
  },
  populateBudget: {
    description: 'Most related entries one request may populate before it is a 400 (default 100000); null for no limit.',
    oneOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }],
  },
  webhooks: {
    type: 'array',
    description: "Webhooks POSTed after each successful write, with Strapi's payloads.",
    items: {
      type: 'object',
      required: ['url'],
      additionalProperties: false,
      properties: {
        url: { type: 'string', pattern: '^https?:' },
        events: { type: 'array', items: { enum: [...WEBHOOK_EVENTS] } },
        headers: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
  routes: {
    type: 'object',
    description:
      'A default query per route, for what project code does that cannot run here: type uid (or plural/singular name) → ' +
      'action (find, findOne, a custom action) → {"query": {...}}; the request\'s own parameters win. ' +
      'E.g. {"api::global.global": {"find": {"query": {"populate": {"navbar": {"populate": "*"}}}}}}.',
    additionalProperties: {
      type: 'object',
      additionalProperties: { type: 'object', required: ['query'], additionalProperties: false, properties: { query: { type: 'object' } } },
    },
  },
  graphql: {
    description:
      "The GraphQL API at /graphql (on when the project has @strapi/plugin-graphql): false turns it off, true or the plugin's settings turn it on.",
    oneOf: [
      { type: 'boolean' },
      {
        type: 'object',
        additionalProperties: false,
        properties: {
          enabled: { type: 'boolean' },
          endpoint: { type: 'string', pattern: '^/' },
          shadowCRUD: { type: 'boolean', default: true },
          defaultLimit: { type: 'integer', default: 10 },
          maxLimit: { type: 'integer', default: -1 },
          depthLimit: { type: 'integer' },
          landingPage: { type: 'boolean' },
          v4CompatibilityMode: { type: 'boolean', default: false },
          apolloServer: {
            type: 'object',
            description:
              "Apollo Server's options, as in config/plugins: introspection, csrfPrevention, status400ForVariableCoercionErrors, persistedQueries and allowBatchedHttpRequests change answers.",
            properties: {
              introspection: { type: 'boolean', default: true },
              csrfPrevention: {
                oneOf: [
                  { type: 'boolean' },
                  { type: 'object', properties: { requestHeaders: { type: 'array', items: { type: 'string' } } } },
                ],
              },
              status400ForVariableCoercionErrors: { type: 'boolean', default: true },
              persistedQueries: {
                description: 'Automatic persisted queries: false turns them off (Apollo keeps them in memory by default).',
                oneOf: [{ const: false }, { type: 'object' }],
              },
              allowBatchedHttpRequests: {
                description: 'A POST body that is a list of operations answers a list of results (refused by default).',
                type: 'boolean',
                default: false,
              },
            },
          },
        },
      },
    ],
  },
  fixtures: {
    type: 'object',
    description:
      '`seed` and `serve --seed-if-empty`: documents kept as given (type uid, plural or singular name → documents), ' +
      'e.g. {"api::page.page": [{"slug": "home", "title": "Home"}]}; other attributes are generated.',
    additionalProperties: { type: 'array', items: { type: 'object' } },
  },
};

/** The whole JSON Schema (draft 2020-12) of a config file. */
export function configJsonSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://unpkg.com/content-mock/schema/content-mock.config.schema.json',
    title: 'content-mock.config.json',
    description: 'Configuration of content-mock, the Strapi 5 Content API mock (see its README).',
    type: 'object',
    additionalProperties: false,
    properties: CONFIG_KEY_SCHEMAS,
  };
}
