import { isPlainObject } from '../is-plain-object.js';
import type { ContentModel } from '../model/types.js';
import { fieldOf } from '../query/scope.js';
import type { GqlType } from './graphql-model.js';

// The schema has every relation of the plugins' types, some of which the mock keeps no rows for: a role's
// `permissions` (the mock reads what a role may do from the config). Real Strapi lets a filter go through them and
// joins their rows; the REST engine knows no such attribute and would refuse the key. Such a filter reads here as a
// join that finds no row: its condition holds for no entry (it is replaced by one no row meets). Exact for the
// lists a project's content links (a post's roles are mostly none); an approximation where a listed role has
// permissions Strapi would match.

const NO_ROW = { documentId: { null: true } };

/** GraphQL filters of `type` with the relations the mock keeps no rows for replaced by a condition no entry meets. */
export function withoutUnkeptRelations(filters: unknown, type: GqlType, byUid: ReadonlyMap<string, GqlType>, model: ContentModel): unknown {
  if (Array.isArray(filters)) return filters.map((f) => withoutUnkeptRelations(f, type, byUid, model));
  if (!isPlainObject(filters)) return filters;
  const owner = model.contentTypes.get(type.uid);
  // what the REST engine can filter on: the type's attributes and its localizations join (a localized type's)
  const kept = owner ? (key: string) => fieldOf({ kind: 'type', type: owner }, key) !== undefined : undefined;
  const out: Record<string, unknown> = {};
  let unkept = false;
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'and' || key === 'or' || key === 'not') {
      out[key] = withoutUnkeptRelations(value, type, byUid, model);
      continue;
    }
    const attribute = type.attributes.find((a) => a.name === key);
    if (attribute?.kind !== 'relation' && attribute?.kind !== 'component') {
      out[key] = value;
      continue;
    }
    if (attribute.kind === 'relation' && kept && !kept(key)) {
      unkept = true;
      continue;
    }
    const target = byUid.get(attribute.kind === 'relation' ? attribute.target : attribute.component);
    out[key] = target ? withoutUnkeptRelations(value, target, byUid, model) : value;
  }
  if (unkept) out.and = [...(Array.isArray(out.and) ? out.and : []), NO_ROW];
  return out;
}
