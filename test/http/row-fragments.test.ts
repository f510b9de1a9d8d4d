import { afterEach, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// A list without populate or fields is written from each row's JSON kept between requests (mock/request/
// row-fragments.ts): the answers must be the engine's, and a write must show at once.

let server: MockServer | undefined;
afterEach(() => server?.close());

type Tag = { documentId: string; name: string };
const read = async (url: string) => {
  const res = await fetch(url, { headers: { 'cache-control': 'no-cache' } });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { data: Tag[]; meta: unknown } };
};

describe.each([true, false])('plain lists with the response cache %s', (cache) => {
  test('the same rows read again, in another order or alone, are the same JSON; a write shows at once', async () => {
    const started = await startKitServer({ cache });
    server = started.server;
    const ascending = await read(`${started.url}/api/tags?sort=id:asc`);
    expect(ascending.status).toBe(200);
    // written as JSON.stringify writes it
    expect(ascending.text).toBe(JSON.stringify(ascending.body));
    const descending = await read(`${started.url}/api/tags?sort=id:desc&pagination[pageSize]=100`);
    const byId = new Map(descending.body.data.map((t) => [t.documentId, t]));
    for (const tag of ascending.body.data) expect(byId.get(tag.documentId)).toEqual(tag);
    const [first] = ascending.body.data;
    const one = (await (await fetch(`${started.url}/api/tags/${first.documentId}`)).json()) as { data: Tag };
    expect(one.data).toEqual(first);

    const put = await fetch(`${started.url}/api/tags/${first.documentId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: `${first.name}-renamed` } }),
    });
    expect(put.status).toBe(200);
    const after = await read(`${started.url}/api/tags?sort=id:asc`);
    expect(after.body.data[0]).toEqual({ ...(await put.json()).data });
    expect(after.body.data[0].name).toBe(`${first.name}-renamed`);
    expect(after.body.data.slice(1)).toEqual(ascending.body.data.slice(1));
    const again = await read(`${started.url}/api/tags?sort=id:desc&pagination[pageSize]=100`);
    expect(again.body.data.find((t) => t.documentId === first.documentId)?.name).toBe(`${first.name}-renamed`);
  });
});
