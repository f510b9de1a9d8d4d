import { fieldErrors, invalidKey, ValidationError, type FieldError } from '../errors/strapi-errors.js';
import type { Attributes, ContentType } from '../model/types.js';
import type { ContentIndex } from '../query/content-index.js';
import type { ComponentValue } from '../store/types.js';
import { coerceScalar, pathLabel, printValue, requiredError, yupType } from './coerce-scalar.js';
import { parseRelationInput, type RelationOp } from './relation-input.js';

/** The body's `data`, checked and turned into stored form: attribute values, and relation operations to apply. */
export interface PreparedData {
  readonly values: Record<string, unknown>;
  readonly relations: Map<string, RelationOp>;
}

export interface PrepareOptions {
  readonly index: ContentIndex;
  /** Drafts skip required, min, minLength, regex and format checks, as Strapi's validator does. */
  readonly draft: boolean;
  /** A create validates every required attribute; an update only the ones it sends. */
  readonly creating: boolean;
  /** Locale of the version being written, for relation lookups and their messages. */
  readonly locale: string | null;
  /** Hands out component ids. */
  readonly nextId: (table: string) => number;
}

/** Keys Strapi refuses in a body because the server owns them. */
const NOT_WRITABLE = new Set(['createdAt', 'updatedAt', 'createdBy', 'updatedBy', 'localizations']);
/** Keys Strapi silently drops: the version comes from the query (`?locale=`, `?status=`), never the body. */
const IGNORED = new Set(['publishedAt', 'locale', 'status']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function prepareData(type: ContentType, data: Record<string, unknown>, opts: PrepareOptions): PreparedData {
  for (const key of Object.keys(data)) {
    if (key === 'id' || key === 'documentId') throw invalidKey(key, { source: 'body' });
    if (NOT_WRITABLE.has(key)) throw invalidKey(key, { path: key, source: 'body' });
    if (!IGNORED.has(key) && !type.attributes.has(key)) throw invalidKey(key, { path: null, source: 'body' });
  }
  const errors: FieldError[] = [];
  const relations = new Map<string, RelationOp>();
  const values = prepareAttributes(type.attributes, data, [], opts, errors, (name, value) => {
    const attribute = type.attributes.get(name);
    if (attribute?.kind !== 'relation') return;
    const target = opts.index.model.contentTypes.get(attribute.target);
    if (target) relations.set(name, parseRelationInput(opts.index, target, value, opts.locale, name));
  });
  if (errors.length > 0) throw fieldErrors(errors);
  return { values, relations };
}

type OnRelation = (name: string, value: unknown) => void;

function prepareAttributes(
  attributes: Attributes,
  data: Record<string, unknown>,
  path: (string | number)[],
  opts: PrepareOptions,
  errors: FieldError[],
  onRelation: OnRelation | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const attribute of attributes.values()) {
    const here = [...path, attribute.name];
    const present = Object.hasOwn(data, attribute.name) && data[attribute.name] !== undefined;
    let value = data[attribute.name];
    if (!present && opts.creating && attribute.kind === 'scalar' && attribute.default !== undefined) value = attribute.default;
    const given = present || value !== undefined;
    const mustCheckRequired = attribute.required && !opts.draft && (opts.creating || present);

    switch (attribute.kind) {
      case 'scalar': {
        if (!given) {
          if (mustCheckRequired) errors.push(requiredError(here, yupType(attribute)));
          continue;
        }
        const r = coerceScalar(attribute, value, here, opts.draft);
        if (!r.ok) errors.push(r.error);
        else if (r.value === null && mustCheckRequired) errors.push(requiredError(here, yupType(attribute)));
        else out[attribute.name] = r.value;
        break;
      }
      case 'relation':
        if (present && onRelation) onRelation(attribute.name, value);
        else if (present) out[attribute.name] = value;
        break;
      case 'media':
        if (present) out[attribute.name] = mediaIds(opts.index, value, attribute.multiple, pathLabel(here));
        break;
      case 'component': {
        if (!given) {
          if (mustCheckRequired) errors.push({ path: here, message: `${pathLabel(here)} is a required field`, value: null });
          continue;
        }
        const component = opts.index.model.components.get(attribute.component);
        if (!component) continue;
        const one = (v: unknown, p: (string | number)[]): ComponentValue | null => {
          if (v === null) return null;
          if (!isObject(v)) {
            errors.push({ path: p, message: `${pathLabel(p)} must be a \`object\` type, but the final value was: \`${printValue(v)}\`.`, value: v });
            return null;
          }
          checkKeys(component.attributes, v, p);
          // A component value replaces the stored one whole, so it is validated like a create (required inside it
          // holds on a PUT too).
          const inner = prepareAttributes(component.attributes, v, p, { ...opts, creating: true }, errors, undefined);
          return { id: opts.nextId(`component:${component.uid}`), ...inner };
        };
        if (attribute.repeatable) {
          if (value === null) out[attribute.name] = [];
          else if (!Array.isArray(value)) {
            errors.push({ path: here, message: `${pathLabel(here)} must be a \`array\` type, but the final value was: \`${printValue(value)}\`.`, value });
          } else out[attribute.name] = value.map((v, i) => one(v, [...here, i])).filter((v) => v !== null);
        } else {
          if (Array.isArray(value)) {
            errors.push({ path: here, message: `${pathLabel(here)} must be a \`object\` type, but the final value was: \`${printValue(value)}\`.`, value });
          } else out[attribute.name] = one(value, here);
        }
        break;
      }
      case 'dynamiczone': {
        if (!given) continue;
        if (value === null) {
          out[attribute.name] = [];
          continue;
        }
        if (!Array.isArray(value)) {
          errors.push({ path: here, message: `${pathLabel(here)} must be a \`array\` type, but the final value was: \`${printValue(value)}\`.`, value });
          continue;
        }
        const entries: ComponentValue[] = [];
        value.forEach((entry, i) => {
          const p = [...here, i];
          const uid = isObject(entry) ? entry.__component : undefined;
          if (typeof uid !== 'string') {
            errors.push({ path: [...p, '__component'], message: `${pathLabel(p)}.__component is a required field`, value: null });
            errors.push({ path: here, message: 'Cannot build relations store from dynamiczone, component identifier is undefined', value: null });
            return;
          }
          const component = opts.index.model.components.get(uid);
          if (!component) {
            const all = [...opts.index.model.components.keys()];
            errors.push({ path: [...p, '__component'], message: `${pathLabel(p)}.__component must be one of the following values: ${all.join(', ')}`, value: uid });
            return;
          }
          // Any existing component is accepted, declared in the zone or not: Strapi stores it in the draft, then
          // never shows it and leaves it out of the published copy (see cloneAttribute).
          const body = { ...(entry as Record<string, unknown>) };
          delete body.__component;
          checkKeys(component.attributes, body, p);
          const inner = prepareAttributes(component.attributes, body, p, opts, errors, undefined);
          entries.push({ id: opts.nextId(`component:${uid}`), __component: uid, ...inner });
        });
        out[attribute.name] = entries;
        break;
      }
    }
  }
  return out;
}

