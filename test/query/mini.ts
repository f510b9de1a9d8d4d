import { join } from 'node:path';
import type { ContentModel } from '../../src/core/model/types.js';
import { ContentIndex } from '../../src/core/data/content-index.js';
import { findMany, type QueryOptions } from '../../src/core/query/run-query.js';
import { parseQueryString } from '../../src/core/query/run-query.js';
import { loadModel } from '../../src/project/load-model.js';
import type { Row, StoreData } from '../../src/core/data/types.js';

export const MINI = join(import.meta.dirname, '..', 'fixtures', 'mini');
export const OPTIONS: QueryOptions = { limits: { defaultLimit: 25, maxLimit: 100, withCount: true }, strictParams: true };

const at = (n: number) => `2025-01-0${n}T00:00:00.000Z`;
let nextId = 1;
const book = (b: Partial<Row> & { title: string | null }): Row => ({
  id: nextId++,
  documentId: `book${String(nextId).padStart(20, '0')}`,
  createdAt: at(1),
  updatedAt: at(1),
  publishedAt: at(2),
  pages: null,
  price: null,
  inPrint: null,
  released: null,
  genre: null,
  extra: null,
  secret: 'hidden',
  writer: null,
  blurb: null,
  body: [],
  ...b,
});

/** A small published catalogue whose values cover the edge cases of each operator. */
export function miniData(): StoreData {
  nextId = 1;
  const books: Row[] = [
    book({
      title: 'Alpha',
      pages: 100,
      price: 9.5,
      inPrint: true,
      released: '2024-01-10',
      genre: 'novel',
      writer: 'writer0000000000000000001',
      extra: { tags: ['x'] },
    }),
    book({
      title: 'beta',
      pages: 250,
      price: 20,
      inPrint: false,
      released: '2024-03-05',
      genre: 'essay',
      writer: 'writer0000000000000000002',
    }),
    book({
      title: 'Gamma 100%',
      pages: null,
      price: 15.25,
      inPrint: null,
      released: null,
      genre: 'poetry',
      writer: 'writer0000000000000000001',
    }),
    book({ title: 'delta_x', pages: 250, price: null, inPrint: true, released: '2023-12-31', genre: null, writer: null, createdAt: at(3) }),
    book({
      title: 'Épsilon',
      pages: 50,
      price: 5,
      inPrint: false,
      released: '2024-06-30',
      genre: 'novel',
      writer: 'writer0000000000000000002',
    }),
    book({ title: 'Zeta draft', pages: 1, publishedAt: null }),
  ];
  const writer = (id: number, name: string): Row => ({
    id,
    documentId: `writer${String(id).padStart(19, '0')}`,
    createdAt: at(1),
    updatedAt: at(1),
    publishedAt: at(1),
    name,
  });
  return {
    format: 'content-mock-store/1',
    types: { 'api::book.book': books, 'api::writer.writer': [writer(1, 'Ann'), writer(2, 'bob')] },
    media: [],
    locales: [],
    sequences: {},
  };
}

let model: ContentModel | undefined;
export async function miniIndex(): Promise<ContentIndex> {
  model ??= await loadModel(MINI);
  return new ContentIndex(model, miniData());
}

/** Titles a list query returns, in order. */
export async function titles(query: string): Promise<unknown[]> {
  const index = await miniIndex();
  const type = index.model.byRoute.get('books')!;
  return findMany(index, type, parseQueryString(query), OPTIONS).data.map((e) => e.title);
}
