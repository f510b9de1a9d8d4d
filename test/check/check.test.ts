import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCheckCommand as runCheck } from '../../src/contract/check/run-check-command.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { startBrokenBackend } from '../proxy/broken-backend.js';

const KIT = 'test/fixtures/kit';
let server: MockServer;
let url: string;
const dir = mkdtempSync(join(tmpdir(), 'content-mock-check-'));

beforeAll(async () => {
  server = await createServer({
    schemas: `${KIT}/model`,
    seed: `${KIT}/dataset.json`,
    memory: true,
    config: `${KIT}/content-mock.config.json`,
  });
  ({ url } = await server.listen(0));
});
afterAll(() => server.close());

describe('content-mock check against a healthy content-mock serving the kit', () => {
  test('reports zero violations and exits 0, with JUnit, JSON and Markdown reports', async () => {
    const lines: string[] = [];
    const code = await runCheck(
      { target: url, schemas: `${KIT}/model`, token: 'kit-read-only-token-5b1d0c2e9f7a4386', report: join(dir, 'r.xml') },
      (l) => lines.push(l),
    );
    const out = lines.join('\n');
    expect(out).not.toContain('violation ');
    expect(code).toBe(0);
    const xml = readFileSync(join(dir, 'r.xml'), 'utf8');
    expect(xml).toContain('<testsuite name="GET /api/articles"');
    expect(xml).not.toContain('<failure');
  });
});

describe('content-mock check against a broken backend', () => {
  const TOKEN = 'kit-read-only-token-5b1d0c2e9f7a4386';
  test('exits 1 with the JSON paths in the report; a baseline of them makes it pass', async () => {
    const broken = await startBrokenBackend(url, { always: 'wrong-type' });
    try {
      const report = join(dir, 'broken.json');
      const baseline = join(dir, 'baseline.json');
      const code = await runCheck(
        { target: broken.url, schemas: `${KIT}/model`, token: TOKEN, report, writeBaseline: baseline, quiet: true },
        () => undefined,
      );
      expect(code).toBe(1);
      const data = JSON.parse(readFileSync(report, 'utf8')) as { results: Array<{ violations: Array<{ path: string; rule: string }> }> };
      expect(data.results.flatMap((r) => r.violations)).toContainEqual(
        expect.objectContaining({ rule: 'schema', path: '$.data[0].title' }),
      );
      const again = await runCheck(
        { target: broken.url, schemas: `${KIT}/model`, token: TOKEN, baseline, format: 'markdown', quiet: true },
        () => undefined,
      );
      expect(again).toBe(0);
    } finally {
      await broken.close();
    }
  });

  test('a target that is down exits 2', async () => {
    expect(await runCheck({ target: 'http://127.0.0.1:9', schemas: `${KIT}/model` }, () => undefined)).toBe(2);
  });

  test('the Markdown report lists each violation with its path', async () => {
    const broken = await startBrokenBackend(url, { always: 'unpopulated-relation-present' });
    try {
      const report = join(dir, 'broken.md');
      expect(await runCheck({ target: broken.url, schemas: `${KIT}/model`, token: TOKEN, report, quiet: true }, () => undefined)).toBe(1);
      expect(readFileSync(report, 'utf8')).toContain('`$.data[0].category`');
    } finally {
      await broken.close();
    }
  });
});
