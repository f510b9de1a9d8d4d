import type { Attributes } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import { associatedIds, MEDIA_UID, textOf } from './relation-input.js';
import { isPlainObject } from '../is-plain-object.js';

// Strapi's validator ends with an object-level test, `relations-test`: it gathers every relation and media id the
// rewritten data associates, components and dynamic zones included (`buildRelationsStore`), and counts which exist
// (`checkRelationsExist`). It fails as one error at path [] whose value is the whole rewritten data; a zone entry
// without a known component makes the gathering itself fail.

class StoreError extends Error {}

function gather(index: ContentIndex, attributes: Attributes, data: unknown, store: Map<string, unknown[]>): void {
  if (!isPlainObject(data)) return;
  for (const attribute of attributes.values()) {
    const value = data[attribute.name];
    if (value === null || value === undefined) continue;
    switch (attribute.kind) {
      case 'relation':
      case 'media': {
        const uid = attribute.kind === 'media' ? MEDIA_UID : attribute.target;
        store.set(uid, [...(store.get(uid) ?? []), ...associatedIds(value)]);
        break;
      }
      case 'component': {
        const component = index.model.components.get(attribute.component);
        for (const item of Array.isArray(value) ? value : [value]) if (component) gather(index, component.attributes, item, store);
        break;
      }
      case 'dynamiczone':
        for (const item of Array.isArray(value) ? value : [value]) {
          // an item yup cast to null: reading its `__component` throws a TypeError, reported generically
          if (item === null) throw new StoreError('Invalid relations');
          const uid = isPlainObject(item) ? item.__component : undefined;
          if (!uid) throw new StoreError('Cannot build relations store from dynamiczone, component identifier is undefined');
          const component = index.model.components.get(textOf(uid));
          // Strapi looks the component's model up and fails on a missing one with a TypeError, reported generically.
          if (!component) throw new StoreError('Invalid relations');
          gather(index, component.attributes, item, store);
        }
        break;
      default:
        break;
    }
  }
}

/** The message of Strapi's failing relations check on rewritten data, or undefined when it passes. */
export function relationsCheck(index: ContentIndex, attributes: Attributes, data: Record<string, unknown>): string | undefined {
  const store = new Map<string, unknown[]>();
  try {
    gather(index, attributes, data, store);
  } catch (error) {
    if (error instanceof StoreError) return error.message;
    throw error;
  }
  for (const [uid, ids] of store) {
    const unique = [...new Set(ids)];
    // An entry without an id (`{documentId: ""}` passes through the rewrite untouched) puts `undefined` into the
    // count's `id IN (…)`: the query itself fails, and Strapi reports that generically.
    if (unique.includes(undefined)) return 'Invalid relations';
    // Strapi counts the rows matching `id IN (...)`: "1" and 1 are two values but one row; SQLite takes true as 1
    // (`cover: true` passes where a file 1 exists, and links nothing: see mediaIds)
    const found = new Set<number>();
    for (const id of unique) {
      const n = typeof id === 'number' || typeof id === 'string' || typeof id === 'boolean' ? Number(id) : NaN;
      if (!Number.isInteger(n)) continue;
      if (uid === MEDIA_UID ? index.media(n) : index.rowById(uid, n) !== undefined) found.add(n);
    }
    if (found.size !== unique.length)
      return `${unique.length - found.size} relation(s) of type ${uid} associated with this entity do not exist`;
  }
  return undefined;
}
