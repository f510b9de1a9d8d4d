import type { FieldError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { Attribute, Attributes, ContentModel } from '../model/types.js';
import { pathLabel } from './coerce-scalar.js';

// Strapi validates a body with yup 0.32, asynchronously: every test settles a promise tick after it starts, a
// schema runs its own tests before its fields' or items', and the fields or items of one value run side by side.
// An object sorts its fields' errors by key order when all are done, but a list (a repeatable component, a dynamic
// zone) keeps its items' errors in the order the items finish: an item that holds deeper lists finishes later, so its
// errors come after those of a shallower item further down the list (harness graphql-run launchpad-code 551:
// `dynamic_zone[2].steps` null before `dynamic_zone[0].CTAs[0].target`). This counts the ticks by nesting: a field
// of an object takes two (its type test, then its other tests), a list two before its items, an object one before its
// fields.
//
// yup starts an object's fields in reverse key order (its `_nodes` are a topological sort of the keys, reversed), and
// sorts the fields' errors by key order with `sortByKeyOrder`, which gives an error the index of the first key that
// is a substring of the error's path (`String.indexOf`) and keeps the finishing order among equal indices: a field
// whose name holds an earlier one (`FondOpaque` after `Fond`), or whose path holds one through a parent's name
// (`Couleur` under `GradientCouleur`), shares that key's place, and of such fields the one that settles first comes
// first, the last-started (the later key) on a tie (probes/list-bounds.json; harness graphql-run geometre-811).

const FIELD_TICKS = 2;
const LIST_TICKS = 2;

/** Ticks until yup's validation of one component value (an object of `attributes`) settles. */
export function objectTicks(model: ContentModel, attributes: Attributes, value: unknown): number {
  if (!isPlainObject(value)) return 1;
  let deepest = FIELD_TICKS;
  for (const attribute of attributes.values()) deepest = Math.max(deepest, fieldTicks(model, attribute, value[attribute.name]));
  return 1 + deepest;
}

/** Ticks until yup's validation of one field of an object settles, given its value. */
export function fieldTicks(model: ContentModel, attribute: Attribute, v: unknown): number {
  if (attribute.kind === 'component') {
    const component = model.components.get(attribute.component);
    if (!component) return FIELD_TICKS;
    if (attribute.repeatable && Array.isArray(v))
      return LIST_TICKS + Math.max(0, ...v.map((item) => objectTicks(model, component.attributes, item)));
    if (!attribute.repeatable && isPlainObject(v)) return objectTicks(model, component.attributes, v);
  } else if (attribute.kind === 'dynamiczone' && Array.isArray(v)) {
    return LIST_TICKS + Math.max(0, ...v.map((item) => zoneItemTicks(model, item)));
  } else if (attribute.kind === 'scalar' && attribute.type === 'blocks' && Array.isArray(v)) {
    // a blocks value is a yup list too, of nodes checked by their type (Strapi's blocks-validator): a node of no known
    // type fails its one test, a known one checks its fields and its children in turn (harness graphql-run
    // geometre-811: a component's invalid blocks settle after a sibling zone entry's enumeration)
    return 1 + Math.max(0, ...v.map(blockNodeTicks));
  }
  return FIELD_TICKS;
}

const BLOCK_NODES = new Set(['paragraph', 'heading', 'quote', 'list', 'list-item', 'image', 'code', 'text', 'link']);

/** Ticks until one blocks node settles: its fields, and its children list (a tested list) in turn. */
function blockNodeTicks(node: unknown): number {
  if (!isPlainObject(node) || typeof node.type !== 'string' || !BLOCK_NODES.has(node.type)) return FIELD_TICKS;
  const children = Array.isArray(node.children) ? LIST_TICKS + Math.max(0, ...node.children.map(blockNodeTicks)) : FIELD_TICKS;
  return 1 + Math.max(FIELD_TICKS, children);
}

/** A dynamic zone entry: its `__component` field beside the component's own. */
export function zoneItemTicks(model: ContentModel, item: unknown): number {
  const uid = isPlainObject(item) ? item.__component : undefined;
  const component = typeof uid === 'string' ? model.components.get(uid) : undefined;
  if (component) return objectTicks(model, component.attributes, item);
  // a uid that names no component fails yup's `oneOf`, one of the initial tests that settle before a field's others:
  // such an entry's error comes before a known entry's field errors, earlier in the list or not (list-bounds write
  // grammar 1711; probed: reports/s14-write-probes/zone-unknown-component-order-*)
  if (typeof uid === 'string') return 1 + 1;
  return isPlainObject(item) ? 1 + FIELD_TICKS : 1;
}

/** One list item's errors: `errors[start, end)`, and the item's value. */
export interface ItemErrors {
  readonly start: number;
  readonly end: number;
  readonly value: unknown;
}

/**
 * Puts a list's item errors (consecutive in `errors`, in item order) in the order yup's items settle (`ticks` of an
 * item's value: counted only when two items or more failed).
 */
export function orderItemErrors(errors: FieldError[], items: readonly ItemErrors[], ticks: (value: unknown) => number): void {
  const failed = items.filter((item) => item.end > item.start);
  if (failed.length < 2) return;
  const from = failed[0].start;
  const to = failed[failed.length - 1].end;
  // (a stable sort keeps the items of one tick in list order)
  const ordered = failed
    .map((item) => ({ item, ticks: ticks(item.value) }))
    .sort((a, b) => a.ticks - b.ticks)
    .flatMap(({ item }) => errors.slice(item.start, item.end));
  errors.splice(from, to - from, ...ordered);
}

/** One field's errors: `errors[start, end)`, its path label and its value. */
export interface FieldErrors {
  readonly attribute: Attribute;
  readonly start: number;
  readonly end: number;
  readonly value: unknown;
}

/**
 * Puts an object's field errors (consecutive in `errors`, one run per field in key order) in yup's order: by the
 * first key that is a substring of the field's path, fields sharing it in the order they settle.
 */
export function orderFieldErrors(
  model: ContentModel,
  errors: FieldError[],
  path: readonly (string | number)[],
  keys: readonly string[],
  fields: readonly FieldErrors[],
): void {
  const failed = fields
    .filter((f) => f.end > f.start)
    .map((f, position) => {
      const label = pathLabel([...path, f.attribute.name]);
      const index = keys.findIndex((key) => label.includes(key));
      return { f, position, index: index === -1 ? Infinity : index };
    });
  if (failed.length < 2 || failed.every((g, i) => i === 0 || g.index > failed[i - 1].index)) return;
  const from = failed[0].f.start;
  const to = failed[failed.length - 1].f.end;
  const ordered = failed
    .map((g) => ({ ...g, ticks: fieldTicks(model, g.f.attribute, g.f.value) }))
    .sort((a, b) => a.index - b.index || a.ticks - b.ticks || b.position - a.position)
    .flatMap(({ f }) => errors.slice(f.start, f.end));
  errors.splice(from, to - from, ...ordered);
}
