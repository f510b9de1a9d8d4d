// Compiled by `npm test` (tsc -p tsconfig.test.json) and by types.test.ts: every `@ts-expect-error` line must be an
// error (an unused one is itself an error), every other line must type-check. The module is the kit model's
// generated types (test/fixtures/types/kit-strapi.ts, kept current by types.test.ts).
import type { CreateInput, Entry, EntryResponse, ErrorResponse, ListResponse, Query, UpdateInput } from '../fixtures/types/kit-strapi.js';

const query = {
  fields: ['title', 'views'],
  populate: {
    author: { fields: ['name'] },
    tags: true,
    seo: { populate: '*' },
    blocks: { on: { 'shared.quote': { fields: ['title'] } } },
  },
  filters: { views: { $gt: 10 }, author: { name: { $containsi: 'a' } }, $or: [{ featured: true }, { kind: { $in: ['news'] } }] },
  sort: ['title:asc', 'id:desc'],
  pagination: { page: 1, pageSize: 10 },
  locale: 'fr',
  status: 'published',
} as const satisfies Query<'articles'>;

declare const list: ListResponse<'articles', typeof query>;
const first = list.data[0];
export const title: string | null = first.title;
export const views: number | null = first.views;
export const id: number = first.id;
export const documentId: string = first.documentId;
export const authorName: string | null | undefined = first.author?.name;
export const tagNames: (string | null)[] = first.tags.map((t) => t.name);
export const metaTitle: string | null | undefined = first.seo?.metaTitle;
export const total: number = list.meta.pagination.total;
for (const block of first.blocks) {
  if (block.__component === 'shared.quote') {
    const quoted: string | null = block.title;
    void quoted;
  }
}

// @ts-expect-error `slug` was not selected by `fields`
void first.slug;
// @ts-expect-error `category` was not populated
void first.category;
// @ts-expect-error the author was populated with `name` only
void first.author?.email;
// @ts-expect-error no such field
export const unknownField = { fields: ['nope'] } as const satisfies Query<'articles'>;
// @ts-expect-error a relation is not a field
export const relationAsField = { fields: ['author'] } as const satisfies Query<'articles'>;
// @ts-expect-error no such relation to populate
export const unknownPopulate = { populate: ['nope'] } as const satisfies Query<'articles'>;
// @ts-expect-error a scalar is not populated
export const scalarPopulate = { populate: 'title' } as const satisfies Query<'articles'>;
// @ts-expect-error `$contains` is for text, not numbers
export const badOperator = { filters: { views: { $contains: 'x' } } } as const satisfies Query<'articles'>;
// @ts-expect-error no such direction
export const badSort = { sort: 'title:sideways' } as const satisfies Query<'articles'>;
// @ts-expect-error page and offset pagination do not mix
export const mixedPagination = { pagination: { page: 1, start: 0 } } as const satisfies Query<'articles'>;
// @ts-expect-error single types have no pagination
export const singlePagination = { pagination: { page: 1 } } as const satisfies Query<'global'>;

// Offset pagination answers start/limit; withCount=false leaves the total out.
declare const offset: ListResponse<'articles', { pagination: { start: 0; limit: 5; withCount: false } }>;
export const start: number = offset.meta.pagination.start;
// @ts-expect-error no total without withCount
void offset.meta.pagination.total;

// No query: every field, nothing populated.
declare const plain: Entry<'articles'>;
export const kind: 'news' | 'review' | 'opinion' | 'tutorial' | null = plain.kind;
// @ts-expect-error relations are absent unless populated
void plain.tags;

declare const global: EntryResponse<'global', { populate: '*' }>;
export const favicon: string | undefined = global.data.favicon?.url;

export const create: CreateInput<'articles'> = {
  title: 'Hello',
  slug: 'hello',
  tags: { connect: [{ documentId: 'abc', position: { start: true } }] },
  author: 'a-document-id',
  cover: 12,
  seo: { metaTitle: 'Hello', metaDescription: 'Hi' },
  blocks: [{ __component: 'shared.quote', title: 'Q', body: 'B' }],
};
export const update: UpdateInput<'articles'> = { views: 3 };
// @ts-expect-error no such attribute
export const badUpdate: UpdateInput<'articles'> = { nope: 1 };
// @ts-expect-error a zone entry names one of the zone's components
export const badZone: UpdateInput<'articles'> = { blocks: [{ __component: 'shared.seo' }] };

declare const failure: ErrorResponse;
export const message: string = failure.error.message;
