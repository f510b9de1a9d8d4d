import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLArgumentConfig,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLInputFieldConfig,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLType,
  type ThunkObjMap,
} from 'graphql';
import type { ContentModel } from '../model/types.js';
import { FILE_UID, graphqlTypes, enumMember, pascal, type GqlAttribute, type GqlType } from './graphql-model.js';
import { pluginScalars } from './scalars.js';
import { zoneInputScalar } from './zone-input.js';
import { extensionTypes } from './extension-types.js';
import { FILTER_OPERATORS } from './filter-operators.js';
import type { FieldOverride } from './schema-extension.js';
import { actionEnabled, applyShadowCrud, type ShadowCrudSettings } from './shadow-crud.js';

// The GraphQL schema exactly as @strapi/plugin-graphql 5.54 builds it (shadow CRUD over every content type and
// component, the upload, i18n and users & permissions extensions), pruned to what the root types reach, with types
// in Strapi's registration order so `printSchema` prints the same text. Resolvers are not attached here: the
// executor dispatches on the root fields this returns (see RootField).

export type RootField =
  | { readonly op: 'findOne' | 'find' | 'connection' | 'single' | 'create' | 'update' | 'delete'; readonly type: GqlType }
  | { readonly op: 'plugin'; readonly name: string };

export interface PluginGraphqlSchema {
  readonly schema: GraphQLSchema;
  /** `Query.<field>` / `Mutation.<field>` → what it does. */
  readonly roots: ReadonlyMap<string, RootField>;
  readonly types: readonly GqlType[];
  /** Type name → GqlType (content types and components), for resolvers walking results. */
  readonly byName: ReadonlyMap<string, GqlType>;
  /** Uid → GqlType, the same types: resolvers map filters and relations through it on every call. */
  readonly byUid: ReadonlyMap<string, GqlType>;
  /**
   * Every type the plugin registered, pruned of none: a project's typeDefs may name one the roots do not reach
   * (`ArticleEntityResponse`); the plugin prunes after merging them.
   */
  readonly unpruned?: () => GraphQLSchema;
  /** `Type.field` → what the project's GraphQL extension runs for it (schema-extension.ts). */
  readonly overrides?: ReadonlyMap<string, FieldOverride>;
}

export interface SchemaOptions {
  readonly shadowCRUD?: boolean;
  /**
   * The plugin's `v4CompatibilityMode`: content types get back a deprecated `id` and `attributes`/`data` fields that
   * resolve to the entry itself, collections a deprecated `data` (their nodes) and `meta` (`{pagination}`).
   */
  readonly v4CompatibilityMode?: boolean;
  /** What the project's code turned off through the extension service's `shadowCRUD(uid)`. */
  readonly shadowCrud?: ShadowCrudSettings;
}

const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);
const LOCALE_DESCRIPTION = 'The locale to use for the query';

