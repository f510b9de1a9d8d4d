import { isPlainObject } from '../is-plain-object.js';
import { findMany } from '../query/run-query.js';
import { publicationParam } from './graphql-args.js';
import type { GraphqlContext } from './graphql-context.js';

/**
 * The plugin's resolvePagination: pages of `limit` (at least 1); `-1` is one page of everything after `start`.
 * Values other than numbers are taken with JavaScript's arithmetic, as the plugin takes them (a missing `limit` gives
 * NaN, which the `Int` fields then refuse).
 */
export function pageInfo(total: number, start: unknown, limit: unknown) {
  const safe = Math.max(Number(limit), 1);
  return limit === -1
    ? { total, page: safe, pageSize: total - Number(start), pageCount: safe }
    : { total, page: Math.floor(Number(start) / safe) + 1, pageSize: safe, pageCount: Math.ceil(total / safe) };
}

/**
 * The page information of a collection a project's resolver made with `toEntityResponseCollection(nodes, { args,
 * resourceUID })`: as the plugin's `pageInfo` resolver, a `count` of `resourceUID` with those (document service)
 * args — through the project's document middlewares — status defaulting to published, the window from `start`/`limit`.
 */
export async function collectionPageInfo(ctx: GraphqlContext, info: unknown): Promise<Record<string, unknown>> {
  const given = isPlainObject(info) ? info : {};
  const args = isPlainObject(given.args) ? given.args : {};
  const type = ctx.store.index.model.contentTypes.get(String(given.resourceUID));
  // Strapi reads the model of `resourceUID` and fails on its attributes when there is none
  if (!type) throw new TypeError(`Cannot read properties of undefined (reading 'attributes')`);
  const { start, limit, status, publicationFilter: _p, hasPublishedVersion: _h, ...rest } = args;
  const publicationFilter = publicationParam(args);
  const params: Record<string, unknown> = {
    ...rest,
    ...(publicationFilter === undefined ? {} : { publicationFilter }),
    status: status ?? 'published',
  };
  const count = (p: Record<string, unknown>) => {
    const { filters, locale, status: s, publicationFilter: pf } = p;
    const query = Object.fromEntries(
      Object.entries({ filters, locale, status: s, publicationFilter: pf, pagination: { start: 0, limit: 1 } }).filter(
        ([, v]) => v !== undefined,
      ),
    );
    const limits = { defaultLimit: 1, maxLimit: null, withCount: true };
    const r = findMany(ctx.store.index, type, query, { ...ctx.options, limits, canRead: (uid: string) => ctx.may(uid, 'find') });
    return (r.meta.pagination as { total?: number }).total ?? 0;
  };
  const total = ctx.documents ? Number(await ctx.documents(type.uid, 'count', { ...params, start, limit }, count)) : count(params);
  return pageInfo(total, start, limit);
}
