/**
 * The users & permissions plugin's Content API actions by controller, in the order Strapi 5.54 lists them (the
 * roles' permission map shows them so; a project's extension finds these actions on `plugin.controllers`).
 */
export const USERS_PERMISSIONS_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  auth: [
    'callback',
    'changePassword',
    'resetPassword',
    'refresh',
    'logout',
    'getSessions',
    'revokeSession',
    'connect',
    'forgotPassword',
    'register',
    'emailConfirmation',
    'sendEmailConfirmation',
  ],
  user: ['create', 'update', 'find', 'findOne', 'count', 'destroy', 'me'],
  role: ['createRole', 'findOne', 'find', 'updateRole', 'deleteRole'],
  permissions: ['getPermissions'],
};

/**
 * The Content API actions of Strapi's built-in plugins by controller, in the order Strapi 5.54 lists them (its
 * `strapi.plugins`, each plugin's controllers and the actions its content-api routes name).
 */
export const PLUGIN_CONTENT_API_ACTIONS: readonly (readonly [string, Readonly<Record<string, readonly string[]>>])[] = [
  [
    'plugin::content-type-builder',
    { components: ['getComponents', 'getComponent'], 'content-types': ['getContentTypes', 'getContentType'] },
  ],
  ['plugin::email', { email: ['send'] }],
  ['plugin::upload', { 'content-api': ['find', 'findPage', 'findOne', 'destroy', 'upload'] }],
  ['plugin::i18n', { locales: ['listLocales'] }],
  ['plugin::users-permissions', USERS_PERMISSIONS_ACTIONS],
];
