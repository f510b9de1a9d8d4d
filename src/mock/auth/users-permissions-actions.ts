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
