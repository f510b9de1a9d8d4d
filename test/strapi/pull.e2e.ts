import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { call, KIT_CONFIG } from '../plugins/plugin-server.js';
import { readOnlyKitCases } from '../pull/kit-cases.js';

// End to end against the real Strapi 5 of shared/strapi-reference (`./up.sh --fresh` first; `npm run test:strapi`):
// pull its content, serve the pulled file, and check the mock answers the kit's read-only cases as Strapi does.

const STRAPI = process.env.STRAPI_URL ?? 'http://127.0.0.1:1337';
const REFERENCE = process.env.STRAPI_DIR ?? fileURLToPath(new URL('../../../shared/strapi-reference/', import.meta.url));
const TOKEN_FILE = join(REFERENCE, '.tmp', 'api-token.txt');
const token = process.env.STRAPI_TOKEN ?? (existsSync(TOKEN_FILE) ? readFileSync(TOKEN_FILE, 'utf8').trim() : '');

let dir: string;
let mock: MockServer;
let mockUrl: string;

beforeAll(async () => {
  if (!token) throw new Error(`${TOKEN_FILE} not found: start the reference Strapi with ./up.sh --fresh`);
  dir = mkdtempSync(join(tmpdir(), 'content-mock-pull-e2e-'));
  const out = join(dir, 'pulled.json');
  await runPull({ from: STRAPI, token, schemas: REFERENCE, out }, (l) => console.error(l));
  const kit = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as Record<string, unknown>;
  mock = await createServer({
    schemas: REFERENCE,
    seed: out,
    memory: true,
    configObject: { ...kit, tokens: [{ name: 'oracle read-only', type: 'read-only', key: token }] },
  });
  mockUrl = (await mock.listen(0, '127.0.0.1')).url;
}, 180_000);
afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe(`pull from the real Strapi at ${STRAPI}, then serve the pulled file`, () => {
  const cases = readOnlyKitCases(token);
  test.each(cases.map((c) => [`${c.method} ${c.path} (${c.name})`, c] as const))('%s answers as Strapi does', async (_title, c) => {
    const init = { method: c.method, headers: c.headers };
    const [real, mocked] = await Promise.all([call(STRAPI + c.path, init), call(mockUrl + c.path, init)]);
    expect({ status: mocked.status, body: mocked.body }).toEqual({ status: real.status, body: real.body });
  });
});
