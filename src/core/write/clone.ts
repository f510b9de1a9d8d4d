import type { Attribute, ContentType } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import type { Store } from '../data/store.js';
import type { ComponentValue } from '../data/types.js';
import type { Transaction } from '../data/transaction.js';
import { isPlainObject } from '../is-plain-object.js';

export interface WriteContext {
  readonly store: Store;
  /** The write's transaction: every change to the data goes through it. */
  readonly tx: Transaction;
  readonly index: ContentIndex;
  readonly type: ContentType;
  readonly now: string;
  /** Strapi's `documents.strictRelations` (required media and relations on non-drafts). */
  readonly strictRelations?: boolean;
  /**
   * The request's `fields` leave out `locale`: a publish in this write creates its published rows with that select,
   * so Strapi's relation syncs (`bidirectional-relations.sync`, keyed by each new row's locale) map no old or draft
   * row to a new one and restore no order value (publish-sync.ts).
   */
  readonly syncUnmapped?: boolean;
}

/**
 * Copies a stored component value (or zone) with fresh ids, nested components included: Strapi clones every
 * component row on publish (and for a new locale), each from its own table's sequence.
 */
function cloneComponents(ctx: WriteContext, value: unknown, uidOf: (v: ComponentValue) => string): unknown {
  const one = (v: unknown) => {
    if (!isPlainObject(v)) return v;
    const c = structuredClone(v) as ComponentValue;
    reId(ctx, uidOf(c), c);
    return c;
  };
  return Array.isArray(value) ? value.map(one) : one(value);
}

/** Gives a copied component and the components nested in it new ids (nested first, as Strapi creates them). */
function reId(ctx: WriteContext, uid: string, c: ComponentValue): void {
  const component = ctx.index.model.components.get(uid);
  for (const attribute of component?.attributes.values() ?? []) {
    const v = c[attribute.name];
    const items = Array.isArray(v) ? v : [v];
    if (attribute.kind === 'component') {
      for (const item of items) if (isPlainObject(item)) reId(ctx, attribute.component, item as ComponentValue);
    } else if (attribute.kind === 'dynamiczone') {
      for (const item of items) if (isPlainObject(item)) reId(ctx, String(item.__component), item as ComponentValue);
    }
  }
  c.id = ctx.store.nextId(`component:${uid}`);
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
