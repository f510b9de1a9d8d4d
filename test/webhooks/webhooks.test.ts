import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { kitConfigWithFullToken, startKitServer } from '../helpers/kit.js';

// Webhooks as Strapi 5 sends them, received by a local HTTP receiver: one POST per event with
// `{ event, createdAt, model, uid, entry }` (`{ event, createdAt, media }` for the media library), the configured
// headers plus X-Strapi-Event. A receiver that is down never fails the write.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    event: string;
    createdAt: string;
    model?: string;
    uid?: string;
    entry?: Record<string, unknown>;
    media?: Record<string, unknown>;
  };
}

const KEY = 'webhook-test-full-access-key';
const auth = { authorization: `Bearer ${KEY}` };
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('webhooks', () => {
  let receiver: Server;
  let received: Received[] = [];
  let mock: { server: MockServer; url: string };

  const until = async (count: number) => {
    for (let i = 0; i < 500 && received.length < count; i++) await new Promise((ok) => setTimeout(ok, 10));
    return received;
  };
  const json = (method: string, path: string, body?: unknown) =>
    fetch(mock.url + path, {
      method,
      headers: { ...auth, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: JSON.parse(text) as Received['body'] });
        res.writeHead(req.url === '/refuse' ? 503 : 200).end('ok');
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    const at = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    mock = await startKitServer(
      kitConfigWithFullToken(KEY, {
        webhooks: [
          { url: `${at}/all`, headers: { Authorization: 'Bearer revalidate-secret' } },
          { url: `${at}/publish-only`, events: ['entry.publish'] },
        ],
      }),
    );
  });
  beforeEach(async () => {
    await fetch(`${mock.url}/__content-mock/reset`, { method: 'POST' });
    received = [];
  });
  afterAll(async () => {
    await mock?.server.close();
    await new Promise((ok) => receiver?.close(ok));
  });

  test('create of a draft&publish entry: entry.create (draft) then entry.publish, deeply populated', async () => {
    const author = (await (await fetch(`${mock.url}/api/authors?pagination[pageSize]=1`)).json()) as { data: { documentId: string }[] };
    const res = await json('POST', '/api/articles', { data: { title: 'Hooked', author: author.data[0].documentId } });
    expect(res.status).toBe(201);
    const created = ((await res.json()) as { data: { documentId: string } }).data;
    const all = (await until(3)).filter((r) => r.path === '/all');
    expect(all.map((r) => r.body.event)).toEqual(['entry.create', 'entry.publish']);
    for (const r of all) {
      expect(Object.keys(r.body).sort()).toEqual(['createdAt', 'entry', 'event', 'model', 'uid']);
      expect(r.body).toMatchObject({
        model: 'article',
        uid: 'api::article.article',
        entry: { documentId: created.documentId, title: 'Hooked' },
      });
      expect(r.body.createdAt).toMatch(ISO);
      expect(r.headers['x-strapi-event']).toBe(r.body.event);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers.authorization).toBe('Bearer revalidate-secret');
      // getDeepPopulate: relations, media, components and zones are present
      expect(r.body.entry!.author).toMatchObject({ documentId: author.data[0].documentId });
      expect(r.body.entry).toHaveProperty('tags');
      expect(r.body.entry).toHaveProperty('cover');
      expect(r.body.entry).toHaveProperty('blocks');
    }
    expect(all[0].body.entry!.publishedAt).toBeNull();
    expect(all[1].body.entry!.publishedAt).toMatch(ISO);
    // The second webhook only listens to entry.publish.
    expect(received.filter((r) => r.path === '/publish-only').map((r) => r.body.event)).toEqual(['entry.publish']);
  });

  test('update: entry.update (+ entry.publish unless ?status=draft); delete: entry.delete per removed row, unpopulated', async () => {
    const created = (await (await json('POST', '/api/articles', { data: { title: 'Edit me' } })).json()) as {
      data: { documentId: string };
    };
    const id = created.data.documentId;
    await until(3);
    received = [];
    expect((await json('PUT', `/api/articles/${id}?status=draft`, { data: { title: 'Edited draft' } })).status).toBe(200);
    expect((await until(1)).map((r) => `${r.path} ${r.body.event} ${String(r.body.entry!.title)}`)).toEqual([
      '/all entry.update Edited draft',
    ]);
    received = [];
    expect((await json('PUT', `/api/articles/${id}`, { data: { title: 'Edited' } })).status).toBe(200);
    expect((await until(3)).filter((r) => r.path === '/all').map((r) => r.body.event)).toEqual(['entry.update', 'entry.publish']);
    received = [];
    expect((await json('DELETE', `/api/articles/${id}`)).status).toBe(204);
    const deleted = await until(2);
    expect(deleted.map((r) => r.body.event)).toEqual(['entry.delete', 'entry.delete']);
    expect(deleted.map((r) => r.body.entry!.publishedAt === null).sort()).toEqual([false, true]);
    for (const r of deleted) {
      expect(r.body.entry).toMatchObject({ documentId: id, title: 'Edited' });
      expect(r.body.entry).not.toHaveProperty('author');
    }
  });

  test('a type without draft&publish: entry.create only', async () => {
    expect((await json('POST', '/api/tags', { data: { name: 'hooked-tag' } })).status).toBe(201);
    const got = await until(1);
    await new Promise((ok) => setTimeout(ok, 50));
    expect(received.map((r) => r.body.event)).toEqual(['entry.create']);
    expect(got[0].body).toMatchObject({ model: 'tag', uid: 'api::tag.tag', entry: { name: 'hooked-tag', articles: [] } });
  });

  test('media.create and media.delete from the upload routes; the list of deliveries', async () => {
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'hook.png');
    const up = await fetch(`${mock.url}/api/upload`, { method: 'POST', headers: auth, body: form });
    expect(up.status).toBe(201);
    const [file] = (await up.json()) as { id: number; name: string }[];
    expect((await fetch(`${mock.url}/api/upload/files/${file.id}`, { method: 'DELETE', headers: auth })).status).toBe(200);
    const got = await until(2);
    expect(got.map((r) => r.body.event)).toEqual(['media.create', 'media.delete']);
    for (const r of got) {
      expect(Object.keys(r.body).sort()).toEqual(['createdAt', 'event', 'media']);
      expect(r.body.media).toMatchObject({ id: file.id, name: 'hook.png' });
    }
    const listed = (await (await fetch(`${mock.url}/__content-mock/webhooks`)).json()) as {
      deliveries: { event: string; status: number; ok: boolean }[];
    };
    expect(listed.deliveries.map((d) => [d.event, d.status, d.ok])).toEqual([
      ['media.create', 200, true],
      ['media.delete', 200, true],
    ]);
  });
});

