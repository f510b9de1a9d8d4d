import type { OpenAPIV3_1 } from 'openapi-types';
import type { PathItem } from './paths.js';
import { ref } from './schema-ref.js';

// The plugin routes a Strapi 5 app serves next to its content types (users & permissions, upload, i18n), as the mock
// serves them. Bodies are described loosely (the plugins' own shapes, extra keys allowed): these routes are here so
// a frontend developer finds them, not to hold a real server to a stricter contract than Strapi's own.

const USERS = 'Users & permissions';
const UPLOAD = 'Upload';
const I18N = 'Internationalization';

export const PLUGIN_TAGS = [
  { name: USERS, description: 'Sign-in, registration and users of the users & permissions plugin.' },
  { name: UPLOAD, description: 'The media library of the upload plugin (bare JSON, no `data` envelope).' },
  { name: I18N, description: 'Locales of the i18n plugin.' },
];

const errors = (...statuses: number[]): Record<string, OpenAPIV3_1.ReferenceObject> => {
  const names: Record<number, string> = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 429: 'TooManyRequests', 500: 'InternalServerError' };
  return Object.fromEntries(statuses.map((s) => [String(s), { $ref: `#/components/responses/${names[s]}` }]));
};
const ok = (description: string, schema: object): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema } },
});
/** Without the users & permissions user type in the model: what every sanitized user shows. */
const PLAIN_USER = {
  type: 'object',
  required: ['id', 'documentId', 'username', 'email'],
  properties: {
    id: { type: 'integer' },
    documentId: { type: 'string' },
    username: { type: 'string' },
    email: { type: 'string', format: 'email' },
  },
};
const idParam = (description: string): OpenAPIV3_1.ParameterObject => ({
  name: 'id',
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const jsonBody = (schema: object, example: unknown): OpenAPIV3_1.RequestBodyObject => ({
  required: true,
  content: { 'application/json': { schema, example } },
});

/**
 * The plugin routes. `userSchema` names the component schema of the users & permissions user type (its own
 * attributes, the project's extensions included): sign-in, registration and the user routes answer such users.
 */
export function pluginPaths(userSchema?: string): Record<string, PathItem> {
  const user = userSchema ? { $ref: `#/components/schemas/${userSchema}` } : PLAIN_USER;
  const session = {
    type: 'object',
    required: ['jwt', 'user'],
    properties: { jwt: { type: 'string' }, refreshToken: { type: 'string' }, user },
  };
  return {
    '/api/auth/local': {
      post: {
        tags: [USERS],
        operationId: 'auth.local',
        summary: 'Sign in',
        description: 'Answers a JWT to send as `Authorization: Bearer <jwt>`; users come from the config or registrations.',
        requestBody: jsonBody(
          { type: 'object', required: ['identifier', 'password'], properties: { identifier: { type: 'string' }, password: { type: 'string' } } },
          { identifier: 'ada@example.com', password: 'secret123' },
        ),
        responses: { '200': ok('The session.', session), ...errors(400, 429, 500) },
      },
    },
    '/api/auth/local/register': {
      post: {
        tags: [USERS],
        operationId: 'auth.register',
        summary: 'Register a user',
        requestBody: jsonBody(
          {
            type: 'object',
            required: ['username', 'email', 'password'],
            properties: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
          },
          { username: 'ada', email: 'ada@example.com', password: 'secret123' },
        ),
        responses: { '200': ok('The session of the new user.', session), ...errors(400, 429, 500) },
      },
    },
    '/api/auth/forgot-password': {
      post: {
        tags: [USERS],
        operationId: 'auth.forgotPassword',
        summary: 'Ask for a password reset email',
        description: 'The email lands in the dev mailbox (`GET /__content-mock/mailbox`).',
        requestBody: jsonBody({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } }, { email: 'ada@example.com' }),
        responses: { '200': ok('Always ok.', { type: 'object', properties: { ok: { const: true } } }), ...errors(400, 429, 500) },
      },
    },
    '/api/auth/reset-password': {
      post: {
        tags: [USERS],
        operationId: 'auth.resetPassword',
        summary: 'Reset a password with the emailed code',
        requestBody: jsonBody(
          {
            type: 'object',
            required: ['code', 'password', 'passwordConfirmation'],
            properties: { code: { type: 'string' }, password: { type: 'string' }, passwordConfirmation: { type: 'string' } },
          },
          { code: '…', password: 'secret456', passwordConfirmation: 'secret456' },
        ),
        responses: { '200': ok('The session.', session), ...errors(400, 429, 500) },
      },
    },
    '/api/auth/change-password': {
      post: {
        tags: [USERS],
        operationId: 'auth.changePassword',
        summary: 'Change the signed-in user password',
        requestBody: jsonBody(
          {
            type: 'object',
            required: ['currentPassword', 'password', 'passwordConfirmation'],
            properties: { currentPassword: { type: 'string' }, password: { type: 'string' }, passwordConfirmation: { type: 'string' } },
          },
          { currentPassword: 'secret123', password: 'secret456', passwordConfirmation: 'secret456' },
        ),
        responses: { '200': ok('The session.', session), ...errors(400, 401, 403, 429, 500) },
      },
    },
    '/api/auth/refresh': {
      post: {
        tags: [USERS],
        operationId: 'auth.refresh',
        summary: 'A new JWT for a refresh token',
        description:
          'The token of the `strapi_up_refresh` cookie that sign-in sets, else `refreshToken` from the body (registration and password changes answer one). The session is rotated: a new cookie, and the old token is refused after.',
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', properties: { refreshToken: { type: 'string' } } } } } },
        responses: { '200': ok('The new JWT.', { type: 'object', required: ['jwt'], properties: { jwt: { type: 'string' } } }), ...errors(400, 401, 403, 500) },
      },
    },
    '/api/auth/logout': {
      post: {
        tags: [USERS],
        operationId: 'auth.logout',
        summary: 'End the session of the refresh cookie (or every session with `scope: "all"`)',
        requestBody: { required: false, content: { 'application/json': { schema: { type: 'object', properties: { scope: { type: 'string' } } } } } },
        responses: { '200': ok('Always ok.', { type: 'object', properties: { ok: { const: true } } }), ...errors(401, 403, 500) },
      },
    },
    '/api/auth/email-confirmation': {
      get: {
        tags: [USERS],
        operationId: 'auth.emailConfirmation',
        summary: 'Confirm an email address',
        parameters: [{ name: 'confirmation', in: 'query', required: true, schema: { type: 'string' } }],
        responses: { '302': { description: 'To the configured redirection.' }, ...errors(400, 500) },
      },
    },
    '/api/auth/send-email-confirmation': {
      post: {
        tags: [USERS],
        operationId: 'auth.sendEmailConfirmation',
        summary: 'Send the confirmation email again',
        requestBody: jsonBody({ type: 'object', required: ['email'], properties: { email: { type: 'string' } } }, { email: 'ada@example.com' }),
        responses: { '200': ok('Sent.', { type: 'object', required: ['email', 'sent'] }), ...errors(400, 429, 500) },
      },
    },
    '/api/users-permissions/roles': {
      get: {
        tags: [USERS],
        operationId: 'roles.find',
        summary: 'List roles',
        responses: {
          '200': ok('The roles.', { type: 'object', required: ['roles'], properties: { roles: { type: 'array', items: { type: 'object' } } } }),
          ...errors(401, 403, 500),
        },
      },
    },
    '/api/users-permissions/roles/{id}': {
      parameters: [idParam('Numeric id of the role.')],
      get: {
        tags: [USERS],
        operationId: 'roles.findOne',
        summary: 'Get a role with its permissions',
        responses: {
          '200': ok('The role.', { type: 'object', required: ['role'] }),
          ...errors(401, 403, 404, 500),
        },
      },
    },
    '/api/users/me': {
      get: {
        tags: [USERS],
        operationId: 'users.me',
        summary: 'Get the signed-in user',
        responses: { '200': ok('The user the JWT belongs to.', user), ...errors(401, 403, 500) },
      },
    },
    '/api/users/count': {
      get: {
        tags: [USERS],
        operationId: 'users.count',
        summary: 'Count users',
        responses: { '200': ok('The number of users.', { type: 'integer', minimum: 0 }), ...errors(401, 403, 500) },
      },
    },
    '/api/users': {
      get: {
        tags: [USERS],
        operationId: 'users.find',
        summary: 'List users',
        description: 'A bare array (no `data` envelope); filters, sort, fields and top-level `start`/`limit`.',
        responses: { '200': ok('The users.', { type: 'array', items: user }), ...errors(400, 401, 403, 500) },
      },
      post: {
        tags: [USERS],
        operationId: 'users.create',
        summary: 'Create a user',
        requestBody: jsonBody(
          { type: 'object', required: ['username', 'email', 'password'] },
          { username: 'ada', email: 'ada@example.com', password: 'secret123' },
        ),
        responses: { '201': ok('The new user.', user), ...errors(400, 401, 403, 500) },
      },
    },
    '/api/users/{id}': {
      parameters: [idParam('Numeric id of the user.')],
      get: {
        tags: [USERS],
        operationId: 'users.findOne',
        summary: 'Get a user',
        responses: { '200': ok('The user.', user), '204': { description: 'No such user.' }, ...errors(400, 401, 403, 500) },
      },
      put: {
        tags: [USERS],
        operationId: 'users.update',
        summary: 'Update a user',
        requestBody: jsonBody({ type: 'object' }, { username: 'ada2' }),
        responses: { '200': ok('The user.', user), ...errors(400, 401, 403, 404, 500) },
      },
      delete: {
        tags: [USERS],
        operationId: 'users.destroy',
        summary: 'Delete a user',
        responses: { '200': ok('The deleted user.', user), '204': { description: 'No such user.' }, ...errors(400, 401, 403, 500) },
      },
    },
    '/api/upload/files': {
      get: {
        tags: [UPLOAD],
        operationId: 'upload.find',
        summary: 'List files',
        description: 'The whole library (filters and sort apply; no pagination).',
        responses: {
          // `fields` applies here too (only id and documentId are always there)
          '200': ok('The files.', { type: 'array', items: ref('UploadFile') }),
          ...errors(400, 401, 403, 500),
        },
      },
    },
    '/api/upload/files/page': {
      get: {
        tags: [UPLOAD],
        operationId: 'upload.findPage',
        summary: 'List files, a page at a time',
        description: 'The library as a content list: filters, sort, fields, populate and pagination apply, with the REST limits.',
        responses: {
          '200': ok('A page of files.', {
            type: 'object',
            required: ['data', 'meta'],
            properties: { data: { type: 'array', items: ref('UploadFile') }, meta: ref('ListMeta') },
          }),
          ...errors(400, 401, 403, 500),
        },
      },
    },
    '/api/upload/files/{id}': {
      parameters: [idParam('Numeric id of the file.')],
      get: {
        tags: [UPLOAD],
        operationId: 'upload.findOne',
        summary: 'Get a file',
        // the query is validated as for a content type (a bad filter, sort or populate key is a 400)
        responses: { '200': ok('The file.', ref('UploadFile')), ...errors(400, 401, 403, 404, 500) },
      },
      delete: {
        tags: [UPLOAD],
        operationId: 'upload.destroy',
        summary: 'Delete a file',
        responses: { '200': ok('The deleted file.', ref('UploadFile')), ...errors(401, 403, 404, 500) },
      },
    },
    '/api/upload': {
      post: {
        tags: [UPLOAD],
        operationId: 'upload.upload',
        summary: 'Upload files, or change one (`?id=`)',
        description:
          'Images are optimized and get formats (thumbnail, small, medium, large) as Strapi makes them. `ref`, `refId` and `field` link the new files to an entry. With `?id=<file id>`: no file updates that file\'s info (200), one file replaces its bytes under the same id and url (200).',
        parameters: [{ name: 'id', in: 'query', required: false, description: 'A file id: update or replace that file.', schema: { type: 'string' } }],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  files: { type: 'array', items: { type: 'string', format: 'binary' } },
                  fileInfo: { type: 'string', description: 'JSON: {name, alternativeText, caption, focalPoint}, or a list, one per file.' },
                  ref: { type: 'string', description: 'The uid of the type of the entry to link the files to.' },
                  refId: { type: 'string', description: 'The id of that entry (one version of one locale).' },
                  field: { type: 'string', description: 'Its media attribute.' },
                },
              },
            },
          },
        },
        responses: {
          '200': ok('The updated or replaced file (with `?id=`).', ref('UploadFile')),
          '201': ok('The new files.', { type: 'array', items: ref('UploadFile') }),
          ...errors(400, 401, 403, 404, 500),
        },
      },
    },
    '/api/i18n/locales': {
      get: {
        tags: [I18N],
        operationId: 'i18n.locales',
        summary: 'List locales',
        responses: {
          '200': ok('The configured locales.', {
            type: 'array',
            items: { type: 'object', required: ['id', 'code', 'name', 'isDefault'] },
          }),
          ...errors(401, 403, 500),
        },
      },
    },
  };
}
