import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

// What `npm publish` would ship: the tool, its example and schema, never a store, uploads or tests.
test('npm pack --dry-run lists no store, no uploads, no tests; it ships the licence, the config schema and the example', () => {
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0].files.map((f) => f.path);
  for (const f of files) {
    expect(f).not.toMatch(/(^|\/)db\.json$|(^|\/)uploads\/|^\.content-mock\/|^test\/|^src\//);
  }
  for (const f of ['LICENSE', 'bin/content-mock.js', 'schema/content-mock.config.schema.json', 'data/seed.json', 'openapi/openapi.json'])
    expect(files).toContain(f);
  expect(files.some((f) => f.startsWith('data/schemas/api/'))).toBe(true);
});

test('the published config schema is the one the source builds, and the example config follows it', async () => {
  const { readFileSync } = await import('node:fs');
  const { configJsonSchema } = await import('../../src/project/config-json-schema.js');
  const published = JSON.parse(readFileSync(join(ROOT, 'schema', 'content-mock.config.schema.json'), 'utf8')) as unknown;
  // `npm run schema` rewrites it.
  expect(published).toEqual(configJsonSchema());
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  const ajv = new (Ajv2020 as unknown as typeof import('ajv').default)({ strict: false });
  const validate = ajv.compile(configJsonSchema());
  for (const file of ['data/content-mock.config.json', 'test/fixtures/first-hour/content-mock.config.json']) {
    const config = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as unknown;
    expect(validate(config), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
  expect(validate({ permisions: {} })).toBe(false);
});
