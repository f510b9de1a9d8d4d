import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCheck } from '../../src/contract/check/run-check.js';
import { runCheckCommand } from '../../src/contract/check/run-check-command.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { checkJUnit } from '../proxy/junit-check.js';

const KIT = 'test/fixtures/kit';
const READ_ONLY = 'kit-read-only-token-5b1d0c2e9f7a4386';
const project = { schemas: `${KIT}/model`, config: `${KIT}/content-mock.config.json` };
let seeded: MockServer;
let empty: MockServer;
let url: string;
let emptyUrl: string;

beforeAll(async () => {
  seeded = await createServer({ ...project, seed: `${KIT}/dataset.json`, memory: true });
  empty = await createServer({ ...project, memory: true });
  ({ url } = await seeded.listen(0));
  ({ url: emptyUrl } = await empty.listen(0));
});
afterAll(async () => {
  await seeded.close();
  await empty.close();
});

/** Runs the built CLI (dist/) as a user would, with both streams kept apart. */
function cli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ['bin/content-mock.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('what a check run covers', () => {
  test('content-mock check --format junit: stdout holds the XML alone, the summary goes to stderr', async () => {
    const { code, stdout, stderr } = await cli([
      'check',
      '--target',
      url,
      '--schemas',
      project.schemas,
      '--config',
      project.config,
      '--token',
      READ_ONLY,
      '--format',
      'junit',
    ]);
    expect(code).toBe(0);
    expect(stdout.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(stdout.trimEnd().endsWith('</testsuites>')).toBe(true);
    expect(checkJUnit(stdout)).toEqual([]);
    expect(stderr).toMatch(/\d+ requests, 0 with violations/);
  });

  test('an empty target (no entry in any answer) is no pass: exit 2, and it says why', async () => {
    const lines: string[] = [];
    const code = await runCheckCommand({ ...project, target: emptyUrl, token: READ_ONLY, quiet: true }, (l) => lines.push(l));
    expect(code).toBe(2);
    expect(lines.join('\n')).toContain('no answer held an entry');
    const report = await runCheck({ ...project, target: emptyUrl, token: READ_ONLY, allowUnauthorized: true });
    expect(report.exitCode).toBe(0);
    expect(report.coverage.withEntries).toEqual([]);
  });

  test('a type the token may not read is listed as not checked, not as passed', async () => {
    const lines: string[] = [];
    // the kit's public role reads every type but api::secret.secret
    const code = await runCheckCommand({ ...project, target: url, quiet: true }, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines).toContain('not checked, refused to this token (401/403): api::secret.secret');
    const report = await runCheck({ ...project, target: url });
    expect(report.coverage.refused).toEqual(['api::secret.secret']);
    expect(report.coverage.withEntries).not.toContain('api::secret.secret');
  });
});

/** A backend in front of the healthy mock that breaks populated lists: `sort` reversed, or `filters` ignored. */
async function startListBreaker(upstream: string, kind: 'sort' | 'filters'): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      let path = req.url ?? '/';
      // ignoring populate[x][filters]: the request goes on without them
      if (kind === 'filters') path = path.replace(/&?populate\[[^\]]+\]\[filters\][^&]*/g, '');
      const answer = await fetch(upstream + path, { headers: { authorization: String(req.headers.authorization ?? '') } });
      const body = (await answer.json()) as { data?: unknown };
      if (kind === 'sort' && /\]\[sort\]=/.test(req.url ?? '')) {
        for (const entry of [body.data].flat()) {
          if (entry && typeof entry === 'object') for (const v of Object.values(entry)) if (Array.isArray(v) && v.length > 1) v.reverse();
        }
      }
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

describe('check sends populate[x][sort] and populate[x][filters], and judges the related rows', () => {
  test.each(['sort', 'filters'] as const)('related rows breaking populate[x][%s] are violations', async (kind) => {
    const backend = await startListBreaker(url, kind);
    try {
      const report = await runCheck({ ...project, target: backend.url, token: READ_ONLY });
      const found = report.results.flatMap((r) => r.violations.map((v) => ({ ...v, url: r.url })));
      const populated = found.filter((v) => v.rule === kind && new RegExp(`populate\\[\\w+\\]\\[${kind}\\]`).test(v.url));
      expect(populated.length).toBeGreaterThan(0);
      expect(populated[0].message).toContain(`populate[…][${kind}]`);
      expect(report.exitCode).toBe(1);
    } finally {
      await backend.close();
    }
  });

  test('the healthy mock passes them', async () => {
    const report = await runCheck({ ...project, target: url, token: READ_ONLY });
    const sent = report.results.map((r) => r.url);
    expect(sent.some((u) => /populate\[\w+\]\[sort\]=/.test(u))).toBe(true);
    expect(sent.some((u) => /populate\[\w+\]\[filters\]/.test(u))).toBe(true);
    expect(report.totals.violations).toBe(0);
  });
});
