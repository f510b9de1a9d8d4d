import {
  GraphQLEnumType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { buildPluginSchema } from '../../core/graphql/build-schema.js';
import type { GraphqlSettings } from '../../core/config/content-mock-config.js';
import type { ContentModel } from '../../core/model/types.js';
import { GRAPHQL_CASE, type CheckCase } from './build-suite.js';

// The GraphQL part of `check` for a project that serves the plugin: for every content type, its list, its connection
// (with the page information) and a single document, each selecting the type's scalar fields and the documentId of
// its to-one relations. The answers are judged against the plugin's schema (contract/graphql), as the proxy does.

const unwrap = (t: GraphQLOutputType): GraphQLOutputType =>
  t instanceof GraphQLNonNull || t instanceof GraphQLList ? unwrap(t.ofType) : t;
const isList = (t: GraphQLOutputType): boolean => (t instanceof GraphQLNonNull ? isList(t.ofType) : t instanceof GraphQLList);

/** Scalars and enums of an object type, and `{ documentId }` of its to-one object fields without arguments. */
function selectionOf(type: GraphQLObjectType): string {
  const out: string[] = [];
  for (const [name, field] of Object.entries(type.getFields())) {
    if (field.deprecationReason) continue;
    const inner = unwrap(field.type);
    if (inner instanceof GraphQLScalarType || inner instanceof GraphQLEnumType) out.push(name);
    else if (inner instanceof GraphQLObjectType && !isList(field.type) && field.args.length === 0 && 'documentId' in inner.getFields())
      out.push(`${name} { documentId }`);
  }
  return out.join(' ');
}

/** The GraphQL cases for a model: POST to the plugin's endpoint, a 200 expected. */
export function graphqlCases(model: ContentModel, settings: GraphqlSettings): CheckCase[] {
  const built = buildPluginSchema(model, { shadowCRUD: settings.shadowCRUD, v4CompatibilityMode: settings.v4CompatibilityMode });
  const schema: GraphQLSchema = built.schema;
  const query = schema.getQueryType()?.getFields() ?? {};
  const cases: CheckCase[] = [];
  const post = (name: string, text: string): CheckCase => ({
    name: `${GRAPHQL_CASE}${name}`,
    method: 'POST',
    url: settings.endpoint,
    body: { query: text },
    expect: [200],
  });
  for (const [field, root] of built.roots) {
    if (!field.startsWith('Query.') || root.op === 'plugin' || !model.contentTypes.has(root.type.uid)) continue;
    const name = field.slice('Query.'.length);
    const type = schema.getType(root.type.name);
    if (!(type instanceof GraphQLObjectType) || !query[name]) continue;
    const selection = selectionOf(type);
    if (root.op === 'find') cases.push(post(name, `{ ${name}(pagination: { limit: 5 }) { ${selection} } }`));
    else if (root.op === 'connection')
      cases.push(post(name, `{ ${name}(pagination: { limit: 5 }) { nodes { ${selection} } pageInfo { total page pageSize pageCount } } }`));
    else if (root.op === 'single') cases.push(post(name, `{ ${name} { ${selection} } }`));
  }
  return cases;
}
