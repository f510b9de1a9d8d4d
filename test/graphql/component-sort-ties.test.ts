import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, type Answer } from '../write/write-client.js';

// The plugin loads a repeatable component field with a LIMIT, as it loads a relation's, and SQLite then hands a sort's
// ties over in the component rows' id order, not the list's (real Strapi 5.54 on self-nest:
// scripts/harness/probes/graphql-component-sort-ties.json; harness graphql-run self-nest 552).
const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'self-nest');
const config = JSON.parse(readFileSync(join(dir, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] };
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), configObject: { graphql: {} }, memory: true });
  const { url } = await server.listen(0, '127.0.0.1');
  call = jsonClient(url, config.tokens.find((t) => t.type === 'full-access')!.key);
});
afterAll(() => server.close());

type Section = { id: string; note: string };
const sections = async (query: string) =>
  ((await call('POST', '/graphql', { query })).body as unknown as { data: { hub: { sections: Section[] } } }).data.hub.sections;

test("a sorted component list's ties come in the components' id order", async () => {
  const written = (
    (
      await call('POST', '/graphql', {
        query:
          'mutation { updateHub(data: { headline: "h", sections: [{ note: "a", link: { label: "one" } }, { note: "a", link: { label: "two" } }, { note: "b" }, { note: "a" }] }) { sections { id note } } }',
      })
    ).body as unknown as { data: { updateHub: { sections: Section[] } } }
  ).data.updateHub.sections;
  const byId = [...written].sort((x, y) => Number(x.id) - Number(y.id));
  const tiedById = byId.filter((s) => s.note === 'a').map((s) => s.id);
  // the list's own order is not the ids' (a component holding components is numbered after those holding none)
  expect(written.filter((s) => s.note === 'a').map((s) => s.id)).not.toEqual(tiedById);
  expect((await sections('{ hub { sections(sort: "note:asc") { id note } } }')).map((s) => s.id)).toEqual([
    ...tiedById,
    written.find((s) => s.note === 'b')!.id,
  ]);
  expect((await sections('{ hub { sections(sort: "note:desc") { id note } } }')).map((s) => s.id)).toEqual([
    written.find((s) => s.note === 'b')!.id,
    ...tiedById,
  ]);
  // without a sort, the list's order
  expect((await sections('{ hub { sections { id note } } }')).map((s) => s.id)).toEqual(written.map((s) => s.id));
});
