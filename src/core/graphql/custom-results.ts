import { GraphQLList, GraphQLNonNull, GraphQLObjectType, type FieldNode, type GraphQLOutputType, type GraphQLResolveInfo } from 'graphql';
import { isPlainObject } from '../is-plain-object.js';
import { renderRow } from '../query/render-entry.js';
import { parseQuery } from '../query/run-query.js';
import { publicationParam } from './graphql-args.js';
import { responseField } from './response-field.js';
import { collectionPageInfo } from './collection-page-info.js';
import type { GraphqlContext, RootArgs } from './graphql-context.js';
import type { GqlType } from './graphql-model.js';
import { collectFields, populateFor } from './selection-populate.js';

// What a project's own resolver returns, as the plugin's field resolvers then read it: a content type's relations,
// media, components and dynamic zones are loaded from the database by the entry's id (`db.query(uid).load`),
// whatever the returned object holds under those names; every other field is the returned object's own value.
// The plugin counts a project's Query fields among its built-in ones: under them relations take the root field's
// `status` argument, or published (probed on Strapi 5.54); under a mutation they load every version.

const LOADED = new Set(['relation', 'media', 'component', 'dynamiczone', 'morph']);

type Selection = ReturnType<typeof selection>;

function selection(ctx: GraphqlContext, info: GraphQLResolveInfo) {
  return {
    fragments: info.fragments,
    model: ctx.store.index.model,
    byUid: ctx.built.byUid,
    byName: ctx.built.byName,
  };
}

function hydrateEntry(
  ctx: GraphqlContext,
  sel: Selection,
  gt: GqlType,
  fields: readonly FieldNode[],
  value: unknown,
  root: RootArgs | undefined,
): unknown {
  if (!isPlainObject(value)) return value;
  const index = ctx.store.index;
  const type = index.model.contentTypes.get(gt.uid);
  const row = type ? index.rowById(gt.uid, Number(value.id)) : undefined;
  if (!type || !row) return value;
  const node = parseQuery(index, type, { populate: populateFor(sel, gt, fields) ?? {} }, ctx.options).node;
  const rendered: Record<string, unknown> = renderRow(
    { index, status: root?.status ?? (row.publishedAt === null ? 'draft' : 'published'), everyVersion: !root, budget: ctx.options.budget },
    type,
    row,
    node,
  );
  const out: Record<string, unknown> = { ...value };
  for (const a of gt.attributes) if (LOADED.has(a.kind)) out[a.name] = rendered[a.name];
  return out;
}

/**
 * A collection `toEntityResponseCollection` made (`{ nodes, info: { args, resourceUID } }`) gets its page information
 * when it is selected, counted as the plugin's `pageInfo` resolver counts it.
 */
function withPageInfo(
  ctx: GraphqlContext,
  type: GraphQLObjectType,
  fields: readonly FieldNode[],
  value: Record<string, unknown>,
): Record<string, unknown> {
  if ('pageInfo' in value || !isPlainObject(value.info) || !type.name.endsWith('EntityResponseCollection')) return value;
  if (!fields.some((f) => f.name.value === 'pageInfo' || f.name.value === 'meta')) return value;
  const page = collectionPageInfo(ctx, value.info);
  // an unread rejection must not go unhandled when graphql-js stops before reaching the field
  page.catch(() => undefined);
  return { ...value, pageInfo: page };
}

/** A value of `type` as the selection `nodes` reads it, its content type entries (at any depth) loaded. */
function walk(
  ctx: GraphqlContext,
  sel: Selection,
  type: GraphQLOutputType,
  nodes: readonly FieldNode[],
  value: unknown,
  root: RootArgs | undefined,
): unknown {
  // a value still to come (a collection's page information) is graphql-js's to await
  if (value instanceof Promise) return value;
  if (type instanceof GraphQLNonNull) return walk(ctx, sel, type.ofType, nodes, value, root);
  if (type instanceof GraphQLList) return Array.isArray(value) ? value.map((v) => walk(ctx, sel, type.ofType, nodes, v, root)) : value;
  if (!(type instanceof GraphQLObjectType) || !isPlainObject(value)) return value;
  const gt = ctx.built.byName.get(type.name);
  const fields = nodes.flatMap((n) => collectFields(sel, n.selectionSet, type.name));
  if (gt?.modelType === 'contentType') return hydrateEntry(ctx, sel, gt, fields, value, root);
  // a type of the project's (or a collection wrapper): each selected field the default resolver reads from the value
  const defs = type.getFields();
  const source = withPageInfo(ctx, type, fields, value);
  const out: Record<string, unknown> = { ...source };
  for (const name of new Set(fields.map((f) => f.name.value))) {
    const def = defs[name];
    if (!def || ctx.built.overrides?.has(`${type.name}.${name}`)) continue;
    const child = responseField(source, name);
    if (child === null) continue;
    const sub = fields.filter((f) => f.name.value === name);
    out[name] = walk(ctx, sel, def.type, sub, child, root);
  }
  return out;
}

/** A project resolver's result with its content type entries loaded as the plugin's field resolvers load them. */
export function hydrateCustomResult(ctx: GraphqlContext, info: GraphQLResolveInfo, args: Record<string, unknown>, value: unknown): unknown {
  let top: GraphQLResolveInfo['path'] = info.path;
  while (top.prev) top = top.prev;
  const key = String(top.key);
  // a Query field of the project's keeps its arguments for the relations under it, as the built-in ones do
  if (!info.path.prev && info.parentType === info.schema.getQueryType())
    ctx.rootArgs.set(key, { status: args.status === 'draft' ? 'draft' : 'published', publicationFilter: publicationParam(args) });
  return walk(ctx, selection(ctx, info), info.returnType, info.fieldNodes, value, ctx.rootArgs.get(key));
}
