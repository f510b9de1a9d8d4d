import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCheckCommand as runCheck } from '../../src/contract/check/run-check-command.js';
import { KIT_TOKEN } from '../helpers/kit.js';
import { startBrokenBackend } from '../proxy/broken-backend.js';
import { startRestrictedKit, type RestrictedKit } from '../proxy/restricted-kit.js';

// Articles relate to `api::secret.secret`, which the public role may not read: Strapi hides the relation from its
// populate and refuses filters through it. `check` asks the target what its caller may read before judging.
let kit: RestrictedKit;
const dir = mkdtempSync(join(tmpdir(), 'content-mock-check-restricted-'));

beforeAll(async () => {
  kit = await startRestrictedKit();
});
afterAll(() => kit.server.close());

type Results = { results: Array<{ name: string; status: number; violations: Array<{ path: string; rule: string }> }> };
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Results;

describe('content-mock check and relations the caller may not read', () => {
  test.each([
    ['no token', undefined],
    ['a read-only token', KIT_TOKEN],
  ])('against content-mock with %s: zero violations', async (_label, token) => {
    const lines: string[] = [];
    const report = join(dir, `clean-${token ? 'token' : 'public'}.json`);
    const code = await runCheck({ target: kit.url, schemas: kit.schemas, token, report }, (l) => lines.push(l));
    expect(lines.join('\n')).not.toContain('violation ');
    expect(code).toBe(0);
    // The filter through `owner` is refused for the public role only, and accepted as Strapi's answer.
    const filter = read(report).results.find((r) => r.name === 'articles: filter through owner');
    expect(filter?.status).toBe(token ? 200 : 400);
  });

  test('a backend that drops owner for a token that may read it: violation; for the public role: none', async () => {
    const broken = await startBrokenBackend(kit.url, { always: 'missing-owner' });
    try {
      const report = join(dir, 'broken.json');
      expect(await runCheck({ target: broken.url, schemas: kit.schemas, token: KIT_TOKEN, report, quiet: true }, () => undefined)).toBe(1);
      const violations = read(report).results.flatMap((r) => r.violations);
      expect(violations).toContainEqual(expect.objectContaining({ rule: 'populate', path: '$.data[0].owner' }));
      expect(violations.every((v) => v.path.endsWith('.owner'))).toBe(true);
      expect(await runCheck({ target: broken.url, schemas: kit.schemas, quiet: true }, () => undefined)).toBe(0);
    } finally {
      await broken.close();
    }
  });
});
