import { ApplicationError, StrapiError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { ComponentValue } from '../data/types.js';

// Strapi's updateComponents, for an entry updated in place (the draft row a PUT updates, or a component kept by its
// id): a component given with the id of one its attribute holds is updated in place and keeps that id; one without
// an id is created; any other id is refused, checked for all of an attribute's items before any is written
// (deleteOldComponents: "Some of the provided components in seo are not related to the entity"; in a dynamic zone the
// entry's component must match too, and Strapi throws a plain Error there, answered 400 named `Error`). A create, a
// new locale and a new component take no id from their data. Ids are compared as text, as Strapi's pickStringifiedId
// does. This is the trap of a frontend that sends back the published version's components to update the draft:
// Strapi refuses them.
// An update in place is partial: the attributes the item leaves out keep their stored values (nested components too).

/** A plain Error thrown inside Strapi's document service that its error middleware answers 400 as `Error`. */
class PlainError extends StrapiError {
  override readonly name: string = 'Error';
  constructor(message: string) {
    super(message, null);
  }
}

/** The components an attribute holds in a stored entry (none for a missing or empty value). */
function storedItems(stored: Record<string, unknown>, name: string): ComponentValue[] {
  const v = stored[name];
  return (Array.isArray(v) ? v : v ? [v] : []).filter(isPlainObject) as ComponentValue[];
}

const sameEntry = (item: Record<string, unknown>, held: ComponentValue, zone: boolean) =>
  String(item.id) === String(held.id) && (!zone || item.__component === held.__component);

/**
 * Strapi's refusal of the first item of `value` that names an id the attribute's stored components do not hold (in a
 * zone: with the same component), or undefined. `stored`: the entry updated in place.
 */
export function unrelatedComponents(stored: Record<string, unknown>, name: string, value: unknown, zone: boolean): Error | undefined {
  const held = storedItems(stored, name);
  for (const item of Array.isArray(value) ? value : [value]) {
    if (!isPlainObject(item) || !Object.hasOwn(item, 'id')) continue;
    if (held.some((h) => sameEntry(item, h, zone))) continue;
    const message = `Some of the provided components in ${name} are not related to the entity`;
    return zone ? new PlainError(message) : new ApplicationError(message, {});
  }
  return undefined;
}

/** The stored component an item of `value` updates in place (it names its id), or undefined for a new one. */
export function keptComponent(
  stored: Record<string, unknown> | undefined,
  name: string,
  item: Record<string, unknown>,
  zone: boolean,
): ComponentValue | undefined {
  if (!stored || item.id === undefined) return undefined;
  return storedItems(stored, name).find((h) => sameEntry(item, h, zone));
}

/**
 * A component updated in place: `prepared` (every attribute, as a new one would hold them) where the item gives the
 * attribute, the stored value where it does not.
 */
export function mergedComponent(
  held: ComponentValue,
  given: Record<string, unknown>,
  prepared: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(held)) if (key !== 'id' && key !== '__component') out[key] = held[key];
  for (const key of Object.keys(prepared)) if (Object.hasOwn(given, key) || !Object.hasOwn(held, key)) out[key] = prepared[key];
  return out;
}
