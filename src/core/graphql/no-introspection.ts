import { GraphQLError, type ValidationRule } from 'graphql';

// Apollo Server's rule when `introspection` is off: `__schema` and `__type` are refused at validation, each where it
// is asked (`__typename` stays allowed), with Apollo's message and validation code.

export const noIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type')
      context.reportError(
        new GraphQLError(
          'GraphQL introspection is not allowed by Apollo Server, but the query contained __schema or __type. To enable introspection, pass introspection: true to ApolloServer in production',
          { nodes: [node], extensions: { validationErrorCode: 'INTROSPECTION_DISABLED' } },
        ),
      );
  },
});
