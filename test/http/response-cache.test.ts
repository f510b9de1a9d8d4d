import { afterEach, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_TOKEN, startKitServer } from '../helpers/kit.js';

let server: MockServer | undefined;
afterEach(() => server?.close());

const json = async (res: Response) => ({
  status: res.status,
  body: (await res.json()) as { data: { documentId: string; name: string }[] },
});

describe.each([true, false])('reads with the response cache %s', (cache) => {
  test('a write is seen by the very next read, whatever was answered before', async () => {
    const started = await startKitServer({ cache });
    server = started.server;
    const list = `${started.url}/api/tags?sort=id:asc&fields[0]=name`;
    const first = await json(await fetch(list));
    expect(await json(await fetch(list))).toEqual(first);
    const target = first.body.data[0];
    const put = await fetch(`${started.url}/api/tags/${target.documentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: `${target.name}-renamed` } }),
    });
    expect(put.status).toBe(200);
    const after = await json(await fetch(list));
    expect(after.body.data[0].name).toBe(`${target.name}-renamed`);
    // the same URL read by another caller, or in the v4 format, is its own answer
    const withToken = await json(await fetch(list, { headers: { authorization: `Bearer ${KIT_TOKEN}` } }));
    expect(withToken.body).toEqual(after.body);
    const v4 = (await (await fetch(list, { headers: { 'strapi-response-format': 'v4' } })).json()) as { data: { attributes: unknown }[] };
    expect(v4.data[0].attributes).toEqual({ name: `${target.name}-renamed` });
  });
});

describe('Cache-Control: no-cache', () => {
  test('skips the read cache: the engine answers, and the kept answer stays as it was', async () => {
    const started = await startKitServer({ cache: true });
    server = started.server;
    const list = `${started.url}/api/tags?sort=id:asc&fields[0]=name`;
    const kept = await json(await fetch(list));
    const first = kept.body.data[0];
    // A change that bypasses every write path (so nothing tells the cache): only an answer from the engine shows it.
    const row = started.server
      .runtime()
      .store.index.rows('api::tag.tag')
      .find((r) => r.documentId === first.documentId && r.publishedAt !== null);
    expect(row).toBeDefined();
    row!.name = `${first.name}-changed`;
    // The engine's kept parses and row texts (not answer caches) follow the index's generation, the read cache the
    // tables' generations: bumping the first alone lets the engine see the change while the read cache does not.
    started.server.runtime().store.index.generation++;
    expect(await json(await fetch(list))).toEqual(kept);
    const bypasses: Record<string, string>[] = [
      { 'cache-control': 'no-cache' },
      { 'cache-control': 'max-age=0, No-Cache' },
      { pragma: 'no-cache' },
    ];
    for (const headers of bypasses) {
      const fresh = await json(await fetch(list, { headers }));
      expect(fresh.body.data[0].name).toBe(`${first.name}-changed`);
    }
    // a fresh answer is not kept in place of the cached one
    expect(await json(await fetch(list))).toEqual(kept);
  });
});
