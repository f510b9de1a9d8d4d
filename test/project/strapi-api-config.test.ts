import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { readStrapiApiConfig } from '../../src/project/resolve-config.js';

// A project's config/api.js is read as text. Its keys may be bare (as Strapi's generator writes them) or quoted (a
// config written as JSON, like the harness models'); a flag it leaves out is off, as in Strapi.
let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

function project(text: string): string {
  dir = mkdtempSync(join(tmpdir(), 'cm-api-config-'));
  mkdirSync(join(dir, 'config'));
  writeFileSync(join(dir, 'config', 'api.js'), text);
  return dir;
}

test('quoted and bare keys read alike', () => {
  const quoted = readStrapiApiConfig(
    project(
      'module.exports = { "rest": { "defaultLimit": 10, "maxLimit": 40, "withCount": false, "strictParams": true }, "documents": { "strictParams": true, "strictRelations": true } };',
    ),
  );
  const bare = readStrapiApiConfig(
    project(
      'module.exports = { rest: { defaultLimit: 10, maxLimit: 40, withCount: false, strictParams: true }, documents: { strictParams: true, strictRelations: true } };',
    ),
  );
  expect(quoted).toEqual(bare);
  expect(quoted).toMatchObject({
    defaultLimit: 10,
    maxLimit: 40,
    withCount: false,
    strictParams: true,
    documents: { strictParams: true, strictRelations: true },
  });
});

test('flags left out are off', () => {
  expect(readStrapiApiConfig(project('module.exports = { rest: { defaultLimit: 25, maxLimit: 100, withCount: true } };'))).toMatchObject({
    strictParams: false,
    documents: { strictParams: false, strictRelations: false },
  });
});
