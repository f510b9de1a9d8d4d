import { expect, test } from 'vitest';
import { Transaction } from '../../src/core/data/transaction.js';
import type { Row, StoreData } from '../../src/core/data/types.js';
import { appendOrd, insertByOrd, keepOrdsThroughCascade, linkOrds, renumberOrds } from '../../src/core/data/link-order.js';

// An owner list's order values (the join table's order column) as Strapi's database layer leaves them: a relation
// write numbers the list 1..n, a deleted target row's join rows go by cascade without renumbering, and a link added
// from the inverse side takes the list's highest value + 1.
const store = (): StoreData => ({ format: 'content-mock-store/1', types: {}, media: [], locales: [], sequences: {} });
const at = '2026-01-01T00:00:00.000Z';
const owner: Row = { id: 1, documentId: 'owner', locale: 'en', createdAt: at, updatedAt: at, publishedAt: at };
const uid = 'api::bundle.bundle';

test('a cascade keeps the values of the links left, and a value copied back ties with its equal', () => {
  const tx = new Transaction(store());
  const list = ['p1', 'p2', 'p4'];
  // never recorded: a list written whole reads 1..n
  expect(linkOrds(tx.data, uid, 'extra', owner, list)).toEqual([1, 2, 3]);
  keepOrdsThroughCascade(tx, uid, 'extra', owner, list);
  const left = ['p2', 'p4'];
  expect(linkOrds(tx.data, uid, 'extra', owner, left)).toEqual([2, 3]);
  // a link restored with value 2 (the draft's) goes after its equal, before the higher one
  expect(insertByOrd(tx.data, uid, 'extra', owner, left, 'p3', 2)).toEqual(['p2', 'p3', 'p4']);
  // had the list been renumbered, it would have gone last
  renumberOrds(tx, uid, 'extra', owner, left);
  expect(linkOrds(tx.data, uid, 'extra', owner, left)).toEqual([1, 2]);
  expect(insertByOrd(tx.data, uid, 'extra', owner, left, 'p3', 2)).toEqual(['p2', 'p4', 'p3']);
});

test('a link added from the inverse side takes the highest value + 1 once the values are not the places', () => {
  const tx = new Transaction(store());
  // places give the values: nothing to record
  appendOrd(tx, uid, 'extra', owner, ['a', 'b', 'c'], 'c');
  expect(tx.data.linkOrder ?? {}).toEqual({});
  keepOrdsThroughCascade(tx, uid, 'extra', owner, ['a', 'gone', 'b']);
  appendOrd(tx, uid, 'extra', owner, ['a', 'b', 'c'], 'c');
  expect(linkOrds(tx.data, uid, 'extra', owner, ['a', 'b', 'c'])).toEqual([1, 3, 4]);
});

test('the values are per owner row: another row of the same document keeps its own', () => {
  const tx = new Transaction(store());
  const draft: Row = { ...owner, id: 2, publishedAt: null };
  keepOrdsThroughCascade(tx, uid, 'extra', owner, ['x', 'y', 'z']);
  renumberOrds(tx, uid, 'extra', draft, ['y', 'z']);
  expect(linkOrds(tx.data, uid, 'extra', owner, ['y', 'z'])).toEqual([2, 3]);
  expect(linkOrds(tx.data, uid, 'extra', draft, ['y', 'z'])).toEqual([1, 2]);
});