describe('a webhook receiver that is down', () => {
  test('never fails or blocks the write; the failure is logged and listed', async () => {
    const errors: string[] = [];
    const { createServer: createMock } = await import('../../src/mock/create-server.js');
    const { KIT_CONFIG, KIT_DATASET, KIT_MODEL } = await import('../helpers/kit.js');
    const server = await createMock({
      schemas: KIT_MODEL,
      seed: KIT_DATASET,
      config: KIT_CONFIG,
      memory: true,
      // Port 9 on loopback: nothing listens there, the connection is refused at once.
      configObject: { webhooks: [{ url: 'http://127.0.0.1:9/hook' }] },
      logger: { info: () => {}, error: (line) => errors.push(line) },
    });
    const { url } = await server.listen(0, '127.0.0.1');
    try {
      const res = await fetch(`${url}/api/tags`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"data":{"name":"x"}}',
      });
      expect(res.status).toBe(201);
      let deliveries: { ok: boolean; status: number | null; error?: string }[] = [];
      for (let i = 0; i < 300 && deliveries.length === 0; i++) {
        await new Promise((ok) => setTimeout(ok, 10));
        deliveries = ((await (await fetch(`${url}/__content-mock/webhooks`)).json()) as { deliveries: typeof deliveries }).deliveries;
      }
      expect(deliveries).toMatchObject([{ ok: false, status: null }]);
      expect(errors.some((e) => e.includes('webhook entry.create to http://127.0.0.1:9/hook failed'))).toBe(true);
    } finally {
      await server.close();
    }
  });

  test('a bad webhooks setting is a clear config error', async () => {
    const { resolveConfigObject } = await import('../../src/project/resolve-config.js');
    expect(() => resolveConfigObject({ webhooks: [{ url: 'nope' }] })).toThrow('config: webhooks[0] needs a "url" (http or https)');
    expect(() => resolveConfigObject({ webhooks: [{ url: 'http://x', events: ['entry.created'] }] })).toThrow(
      'config: webhooks[0].events: "entry.created" is not an event',
    );
  });
});
