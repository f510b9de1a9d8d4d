import { isPlainObject } from '../is-plain-object.js';
import type { ContentModel } from '../model/types.js';
import { isPrivateAttribute, shownFileField, type PrivacyHolder } from '../model/private-attributes.js';
import type { CanRead } from './restricted-relations.js';

// Strapi's controller `sanitizeOutput` (content API output sanitizer) over entries already shaped for an answer:
// private attributes and passwords go, and every relation whose target the caller may not `find` is removed, at every
// depth (through relations, components and dynamic zones). Project code that builds its own answer from the
// document service relies on it; a route without auth (`auth: false`) reads no relation at all.

function sanitizeNode(model: ContentModel, holder: PrivacyHolder, value: unknown, canRead: CanRead, localized = true): unknown {
  if (Array.isArray(value)) return value.map((v) => sanitizeNode(model, holder, v, canRead, localized));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const attribute = holder.attributes.get(key);
    if (!attribute) {
      // the document service's `locale` column of a type without i18n is private to Strapi's sanitizer; so are the
      // timestamps and the rest the project's privateAttributes name
      if (!(key === 'locale' && !localized) && !isPrivateAttribute(holder, key)) out[key] = v;
      continue;
    }
    if (attribute.private || (attribute.kind === 'scalar' && attribute.type === 'password')) continue;
    if (attribute.kind === 'relation') {
      if (!canRead(attribute.target)) continue;
      const target = model.contentTypes.get(attribute.target);
      out[key] = target ? sanitizeNode(model, target, v, canRead, target.localized) : v;
    } else if (attribute.kind === 'component') {
      const component = model.components.get(attribute.component);
      out[key] = component ? sanitizeNode(model, component, v, canRead) : v;
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(v)) {
      out[key] = v.map((item) => {
        const uid = isPlainObject(item) ? item.__component : undefined;
        const component = typeof uid === 'string' ? model.components.get(uid) : undefined;
        return component ? sanitizeNode(model, component, item, canRead) : item;
      });
    } else if (attribute.kind === 'media') out[key] = sanitizeFiles(model, v, canRead);
    else out[key] = v;
  }
  return out;
}

/**
 * Files walked with the upload file's schema: its private fields (and those privateAttributes name) go, and each
 * entry of its `related` is walked with the schema its `__type` names (a type without i18n loses its `locale`
 * column; harness meichu --code grammar seed 1702).
 */
function sanitizeFiles(model: ContentModel, value: unknown, canRead: CanRead): unknown {
  if (Array.isArray(value)) return value.map((v) => sanitizeFiles(model, v, canRead));
  if (!isPlainObject(value)) return value;
  const out = Object.fromEntries(Object.entries(value).filter(([key]) => !PRIVATE_FILE_FIELDS.has(key) && shownFileField(model, key)));
  if (Array.isArray(out.related))
    out.related = out.related.map((entry: unknown) => {
      const type = isPlainObject(entry) && typeof entry.__type === 'string' ? model.contentTypes.get(entry.__type) : undefined;
      return type ? sanitizeNode(model, type, entry, canRead, type.localized) : entry;
    });
  return out;
}

// (and `locale`, the column of a type without i18n, as on entries)
const PRIVATE_FILE_FIELDS = new Set(['folder', 'folderPath', 'locale']);

/** The entry (or list of entries) of type `uid` as Strapi's output sanitizer leaves it for a caller. */
export function sanitizeOutput(model: ContentModel, uid: string, data: unknown, canRead: CanRead): unknown {
  const type = model.contentTypes.get(uid);
  if (type) return sanitizeNode(model, type, data, canRead, type.localized);
  const component = model.components.get(uid);
  return component ? sanitizeNode(model, component, data, canRead) : data;
}
