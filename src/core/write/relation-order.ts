import { DatabaseRefusal } from '../query/query-errors.js';
import { ValidationError } from '../errors/strapi-errors.js';
import { textOf, type Connect, type Position, type RelationOp } from './relation-input.js';

// How Strapi's database layer orders an owning to-many relation (entity-manager `updateRelations` and
// `relations-orderer`): disconnects go first, except for entries the same request connects again; a connect placed
// next to an entry being disconnected lands where that entry was; every other anchor must already be connected or
// be connected by the same request (then the connects are reordered so the anchor goes first), or the write fails.

const anchorOf = (p: Position | undefined): string | undefined => p?.before ?? p?.after;

/** Applies an operation to the documentIds an owning side holds, keeping connection order as Strapi does. */
export function applyRelationOp(current: readonly string[], op: RelationOp, toMany: boolean, inserted = false): string[] {
  if (op.set) return toMany ? [...op.set] : op.set.slice(-1);
  const connects = op.connect ?? [];
  if (!toMany) {
    // A to-one connected to several: the database inserts a join row per connect. An update then deletes the join
    // rows of every document but the first connected's (`deletePreviousAnyToOneRelations`): it reads the first
    // (probe to-one-connects: `connect: [c1, c2]` reads c1, `[c2, c1]` reads c2). A row being inserted keeps them
    // all, and a read shows the join row of the lowest target row id, in the join table's unique index order
    // (probe s13-write-probes/dp-owner-row-id.json: `[B, A]` reads A). The others' join rows are not kept here.
    const lowest = (c: Connect) => Math.min(...(c.ids ?? [c.id]));
    const chosen = inserted ? [...connects].sort((a, b) => lowest(a) - lowest(b)) : connects;
    const first = chosen.length > 0 ? chosen[0].documentId : undefined;
    if (first !== undefined) return [first];
    return current.filter((d) => !(op.disconnect ?? []).includes(d)).slice(0, 1);
  }
  const connectIds = new Set(connects.map((c) => c.documentId));
  const deleted = new Set((op.disconnect ?? []).filter((d) => !connectIds.has(d)));
  const resolved = redirectDeletedAnchors(current, connects, deleted, connectIds);
  let list = current.filter((d) => !deleted.has(d));
  for (const c of sortConnects(resolved, new Set(list))) {
    list = list.filter((x) => x !== c.documentId);
    const p = c.position;
    let at = list.length;
    if (p?.before !== undefined) at = list.indexOf(p.before);
    else if (p?.after !== undefined) at = list.indexOf(p.after) + 1;
    else if (p?.start) at = 0;
    list.splice(at, 0, c.documentId);
  }
  return list;
}

/** A connect placed before/after an entry this request disconnects goes next to its nearest surviving neighbour. */
function redirectDeletedAnchors(current: readonly string[], connects: Connect[], deleted: Set<string>, connectIds: Set<string>): Connect[] {
  const survivor = (target: string, step: number): string | undefined => {
    for (let i = current.indexOf(target) + step; i >= 0 && i < current.length; i += step) {
      if (!deleted.has(current[i]) && !connectIds.has(current[i])) return current[i];
    }
    return undefined;
  };
  const groups = new Map<string, { before: Connect[]; after: Connect[] }>();
  for (const c of connects) {
    const anchor = anchorOf(c.position);
    if (anchor === undefined || !deleted.has(anchor) || !current.includes(anchor)) continue;
    const group = groups.get(anchor) ?? { before: [], after: [] };
    (c.position?.before !== undefined ? group.before : group.after).push(c);
    groups.set(anchor, group);
  }
  const moved = new Map<Connect, Position>();
  for (const [anchor, { before, after }] of groups) {
    const next = survivor(anchor, 1);
    let previous = survivor(anchor, -1);
    for (const c of [...before, ...after]) {
      moved.set(c, previous !== undefined ? { after: previous } : next !== undefined ? { before: next } : { start: true });
      previous = c.documentId;
    }
  }
  return connects.map((c) => (moved.has(c) ? { ...c, position: moved.get(c), rawPosition: undefined } : c));
}

/** Strapi's `sortConnectArray`: a connect whose anchor is connected by a later item waits for it (order is kept otherwise). */
export function sortConnects(connects: Connect[], initial: ReadonlySet<string>): Connect[] {
  // an anchor names a document: its first entry (a writer without i18n may connect two locale rows of one document)
  const byId = new Map<string, Connect>();
  for (const c of connects) if (!byId.has(c.documentId)) byId.set(c.documentId, c);
  const sorted: Connect[] = [];
  const done = new Set<Connect>();
  const visit = (c: Connect, seen: Set<string>): void => {
    const anchor = anchorOf(c.position);
    if (anchor !== undefined && seen.has(anchor)) {
      throw new ValidationError(
        'A circular reference was found in the connect array. One relation is trying to connect before/after another one that is trying to connect before/after it',
        {},
      );
    }
    if (done.has(c)) return;
    done.add(c);
    // placed next to itself: the orderer takes it out of the list first, then finds no anchor (a plain Error)
    // (the same row: a writer without i18n may place one locale of a document next to another, which is fine)
    const anchorRow = c.rawPosition?.before ?? c.rawPosition?.after;
    if (anchor === c.documentId && String(anchorRow) === String(c.id) && initial.has(anchor)) {
      const position = JSON.stringify(c.rawPosition ?? c.position);
      throw new DatabaseRefusal(
        `Invalid connect: relation ${c.id} cannot be placed before or after itself (position ${position})`,
        `There was a problem connecting relation with id ${c.id} at position ${position}. The list of connect relations is not valid`,
      );
    }
    if (anchor === undefined || initial.has(anchor)) sorted.push(c);
    else if (byId.has(anchor)) {
      visit(byId.get(anchor) as Connect, new Set([...seen, c.documentId]));
      sorted.push(c);
    } else throw notConnected(c, anchor, connects);
  };
  for (const c of connects) visit(c, new Set());
  return sorted;
}

function notConnected(c: Connect, anchor: string, connects: Connect[]): ValidationError {
  const anchorId = c.rawPosition?.before ?? c.rawPosition?.after ?? connects.find((x) => x.documentId === anchor)?.id;
  const position = JSON.stringify(c.rawPosition ?? c.position);
  // an anchor that names no row at all (an `{ id }` entry's position left as given): real Strapi fails with a 500
  const named = anchor.startsWith('\u0000') ? ' (the position names no row id: real Strapi answers 500)' : '';
  return new ValidationError(
    `There was a problem connecting relation with id ${c.id} at position ${position}. The relation with id ${textOf(anchorId)} needs to be connected first.${named}`,
    {},
  );
}
