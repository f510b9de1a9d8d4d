/** The users & permissions plugin's user: the one plugin content type projects relate to. */
export const USER_UID = 'plugin::users-permissions.user';

/** Where a Strapi project extends the user schema (its attributes replace the plugin's defaults). */
export const USER_EXTENSION = ['extensions', 'users-permissions', 'content-types', 'user', 'schema.json'] as const;

/** The users & permissions plugin's role: each user belongs to one; `populate=role` shows it to callers that may read roles. */
export const ROLE_UID = 'plugin::users-permissions.role';

/** The plugin's permission: one row per action a role may do (`api::article.article.find`), made from the config. */
export const PERMISSION_UID = 'plugin::users-permissions.permission';

/** The plugin's permission attributes (Strapi 5). */
export const DEFAULT_PERMISSION_ATTRIBUTES: Readonly<Record<string, Record<string, unknown>>> = {
  action: { type: 'string', required: true },
  role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'permissions' },
};

/**
 * The plugin's role attributes (Strapi 5), in its order. Its `users` side is added where the user schema links back
 * (load-model.ts); its `permissions` rows come from the config's grants (role-grants.ts).
 */
export const DEFAULT_ROLE_ATTRIBUTES: Readonly<Record<string, Record<string, unknown>>> = {
  name: { type: 'string', minLength: 3, required: true },
  description: { type: 'string' },
  type: { type: 'string', unique: true },
  permissions: { type: 'relation', relation: 'oneToMany', target: PERMISSION_UID, mappedBy: 'role' },
};

/** The plugin's default user attributes (Strapi 5), for projects that relate to users without extending the schema. */
export const DEFAULT_USER_ATTRIBUTES: Readonly<Record<string, Record<string, unknown>>> = {
  username: { type: 'string', minLength: 3, unique: true, required: true },
  email: { type: 'email', minLength: 6, required: true },
  provider: { type: 'string' },
  password: { type: 'password', minLength: 6, private: true },
  resetPasswordToken: { type: 'string', private: true },
  confirmationToken: { type: 'string', private: true },
  confirmed: { type: 'boolean', default: false },
  blocked: { type: 'boolean', default: false },
  role: { type: 'relation', relation: 'manyToOne', target: ROLE_UID, inversedBy: 'users' },
};

/**
 * The admin panel's user. Projects may relate to it (`"target": "admin::user"`); it has no Content API routes, no
 * Users & permissions role may read it (`admin::user.find` is no Content API action), API tokens may, and the Content
 * API cannot create one: a relation to it is always empty, and a body that links one is refused.
 */
export const ADMIN_USER_UID = 'admin::user';

/** A type of the admin panel (`admin::…`): no role may act on it and the Content API writes none of it. */
export const isAdminType = (uid: string): boolean => uid.startsWith('admin::');

/**
 * Strapi 5's admin user attributes (@strapi/admin server/src/content-types/User), in its order. Its private `roles` and
 * `apiTokens` link to admin types the Content API never reaches (a query naming them is refused before their target
 * matters), so those types are not modelled.
 */
export const DEFAULT_ADMIN_USER_ATTRIBUTES: Readonly<Record<string, Record<string, unknown>>> = {
  firstname: { type: 'string', minLength: 1 },
  lastname: { type: 'string', minLength: 1 },
  username: { type: 'string' },
  email: { type: 'email', minLength: 6, required: true, unique: true, private: true },
  password: { type: 'password', minLength: 6, private: true },
  resetPasswordToken: { type: 'string', private: true },
  resetPasswordTokenExpiresAt: { type: 'datetime', private: true },
  registrationToken: { type: 'string', private: true },
  isActive: { type: 'boolean', default: false, private: true },
  roles: { type: 'relation', relation: 'manyToMany', target: 'admin::role', inversedBy: 'users', private: true },
  apiTokens: { type: 'relation', relation: 'oneToMany', target: 'admin::api-token', mappedBy: 'adminUserOwner', private: true },
  blocked: { type: 'boolean', default: false, private: true },
  preferedLanguage: { type: 'string' },
};
