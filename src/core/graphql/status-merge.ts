import type { GraphQLResolveInfo } from 'graphql';
import { isPlainObject } from '../is-plain-object.js';
import type { Entry } from '../query/render-entry.js';
import { renderRows } from '../query/render-entry.js';
import { linkedRows } from '../query/linked-rows.js';
import { parseQuery } from '../query/run-query.js';
import type { GraphqlContext, RootArgs } from './graphql-context.js';
import type { GqlType } from './graphql-model.js';
import { collectFields, isNodes, populateFor } from './selection-populate.js';

// The plugin's association resolver gives a relation field the status of its root query as a WHERE of its own
// (`publishedAt: {$notNull: true}` for published, `{$null: true}` for draft) and lodash-merges the field's filters
// over it. A `publishedAt` condition of the user's that names the same operator replaces the inherited one: under a
// published query, `filters: {publishedAt: {notNull: false}}` lists the linked draft rows (harness self-nest-701).
// Any other operator is kept beside it (both apply), and a condition inside `and`/`or` is not merged.

/** The populate a field's selection needs on `type` (a `_connection` selects through `nodes`). */
export function fieldSelectionPopulate(ctx: GraphqlContext, type: GqlType, info: GraphQLResolveInfo): Record<string, unknown> | undefined {
  const sel = {
    fragments: info.fragments,
    model: ctx.store.index.model,
    byUid: ctx.built.byUid,
    byName: ctx.built.byName,
  };
  let fields = info.fieldNodes.flatMap((n) => collectFields(sel, n.selectionSet, type.name));
  if (info.fieldName.endsWith('_connection'))
    fields = fields.filter((f) => isNodes(f.name.value)).flatMap((f) => collectFields(sel, f.selectionSet, type.name));
  return populateFor(sel, type, fields);
}

/**
 * Whether the field's filters (in Strapi's `$` form) replace the status the field inherits: their top-level
 * `publishedAt` holds the operator the inherited condition uses.
 */
export function replacesInheritedStatus(filters: unknown, root: RootArgs | undefined): boolean {
  if (!root || !isPlainObject(filters)) return false;
  const own = filters.publishedAt;
  return isPlainObject(own) && Object.hasOwn(own, root.status === 'published' ? '$notNull' : '$null');
}

/**
 * A relation field's rows when its filters replace the inherited status: every row the source row's links join
 * (each version of a linked document a writer without draft & publish links), rendered as the root query's status
 * renders what they populate. Undefined when the source is not a stored content-type row (a component).
 */
export function linkedVersions(
  ctx: GraphqlContext,
  type: GqlType,
  source: Entry,
  attributeName: string,
  target: GqlType,
  root: RootArgs,
  info: GraphQLResolveInfo,
): Entry[] | undefined {
  const index = ctx.store.index;
  const holder = index.model.contentTypes.get(type.uid);
  const targetType = index.model.contentTypes.get(target.uid);
  const attribute = holder?.attributes.get(attributeName);
  const row = holder && type.modelType !== 'component' ? index.rowById(type.uid, Number(source.id)) : undefined;
  if (!holder || !targetType || attribute?.kind !== 'relation' || !row) return undefined;
  const rows = linkedRows(index, { type: holder, row }, row, attribute);
  const populate = fieldSelectionPopulate(ctx, target, info);
  const opts = { ...ctx.options, canRead: undefined };
  const { node } = parseQuery(index, targetType, { status: root.status, ...(populate ? { populate } : {}) }, opts);
  return renderRows({ index, status: root.status, budget: ctx.options.budget }, targetType, rows, node);
}
