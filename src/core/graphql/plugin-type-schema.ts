import type { ContentIndex } from '../data/content-index.js';
import { strapiSchema, type StrapiAttribute, type StrapiSchema } from '../query/strapi-schema.js';
import { FILE_UID, type GqlType } from './graphql-model.js';

// The review workflows' `workflow` and `workflow-stage` are in every project's GraphQL schema, and a token that may
// read everything queries them. The mock keeps no rows for them, but real Strapi runs such a query's filters and sort
// through the same validators and database layer as any content type's, and refuses the same mistakes
// (`stages(filters: {workflow: {not: {name: …}}})` is the database's "Undefined attribute level operator t2.name"
// over an empty table). This is the validators' view of such a type, read from its GraphQL type.

/** The validators' view of a type the mock keeps no rows for: its GraphQL attributes, targets resolved lazily. */
export function pluginTypeSchema(index: ContentIndex, type: GqlType, byUid: ReadonlyMap<string, GqlType>): StrapiSchema {
  const schemas = new Map<string, StrapiSchema>();
  const targetSchema = (uid: string): StrapiSchema | undefined => {
    if (uid === FILE_UID) return strapiSchema(index, { kind: 'media' });
    const contentType = index.model.contentTypes.get(uid);
    if (contentType) return strapiSchema(index, { kind: 'type', type: contentType });
    const component = index.model.components.get(uid);
    if (component) return strapiSchema(index, { kind: 'component', component });
    const other = byUid.get(uid);
    if (!other) return undefined;
    let schema = schemas.get(uid);
    if (!schema) {
      schema = of(other);
      schemas.set(uid, schema);
    }
    return schema;
  };
  const of = (t: GqlType): StrapiSchema => ({
    draftAndPublish: t.draftAndPublish,
    attribute: (name): StrapiAttribute | undefined => {
      const a = t.attributes.find((x) => x.name === name);
      if (!a) return undefined;
      const isPrivate = a.common.private;
      switch (a.kind) {
        case 'relation':
          return { type: 'relation', private: isPrivate, target: () => targetSchema(a.target) };
        case 'component':
          return { type: 'component', private: isPrivate, target: () => targetSchema(a.component) };
        case 'media':
          return { type: 'media', private: isPrivate, target: () => targetSchema(FILE_UID) };
        case 'morph':
        case 'dynamiczone':
          return { type: a.kind, private: isPrivate };
        default:
          return { type: 'scalar', private: isPrivate };
      }
    },
  });
  return of(type);
}
