import { NotFoundError } from '../../core/errors/strapi-errors.js';
import type { Row } from '../../core/data/types.js';
import { newDocumentId } from '../../core/write/document-writer.js';
import { newRawRow, writeRawRow } from '../../core/write/raw-row-writes.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { hashPassword } from '../auth/password.js';
import { markPermissionRowsWritten } from '../auth/roles.js';
import { PERMISSION_UID } from '../../core/model/built-in-types.js';
import type { Runtime } from '../runtime.js';

// The writes of `strapi.db.query(uid)`: each acts on database rows (a draft and a published version are two rows),
// then answers the row as the query engine reads it (`select`, `populate`). `update` and `delete` take the first row
// `where` matches; the `…Many` forms every row and answer `{ count }`.

type Params = Record<string, unknown>;
type Read = (p: Params) => Promise<Record<string, unknown>[]>;

const dataOf = (p: Params): Params => (isPlainObject(p.data) ? p.data : {});

/** Runs a write between the type's `before<Name>` and `after<Name>` lifecycles (the database's own). */
export type Lifecycles = (name: string, params: Params, run: () => Promise<unknown>) => Promise<unknown>;

/**
 * The database's timestamps subscriber, which runs before the type's own lifecycles and sets the data the caller
 * gave (so a lifecycle sees them, probe s12 dbWrite): a create's (each of a createMany's) createdAt and updatedAt
 * unless given, an update's updatedAt; an updateMany's object data is not stamped (it only stamps a list).
 */
function stampNew(p: Params): Params {
  const now = new Date();
  for (const data of Array.isArray(p.data) ? p.data : [p.data])
    if (isPlainObject(data)) {
      data.createdAt ??= now;
      data.updatedAt ??= now;
    }
  return p;
}

function stampUpdate(p: Params): Params {
  if (isPlainObject(p.data)) p.data.updatedAt = new Date();
  return p;
}

export function dbQueryWrites(
  current: () => Runtime,
  uid: string,
  read: Read,
  lifecycles: Lifecycles = (_n, _p, run) => run(),
): Record<string, (p?: Params) => Promise<unknown>> {
  const typeOf = () => {
    const type = current().model.contentTypes.get(uid);
    if (!type) throw new NotFoundError(`No content type ${uid}`, {});
    return type;
  };
  /** The stored rows `where` matches, in the engine's order. */
  const matching = async (p: Params, limit?: number): Promise<Row[]> => {
    const rt = current();
    const found = await read({ where: p.where, ...(limit === undefined ? {} : { limit }) });
    return found.flatMap((r) => rt.store.index.rowById(uid, Number(r.id)) ?? []);
  };
  // the query engine reads the row it writes (after a create or update, before a delete) with its own findOne, whose
  // lifecycles run inside the write's (probe s12 dbWrite: beforeCreate, beforeFindOne, afterFindOne, afterCreate)
  const answer = async (row: Row, p: Params) => {
    const q: Params = { where: { id: row.id } };
    if (p.select !== undefined) q.select = p.select;
    if (p.populate !== undefined) q.populate = p.populate;
    return lifecycles('FindOne', q, async () => (await read(q))[0] ?? null);
  };
  const insert = async (items: Params[]): Promise<Row[]> => {
    const rt = current();
    const type = typeOf();
    return rt.store.mutate((tx) =>
      items.map((data) => {
        const row = newRawRow(rt.store.index, type, rt.store.nextId(uid), newDocumentId(), data);
        writeRawRow(tx, rt.store.index, type, row, data, hashPassword);
        tx.insert(uid, row);
        if (uid === PERMISSION_UID) markPermissionRowsWritten(tx.data, [row]);
        return row;
      }),
    );
  };
  const edit = async (rows: readonly Row[], data: Params) => {
    const rt = current();
    const type = typeOf();
    await rt.store.mutate((tx) => {
      // a permission moved to another role changes both roles' rows
      if (uid === PERMISSION_UID) markPermissionRowsWritten(tx.data, rows);
      for (const row of rows) writeRawRow(tx, rt.store.index, type, row, data, hashPassword);
      if (uid === PERMISSION_UID) markPermissionRowsWritten(tx.data, rows);
    });
  };
  const remove = async (rows: readonly Row[]) => {
    const rt = current();
    await rt.store.mutate((tx) => {
      if (uid === PERMISSION_UID) markPermissionRowsWritten(tx.data, rows);
      for (const row of rows) tx.remove(uid, row);
    });
  };
  return {
    create: async (p: Params = {}) => lifecycles('Create', stampNew(p), async () => answer((await insert([dataOf(p)]))[0], p)),
    createMany: async (p: Params = {}) =>
      lifecycles('CreateMany', stampNew(p), async () => {
        const created = await insert(Array.isArray(p.data) ? p.data.filter(isPlainObject) : []);
        return { count: created.length, ids: created.map((r) => r.id) };
      }),
    update: async (p: Params = {}) =>
      lifecycles('Update', stampUpdate(p), async () => {
        const [row] = await matching(p, 1);
        if (!row) return null;
        await edit([row], dataOf(p));
        return answer(row, p);
      }),
    updateMany: async (p: Params = {}) =>
      lifecycles('UpdateMany', p, async () => {
        const rows = await matching(p);
        await edit(rows, dataOf(p));
        return { count: rows.length };
      }),
    delete: async (p: Params = {}) =>
      lifecycles('Delete', p, async () => {
        const [row] = await matching(p, 1);
        if (!row) return null;
        const before = await answer(row, p);
        await remove([row]);
        return before;
      }),
    deleteMany: async (p: Params = {}) =>
      lifecycles('DeleteMany', p, async () => {
        const rows = await matching(p);
        await remove(rows);
        return { count: rows.length };
      }),
  };
}
