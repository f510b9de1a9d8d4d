import { afterAll, beforeAll, expect, test } from 'vitest';
import { join } from 'node:path';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// Strapi 5.54 with `documents.strictRelations` (a new project's default): required media and relations must hold
// something on a non-draft write, whatever the body's shape; a draft&publish write is checked when it publishes,
// on what the draft holds, inside components too. Each answer was replayed against real Strapi 5.54
// (scripts/harness/probes/required-links.json with scripts/harness/probe.mjs).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
let url = '';
beforeAll(async () => ({ server, call, url } = await modelServer('required-links')));
afterAll(() => server.close());

const errorsOf = (a: Answer) => a.body.error?.details.errors?.map((e) => [e.path.join('.'), e.message, e.value]);

test('a create without the required links fails on each, shown as the body rewrote it', async () => {
  const absent = await call('POST', '/api/people', { data: { name: 'P0' } });
  expect(absent.status).toBe(400);
  expect(errorsOf(absent)).toEqual([
    ['buddy', 'buddy must be defined.', undefined],
    ['cover', 'cover must be defined.', undefined],
  ]);
  const empty = await call('POST', '/api/people', { data: { name: 'P0', cover: [], buddy: { connect: [] } } });
  expect(errorsOf(empty)).toEqual([
    ['buddy', 'buddy must be defined.', { connect: [] }],
    ['cover', 'cover must be defined.', { set: [] }],
  ]);
  const disconnects = await call('POST', '/api/people', { data: { name: 'P0', cover: { disconnect: [1] }, buddy: { disconnect: [1] } } });
  expect(errorsOf(disconnects)?.map((e) => e[2])).toEqual([{ disconnect: [{ id: 1 }] }, { disconnect: [{ id: 1 }] }]);
});

test('a draft&publish type is checked when it publishes, on what the draft holds', async () => {
  const draft = await call('POST', '/api/things?status=draft', { data: { name: 'T0' } });
  expect(draft.status).toBe(201);
  const id = (draft.body.data as Doc).documentId;
  const published = await call('POST', '/api/things', { data: { name: 'T1', part: { label: 'x' } } });
  expect(errorsOf(published)).toEqual([
    ['owner', 'owner must be defined.', null],
    ['helpers', 'helpers must be defined.', { set: [] }],
    ['part.who', 'who must be defined.', null],
  ]);
  expect((await call('PUT', `/api/things/${id}?status=draft`, { data: { owner: null } })).status).toBe(200);
  expect((await call('PUT', `/api/things/${id}`, { data: { name: 'T0b' } })).status).toBe(400);
});

/** Uploads one text file; its id. */
const upload = async (name: string): Promise<number> => {
  const form = new FormData();
  form.append('files', new Blob([name], { type: 'text/plain' }), name);
  const res = await fetch(`${url}/api/upload`, {
    method: 'POST',
    headers: { authorization: 'Bearer req-full-access-key-0123456789abcdef' },
    body: form,
  });
  return ((await res.json()) as { id: number }[])[0]!.id;
};

// Publishing re-creates the published entry from the draft as Strapi reads it back, media populated: a file deleted
// since (its links went with it) is no file, so the draft's component fails its required media beside the request's
// own errors (harness graphql-run flesz-model 811 #402; scripts/harness/probes/required-media-deleted-file.json, whose
// GraphQL steps answer the same through updatePoster).
test('a publish checks the draft as read back: a required file deleted since is missing, inside components too', async () => {
  const [one, two, three] = [await upload('one.txt'), await upload('two.txt'), await upload('three.txt')];
  const made = await call('POST', '/api/posters', { data: { title: 'P', card: { label: 'c', image: one, shots: [two, three] } } });
  expect(made.status).toBe(201);
  const id = (made.body.data as Doc).documentId;
  for (const file of [one, two]) expect((await call('DELETE', `/api/upload/files/${file}`)).status).toBe(200);
  // a draft is not checked for required links; a publish (by status or by default) is, on the draft it publishes
  expect((await call('PUT', `/api/posters/${id}?status=draft`, { data: { title: 'draft only' } })).status).toBe(200);
  const image = ['card.image', 'image must be defined.', null];
  for (const path of [`/api/posters/${id}?status=published`, `/api/posters/${id}`])
    expect(errorsOf(await call('PUT', path, { data: { title: 'published' } }))).toEqual([image]);
  const title = ['title', 'title must be a `string` type, but the final value was: `null`.', null];
  expect(errorsOf(await call('PUT', `/api/posters/${id}?status=published`, { data: { title: null } }))).toEqual([title, image]);
  // the last file of a multiple media deleted: the list read back is empty
  expect((await call('DELETE', `/api/upload/files/${three}`)).status).toBe(200);
  expect(errorsOf(await call('PUT', `/api/posters/${id}?status=published`, { data: { title: null } }))).toEqual([
    title,
    image,
    ['card.shots', 'shots must be defined.', { set: [] }],
  ]);
});

test('with documents.strictRelations false (an older project), required links are not enforced', async () => {
  const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'required-links');
  const loose = await createServer({
    schemas: dir,
    config: join(dir, 'content-mock.config.json'),
    configObject: { documents: { strictRelations: false } },
    memory: true,
  });
  const { url } = await loose.listen(0, '127.0.0.1');
  try {
    const res = await fetch(`${url}/api/people`, {
      method: 'POST',
      headers: { authorization: 'Bearer req-full-access-key-0123456789abcdef', 'content-type': 'application/json' },
      body: JSON.stringify({ data: { name: 'P' } }),
    });
    expect(res.status).toBe(201);
  } finally {
    await loose.close();
  }
});
