import type { FieldError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { Attributes, ContentModel } from '../model/types.js';

// Strapi validates a body with yup 0.32, asynchronously: every test settles a promise tick after it starts, a
// schema runs its own tests before its fields' or items', and the fields or items of one value run side by side.
// An object sorts its fields' errors by key order when all are done, but a list (a repeatable component, a dynamic
// zone) keeps its items' errors in the order the items finish: an item that holds deeper lists finishes later, so its
// errors come after those of a shallower item further down the list (harness graphql-run launchpad-code 551:
// `dynamic_zone[2].steps` null before `dynamic_zone[0].CTAs[0].target`). This counts the ticks by nesting: a field
// of an object takes two (its type test, then its other tests), a list two before its items, an object one before its
// fields.

const FIELD_TICKS = 2;
const LIST_TICKS = 2;

/** Ticks until yup's validation of one component value (an object of `attributes`) settles. */
export function objectTicks(model: ContentModel, attributes: Attributes, value: unknown): number {
  if (!isPlainObject(value)) return 1;
  let deepest = FIELD_TICKS;
  for (const attribute of attributes.values()) {
    const v = value[attribute.name];
    if (attribute.kind === 'component') {
      const component = model.components.get(attribute.component);
      if (!component) continue;
      if (attribute.repeatable && Array.isArray(v)) {
        deepest = Math.max(deepest, LIST_TICKS + Math.max(0, ...v.map((item) => objectTicks(model, component.attributes, item))));
      } else if (!attribute.repeatable && isPlainObject(v)) deepest = Math.max(deepest, objectTicks(model, component.attributes, v));
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(v)) {
      deepest = Math.max(deepest, LIST_TICKS + Math.max(0, ...v.map((item) => zoneItemTicks(model, item))));
    }
  }
  return 1 + deepest;
}

/** A dynamic zone entry: its `__component` field beside the component's own. */
export function zoneItemTicks(model: ContentModel, item: unknown): number {
  const uid = isPlainObject(item) ? item.__component : undefined;
  const component = typeof uid === 'string' ? model.components.get(uid) : undefined;
  return component ? objectTicks(model, component.attributes, item) : isPlainObject(item) ? 1 + FIELD_TICKS : 1;
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