/** Unknown keys inside components are refused like unknown keys of the entry (`id` is tolerated: Strapi reads it). */
function checkKeys(attributes: Attributes, value: Record<string, unknown>, path: (string | number)[]): void {
  for (const key of Object.keys(value)) {
    if (key !== 'id' && !attributes.has(key)) throw invalidKey(key, { parent: pathLabel(path), path: pathLabel([...path, key]), source: 'body' });
  }
}

function mediaIds(index: ContentIndex, value: unknown, multiple: boolean, name: string): number | number[] | null {
  const list = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
  const ids: number[] = [];
  let missing = 0;
  for (const item of list) {
    let id: number | undefined;
    if (typeof item === 'number') id = item;
    else if (typeof item === 'string') id = /^\d+$/.test(item) ? Number(item) : index.storeData.media.find((m) => m.documentId === item)?.id;
    else if (isObject(item) && (typeof item.id === 'number' || typeof item.id === 'string')) id = Number(item.id);
    else if (isObject(item) && typeof item.documentId === 'string') id = index.storeData.media.find((m) => m.documentId === item.documentId)?.id;
    if (id === undefined || !index.media(id)) missing++;
    else ids.push(id);
  }
  if (missing > 0) throw new ValidationError(`${missing} relation(s) of type plugin::upload.file associated with this entity do not exist`, {});
  if (!multiple && ids.length > 1) throw new ValidationError(`${name} accepts a single file`, {});
  return multiple ? ids : ids[0] ?? null;
}
