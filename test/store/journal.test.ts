import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ContentIndex } from '../../src/core/data/content-index.js';
import type { StoreData } from '../../src/core/data/types.js';
import { findMany, parseQueryString } from '../../src/core/query/run-query.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { parseStoreBytes, storeTextPieces } from '../../src/store/store-file.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL } from '../helpers/kit.js';

const open = (data: string, logs: string[] = []) =>
  createServer({
    schemas: KIT_MODEL,
    seed: KIT_DATASET,
    config: KIT_CONFIG,
    data,
    logger: { info: (l) => logs.push(l), error: (l) => logs.push(l) },
  });

const send = async (url: string, method: string, path: string, data?: unknown) => {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: data === undefined ? undefined : JSON.stringify({ data }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as { data: { documentId: string } }) : undefined };
};

/** The data with record keys (counters, link ranks) in a fixed order: what must survive, not how it was ordered. */
const canonical = (data: StoreData) => {
  const sorted = (r: Record<string, unknown> | undefined) =>
    r && Object.fromEntries(Object.entries(r).sort(([a], [b]) => a.localeCompare(b)));
  return JSON.stringify({ ...data, sequences: sorted(data.sequences), linkOrder: sorted(data.linkOrder) });
};

/** Creates, updates, publishes, links and deletes, in every table a REST client can reach. */
async function writeSome(url: string): Promise<void> {
  const tag = await send(url, 'POST', '/api/tags', { name: 'journal-tag' });
  expect(tag.status).toBe(201);
  const category = (await send(url, 'GET', '/api/categories')).body as unknown as { data: { documentId: string }[] };
  const article = await send(url, 'POST', '/api/articles', {
    title: 'Journal article',
    category: category.data[0].documentId,
    tags: [tag.body!.data.documentId],
  });
  expect(article.status).toBe(201);
  expect((await send(url, 'PUT', `/api/articles/${article.body!.data.documentId}?status=draft`, { title: 'Journal draft' })).status).toBe(
    200,
  );
  expect((await send(url, 'POST', `/api/articles?locale=fr`, { title: 'Article fr' })).status).toBe(201);
  expect((await send(url, 'PUT', `/api/tags/${tag.body!.data.documentId}`, { name: 'journal-tag-renamed' })).status).toBe(200);
  const doomed = await send(url, 'POST', '/api/tags', { name: 'doomed' });
  expect((await send(url, 'DELETE', `/api/tags/${doomed.body!.data.documentId}`)).status).toBe(204);
  expect((await send(url, 'PUT', '/api/global', { siteName: 'Journal site' })).status).toBe(200);
}

