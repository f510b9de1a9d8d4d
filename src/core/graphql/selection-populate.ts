import { Kind, type FieldNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';
import { isPlainObject } from '../is-plain-object.js';
import type { ContentModel } from '../model/types.js';
import { FILE_UID, type GqlType } from './graphql-model.js';

// The REST `populate` a GraphQL selection needs: every relation, media, component and dynamic zone the selection
// reaches, nested as deep as it goes. Arguments of relation fields are not part of it: each field applies its own
// filters, sort and pagination to what was populated (so aliases of one field with different arguments all hold).

type Populate = Record<string, unknown>;

export interface SelectionContext {
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  /** The engine's model: only attributes it holds are populated (plugin types' others have no rows here). */
  readonly model: ContentModel;
  readonly byUid: ReadonlyMap<string, GqlType>;
  readonly byName: ReadonlyMap<string, GqlType>;
}

/** Field nodes of a selection set on `typeName`, through fragments whose condition names it (or names none). */
export function collectFields(
  ctx: SelectionContext,
  set: SelectionSetNode | undefined,
  typeName: string | undefined,
  out: FieldNode[] = [],
): FieldNode[] {
  if (!set) return out;
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) out.push(s);
    else if (s.kind === Kind.INLINE_FRAGMENT) {
      if (!s.typeCondition || typeName === undefined || s.typeCondition.name.value === typeName)
        collectFields(ctx, s.selectionSet, typeName, out);
    } else {
      const f = ctx.fragments[s.name.value];
      if (f && (typeName === undefined || f.typeCondition.name.value === typeName)) collectFields(ctx, f.selectionSet, typeName, out);
    }
  }
  return out;
}

/** Type names the fragments of a selection set on a union condition on. */
function fragmentTypes(ctx: SelectionContext, set: SelectionSetNode | undefined, into = new Set<string>()): Set<string> {
  if (!set) return into;
  for (const s of set.selections) {
    if (s.kind === Kind.INLINE_FRAGMENT) {
      if (s.typeCondition) into.add(s.typeCondition.name.value);
      else fragmentTypes(ctx, s.selectionSet, into);
    } else if (s.kind === Kind.FRAGMENT_SPREAD) {
      const f = ctx.fragments[s.name.value];
      if (f) into.add(f.typeCondition.name.value);
    }
  }
  return into;
}

function merge(a: unknown, b: unknown): unknown {
  if (!isPlainObject(a)) return b;
  if (!isPlainObject(b)) return a;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
  return out;
}

/** Whether the engine's model holds the attribute (i18n's localizations it adds to every localized type). */
function engineHas(model: ContentModel, type: GqlType, name: string): boolean {
  if (type.modelType === 'component') return model.components.get(type.uid)?.attributes.has(name) ?? false;
  const t = model.contentTypes.get(type.uid);
  return !!t && (t.attributes.has(name) || (name === 'localizations' && t.localized));
}

/** The fields of a collection that hold its entries: `nodes`, and `data` in v4CompatibilityMode. */
export const isNodes = (name: string): boolean => name === 'nodes' || name === 'data';

const hasAttribute = (type: GqlType, name: string) => type.attributes.some((a) => a.name === name);

const nodeOf = (nested: Populate | undefined): unknown => (nested ? { populate: nested } : true);

/** The populate for a selection set on an object of `type`; undefined when it reaches nothing to populate. */
export function populateFor(ctx: SelectionContext, type: GqlType, fields: readonly FieldNode[]): Populate | undefined {
  const out: Populate = {};
  for (const field of fields) {
    // v4CompatibilityMode's `attributes`/`data` are the entry itself: what they select is populated here
    if ((field.name.value === 'attributes' || field.name.value === 'data') && !hasAttribute(type, field.name.value)) {
      const inner = populateFor(ctx, type, collectFields(ctx, field.selectionSet, type.name));
      if (inner) for (const [k, v] of Object.entries(inner)) out[k] = merge(out[k], v);
      continue;
    }
    const name = field.name.value.endsWith('_connection') ? field.name.value.slice(0, -'_connection'.length) : field.name.value;
    const attribute = type.attributes.find((a) => a.name === name);
    if (!attribute || attribute.common.private || !engineHas(ctx.model, type, name)) continue;
    let target: GqlType | undefined;
    let sub: readonly FieldNode[] = [];
    if (attribute.kind === 'relation' || attribute.kind === 'media' || attribute.kind === 'component') {
      target = ctx.byUid.get(
        attribute.kind === 'media' ? FILE_UID : attribute.kind === 'relation' ? attribute.target : attribute.component,
      );
      if (!target) continue;
      sub = collectFields(ctx, field.selectionSet, target.name);
      // a `_connection` selects through `nodes` (or v4CompatibilityMode's `data`)
      if (field.name.value !== name)
        sub = sub.filter((f) => isNodes(f.name.value)).flatMap((f) => collectFields(ctx, f.selectionSet, target!.name));
      out[name] = merge(out[name], nodeOf(populateFor(ctx, target, sub)));
    } else if (attribute.kind === 'dynamiczone') {
      const on: Populate = {};
      for (const typeName of fragmentTypes(ctx, field.selectionSet)) {
        const component = ctx.byName.get(typeName);
        if (!component || component.modelType !== 'component' || !attribute.components.includes(component.uid)) continue;
        on[component.uid] = nodeOf(populateFor(ctx, component, collectFields(ctx, field.selectionSet, typeName)));
      }
      // components a fragment does not name are populated with their own fields
      for (const uid of attribute.components) if (!(uid in on)) on[uid] = true;
      out[name] = merge(out[name], { on });
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
