import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/mock/msw/browser.js';
import type { ProjectBundle } from '../../src/dataset/bundle/project-bundle.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, startKitServer } from '../helpers/kit.js';

// `content-mock bundle` writes one JSON; the browser entry of content-mock/msw serves it (here under setupServer,
// which runs the very code a service worker page runs) with the answers the server gives.
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');
const dir = mkdtempSync(join(tmpdir(), 'cm-bundle-'));

describe('content-mock bundle', () => {
  const out = join(dir, 'mock-project.json');
  const run = spawnSync(
    process.execPath,
    [BIN, 'bundle', '--schemas', KIT_MODEL, '--seed', KIT_DATASET, '--config', KIT_CONFIG, '--out', out],
    {
      encoding: 'utf8',
    },
  );
  let reference: Awaited<ReturnType<typeof startKitServer>> | undefined;
  afterAll(async () => {
    await reference?.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('writes the model, content and settings as one JSON', () => {
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^wrote .*mock-project\.json \(\d+ bytes\)/);
    const bundle = JSON.parse(readFileSync(out, 'utf8')) as ProjectBundle;
    expect(bundle.format).toBe('content-mock-bundle/1');
    expect(bundle.model.contentTypes.map((t) => t.pluralName)).toContain('articles');
    expect(bundle.config.tokens.length).toBeGreaterThan(0);
  });

  test('createHandlers({ project }) answers from it as the server does', async () => {
    const project = JSON.parse(readFileSync(out, 'utf8')) as ProjectBundle;
    const handlers = createHandlers({ project, baseUrl: 'http://bundle.msw.test' });
    const server = setupServer(...handlers);
    // The reference server is real: requests to it pass through.
    server.listen({ onUnhandledRequest: 'bypass' });
    reference = await startKitServer();
    try {
      for (const path of [
        '/api/articles?populate=*&pagination[pageSize]=3',
        '/api/global?populate=*',
        '/api/secrets',
        '/api/i18n/locales',
      ]) {
        const mine = await fetch(`http://bundle.msw.test${path}`);
        const theirs = await fetch(reference.url + path);
        expect([mine.status, await mine.json()]).toEqual([theirs.status, await theirs.json()]);
      }
    } finally {
      server.close();
    }
  });

  test('a file that is not a bundle is a clear error at the first request', async () => {
    const handlers = createHandlers({ project: { format: 'nope' } as unknown as ProjectBundle, baseUrl: 'http://bad.msw.test' });
    await expect(handlers.ready).rejects.toThrow('not a content-mock project bundle');
    expect(spawnSync(process.execPath, [BIN, 'bundle'], { encoding: 'utf8' }).status).toBe(2);
  });
});
