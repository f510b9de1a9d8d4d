import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { readStrapiConfig } from '../../src/project/read-strapi-config.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// Strapi runs a TypeScript project from its compiled dist/, where every file is a CommonJS module of its own: a
// helper's `__dirname` is its own folder, a file imported by two others is one instance, and a path built at run
// time can be required. A public starter (a page builder) builds its populate map at bootstrap by listing its own
// folder and requiring each `.ts` found there through `createRequire(__filename)`; a config file imports its
// neighbours (`config/plugins.ts` → `./plugins/email`).
const root = mkdtempSync(join(tmpdir(), 'cm-per-file-'));
const src = join(root, 'src');
const write = (path: string, text: string) => {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
};
writeCollectionType(src, { singular: 'thing', plural: 'things', display: 'Thing' }, { name: { type: 'string' } });
// a folder of configs, one module per file, found at run time
write('src/populate/sections/hero.ts', "const config: { fields: string[] } = { fields: ['title'] };\nexport default config;\n");
write('src/populate/sections/faq.ts', "export default { fields: ['question'] as string[] };\n");
write(
  'src/populate/index.ts',
  [
    "import fs from 'node:fs';",
    "import path from 'node:path';",
    "import { createRequire } from 'node:module';",
    'const requireModule = createRequire(__filename);',
    'let cached: Record<string, unknown> | null = null;',
    'export function populateMap(): Record<string, unknown> {',
    '  if (cached) return cached;',
    '  const entries: [string, unknown][] = [];',
    '  for (const dir of fs.readdirSync(__dirname, { withFileTypes: true }).filter((d) => d.isDirectory()))',
    '    for (const file of fs.readdirSync(path.join(__dirname, dir.name)).sort())',
    "      entries.push([`${dir.name}.${file.replace(/\\.ts$/, '')}`, requireModule(path.join(__dirname, dir.name, file)).default]);",
    '  cached = Object.fromEntries(entries);',
    '  return cached;',
    '}',
    '',
  ].join('\n'),
);
// module state shared by the files that import it
write('src/utils/counter.ts', 'let count = 0;\nexport const next = (): number => ++count;\n');
write(
  'src/index.ts',
  "import { populateMap } from './populate';\nimport { next } from './utils/counter';\nexport default {\n  bootstrap() {\n    populateMap();\n    next();\n  },\n};\n",
);
write(
  'src/api/thing/controllers/thing.ts',
  [
    "import { populateMap } from '../../../populate';",
    "import { next } from '../../../utils/counter';",
    'export default {',
    '  async map(ctx: { body: unknown }) {',
    '    ctx.body = { map: populateMap(), count: next() };',
    '  },',
    '};',
    '',
  ].join('\n'),
);
write(
  'src/api/thing/routes/map.ts',
  "export default { routes: [{ method: 'GET', path: '/map', handler: 'thing.map', config: { auth: false } }] };\n",
);

let server: MockServer;
let base: string;

beforeAll(async () => {
  server = await createServer({ schemas: root, memory: true, logger: { info: () => {}, error: () => {} } });
  ({ url: base } = await server.listen(0));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test("a helper lists its own folder and requires the TypeScript files it finds there, as in Strapi's dist/", async () => {
  expect(server.projectReport().filter((l) => l.includes('cannot run here') || l.includes('fails'))).toEqual([]);
  const res = await fetch(`${base}/api/map`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { map: unknown; count: number };
  expect(body.map).toEqual({ 'sections.faq': { fields: ['question'] }, 'sections.hero': { fields: ['title'] } });
  // one instance of the counter for src/index's bootstrap and the controller: the bootstrap counted 1
  expect(body.count).toBe(2);
});

test('a config file that imports its neighbours (TypeScript) is read whole', () => {
  write(
    'config/plugins/email.ts',
    "export const emailConfig = (env: (k: string, d?: string) => string) => ({ provider: env('MAIL', 'smtp') });\n",
  );
  write(
    'config/plugins.ts',
    "import { emailConfig } from './plugins/email';\nexport default ({ env }) => ({ email: { config: emailConfig(env) } });\n",
  );
  const read = readStrapiConfig(root, 'plugins');
  expect(read).toMatchObject({ ok: true, value: { email: { config: { provider: 'smtp' } } } });
});
