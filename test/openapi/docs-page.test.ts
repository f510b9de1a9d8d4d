import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { loadExampleModel } from './kit.js';
import { serveDocs } from './serve-docs.js';

// A real browser renders the page: proves Swagger UI loads from the local assets and shows the example's
// endpoints. CI machines without Debian's chromium skip it.
const CHROMIUM = '/usr/bin/chromium';
const run = promisify(execFile);

describe.skipIf(!existsSync(CHROMIUM))('the /docs page in headless chromium', () => {
  let doc: OpenAPIV3_1.Document;
  let server: { url: string; close: () => Promise<void> };
  let profile: string;
  // the screenshot goes to a folder of this run's own: runs in other worktrees at once must not share a file
  let shots: string;

  beforeAll(async () => {
    doc = generateOpenApi(await loadExampleModel());
    server = await serveDocs(() => doc);
    profile = mkdtempSync(join(tmpdir(), 'content-mock-chromium-'));
    shots = mkdtempSync(join(tmpdir(), 'content-mock-docs-page-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(profile, { recursive: true, force: true });
    rmSync(shots, { recursive: true, force: true });
  });

  const chromium = (args: string[]) =>
    run(
      CHROMIUM,
      [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', `--user-data-dir=${profile}`, '--window-size=1280,1600',
        '--virtual-time-budget=5000', ...args, `${server.url}/docs`,
      ],
      { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
    );

  test('renders every endpoint of the embedded example', async () => {
    const { stdout } = await chromium(['--dump-dom']);
    expect(stdout).toContain('class="swagger-ui');
    expect(stdout).toContain('Strapi Content API');
    const rendered = new Set([...stdout.matchAll(/data-path="([^"]+)"/g)].map((m) => m[1]));
    const documented = Object.keys(doc.paths ?? {});
    expect(documented).toContain('/api/stories/{documentId}');
    for (const path of documented) expect(rendered, path).toContain(path);
    for (const tag of ['Story', 'Destination', 'Contributor', 'Theme', 'Site setting', 'Landing page']) {
      expect(stdout).toContain(`data-tag="${tag}"`);
    }
  }, 90_000);

  test('writes a screenshot of the page', async () => {
    const screenshot = join(shots, 'docs-page.png');
    await chromium([`--screenshot=${screenshot}`]);
    expect(statSync(screenshot).size).toBeGreaterThan(20_000);
  }, 90_000);
});
