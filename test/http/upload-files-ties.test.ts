import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { writeCollectionType } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// Real Strapi 5.54 (probe s15 upload-populate, three text files of one size):
// - `GET /api/upload/files?sort=size:desc` walks the files table's size index backwards: equal sizes newest first;
//   ascending, or the page route (a LIMIT), keeps id order;
// - a populate list holding an object (qs makes one of `populate[related][populate]=*&populate=x`) passes the
//   validator (keys 0 and 1) and is the query conversion's "Invalid populate parameter" 400.
const root = mkdtempSync(join(tmpdir(), 'cm-upload-ties-'));
writeCollectionType(
  join(root, 'src'),
  { singular: 'note', plural: 'notes', display: 'Note' },
  {
    title: { type: 'string' },
    cover: { type: 'media', multiple: false },
  },
);
const KEY = 'upload-ties-key';
let app: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  app = await startProjectServer(root, KEY);
  for (const [name, text] of [
    ['a.txt', 'same size!'],
    ['b.txt', 'same size?'],
    ['c.txt', 'same size.'],
  ]) {
    const form = new FormData();
    form.append('files', new Blob([text], { type: 'text/plain' }), name);
    const res = await fetch(`${app.base}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` }, body: form });
    expect(res.status).toBe(201);
  }
});
afterAll(() => app?.close());

const names = async (path: string) => {
  const { status, json } = await app.send<{ name: string }[] | { data: { name: string }[] }>('GET', path);
  expect(status).toBe(200);
  return (Array.isArray(json) ? json : json!.data).map((f) => f.name);
};

test('equal sizes under sort=size:desc come newest first on the files route', async () => {
  expect(await names('/api/upload/files?sort=size:desc&fields[0]=name')).toEqual(['c.txt', 'b.txt', 'a.txt']);
  expect(await names('/api/upload/files?sort[size]=desc&fields[0]=name')).toEqual(['c.txt', 'b.txt', 'a.txt']);
});

test('ascending, two keys, or the page route keep id order', async () => {
  expect(await names('/api/upload/files?sort=size:asc&fields[0]=name')).toEqual(['a.txt', 'b.txt', 'c.txt']);
  expect(await names('/api/upload/files?sort=size:desc,id:asc&fields[0]=name')).toEqual(['a.txt', 'b.txt', 'c.txt']);
  expect(await names('/api/upload/files/page?sort=size:desc&fields[0]=name')).toEqual(['a.txt', 'b.txt', 'c.txt']);
});

test.each(['/api/upload/files?populate[related][populate]=*&populate=x', '/api/upload/files?populate[related]=true&populate=1'])(
  '%s is the query conversion refusal',
  async (path) => {
    const { status, json } = await app.send('GET', path);
    expect(status).toBe(400);
    expect(json).toEqual({
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Invalid populate parameter. Expected a string, an array of strings, a populate object',
        details: {},
      },
    });
  },
);

test('a populate key the file model lacks has a null path; a private or scalar one its name', async () => {
  const details = async (path: string) => ((await app.send('GET', path)).json as { error: { details: unknown } }).error.details;
  expect(await details('/api/upload/files?populate[folder=true')).toEqual({
    key: '[folder',
    path: null,
    source: 'query',
    param: 'populate',
  });
  expect(await details('/api/upload/files?populate[folder]=true')).toEqual({
    key: 'folder',
    path: 'folder',
    source: 'query',
    param: 'populate',
  });
  expect(await details('/api/upload/files?populate=name')).toEqual({ key: 'name', path: 'name', source: 'query', param: 'populate' });
});