export function buildPluginSchema(model: ContentModel, options: SchemaOptions = {}): PluginGraphqlSchema {
  const types = options.shadowCRUD === false ? [] : applyShadowCrud(graphqlTypes(model), options.shadowCrud);
  const byUid = new Map(types.map((t) => [t.uid, t]));
  const byName = new Map(types.map((t) => [t.name, t]));
  const registry = new Map<string, GraphQLNamedType>();
  const reg = <T extends GraphQLNamedType>(t: T): T => (registry.set(t.name, t), t);
  const named = (name: string): GraphQLNamedType => {
    const t = registry.get(name);
    if (!t) throw new Error(`graphql: type ${name} used before it is registered`);
    return t;
  };
  const lazyOut = (name: string) => named(name) as GraphQLOutputType;
  const lazyIn = (name: string) => named(name) as GraphQLInputType;

  const scalars = pluginScalars();
  for (const s of [scalars.JSON, scalars.DateTime, scalars.Time, scalars.Date, scalars.Long]) reg(s);
  const scalarNamed = (name: string): GraphQLNamedType =>
    ({ ID: GraphQLID, Boolean: GraphQLBoolean, String: GraphQLString, Int: GraphQLInt, Float: GraphQLFloat })[name] ?? named(name);

  reg(
    new GraphQLObjectType({
      name: 'Error',
      fields: { code: { type: new GraphQLNonNull(GraphQLString) }, message: { type: GraphQLString } },
    }),
  );
  const nnInt = { type: new GraphQLNonNull(GraphQLInt) };
  reg(new GraphQLObjectType({ name: 'Pagination', fields: { total: nnInt, page: nnInt, pageSize: nnInt, pageCount: nnInt } }));
  const v4 = options.v4CompatibilityMode === true;
  if (v4)
    reg(
      new GraphQLObjectType({
        name: 'ResponseCollectionMeta',
        fields: () => ({ pagination: { type: new GraphQLNonNull(lazyOut('Pagination')) } }),
      }),
    );
  reg(new GraphQLObjectType({ name: 'DeleteMutationResponse', fields: { documentId: { type: new GraphQLNonNull(GraphQLID) } } }));
  const status = reg(
    new GraphQLEnumType({ name: 'PublicationStatus', values: { DRAFT: { value: 'draft' }, PUBLISHED: { value: 'published' } } }),
  );
  const publicationFilter = reg(
    new GraphQLEnumType({
      name: 'PublicationFilter',
      values: Object.fromEntries(
        [
          'never-published',
          'has-published-version',
          'modified',
          'unmodified',
          'never-published-document',
          'has-published-version-document',
          'published-without-draft',
          'published-with-draft',
        ].map((v) => [v.toUpperCase().replace(/-/g, '_'), { value: v }]),
      ),
    }),
  );
  for (const scalar of ['ID', 'Boolean', 'String', 'Int', 'Long', 'Float', 'Date', 'Time', 'DateTime', 'JSON']) {
    const name = `${scalar}FilterInput`;
    reg(
      new GraphQLInputObjectType({
        name,
        fields: () =>
          Object.fromEntries(
            FILTER_OPERATORS.map((op): [string, GraphQLInputFieldConfig] => {
              const s = scalarNamed(scalar) as GraphQLInputType;
              if (op === 'not') return [op, { type: lazyIn(name) }];
              if (op === 'null' || op === 'notNull') return [op, { type: GraphQLBoolean }];
              if (['and', 'or', 'in', 'notIn', 'between'].includes(op)) return [op, { type: new GraphQLList(s) }];
              return [op, { type: s }];
            }),
          ),
      }),
    );
  }
  const paginationArg = new GraphQLInputObjectType({
    name: 'PaginationArg',
    fields: { page: { type: GraphQLInt }, pageSize: { type: GraphQLInt }, start: { type: GraphQLInt }, limit: { type: GraphQLInt } },
  });
  const listArgs = (filters: string): GraphQLFieldConfigArgumentMap => ({
    filters: { type: lazyIn(filters) },
    pagination: { type: paginationArg, defaultValue: {} },
    sort: { type: new GraphQLList(GraphQLString), defaultValue: [] },
  });
  const known = (uid: string) => byUid.get(uid);
  const fileType = known(FILE_UID);
  const filtersName = (t: GqlType) => `${t.name}FiltersInput`;
  const enumName = (t: GqlType, a: GqlAttribute) => `ENUM_${t.name.toUpperCase()}_${a.name.toUpperCase()}`;
  const dzName = (t: GqlType, a: GqlAttribute) => `${t.name}${pascal(a.name)}DynamicZone`;
  /** Arguments of a to-many field onto `target` (getContentTypeArgs with isNested). */
  const nestedArgs = (target: GqlType): GraphQLFieldConfigArgumentMap | undefined =>
    target.modelType === 'component' || target.kind === 'collectionType' ? listArgs(filtersName(target)) : undefined;
  const nn = <T extends GraphQLType>(t: T, required: boolean) => (required ? new GraphQLNonNull(t) : t);

  function outputFields(t: GqlType): ThunkObjMap<GraphQLFieldConfig<unknown, unknown>> {
    return () => {
      const f: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
      if (t.modelType === 'component') f.id = { type: new GraphQLNonNull(GraphQLID) };
      else {
        if (v4) f.id = { type: new GraphQLNonNull(GraphQLID), deprecationReason: 'Use `documentId` instead' };
        f.documentId = { type: new GraphQLNonNull(GraphQLID) };
      }
      // components get them too
      if (v4) {
        const self = { type: new GraphQLNonNull(lazyOut(t.name)), deprecationReason: 'Use root level fields instead' };
        f.attributes = self;
        f.data = self;
      }
      for (const a of t.attributes) {
        if (a.common.private || a.common.output === false) continue;
        const req = a.common.required;
        switch (a.kind) {
          case 'enum':
            f[a.name] = { type: nn(lazyOut(enumName(t, a)), req) };
            break;
          case 'scalar':
            f[a.name] = { type: nn(scalarNamed(a.scalar) as GraphQLOutputType, req) };
            break;
          case 'component': {
            const c = known(a.component);
            if (!c) break;
            const base = lazyOut(c.name);
            f[a.name] = a.repeatable ? { type: nn(new GraphQLList(base), req), args: nestedArgs(c) } : { type: nn(base, req) };
            break;
          }
          case 'dynamiczone':
            f[a.name] = { type: nn(new GraphQLList(lazyOut(dzName(t, a))), req) };
            break;
          case 'morph':
            f[a.name] = { type: nn(a.toMany ? new GraphQLList(lazyOut('GenericMorph')) : lazyOut('GenericMorph'), req) };
            break;
          case 'media':
          case 'relation': {
            const target = a.kind === 'media' ? fileType : known(a.target);
            if (!target) break;
            const many = a.kind === 'media' ? a.multiple : a.toMany;
            if (!many) {
              f[a.name] = { type: nn(lazyOut(target.name), req) };
              break;
            }
            const args = nestedArgs(target);
            f[`${a.name}_connection`] = { type: nn(lazyOut(`${target.name}RelationResponseCollection`), req), args };
            f[a.name] = { type: new GraphQLNonNull(new GraphQLList(lazyOut(target.name))), args };
          }
        }
      }
      return f;
    };
  }

  function filterFields(t: GqlType): ThunkObjMap<GraphQLInputFieldConfig> {
    return () => {
      const f: Record<string, GraphQLInputFieldConfig> = {};
      if (t.modelType === 'contentType' && t.kind === 'collectionType') f.documentId = { type: lazyIn('IDFilterInput') };
      for (const a of t.attributes) {
        if (a.common.private || a.common.filters === false) continue;
        if (a.kind === 'scalar') f[a.name] = { type: lazyIn(`${a.scalar}FilterInput`) };
        else if (a.kind === 'enum') f[a.name] = { type: lazyIn('StringFilterInput') };
        else if (a.kind === 'relation' && known(a.target)) f[a.name] = { type: lazyIn(filtersName(known(a.target)!)) };
        else if (a.kind === 'component' && known(a.component)) f[a.name] = { type: lazyIn(filtersName(known(a.component)!)) };
      }
      const self = filtersName(t);
      f.and = { type: new GraphQLList(lazyIn(self)) };
      f.or = { type: new GraphQLList(lazyIn(self)) };
      f.not = { type: lazyIn(self) };
      return f;
    };
  }

  function inputFields(t: GqlType): ThunkObjMap<GraphQLInputFieldConfig> {
    return () => {
      const f: Record<string, GraphQLInputFieldConfig> = {};
      if (t.modelType === 'component') f.id = { type: GraphQLID };
      for (const a of t.attributes) {
        if (!a.common.writable) continue;
        switch (a.kind) {
          case 'enum':
            f[a.name] = { type: lazyIn(enumName(t, a)) };
            break;
          case 'scalar':
            f[a.name] = { type: scalarNamed(a.scalar) as GraphQLInputType };
            break;
          case 'media':
            if (fileType) f[a.name] = { type: a.multiple ? new GraphQLList(GraphQLID) : GraphQLID };
            break;
          case 'relation':
            if (known(a.target)) f[a.name] = { type: a.toMany ? new GraphQLList(GraphQLID) : GraphQLID };
            break;
          case 'component': {
            const c = known(a.component);
            if (c) f[a.name] = { type: a.repeatable ? new GraphQLList(lazyIn(`${c.name}Input`)) : lazyIn(`${c.name}Input`) };
            break;
          }
          case 'dynamiczone':
            f[a.name] = { type: new GraphQLList(new GraphQLNonNull(lazyIn(`${dzName(t, a)}Input`))) };
        }
      }
      return f;
    };
  }

  for (const t of types) {
    for (const a of t.attributes) {
      if (a.kind === 'enum')
        reg(new GraphQLEnumType({ name: enumName(t, a), values: Object.fromEntries(a.values.map((v) => [enumMember(v), { value: v }])) }));
    }
    for (const a of t.attributes) {
      if (a.kind !== 'dynamiczone') continue;
      const members = a.components.map((uid) => known(uid)).filter((c): c is GqlType => c !== undefined);
      reg(
        new GraphQLUnionType({
          name: dzName(t, a),
          types: () => [...members.map((c) => named(c.name) as GraphQLObjectType), named('Error') as GraphQLObjectType],
        }),
      );
      const names = members.map((c) => c.name);
      reg(zoneInputScalar(`${dzName(t, a)}Input`, names, () => types.filter((c) => c.modelType === 'component')));
    }
    reg(new GraphQLInputObjectType({ name: filtersName(t), fields: filterFields(t) }));
    reg(new GraphQLInputObjectType({ name: `${t.name}Input`, fields: inputFields(t) }));
    reg(new GraphQLObjectType({ name: t.name, fields: outputFields(t) }));
    if (t.modelType === 'component') continue;
    reg(new GraphQLObjectType({ name: `${t.name}EntityResponse`, fields: () => ({ data: { type: lazyOut(t.name) } }) }));
    const nodes = () => ({ type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(lazyOut(t.name)))) });
    reg(
      new GraphQLObjectType({
        name: `${t.name}EntityResponseCollection`,
        fields: () => ({
          nodes: nodes(),
          pageInfo: { type: new GraphQLNonNull(lazyOut('Pagination')) },
          ...(v4
            ? {
                data: { ...nodes(), deprecationReason: 'Use `nodes` field instead' },
                meta: {
                  type: new GraphQLNonNull(lazyOut('ResponseCollectionMeta')),
                  deprecationReason: 'Use the `pageInfo` field instead',
                },
              }
            : {}),
        }),
      }),
    );
    reg(
      new GraphQLObjectType({
        name: `${t.name}RelationResponseCollection`,
        fields: () => ({ nodes: nodes(), ...(v4 ? { data: { ...nodes(), deprecationReason: 'Use `nodes` field instead' } } : {}) }),
      }),
    );
  }
  if (types.length > 0)
    reg(new GraphQLUnionType({ name: 'GenericMorph', types: () => types.map((t) => named(t.name) as GraphQLObjectType) }));
  const ext = extensionTypes({ registry, reg, scalars, byUid, hasTypes: types.length > 0 });
  reg(paginationArg);

  const roots = new Map<string, RootField>();
  const query: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
  const mutation: Record<string, GraphQLFieldConfig<unknown, unknown>> = {};
  const publication: GraphQLFieldConfigArgumentMap = {
    status: { type: status, defaultValue: 'published' },
    hasPublishedVersion: { type: GraphQLBoolean },
    publicationFilter: { type: publicationFilter },
  };
  const localeArg = (t: GqlType): GraphQLFieldConfigArgumentMap =>
    t.localized ? { locale: { type: lazyIn('I18NLocaleCode'), description: LOCALE_DESCRIPTION } as GraphQLArgumentConfig } : {};
  for (const t of types) {
    if (t.modelType !== 'contentType') continue;
    const single = lowerFirst(t.name);
    const plural = lowerFirst(t.name.slice(0, t.name.length - pascal(t.singularName).length) + pascal(t.pluralName));
    const typeName = t.name;
    if (t.queries && t.kind === 'collectionType') {
      if (actionEnabled(t, 'findOne')) {
        query[single] = {
          type: lazyOut(typeName),
          args: { documentId: { type: new GraphQLNonNull(GraphQLID) }, ...publication, ...localeArg(t) },
        };
        roots.set(`Query.${single}`, { op: 'findOne', type: t });
      }
      if (actionEnabled(t, 'find')) {
        const args = { ...listArgs(filtersName(t)), ...publication, ...localeArg(t) };
        query[`${plural}_connection`] = { type: lazyOut(`${typeName}EntityResponseCollection`), args };
        query[plural] = { type: new GraphQLNonNull(new GraphQLList(lazyOut(typeName))), args };
        roots.set(`Query.${plural}_connection`, { op: 'connection', type: t });
        roots.set(`Query.${plural}`, { op: 'find', type: t });
      }
    } else if (t.queries && actionEnabled(t, 'find')) {
      query[single] = { type: lazyOut(typeName), args: { ...publication, ...localeArg(t) } };
      roots.set(`Query.${single}`, { op: 'single', type: t });
    }
    if (!t.mutations) continue;
    const data = { data: { type: new GraphQLNonNull(lazyIn(`${typeName}Input`)) } };
    const statusArg = { status: publication.status };
    const documentId: GraphQLFieldConfigArgumentMap =
      t.kind === 'collectionType' ? { documentId: { type: new GraphQLNonNull(GraphQLID) } } : {};
    if (t.kind === 'collectionType' && actionEnabled(t, 'create')) {
      mutation[`create${typeName}`] = { type: lazyOut(typeName), args: { ...statusArg, ...data, ...localeArg(t) } };
      roots.set(`Mutation.create${typeName}`, { op: 'create', type: t });
    }
    if (actionEnabled(t, 'update')) {
      mutation[`update${typeName}`] = { type: lazyOut(typeName), args: { ...documentId, ...statusArg, ...data, ...localeArg(t) } };
      roots.set(`Mutation.update${typeName}`, { op: 'update', type: t });
    }
    if (actionEnabled(t, 'delete')) {
      mutation[`delete${typeName}`] = { type: lazyOut('DeleteMutationResponse'), args: { ...documentId, ...localeArg(t) } };
      roots.set(`Mutation.delete${typeName}`, { op: 'delete', type: t });
    }
  }
  for (const [name, field] of Object.entries(ext.query)) {
    query[name] = field;
    roots.set(`Query.${name}`, { op: 'plugin', name });
  }
  for (const [name, field] of Object.entries(ext.mutation)) {
    mutation[name] = field;
    roots.set(`Mutation.${name}`, { op: 'plugin', name });
  }
  const queryType = new GraphQLObjectType({ name: 'Query', fields: query });
  const mutationType = new GraphQLObjectType({ name: 'Mutation', fields: mutation });
  const reachable = reachableTypes([queryType, mutationType]);
  const ordered = [...registry.values()].filter((t) => reachable.has(t.name));
  const schema = new GraphQLSchema({ query: queryType, mutation: mutationType, types: [...ordered, queryType, mutationType] });
  const unpruned = () =>
    new GraphQLSchema({ query: queryType, mutation: mutationType, types: [...registry.values(), queryType, mutationType] });
  return { schema, roots, types, byName, byUid, unpruned };
}

/** Names of the types the root types reach (graphql-tools' pruneSchema keeps no others). */
export function reachableTypes(roots: readonly GraphQLNamedType[]): Set<string> {
  const seen = new Set<string>();
  const visit = (t: GraphQLType): void => {
    while (t instanceof GraphQLNonNull || t instanceof GraphQLList) t = t.ofType;
    const n = t as GraphQLNamedType;
    if (seen.has(n.name)) return;
    seen.add(n.name);
    if (n instanceof GraphQLObjectType) {
      for (const f of Object.values(n.getFields())) {
        visit(f.type);
        for (const a of f.args) visit(a.type);
      }
    } else if (n instanceof GraphQLInputObjectType) for (const f of Object.values(n.getFields())) visit(f.type);
    else if (n instanceof GraphQLUnionType) for (const m of n.getTypes()) visit(m);
  };
  for (const r of roots) visit(r);
  return seen;
}
