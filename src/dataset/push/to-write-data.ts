import { ADMIN_USER_UID } from '../../core/model/built-in-types.js';
import type { Attributes, ContentModel } from '../../core/model/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';

/** How a seed's references become the target's: documentIds and media ids the target minted. */
export interface IdMaps {
  /** `${uid}:${seed documentId}` → the target's documentId */
  readonly documents: ReadonlyMap<string, string>;
  /** seed media id → the target's media id */
  readonly media: ReadonlyMap<number, number>;
  /** `${uid}#${seed row id}` → the locale of that row (which locale row of a localized target a link points to) */
  readonly rowLocales: ReadonlyMap<string, string>;
}

const USER = 'plugin::users-permissions.user';

/**
 * A seed snapshot as the `data` of a REST create/update: system fields and inverse sides left out, component ids
 * dropped (the target mints its own), media and relations mapped to the target's ids. `withRelations` false leaves
 * every relation out, even inside components and dynamic zones (the first pass, before every target exists).
 */
export function toWriteData(
  model: ContentModel,
  attributes: Attributes,
  doc: Record<string, unknown>,
  ids: IdMaps,
  withRelations: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, attr] of attributes) {
    if (!(name in doc)) continue;
    const value = doc[name];
    switch (attr.kind) {
      case 'scalar':
        if (attr.type === 'password' && value == null) break;
        out[name] = value;
        break;
      case 'media':
        out[name] = mapMedia(value, ids);
        break;
      case 'relation': {
        if (!withRelations || !attr.owner) break;
        const items = (Array.isArray(value) ? value : value == null ? [] : [value]).filter(isPlainObject);
        if (attr.target === USER) {
          out[name] = { set: items.filter((x) => typeof x.id === 'number').map((x) => ({ id: x.id })) };
          break;
        }
        const localized = model.contentTypes.get(attr.target)?.localized === true;
        const set: Record<string, unknown>[] = [];
        for (const x of items) {
          const documentId = ids.documents.get(`${attr.target}:${String(x.documentId)}`);
          if (!documentId) continue;
          const locale = localized ? ids.rowLocales.get(`${attr.target}#${String(x.id)}`) : undefined;
          set.push(locale && locale !== '*none*' ? { documentId, locale } : { documentId });
        }
        out[name] = { set };
        break;
      }
      case 'component': {
        const schema = model.components.get(attr.component);
        if (!schema) break;
        const one = (v: unknown) => (isPlainObject(v) ? toWriteData(model, schema.attributes, v, ids, withRelations) : null);
        out[name] = Array.isArray(value) ? value.map(one).filter((v) => v !== null) : one(value);
        break;
      }
      case 'dynamiczone':
        out[name] = (Array.isArray(value) ? value : []).filter(isPlainObject).map((entry) => {
          const schema = model.components.get(String(entry.__component));
          return { __component: entry.__component, ...(schema ? toWriteData(model, schema.attributes, entry, ids, withRelations) : {}) };
        });
        break;
    }
  }
  return out;
}

function mapMedia(value: unknown, ids: IdMaps): unknown {
  if (Array.isArray(value)) return value.map((v) => mapMedia(v, ids)).filter((v) => v !== null);
  if (!isPlainObject(value) || typeof value.id !== 'number') return null;
  return ids.media.get(value.id) ?? null;
}

/** Whether a write of these attributes may link anything (owning relations, also inside components and zones). */
export function hasLinks(model: ContentModel, attributes: Attributes, seen: ReadonlySet<string> = new Set()): boolean {
  for (const attr of attributes.values()) {
    // (no dataset links an admin user: the Content API can neither create one nor link it)
    if (attr.kind === 'relation' && attr.owner && attr.target !== ADMIN_USER_UID) return true;
    const comps = attr.kind === 'component' ? [attr.component] : attr.kind === 'dynamiczone' ? attr.components : [];
    for (const uid of comps) {
      const schema = model.components.get(uid);
      if (schema && !seen.has(uid) && hasLinks(model, schema.attributes, new Set([...seen, uid]))) return true;
    }
  }
  return false;
}
