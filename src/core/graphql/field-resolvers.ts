import type { GraphQLResolveInfo } from 'graphql';
import { ForbiddenError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import { compileFilters } from '../query/filters.js';
import type { Entry } from '../query/render-entry.js';
import type { Record_, Scope } from '../query/scope.js';
import { parseSort, sortRecords } from '../query/sort.js';
import { strapiSchema } from '../query/strapi-schema.js';
import { validateFilters, validateSort } from '../query/validate-query.js';
import type { GraphqlContext } from './graphql-context.js';
import { pageWindow, restFilters, restSort } from './graphql-args.js';
import { FILE_UID, type GqlAttribute, type GqlType } from './graphql-model.js';

// Fields of content types and components. Relations, media and repeatable components were populated by the root
// query; each field applies its own `filters`, `sort` and `pagination` (default limit: the plugin's) to that list
// with the engine's filter and sort, and checks the plugin's auth scope (`<target>.find`) on relations.

type Args = Record<string, unknown>;

function scopeOf(ctx: GraphqlContext, target: GqlType): Scope | undefined {
  const model = ctx.store.index.model;
  if (target.uid === FILE_UID) return { kind: 'media' };
  if (target.modelType === 'component') {
    const component = model.components.get(target.uid);
    return component && { kind: 'component', component };
  }
  const type = model.contentTypes.get(target.uid);
  return type && { kind: 'type', type };
}

/** The stored record behind a rendered entry (its filters and sort read stored values). */
function recordOf(ctx: GraphqlContext, target: GqlType, entry: Entry): Record_ | undefined {
  const id = Number(entry.id);
  if (target.uid === FILE_UID) return ctx.store.index.media(id);
  if (target.modelType === 'component') return entry as unknown as Record_;
  return ctx.store.index.rowById(target.uid, id);
}

/** A populated list narrowed, ordered and paged by a field's arguments. */
function listWithArgs(ctx: GraphqlContext, target: GqlType, entries: readonly Entry[], args: Args): Entry[] {
  const scope = scopeOf(ctx, target);
  let list = [...entries];
  const index = ctx.store.index;
  if (scope && (args.filters || (Array.isArray(args.sort) && args.sort.length > 0))) {
    const byUid = new Map(ctx.built.types.map((t) => [t.uid, t]));
    const records = new Map<Record_, Entry>();
    for (const e of list) {
      const r = recordOf(ctx, target, e);
      if (r) records.set(r, e);
    }
    let kept = [...records.keys()];
    if (args.filters) {
      const filters = restFilters(args.filters, target, byUid);
      validateFilters(strapiSchema(index, scope), filters);
      const test = compileFilters(index, scope, filters);
      if (test) kept = kept.filter((r) => test(r) === true);
    }
    const sort = restSort(args.sort);
    if (sort !== undefined) {
      validateSort(strapiSchema(index, scope), sort);
      kept = sortRecords(index, scope, kept, parseSort(index, scope, sort), true);
    }
    list = kept.map((r) => records.get(r)!);
  }
  const w = pageWindow(args.pagination, ctx.limits);
  return w.limit === -1 ? list.slice(w.start) : list.slice(w.start, w.start + w.limit);
}

function attributeOf(type: GqlType, fieldName: string): { attribute: GqlAttribute; connection: boolean } | undefined {
  const connection = fieldName.endsWith('_connection');
  const name = connection ? fieldName.slice(0, -'_connection'.length) : fieldName;
  const attribute = type.attributes.find((a) => a.name === name);
  return attribute && { attribute, connection };
}

/** Resolves a field of a content type or component entry. */
export function resolveEntryField(type: GqlType, source: Entry, args: Args, ctx: GraphqlContext, info: GraphQLResolveInfo): unknown {
  const found = attributeOf(type, info.fieldName);
  if (!found) return source[info.fieldName] ?? null;
  const { attribute, connection } = found;
  const value = source[attribute.name];
  switch (attribute.kind) {
    case 'relation':
    case 'media': {
      const targetUid = attribute.kind === 'media' ? FILE_UID : attribute.target;
      if (attribute.kind === 'relation' && !ctx.may(targetUid, 'find')) throw new ForbiddenError('Forbidden access', {});
      const target = ctx.built.types.find((t) => t.uid === targetUid);
      const many = attribute.kind === 'media' ? attribute.multiple : attribute.toMany;
      if (!many || !target) return isPlainObject(value) ? value : null;
      const nodes = listWithArgs(ctx, target, Array.isArray(value) ? (value as Entry[]) : [], args);
      return connection ? { nodes } : nodes;
    }
    case 'component': {
      if (!attribute.repeatable) return isPlainObject(value) ? value : null;
      const target = ctx.built.types.find((t) => t.uid === attribute.component);
      return target ? listWithArgs(ctx, target, Array.isArray(value) ? (value as Entry[]) : [], args) : [];
    }
    case 'dynamiczone':
      return Array.isArray(value) ? value : [];
    case 'morph':
      return attribute.toMany ? [] : null;
    default:
      return value ?? null;
  }
}
