import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';
import type { GqlType } from './graphql-model.js';
import type { pluginScalars } from './scalars.js';

// The types, queries and mutations the upload, i18n and users & permissions plugins add to the GraphQL schema
// (their `graphql` extensions), in the order Strapi registers them.

interface ExtensionContext {
  readonly registry: ReadonlyMap<string, GraphQLNamedType>;
  readonly reg: <T extends GraphQLNamedType>(t: T) => T;
  readonly scalars: ReturnType<typeof pluginScalars>;
  readonly byUid: ReadonlyMap<string, GqlType>;
  readonly hasTypes: boolean;
}

type Fields = Record<string, GraphQLFieldConfig<unknown, unknown>>;

const nnString = { type: new GraphQLNonNull(GraphQLString) };
const nnId = { type: new GraphQLNonNull(GraphQLID) };
const okPayload = (name: string) => new GraphQLObjectType({ name, fields: { ok: { type: new GraphQLNonNull(GraphQLBoolean) } } });

export function extensionTypes(ctx: ExtensionContext): { query: Fields; mutation: Fields } {
  const { reg } = ctx;
  const out = (name: string) => ctx.registry.get(name) as GraphQLOutputType;
  const query: Fields = {};
  const mutation: Fields = {};
  // upload
  const fileInfo = reg(
    new GraphQLInputObjectType({
      name: 'FileInfoInput',
      fields: { name: { type: GraphQLString }, alternativeText: { type: GraphQLString }, caption: { type: GraphQLString } },
    }),
  );
  // i18n
  reg(ctx.scalars.I18NLocaleCode);
  // users & permissions
  const meRole = new GraphQLObjectType({
    name: 'UsersPermissionsMeRole',
    fields: { id: nnId, name: nnString, description: { type: GraphQLString }, type: { type: GraphQLString } },
  });
  const me = reg(
    new GraphQLObjectType({
      name: 'UsersPermissionsMe',
      fields: {
        id: nnId,
        documentId: nnId,
        username: nnString,
        email: { type: GraphQLString },
        confirmed: { type: GraphQLBoolean },
        blocked: { type: GraphQLBoolean },
        role: { type: meRole },
      },
    }),
  );
  reg(meRole);
  const register = reg(
    new GraphQLInputObjectType({
      name: 'UsersPermissionsRegisterInput',
      fields: { username: nnString, email: nnString, password: nnString },
    }),
  );
  const login = reg(
    new GraphQLInputObjectType({
      name: 'UsersPermissionsLoginInput',
      fields: { identifier: nnString, password: nnString, provider: { type: new GraphQLNonNull(GraphQLString), defaultValue: 'local' } },
    }),
  );
  const passwordPayload = reg(okPayload('UsersPermissionsPasswordPayload'));
  const loginPayload = reg(
    new GraphQLObjectType({
      name: 'UsersPermissionsLoginPayload',
      fields: { jwt: { type: GraphQLString }, user: { type: new GraphQLNonNull(me) } },
    }),
  );
  const createRole = reg(okPayload('UsersPermissionsCreateRolePayload'));
  const updateRole = reg(okPayload('UsersPermissionsUpdateRolePayload'));
  const deleteRole = reg(okPayload('UsersPermissionsDeleteRolePayload'));

  query.me = { type: me };
  if (ctx.hasTypes && ctx.byUid.has('plugin::upload.file')) {
    mutation.updateUploadFile = { type: new GraphQLNonNull(out('UploadFile')), args: { id: nnId, info: { type: fileInfo } } };
    mutation.deleteUploadFile = { type: out('UploadFile'), args: { id: nnId } };
  }
  if (ctx.hasTypes) {
    const roleInput = { type: new GraphQLNonNull(ctx.registry.get('UsersPermissionsRoleInput') as GraphQLInputObjectType) };
    const userInput = { type: new GraphQLNonNull(ctx.registry.get('UsersPermissionsUserInput') as GraphQLInputObjectType) };
    const userResponse = { type: new GraphQLNonNull(out('UsersPermissionsUserEntityResponse')) };
    mutation.createUsersPermissionsRole = { type: createRole, description: 'Create a new role', args: { data: roleInput } };
    mutation.updateUsersPermissionsRole = { type: updateRole, description: 'Update an existing role', args: { id: nnId, data: roleInput } };
    mutation.deleteUsersPermissionsRole = { type: deleteRole, description: 'Delete an existing role', args: { id: nnId } };
    mutation.createUsersPermissionsUser = { ...userResponse, description: 'Create a new user', args: { data: userInput } };
    mutation.updateUsersPermissionsUser = { ...userResponse, description: 'Update an existing user', args: { id: nnId, data: userInput } };
    mutation.deleteUsersPermissionsUser = { ...userResponse, description: 'Delete an existing user', args: { id: nnId } };
  }
  mutation.login = { type: new GraphQLNonNull(loginPayload), args: { input: { type: new GraphQLNonNull(login) } } };
  mutation.register = {
    type: new GraphQLNonNull(loginPayload),
    description: 'Register a user',
    args: { input: { type: new GraphQLNonNull(register) } },
  };
  mutation.forgotPassword = { type: passwordPayload, description: 'Request a reset password token', args: { email: nnString } };
  mutation.resetPassword = {
    type: loginPayload,
    description: 'Reset user password. Confirm with a code (resetToken from forgotPassword)',
    args: { password: nnString, passwordConfirmation: nnString, code: nnString },
  };
  mutation.changePassword = {
    type: loginPayload,
    description: 'Change user password. Confirm with the current password.',
    args: { currentPassword: nnString, password: nnString, passwordConfirmation: nnString },
  };
  mutation.emailConfirmation = {
    type: loginPayload,
    description: 'Confirm an email users email address',
    args: { confirmation: nnString },
  };
  return { query, mutation };
}
