import type { Attributes, ContentModel } from './types.js';
import { isPlainObject } from '../is-plain-object.js';

/**
 * Calls `visit` for a row and for every component value inside it (single, repeatable, dynamic-zone items, nested at
 * any depth), each with the attributes that describe it: the holders whose relation and media attributes a rule
 * about links must look at, since a component's relations are stored in the component value itself.
 */
export function eachHolder(
  model: ContentModel,
  attributes: Attributes,
  holder: Record<string, unknown>,
  visit: (attributes: Attributes, holder: Record<string, unknown>) => void,
): void {
  visit(attributes, holder);
  for (const attribute of attributes.values()) {
    if (attribute.kind !== 'component' && attribute.kind !== 'dynamiczone') continue;
    const value = holder[attribute.name];
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!isPlainObject(item)) continue;
      const uid = attribute.kind === 'component' ? attribute.component : String(item.__component);
      const component = model.components.get(uid);
      if (component) eachHolder(model, component.attributes, item, visit);
    }
  }
}
