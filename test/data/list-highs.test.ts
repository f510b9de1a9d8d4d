import { beforeEach, expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { generateSeed } from '../../src/dataset/seed/generate-seed.js';
import { importDataset } from '../../src/core/data/import-dataset.js';
import { ContentStore } from '../../src/store/content-store.js';
import { listSide, walkHigh } from '../../src/core/data/list-highs.js';
import { linkRank } from '../../src/core/data/link-order.js';
import { newRawRow, writeRawRow } from '../../src/core/write/raw-row-writes.js';
import type { ContentModel } from '../../src/core/model/types.js';
import type { Row } from '../../src/core/data/types.js';
import { KIT_MODEL } from '../plugins/plugin-server.js';

// Each inverse list's highest value is kept between writes (list-highs.ts): a new link takes it + 1 without walking
// the list. The store here does not verify (verify mode would check every answer against a walk on its own): the
// tests compare with a walk themselves.
const ARTICLE = 'api::article.article';
let model: ContentModel;
let store: ContentStore;
let tag: string;

beforeEach(async () => {
  model ??= await loadModel(KIT_MODEL);
  const dataset = generateSeed(model, { count: 30, counts: { tags: 3 }, seed: 'list-highs', locales: ['en'] });
  store = await ContentStore.open(model, { initial: () => importDataset(model, dataset), verify: false });
  tag = store.data.types['api::tag.tag']![0]!.documentId;
});

const article = () => model.contentTypes.get(ARTICLE)!;
/** Creates a draft article linking `tags` (the query engine's create: its links are recorded as new join rows). */
const create = (tags: string[], refuse = false) =>
  store.mutate((tx) => {
    const row = newRawRow(store.index, article(), store.nextId(ARTICLE), `list-highs-${store.data.sequences[ARTICLE]}`, {});
    writeRawRow(tx, store.index, article(), row, { tags: tags.map((d) => ({ documentId: d })) }, (p) => p);
    tx.insert(ARTICLE, row);
    if (refuse) throw new Error('refused');
    return row;
  });
const rankOf = (row: Row) => linkRank(store.data, ARTICLE, 'tags', row, tag);
const side = (row: Row) => listSide(model, ARTICLE, 'tags', row, tag);
const walked = (row: Row) => walkHigh(store.index, store.data, ARTICLE, 'tags', tag, side(row));
const kept = (row: Row) => store.index.listHighs.kept(ARTICLE, 'tags', tag, side(row));

test('a new link goes after the highest value of its list, kept from one write to the next', async () => {
  const first = await create([tag]);
  expect(walked(first)).toBe(rankOf(first));
  const second = await create([tag]);
  expect(rankOf(second)).toBe(rankOf(first) + 1);
  // the value was kept and brought forward by the commit
  expect(kept(second)).toBe(rankOf(second));
  expect(walked(second)).toBe(rankOf(second));
});

test('a refused write leaves the kept value as it was; the next link ranks as if it never happened', async () => {
  const first = await create([tag]);
  const high = kept(first);
  expect(high).toBe(walked(first));
  await expect(create([tag], true)).rejects.toThrow('refused');
  expect(kept(first)).toBe(high);
  const next = await create([tag]);
  expect(rankOf(next)).toBe(high! + 1);
  expect(walked(next)).toBe(rankOf(next));
});

test('a value first read by a refused write is the list as committed', async () => {
  const draft = { ...store.data.types[ARTICLE]![0]!, publishedAt: null };
  const committed = walked(draft);
  await expect(create([tag], true)).rejects.toThrow('refused');
  expect(kept(draft)).toBe(committed);
  expect(walked(draft)).toBe(committed);
});

test('a write that takes a link out of the list forgets its value; the next link walks the list again', async () => {
  const first = await create([tag]);
  const second = await create([tag]);
  expect(kept(second)).toBe(rankOf(second));
  // the last link goes: the list's highest value is lower now
  await store.mutate((tx) => writeRawRow(tx, store.index, article(), second, { tags: [] }, (p) => p));
  expect(kept(first)).toBeUndefined();
  const third = await create([tag]);
  expect(rankOf(third)).toBe(rankOf(first) + 1);
  expect(kept(third)).toBe(rankOf(third));
});

test('new data (a reload, an outside edit) forgets every kept value', async () => {
  const row = await create([tag]);
  expect(kept(row)).toBeDefined();
  store.index.invalidate(store.data);
  expect(kept(row)).toBeUndefined();
});
