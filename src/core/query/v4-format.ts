import type { Attributes, ContentModel, ContentType } from '../model/types.js';
import { LOCALIZATIONS } from './populate.js';

// `Strapi-Response-Format: v4`: entries become `{id, documentId, attributes}`, relations and media are wrapped in
// `{data}`; components and dynamic zones stay flat (their nested relations and media are still wrapped).

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export function toV4Entry(model: ContentModel, type: ContentType | 'media', entry: Obj): Obj {
  const { id, documentId, ...rest } = entry;
  const attributes: Obj = {};
  const attrs = type === 'media' ? undefined : type.attributes;
  for (const [key, value] of Object.entries(rest)) {
    attributes[key] = type === 'media' ? value : convertValue(model, type, attrs!, key, value);
  }
  return { id, documentId, attributes };
}

function wrap(model: ContentModel, target: ContentType | 'media', value: unknown): unknown {
  if (Array.isArray(value)) return { data: value.map((v) => (isObj(v) ? toV4Entry(model, target, v) : v)) };
  // a relation's `{count}` is an entry without id for the v4 transform: `{data: {attributes: {count}}}`
  if (isObj(value) && 'count' in value && !('id' in value)) return { data: { attributes: value } };
  return { data: isObj(value) ? toV4Entry(model, target, value) : null };
}

function convertValue(model: ContentModel, type: ContentType, attrs: Attributes, key: string, value: unknown): unknown {
  if (key === LOCALIZATIONS) return wrap(model, type, value);
  const attribute = attrs.get(key);
  if (!attribute) return value;
  switch (attribute.kind) {
    case 'relation': {
      const target = model.contentTypes.get(attribute.target);
      return target ? wrap(model, target, value) : value;
    }
    case 'media':
      return wrap(model, 'media', value);
    case 'component': {
      const component = model.components.get(attribute.component);
      if (!component) return value;
      const flat = (v: unknown) => (isObj(v) ? convertComponent(model, component.attributes, v) : v);
      return Array.isArray(value) ? value.map(flat) : flat(value);
    }
    case 'dynamiczone':
      return Array.isArray(value)
        ? value.map((v) => {
            const component = isObj(v) ? model.components.get(String(v.__component)) : undefined;
            return component && isObj(v) ? convertComponent(model, component.attributes, v) : v;
          })
        : value;
    default:
      return value;
  }
}

function convertComponent(model: ContentModel, attrs: Attributes, value: Obj): Obj {
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    const attribute = attrs.get(key);
    if (attribute && (attribute.kind === 'relation' || attribute.kind === 'media')) {
      const target = attribute.kind === 'media' ? 'media' : model.contentTypes.get(attribute.target);
      out[key] = target ? wrap(model, target, v) : v;
    } else if (attribute && (attribute.kind === 'component' || attribute.kind === 'dynamiczone')) {
      const pseudo = { attributes: attrs } as unknown as ContentType;
      out[key] = convertValue(model, pseudo, attrs, key, v);
    } else out[key] = v;
  }
  return out;
}

/** Converts a `{data, meta}` body of a content-type route. */
export function toV4Body(model: ContentModel, type: ContentType, body: { data: unknown; meta: unknown }): { data: unknown; meta: unknown } {
  const data = Array.isArray(body.data)
    ? body.data.map((e) => (isObj(e) ? toV4Entry(model, type, e) : e))
    : isObj(body.data)
      ? toV4Entry(model, type, body.data)
      : body.data;
  return { data, meta: body.meta };
}
