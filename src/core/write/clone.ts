import type { Attribute, ContentType } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import type { Store } from '../data/store.js';
import type { ComponentValue } from '../data/types.js';
import { isPlainObject } from '../is-plain-object.js';

export interface WriteContext {
  readonly store: Store;
  readonly index: ContentIndex;
  readonly type: ContentType;
  readonly now: string;
}

/** Copies a stored component value (or zone) with fresh ids, as Strapi clones component rows on publish. */
function cloneComponents(ctx: WriteContext, value: unknown, uidOf: (v: ComponentValue) => string): unknown {
  const one = (v: unknown) => {
    if (!isPlainObject(v)) return v;
    const c = structuredClone(v) as ComponentValue;
    c.id = ctx.store.nextId(`component:${uidOf(c)}`);
    return c;
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** A stored attribute value copied into another row; zone entries the zone does not declare are not carried over. */
export function cloneAttribute(ctx: WriteContext, attribute: Attribute, value: unknown): unknown {
  if (attribute.kind === 'component') return cloneComponents(ctx, value, () => attribute.component);
  if (attribute.kind === 'dynamiczone') {
    const declared = Array.isArray(value)
      ? value.filter((v) => isPlainObject(v) && attribute.components.includes(String(v.__component)))
      : value;
    return cloneComponents(ctx, declared, (v) => String(v.__component));
  }
  return structuredClone(value);
}
