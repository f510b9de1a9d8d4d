import type { Attributes, ContentModel, ContentType } from '../../core/model/types.js';
import { showsLocalizations } from '../../core/model/private-attributes.js';

/** A populate object in qs bracket form: `true`, `{populate: …}`, or `{on: {<component>: …}}` for zones. */
export type PopulateSpec = { [name: string]: true | PopulateSpec };

/**
 * What to populate to capture a whole document in one request, as the seed format's exports do: relations and
 * media one level, components with everything inside them, dynamic zones with `on` per declared component, and
 * `localizations` on localized types. Components nest, so their populate recurses.
 */
export function derivePopulate(model: ContentModel, type: ContentType): PopulateSpec {
  const spec = inner(model, type.attributes, new Set());
  if (showsLocalizations(type)) spec.localizations = true;
  return spec;
}

function inner(model: ContentModel, attributes: Attributes, seen: ReadonlySet<string>): PopulateSpec {
  const spec: PopulateSpec = {};
  for (const attribute of attributes.values()) {
    if (attribute.private) continue;
    switch (attribute.kind) {
      case 'relation':
      case 'media':
        spec[attribute.name] = true;
        break;
      case 'component':
        spec[attribute.name] = componentSpec(model, attribute.component, seen);
        break;
      case 'dynamiczone': {
        const on: PopulateSpec = {};
        for (const uid of attribute.components) on[uid] = componentSpec(model, uid, seen);
        spec[attribute.name] = { on };
        break;
      }
      default:
        break;
    }
  }
  return spec;
}

/** `true` for a component of scalars only, else `{populate: …}` with what it holds (cycles stop at `true`). */
function componentSpec(model: ContentModel, uid: string, seen: ReadonlySet<string>): true | PopulateSpec {
  const component = model.components.get(uid);
  if (!component || seen.has(uid)) return true;
  const nested = inner(model, component.attributes, new Set([...seen, uid]));
  return Object.keys(nested).length ? { populate: nested } : true;
}
