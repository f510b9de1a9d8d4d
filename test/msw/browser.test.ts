import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildBundle } from '../../src/dataset/bundle/build-bundle.js';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, startKitServer } from '../helpers/kit.js';

// content-mock/msw in a browser: the handlers are bundled for the browser (a Node built-in anywhere in their
// imports fails the build), served with MSW's worker script and a project bundle, and headless Chromium loads the
// page, whose fetch of /api/... is answered by the service worker with the engine's answer.

const CHROMIUM = '/usr/bin/chromium';
const ROOT = join(import.meta.dirname, '..', '..');

async function bundlePage(): Promise<{ code: string; imports: string[]; files: string[] }> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'browser-page.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // comments out: graphql-js's documentation examples mention `import … from 'node:assert/strict'`
    minifyWhitespace: true,
  });
  const imports = Object.values(result.metafile.inputs).flatMap((i) => i.imports.map((x) => x.path));
  return { code: result.outputFiles[0].text, imports, files: Object.keys(result.metafile.inputs) };
}

describe('content-mock/msw in the browser', () => {
  let page: { code: string; imports: string[]; files: string[] };

  beforeAll(async () => {
    page = await bundlePage();
  });

  test('the browser build of the handlers contains no Node built-in', () => {
    expect(page.code.length).toBeGreaterThan(10_000);
    expect(page.imports.filter((p) => p.startsWith('node:') || /^(fs|path|crypto|http|net|os|url|stream)$/.test(p))).toEqual([]);
    expect(page.code).not.toMatch(/from\s*["']node:|require\(["']node:/);
    expect(page.files.filter((f) => /node_modules\/(express|lowdb|busboy|chokidar|yargs)\//.test(f))).toEqual([]);
    expect(page.files).toContain('src/core/query/run-query.ts');
  });

  describe.skipIf(!existsSync(CHROMIUM))('headless Chromium', () => {
    let site: Server;
    let siteUrl: string;
    let reference: { server: MockServer; url: string };
    let report: (value: unknown) => void;
    const result = new Promise<unknown>((ok) => (report = ok));
    const profile = mkdtempSync(join(tmpdir(), 'cm-chromium-'));

    beforeAll(async () => {
      const project = JSON.stringify(await buildBundle({ schemas: KIT_MODEL, seed: KIT_DATASET, config: KIT_CONFIG }));
      const files: Record<string, [string, string]> = {
        '/': ['text/html', '<!doctype html><html><body><script type="module" src="/page.js"></script></body></html>'],
        '/page.js': ['text/javascript', page.code],
        '/mockServiceWorker.js': [
          'text/javascript',
          readFileSync(join(ROOT, 'node_modules', 'msw', 'lib', 'mockServiceWorker.js'), 'utf8'),
        ],
        '/project.json': ['application/json', project],
      };
      site = createServer((req, res) => {
        if (req.method === 'POST' && req.url === '/result') {
          let body = '';
          req.on('data', (c: Buffer) => (body += c.toString()));
          req.on('end', () => {
            res.writeHead(204).end();
            report(JSON.parse(body));
          });
          return;
        }
        const file = files[new URL(req.url ?? '/', 'http://x').pathname];
        if (!file) return void res.writeHead(404).end('not here: only the service worker answers /api');
        res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
      });
      await new Promise<void>((ok) => site.listen(0, '127.0.0.1', ok));
      siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      reference = await startKitServer();
    });
    afterAll(async () => {
      await new Promise((ok) => site?.close(ok));
      await reference?.server.close();
      // housekeeping in the temporary folder: Chromium's helpers may still be writing there (ENOTEMPTY under load),
      // which must not fail the suite (as test/helpers/chromium.ts does)
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch {
        // left to the system's temporary-folder cleanup
      }
    });

    test('a page with the service worker fetches /api/... and gets the engine answer', async () => {
      const path = '/api/articles?fields[0]=title&sort=title:desc&pagination[pageSize]=3&populate[author][fields][0]=name';
      const browser = spawn(
        CHROMIUM,
        [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--no-first-run',
          '--remote-debugging-port=0',
          `--user-data-dir=${profile}`,
          `${siteUrl}/?path=${encodeURIComponent(path)}`,
        ],
        { stdio: 'ignore' },
      );
      let got: unknown;
      try {
        got = await Promise.race([
          result,
          new Promise((_, fail) => setTimeout(() => fail(new Error('no result from the page within 30 s')), 30_000)),
        ]);
      } finally {
        browser.kill();
      }
      const want = await fetch(reference.url + path);
      expect(got).toEqual({ status: want.status, body: await want.json() });
    }, 90_000);
  });
});