describe('the journal', () => {
  test('replays every acknowledged change after a crash (no close), and close folds it into the file of record', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-journal-'));
    const data = join(dir, 'db.json');
    const first = await open(data);
    const { url } = await first.listen(0);
    await writeSome(url);
    expect(existsSync(`${data}.journal`)).toBe(true);

    // a second server on the same files, as a restart after kill -9: the first never closed
    const second = await open(data);
    expect(canonical(second.runtime().store.data)).toBe(canonical(first.runtime().store.data));
    await second.close();

    // the JSON file stays what users open and commit: JSON.stringify(data, null, 1), nothing beside it
    await first.close();
    expect(readFileSync(data, 'utf8')).toBe(JSON.stringify(first.runtime().store.data, null, 1) + '\n');
    expect(readdirSync(dir)).toEqual(['db.json']);
  });

  test('temp files of a killed server are removed on start, those of a live one are left alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-temp-'));
    const data = join(dir, 'db.json');
    await (await open(data)).close();
    writeFileSync(join(dir, '.db.json.999999999.1.tmp'), '{"half":');
    writeFileSync(join(dir, `.db.json.${process.pid}.7.tmp`), '{"busy":');
    await (await open(data)).close();
    expect(readdirSync(dir).sort()).toEqual([`.db.json.${process.pid}.7.tmp`, 'db.json']);
  });

  test('a torn last line (a crash in the middle of an append) is ignored', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-torn-')), 'db.json');
    const first = await open(data);
    const { url } = await first.listen(0);
    await writeSome(url);
    const expected = canonical(first.runtime().store.data);
    appendFileSync(`${data}.journal`, '{"ops":[{"t":"api::tag.tag","put":[{"id":99');
    const second = await open(data);
    expect(canonical(second.runtime().store.data)).toBe(expected);
    // and the next change is appended after the good part
    const { url: url2 } = await second.listen(0);
    expect((await send(url2, 'POST', '/api/tags', { name: 'after-the-tear' })).status).toBe(201);
    const third = await open(data);
    expect(canonical(third.runtime().store.data)).toBe(canonical(second.runtime().store.data));
    await Promise.all([third.close(), second.close()]);
    await first.close();
  });

  test('a journal that belongs to another version of the file is set aside, not replayed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-foreign-'));
    const data = join(dir, 'db.json');
    const first = await open(data);
    const { url } = await first.listen(0);
    await writeSome(url);
    // edited by hand while the server is "down" (it never closed)
    const edited = JSON.parse(readFileSync(data, 'utf8')) as StoreData;
    edited.types['api::tag.tag'][0].name = 'edited-while-stopped';
    writeFileSync(data, JSON.stringify(edited, null, 2));
    const logs: string[] = [];
    const second = await open(data, logs);
    expect(second.runtime().store.data.types['api::tag.tag'][0].name).toBe('edited-while-stopped');
    expect(logs.join('\n')).toMatch(
      /holds \d+ changes? made to another version of .*db\.json .*they were not applied: set aside as .*\.unused/,
    );
    expect(readdirSync(dir).some((f) => f.endsWith('.unused'))).toBe(true);
    await second.close();
  });

  test('indexes patched change by change answer as indexes built from scratch', async () => {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-index-')), 'db.json');
    const server: MockServer = await open(data);
    const { url } = await server.listen(0);
    const rt = server.runtime();
    const queries = [
      'sort=title:asc&pagination[pageSize]=100',
      'status=draft&locale=*&pagination[pageSize]=100',
      'filters[tags][name][$contains]=journal&populate=*',
      'populate[tags]=true&populate[category]=true&locale=fr',
    ];
    const article = rt.model.contentTypes.get('api::article.article')!;
    const tag = rt.model.contentTypes.get('api::tag.tag')!;
    const opts = { limits: rt.config.rest, strictParams: false };
    // read everything once so the lists exist before the writes patch them
    for (const q of queries) findMany(rt.store.index, article, parseQueryString(q), opts);
    findMany(rt.store.index, tag, parseQueryString('populate=*'), opts);
    await writeSome(url);
    const fresh = new ContentIndex(rt.model, rt.store.data);
    for (const q of queries)
      expect(findMany(rt.store.index, article, parseQueryString(q), opts)).toEqual(findMany(fresh, article, parseQueryString(q), opts));
    expect(findMany(rt.store.index, tag, parseQueryString('populate=*'), opts)).toEqual(
      findMany(fresh, tag, parseQueryString('populate=*'), opts),
    );
    await server.close();
  });
});

describe('the store file', () => {
  test('is written a row at a time as exactly JSON.stringify(data, null, 1), and read row by row to the same data', async () => {
    const server = await createServer({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG, memory: true });
    const data = server.runtime().store.data;
    const text = [...storeTextPieces(data)].join('');
    expect(text).toBe(JSON.stringify(data, null, 1) + '\n');
    // the row-by-row reader (used above the whole-parse limit) gives the same data, keys in the same order
    expect(JSON.stringify(parseStoreBytes(Buffer.from(text), 'db.json', 0))).toBe(JSON.stringify(data));
    expect(() => parseStoreBytes(Buffer.from(text.slice(0, -40)), 'db.json', 0)).toThrow(/db\.json: invalid JSON/);
    await server.close();
  });
});
