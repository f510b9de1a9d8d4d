import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { createHandlers } from '../../src/mock/msw/index.js';
import { loadModel } from '../../src/project/load-model.js';
import { MemoryStore } from '../../src/mock/msw/memory-store.js';
import { ContentStore } from '../../src/store/content-store.js';
import type { Store } from '../../src/core/data/store.js';
import type { Row, StoreData } from '../../src/core/data/types.js';
import { MEDIA_TABLE } from '../../src/core/data/transaction.js';
import { sessionSlot } from '../../src/core/data/store-session.js';

// One contract for every store implementation (the file store behind `serve`, the memory store behind
// `content-mock/msw`): a refused write leaves everything as it was, relations it reassigned included; an
// acknowledged write survives a restart wherever the store persists. Each case runs against each store.

const SCHOOL = join(import.meta.dirname, '..', 'fixtures', 'models', 'school');
const KIT_MODEL = join(import.meta.dirname, '..', 'fixtures', 'kit', 'model');

interface Answer {
  status: number;
  body: Record<string, any> | null;
}

/** A store behind the Content API, spoken to over its own transport (HTTP, or MSW's interception). */
interface Running {
  call(method: string, path: string, body?: unknown): Promise<Answer>;
  /** The same data opened again (a new process would see this), or undefined where the store does not persist. */
  restart(): Promise<Running | undefined>;
  close(): Promise<void>;
}

interface Implementation {
  readonly name: string;
  readonly persists: boolean;
  /** A running mock of the school model, with an empty store. */
  start(): Promise<Running>;
  /** A bare store over `initial`, for store-level cases. */
  open(initial: StoreData): Promise<OpenStore>;
}

type OpenStore = Store & { reopen(): Promise<OpenStore | undefined>; close(): Promise<void>; reset(): Promise<void> };

