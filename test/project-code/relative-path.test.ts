import { relative, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// `npx content-mock serve` in a project's own folder names its files relative to the working directory: the code
// and the config files must load all the same (they once failed with "filename must be an absolute path").

const PROJECT = relative(process.cwd(), join(import.meta.dirname, '..', 'fixtures', 'projects', 'bookshop'));
let server: MockServer;
let base: string;
const problems: string[] = [];

beforeAll(async () => {
  server = await createServer({
    schemas: PROJECT,
    memory: true,
    configObject: { permissions: { public: { 'api::book.book': ['find', 'findOne', 'create'] } } },
    logger: { info: (line: string) => problems.push(line), error: (line: string) => problems.push(line) },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(() => server.close());

test('a project named by a relative path runs its code and reads its config', async () => {
  expect(PROJECT.startsWith('/')).toBe(false);
  expect(problems.filter((l) => /cannot run|absolute path/.test(l))).toEqual([]);
  expect(await (await fetch(`${base}/api/ping?echo=rel`)).json()).toEqual({ pong: true, echo: 'rel' });
});
