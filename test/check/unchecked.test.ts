import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCheckCommand } from '../../src/contract/check/run-check-command.js';
import { runCheck, uncheckedReason } from '../../src/contract/check/run-check.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { checkJUnit } from '../proxy/junit-check.js';

const KIT = 'test/fixtures/kit';
const READ_ONLY = 'kit-read-only-token-5b1d0c2e9f7a4386';
let server: MockServer;
let url: string;

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

const quiet = { schemas: `${KIT}/model`, config: `${KIT}/content-mock.config.json`, quiet: true };

describe('a run that checked nothing does not pass', () => {
  test('a wrong token: every request is a 401, check exits 2 and says why', async () => {
    const lines: string[] = [];
    const code = await runCheckCommand({ ...quiet, target: url, token: 'not-a-token' }, (l) => lines.push(l));
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/\d+ of \d+ requests were refused \(401\/403\): the run checked almost nothing/);
  });

  test('schemas without a content type: refused with the schema problem, exit 2; an empty result list never passes', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'cm-empty-'));
    mkdirSync(join(empty, 'api'));
    mkdirSync(join(empty, 'components'));
    expect(await runCheckCommand({ schemas: empty, quiet: true, target: url, token: READ_ONLY }, () => undefined)).toBe(2);
    expect(uncheckedReason([])).toContain('no request was checked');
  });

  test('--allow-unauthorized accepts it (exit 0)', async () => {
    expect(await runCheckCommand({ ...quiet, target: url, token: 'not-a-token', allowUnauthorized: true }, () => undefined)).toBe(0);
  });

  test('a read-only token with --writes: the writes are refused, exit 2', async () => {
    const lines: string[] = [];
    const code = await runCheckCommand({ ...quiet, target: url, token: READ_ONLY, writes: true }, (l) => lines.push(l));
    expect(code).toBe(2);
    expect(lines.join('\n')).toMatch(/of \d+ writes \(--writes\) were refused/);
  });

  test('--format junit without --report: only the XML on stdout, and it passes the JUnit schema check', async () => {
    const stdout: string[] = [];
    const other: string[] = [];
    const code = await runCheckCommand(
      { schemas: `${KIT}/model`, config: `${KIT}/content-mock.config.json`, target: url, token: READ_ONLY, format: 'junit' },
      (l) => other.push(l),
      (t) => stdout.push(t),
    );
    expect(code).toBe(0);
    const xml = stdout.join('');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(checkJUnit(xml)).toEqual([]);
    expect(other.join('\n')).toContain('requests');
  });
});

describe('runCheck: check as a library call', () => {
  test('returns the report object with its exit code', async () => {
    const report = await runCheck({ target: url, schemas: `${KIT}/model`, config: `${KIT}/content-mock.config.json`, token: READ_ONLY });
    expect(report.exitCode).toBe(0);
    expect(report.totals.requests).toBeGreaterThan(100);
    expect(report.totals.violations).toBe(0);
    expect(report.unchecked).toBeUndefined();
    expect(checkJUnit(report.render('junit'))).toEqual([]);
    const refused = await runCheck({ target: url, schemas: `${KIT}/model`, config: `${KIT}/content-mock.config.json`, token: 'wrong' });
    expect(refused.exitCode).toBe(2);
    expect(refused.unchecked).toContain('refused (401/403)');
  });
});
