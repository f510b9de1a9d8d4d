import { DEFAULT_GRAPHQL } from '../../core/config/content-mock-config.js';
import { pageWindow, restFilters } from '../../core/graphql/graphql-args.js';
import { graphqlTypes, type GqlType } from '../../core/graphql/graphql-model.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import type { Runtime } from '../runtime.js';

// The GraphQL plugin's services project resolvers call besides `extension`: `format.returnTypes` (the response
// wrappers a resolver returns for `<Type>EntityResponse` / `…Collection`) and `builders.utils.transformArgs` (a
// field's GraphQL arguments as document service params: `filters` with `$` operators, the page as start/limit).

/** The plugin's types per model (the model object is replaced on reload): built once, not per resolver call. */
const typesOf = new WeakMap<object, { readonly byUid: ReadonlyMap<string, GqlType> }>();

function pluginTypes(rt: Runtime): ReadonlyMap<string, GqlType> {
  let entry = typesOf.get(rt.model);
  if (!entry) typesOf.set(rt.model, (entry = { byUid: new Map(graphqlTypes(rt.model).map((t) => [t.uid, t])) }));
  return entry.byUid;
}

export function graphqlPluginServices(current: () => Runtime): Record<string, unknown> {
  const returnTypes = {
    toEntityResponse: (value: unknown, info: Record<string, unknown> = {}) => ({
      value,
      info: { args: info.args ?? {}, resourceUID: info.resourceUID },
    }),
    toEntityResponseCollection: (nodes: unknown, info: Record<string, unknown> = {}) => ({
      nodes,
      info: { args: info.args ?? {}, resourceUID: info.resourceUID },
    }),
  };
  const transformArgs = (args: unknown, options: { contentType?: { uid?: unknown }; usePagination?: boolean } = {}) => {
    const given = isPlainObject(args) ? args : {};
    const { pagination, filters, ...rest } = given;
    const out: Record<string, unknown> = { ...rest };
    const rt = current();
    if (options.usePagination) {
      const settings = rt.config.graphql ?? DEFAULT_GRAPHQL;
      const w = pageWindow(pagination, { defaultLimit: settings.defaultLimit, maxLimit: settings.maxLimit });
      Object.assign(out, { start: w.start, limit: w.limit });
    }
    const byUid = pluginTypes(rt);
    const type = byUid.get(String(options.contentType?.uid));
    if (filters && type) out.filters = restFilters(filters, type, byUid);
    // the plugin's sort argument defaults to `[]`: no sort is left out
    if (out.sort === undefined || out.sort === null || (Array.isArray(out.sort) && out.sort.length === 0)) delete out.sort;
    return out;
  };
  return { format: { returnTypes }, builders: { utils: { transformArgs } } };
}
