import type { FieldError } from '../errors/strapi-errors.js';
import { isPlainObject } from '../is-plain-object.js';
import type { Attributes, ComponentAttribute, ContentModel, DynamicZoneAttribute } from '../model/types.js';
import { pathLabel } from './coerce-scalar.js';

// A repeatable component's or a dynamic zone's `min` and `max` (Strapi's entity validator, `addMinMax`): never on a
// draft; `min` only when the attribute is required or the list holds something. yup reports the list's own error
// after its items' errors, with the list as the value (probes/list-bounds.json; harness graphql-run geometre-811 and
// rohi-811).

/** The list's own bound error, if it breaks one. `value` gives the list as yup's error shows it. */
export function listBoundError(
  attribute: ComponentAttribute | DynamicZoneAttribute,
  length: number,
  path: readonly (string | number)[],
  draft: boolean,
  value: () => unknown,
): FieldError | undefined {
  if (draft) return undefined;
  const { min, max } = attribute;
  if (min !== undefined && Number.isInteger(min) && (attribute.required || length > 0) && length < min)
    return { path, message: `${pathLabel(path)} field must have at least ${min} items`, value: value() };
  if (max !== undefined && Number.isInteger(max) && length > max)
    return { path, message: `${pathLabel(path)} field must have less than or equal to ${max} items`, value: value() };
  return undefined;
}

/**
 * A stored list as Strapi's publish validates it, read back from the database with every relation, media and
 * component populated: each item its `id`, its scalars in attribute order (null when unset), then its components,
 * zones, media and relations in attribute order (a media as `{ set: [{ id }] }`, none as null), a zone entry's
 * `__component` last. `items` are the stored items with their ids (asInput's `ids`). A relation is what publishing's
 * data-ids transform makes of the populated link: `{ set: [{ id }] }` with the id of the target's published version
 * (`{ set: [] }` for a target with none, or an empty to-many), an unset to-one null (harness graphql-run
 * traveltailer 901 #144). `linkId` gives that id.
 */
export function storedList(
  model: ContentModel,
  items: readonly unknown[],
  attributesOf: (item: unknown) => Attributes | undefined,
  linkId: (target: string, documentId: string) => number | undefined,
): unknown[] {
  return items.map((item) => {
    const attributes = attributesOf(item);
    if (!isPlainObject(item) || !attributes) return item;
    const out: Record<string, unknown> = { id: item.id };
    for (const attribute of attributes.values()) if (attribute.kind === 'scalar') out[attribute.name] = item[attribute.name] ?? null;
    for (const attribute of attributes.values()) {
      const v = item[attribute.name];
      if (attribute.kind === 'media') {
        const ids = (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]).map((id) => ({ id }));
        out[attribute.name] = ids.length > 0 ? { set: ids } : attribute.multiple ? [] : null;
      } else if (attribute.kind === 'component') {
        const component = model.components.get(attribute.component)?.attributes;
        const one = (x: unknown) => storedList(model, [x], () => component, linkId)[0];
        out[attribute.name] = attribute.repeatable
          ? storedList(model, Array.isArray(v) ? v : [], () => component, linkId)
          : isPlainObject(v)
            ? one(v)
            : null;
      } else if (attribute.kind === 'dynamiczone')
        out[attribute.name] = storedList(model, Array.isArray(v) ? v : [], zoneAttributes(model), linkId);
      else if (attribute.kind === 'relation') {
        const docs = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
        const ids = docs.flatMap((d) => {
          const id = typeof d === 'string' ? linkId(attribute.target, d) : undefined;
          return id === undefined ? [] : [{ id }];
        });
        out[attribute.name] = !attribute.toMany && docs.length === 0 ? null : { set: ids };
      }
    }
    if (typeof item.__component === 'string') out.__component = item.__component;
    return out;
  });
}

/** A zone entry's component attributes, by its `__component`. */
export const zoneAttributes =
  (model: ContentModel) =>
  (item: unknown): Attributes | undefined =>
    isPlainObject(item) && typeof item.__component === 'string' ? model.components.get(item.__component)?.attributes : undefined;
