import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A content type's lifecycles see the query Strapi's document service built (transform/query.js), which always
// holds a `where`, `{}` on a create: a beforeCreate reading `event.params.where.id` runs on (real Strapi answered 201
// to such a create of public project anicolors, content-mock 500), and what it sets in the data is written.
const root = mkdtempSync(join(tmpdir(), 'cm-lifecycle-params-'));
const src = join(root, 'src');
const write = (path: string, text: string) => {
  mkdirSync(join(src, path, '..'), { recursive: true });
  writeFileSync(join(src, path), text);
};
write(
  'api/palette/content-types/palette/schema.json',
  JSON.stringify({
    kind: 'collectionType',
    info: { singularName: 'palette', pluralName: 'palettes', displayName: 'Palette' },
    options: { draftAndPublish: true },
    attributes: { name: { type: 'string' }, label: { type: 'string' } },
  }),
);
write(
  'api/palette/content-types/palette/lifecycles.ts',
  `export default {
  async beforeCreate(event: { params: { data: Record<string, unknown>; where: { id?: number } } }) {
    if (!event.params.where.id) event.params.data.label = 'new ' + String(event.params.data.name);
  },
};
`,
);

write(
  'api/palette/routes/palette.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreRouter('api::palette.palette');\n",
);
write(
  'api/palette/services/palette.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreService('api::palette.palette');\n",
);
write(
  'api/palette/controllers/palette.ts',
  "import { factories } from '@strapi/strapi';\nexport default factories.createCoreController('api::palette.palette');\n",
);

let server: MockServer;
let base: string;
const token = { authorization: 'Bearer lifecycle-params-full-access-key-0123' };

beforeAll(async () => {
  server = await createServer({
    schemas: root,
    memory: true,
    configObject: { tokens: [{ name: 'full', type: 'full-access', key: 'lifecycle-params-full-access-key-0123' }] },
    logger: { info: () => undefined, error: () => undefined },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test("a create's lifecycles (the draft's, then the published entry's) see where: {} and their change to the data is written", async () => {
  const res = await fetch(`${base}/api/palettes?status=published`, {
    method: 'POST',
    headers: { ...token, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { name: 'sky' } }),
  });
  expect(res.status).toBe(201);
  const made = ((await res.json()) as { data: { documentId: string; name: string; label: string } }).data;
  expect([made.name, made.label]).toEqual(['sky', 'new sky']);
  const read = (await (await fetch(`${base}/api/palettes/${made.documentId}`, { headers: token })).json()) as { data: { label: string } };
  expect(read.data.label).toBe('new sky');
});
