import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// Project code that fails inside a helper it imports (bundled into the module that imports it) is named at the
// helper's file and line, not at the importing module: src/index's bootstrap reading a folder at run time, or a
// controller's helper throwing, both left the user with src/index.ts (no line) or the controller's file.
const root = mkdtempSync(join(tmpdir(), 'cm-helper-place-'));
const src = join(root, 'src');
const write = (path: string, text: string) => {
  mkdirSync(join(src, path, '..'), { recursive: true });
  writeFileSync(join(src, path), text);
};
writeCollectionType(src, { singular: 'thing', plural: 'things', display: 'Thing' }, { name: { type: 'string' } });
write('utils/setup.ts', 'export function setUp(): void {\n  const parts: string[] = [];\n  JSON.parse("{" + parts.join(","));\n}\n');
write('index.ts', "import { setUp } from './utils/setup';\nexport default {\n  bootstrap() {\n    setUp();\n  },\n};\n");
write('api/thing/utils/label.ts', 'export const label = (v: { name: string } | null): string =>\n  v!.name.toUpperCase();\n');
write(
  'api/thing/controllers/thing.ts',
  "import { label } from '../utils/label';\nexport default {\n  async hello(ctx: { body: unknown }) {\n    ctx.body = label(null);\n  },\n};\n",
);
write(
  'api/thing/routes/hello.ts',
  "export default { routes: [{ method: 'GET', path: '/hello', handler: 'thing.hello', config: { auth: false } }] };\n",
);

let server: MockServer;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  server = await createServer({
    schemas: root,
    memory: true,
    logger: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(line) },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

test("a bootstrap failing in a helper of src/index names the helper's file and line", () => {
  const failed = server.projectReport().filter((l) => l.includes('bootstrap() fails here'));
  expect(failed).toHaveLength(1);
  expect(failed[0]).toMatch(/src\/utils\/setup\.ts:3: bootstrap\(\) fails here: /);
});

test("a route failing in its controller's helper answers 500 and names the helper's file and line", async () => {
  const res = await fetch(`${base}/api/hello`);
  expect(res.status).toBe(500);
  expect(await res.json()).toEqual({
    data: null,
    error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' },
  });
  const thrown = lines.filter((l) => l.includes('GET /api/hello threw'));
  expect(thrown).toHaveLength(1);
  expect(thrown[0]).toMatch(/src\/api\/thing\/utils\/label\.ts:2: GET \/api\/hello threw: /);
});
