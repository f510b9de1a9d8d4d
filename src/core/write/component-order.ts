import type { Attributes, ContentModel } from '../model/types.js';
import { isPlainObject } from '../is-plain-object.js';

// The order in which Strapi gives ids to the components one write creates. Its `createComponents` handles an entry's
// component attributes one after another, but the items of a repeatable component or a dynamic zone all at once
// (`async.map`, p-map without a concurrency limit), each item creating its own nested components first. With SQLite a
// query runs as soon as its promise chain reaches it, so the ids of one component table follow the moment each
// insert is reached: an item without nested components at once, a shallower one before a deeper one (each p-map
// level is one more await), items at the same moment in list order, and an item with nested components only after
// the last of those was created. E.g. modules [a{resources:[r1]}, b] get b's id first, then a's. A create is done only
// once its relation and media links are written (`attachRelations`: one query per attribute with links, after the
// insert), so among items whose nested components were all inserted at once, the one whose slowest nested component
// writes the fewest links goes first (harness school-502: modules whose resources link a file, a room and people
// wait for them; one whose resources link only a room gets its id first).
//   Observed on Strapi 5.54 (scripts/harness/probe.mjs): create, update and publish all number this way.

/** One await (a p-map item starting, or an empty list resolving): far less than the work of one insert. */
const STEP = 1;
/** The awaits of one database create, up to the moment its insert runs and beyond (the caller resumes after it). */
const INSERT = 1000;
/** One link query of `attachRelations` (a join-table or morph insert), after the insert. */
const LINK = 250;

interface Created {
  readonly uid: string;
  readonly value: Record<string, unknown>;
  /** When its insert runs. */
  readonly at: number;
  /** Call order, for inserts reached at the same moment. */
  readonly seq: number;
}

/**
 * Re-deals the ids of freshly minted components (numbered in any order from their tables' sequences) so each table's
 * ids follow Strapi's creation order. `names`: the attributes of `holder` that were created, in the order Strapi
 * handles them (schema order); `populated`: the values come from a stored version (a copy), where every list is
 * present, empty or not, as Strapi's deep populate gives it. `kept`: components updated in place, which keep their ids.
 */
export function orderComponentIds(
  model: ContentModel,
  attributes: Attributes,
  holder: Record<string, unknown>,
  names: ReadonlySet<string> | undefined,
  populated: boolean,
  kept?: ReadonlySet<object>,
): void {
  const created: Created[] = [];
  let seq = 0;
  const createAt = (uid: string, value: Record<string, unknown>, start: number): number => {
    const order = seq++;
    const component = model.components.get(uid);
    const at = component ? attributesAt(component.attributes, value, start, undefined) : start;
    created.push({ uid, value, at, seq: order });
    return at + INSERT + (component ? LINK * linkQueries(component.attributes, value) : 0);
  };
  // one attribute after another; returns when the last one is done
  function attributesAt(attrs: Attributes, value: Record<string, unknown>, start: number, only: ReadonlySet<string> | undefined): number {
    let t = start;
    for (const attribute of attrs.values()) {
      if (attribute.kind !== 'component' && attribute.kind !== 'dynamiczone') continue;
      if (only && !only.has(attribute.name)) continue;
      const v = value[attribute.name];
      if (attribute.kind === 'component' && !attribute.repeatable) {
        if (isPlainObject(v)) t = createAt(attribute.component, v, t);
        continue;
      }
      if (!Array.isArray(v)) {
        if (populated) t += STEP;
        continue;
      }
      const items = v.filter(isPlainObject);
      if (items.length === 0) {
        t += STEP;
        continue;
      }
      let done = t;
      for (const item of items) {
        const uid = attribute.kind === 'component' ? attribute.component : String(item.__component);
        done = Math.max(done, createAt(uid, item, t + STEP));
      }
      t = done + STEP;
    }
    return t;
  }
  attributesAt(attributes, holder, 0, names);

  const byTable = new Map<string, Created[]>();
  for (const c of created) {
    if (typeof c.value.id !== 'number' || kept?.has(c.value)) continue;
    const list = byTable.get(c.uid);
    if (list) list.push(c);
    else byTable.set(c.uid, [c]);
  }
  for (const list of byTable.values()) {
    const ids = list.map((c) => c.value.id as number).sort((a, b) => a - b);
    list.sort((a, b) => a.at - b.at || a.seq - b.seq);
    list.forEach((c, i) => {
      c.value.id = ids[i];
    });
  }
}

/** The attributes `attachRelations` writes links for: a relation or media attribute holding at least one link. */
function linkQueries(attributes: Attributes, value: Record<string, unknown>): number {
  let n = 0;
  for (const attribute of attributes.values())
    if ((attribute.kind === 'relation' || attribute.kind === 'media') && hasLinks(value[attribute.name])) n++;
  return n;
}

function hasLinks(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (isPlainObject(v)) return ['set', 'connect'].some((op) => hasLinks(v[op]));
  return true;
}
