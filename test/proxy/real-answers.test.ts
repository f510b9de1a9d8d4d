import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  readRecorded,
  startKitProxy,
  startRecordedBackend,
  type AnswerBreak,
  type CheckingProxy,
  type RecordedBackend,
} from './recorded-backend.js';

type Row = Record<string, unknown>;
const rows = (b: Row) => b.data as Row[];
const obj = (v: unknown) => v as Row;
const pagination = (b: Row) => obj(obj(b.meta).pagination);

/** Breaks of real answers that the request and the answer alone decide. */
const BREAKS: Record<string, AnswerBreak> = {
  'duplicate-row': (s, b) => ((rows(b)[1] = structuredClone(rows(b)[0])), [s, b]),
  'other-document': (s, b) => ((obj(b.data).documentId = 'zzzzzzzzzzzzzzzzzzzzzzzz'), [s, b]),
  'published-at-null-without-draft-and-publish': (s, b) => ((rows(b)[0].publishedAt = null), [s, b]),
  'zone-entry-outside-on': (s, b) => {
    (rows(b)[0].blocks as Row[]).push({ id: 999, __component: 'shared.rich-text', body: 'x' });
    return [s, b];
  },
  'total-without-count': (s, b) => ((pagination(b).total = 20), [s, b]),
  'filter-through-relation': (s, b) => ((obj(rows(b)[0].author).name = 'somebody else'), [s, b]),
  'sort-through-relation': (s, b) => ((b.data = [rows(b).at(-1), ...rows(b).slice(0, -1)]), [s, b]),
  'media-without-url': (s, b) => (delete obj(rows(b)[0].cover).url, [s, b]),
  none: (s, b) => [s, b],
};

// [break, recorded answer, request URL (when not the recorded one), rule, JSON path]
const CAUGHT: Array<[string, string, string | undefined, string, string]> = [
  ['duplicate-row', 'list-populated', undefined, 'duplicate', '$.data[1]'],
  ['other-document', 'find-one', undefined, 'document', '$.data.documentId'],
  ['published-at-null-without-draft-and-publish', 'tags-list', undefined, 'publication', '$.data[0].publishedAt'],
  ['zone-entry-outside-on', 'zone-on', undefined, 'populate', '$.data[0].blocks[1].__component'],
  ['total-without-count', 'without-count', undefined, 'pagination', '$.meta.pagination.total'],
  ['filter-through-relation', 'filter-through-author', undefined, 'filters', '$.data[0].author'],
  ['sort-through-relation', 'sort-through-author', undefined, 'sort', '$.data[1].author.name'],
  ['media-without-url', 'media-populated', undefined, 'fields', '$.data[0].cover.url'],
  ['none', 'default-limit', '/api/articles?fields[0]=title&status=preview', 'status', '$'],
  ['none', 'default-limit', '/api/articles?fields[0]=title&sort=title:up', 'status', '$'],
  ['none', 'default-limit', '/api/articles?fields[0]=title&page=0', 'status', '$'],
  ['none', 'default-limit', '/api/articles?fields[0]=title&cacheBuster=1', 'status', '$'],
  ['none', 'default-limit', '/api/articles?fields[0]=title&pagination[pageSize]=500', 'pagination', '$.meta.pagination.pageSize'],
  ['none', 'without-count', '/api/articles?pagination[pageSize]=3&fields[0]=title', 'pagination', '$.meta.pagination.total'],
  ['none', 'server-error', undefined, 'server-error', '$'],
];

const answers = readRecorded();
let backend: RecordedBackend;
let checking: CheckingProxy;

beforeAll(async () => {
  backend = await startRecordedBackend(answers, BREAKS);
  checking = await startKitProxy(backend.url);
});
afterAll(async () => {
  await checking.close();
  await backend.close();
});

const through = (answer: string, url: string, kind: string) => checking.through(url, answer, kind);

describe('real Strapi 5.54 answers pass the proxy untouched', () => {
  test.each([...answers.values()].filter((a) => a.status < 500).map((a) => [a.name, a.path]))('%s: %s', async (name, path) => {
    const { header, violations } = await through(name, path, 'none');
    expect(violations).toEqual([]);
    expect(header).toBe(0);
  });
});

describe('breaks of real answers are caught, with the rule and the JSON path', () => {
  test.each(CAUGHT)('%s of %s (%s)', async (kind, answer, url, rule, path) => {
    const { header, violations } = await through(answer, url ?? answers.get(answer)!.path, kind);
    expect(header).toBeGreaterThan(0);
    expect(violations).toContainEqual(expect.objectContaining({ rule, path }));
  });
});