const asAnswer = async (res: Response): Promise<Answer> => {
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : null };
};
// the fixture's full-access token: the public role may not write syllabi
const AUTH = { authorization: 'Bearer school-full-access-key-0123456789abcdef' };
const request = (url: string, method: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then(asAnswer);

const fileStore: Implementation = {
  name: 'file store (serve)',
  persists: true,
  async start() {
    const data = join(mkdtempSync(join(tmpdir(), 'cm-contract-')), 'db.json');
    const boot = async (): Promise<Running> => {
      const server: MockServer = await createServer({ schemas: SCHOOL, data });
      const { url } = await server.listen(0, '127.0.0.1');
      return {
        call: (method, path, body) => request(url + path, method, body),
        restart: async () => {
          await server.close();
          return boot();
        },
        close: () => server.close(),
      };
    };
    return boot();
  },
  async open(initial) {
    const model = await loadModel(KIT_MODEL);
    const file = join(mkdtempSync(join(tmpdir(), 'cm-contract-')), 'db.json');
    const openAt = async (): Promise<OpenStore> => {
      const store = await ContentStore.open(model, { file, initial: () => structuredClone(initial) });
      return Object.assign(store, {
        reopen: async () => {
          await store.flush();
          // no close: as after a kill, the journal holds what the file does not
          return openAt();
        },
      });
    };
    return openAt();
  },
};

const BASE = 'http://contract.msw.test';
const memoryStore: Implementation = {
  name: 'memory store (msw)',
  persists: false,
  async start() {
    const handlers = createHandlers({ schemas: SCHOOL, baseUrl: BASE });
    const server = setupServer(...handlers);
    server.listen({ onUnhandledRequest: 'error' });
    return {
      call: (method, path, body) => request(BASE + path, method, body),
      restart: async () => undefined,
      close: async () => server.close(),
    };
  },
  async open(initial) {
    const model = await loadModel(KIT_MODEL);
    return Object.assign(new MemoryStore(model, initial), { reopen: async () => undefined, close: async () => {} });
  },
};

const IMPLEMENTATIONS = [fileStore, memoryStore];

/** Everything a client can see of the relations involved, to compare before and after. */
async function relationsView(api: Running): Promise<unknown> {
  const courses = await api.call('GET', '/api/courses?populate[syllabus]=true&populate[prerequisites]=true&status=draft&sort=id');
  const syllabi = await api.call('GET', '/api/syllabi?populate[course]=true&status=draft&sort=id');
  return { courses: courses.body, syllabi: syllabi.body };
}

const emptyData = (): StoreData => ({ format: 'content-mock-store/1', types: {}, media: [], locales: [], sequences: {} });

describe.each(IMPLEMENTATIONS)('store contract: $name', (impl) => {
  const running: Running[] = [];
  afterAll(async () => {
    for (const r of running) await r.close();
  });

  test('a refused write (valid first relation, bad position on the second) leaves every relation as it was', async () => {
    const api = await impl.start();
    running.push(api);
    const syllabus = await api.call('POST', '/api/syllabi', { data: { heading: 'S' } });
    expect(syllabus.status).toBe(201);
    const syllabusId = syllabus.body!.data.documentId as string;
    const a = await api.call('POST', '/api/courses', { data: { title: 'A', code: 'a', level: 'intro', syllabus: syllabusId } });
    expect(a.status).toBe(201);
    const other = await api.call('POST', '/api/courses', { data: { title: 'Other', code: 'other', level: 'intro' } });
    expect(other.status).toBe(201);
    const before = await relationsView(api);

    const refused = await api.call('POST', '/api/courses', {
      data: {
        title: 'B',
        code: 'b',
        level: 'intro',
        syllabus: { connect: [syllabusId] },
        prerequisites: { connect: [{ documentId: other.body!.data.documentId, position: { before: a.body!.data.documentId } }] },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ data: null, error: { status: 400 } });
    expect(await relationsView(api)).toEqual(before);
    // the next write gets the ids it would have had: no sequence moved either
    const next = await api.call('POST', '/api/courses', { data: { title: 'C', code: 'c', level: 'intro' } });
    expect(next.body!.data.id).toBe(other.body!.data.id + 2);
  });

  test('a change that throws after inserting, removing and editing rows, ranks and ids is rolled back whole', async () => {
    const tag = (id: number, name: string): Row => ({ id, documentId: `tag${id}`, name, createdAt: 't', updatedAt: 't', publishedAt: 't' });
    const initial = emptyData();
    initial.types['api::tag.tag'] = [tag(1, 'one'), tag(2, 'two')];
    initial.sequences['api::tag.tag'] = 2;
    const store = await impl.open(initial);
    const snapshot = JSON.stringify(store.data);
    await expect(
      store.mutate((tx) => {
        const rows = tx.data.types['api::tag.tag'];
        tx.edit('api::tag.tag', rows[0]).name = 'changed';
        tx.remove('api::tag.tag', rows[1]);
        tx.insert('api::tag.tag', tag(store.nextId('api::tag.tag'), 'three'));
        tx.setLink('x|y', 7);
        tx.insert(MEDIA_TABLE, { ...tag(1, 'file'), documentId: 'm1' });
        (tx.data as unknown as { plugins: unknown }).plugins = { some: 'state' };
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(JSON.stringify(store.data)).toBe(snapshot);
    expect(store.index.rows('api::tag.tag').map((r) => r.name)).toEqual(['one', 'two']);
    // and the store still takes writes
    await store.mutate((tx) => tx.insert('api::tag.tag', tag(store.nextId('api::tag.tag'), 'three')));
    expect(store.data.types['api::tag.tag'].map((r) => [r.id, r.name])).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'three'],
    ]);
    await store.close();
  });

  test('per-store state lives on the store session: never shared between stores, started over by a reset', async () => {
    const counter = sessionSlot('contract-counter', () => ({ n: 0 }));
    const source = sessionSlot('contract-source', () => ({ from: 'nowhere' }), true);
    const [one, two] = [await impl.open(emptyData()), await impl.open(emptyData())];
    one.session.get(counter).n = 5;
    one.session.get(source).from = 'a file';
    expect(two.session.get(counter).n).toBe(0);
    await one.reset();
    expect(one.session.get(counter).n).toBe(0);
    expect(one.session.get(source).from).toBe('a file');
    await Promise.all([one.close(), two.close()]);
  });

  test.runIf(impl.persists)('every acknowledged write survives a restart, with or without a clean shutdown', async () => {
    const store = await impl.open(emptyData());
    const tag = (id: number): Row => ({ id, documentId: `t${id}`, name: `n${id}`, createdAt: 't', updatedAt: 't', publishedAt: 't' });
    for (let k = 0; k < 20; k++) await store.mutate((tx) => tx.insert('api::tag.tag', tag(store.nextId('api::tag.tag'))));
    await store.mutate((tx) => {
      const rows = tx.data.types['api::tag.tag'];
      tx.edit('api::tag.tag', rows[3]).name = 'edited';
      tx.remove('api::tag.tag', rows[5]);
    });
    const expected = JSON.stringify(store.data);
    const again = (await store.reopen())!;
    expect(JSON.stringify(again.data)).toBe(expected);
    await again.close();

    const api = await impl.start();
    const created = await api.call('POST', '/api/courses', { data: { title: 'kept', code: 'kept', level: 'intro' } });
    expect(created).toMatchObject({ status: 201 });
    const restarted = (await api.restart())!;
    running.push(restarted);
    const read = await restarted.call('GET', `/api/courses/${created.body!.data.documentId}`);
    expect(read.body!.data.title).toBe('kept');
  });
});
