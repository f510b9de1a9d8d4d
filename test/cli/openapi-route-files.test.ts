import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { writeCollectionType, writeCoreApiFiles } from '../helpers/schema-files.js';

// `content-mock openapi` on a project whose route files serve fewer routes than Strapi's defaults: a type whose api
// folder has no routes file has no REST route in Strapi, so the document does not list it (as /docs does not);
// `--no-project-code` writes Strapi's defaults for every type, as before.
const BIN = join(import.meta.dirname, '..', '..', 'bin', 'content-mock.js');
const root = mkdtempSync(join(tmpdir(), 'cm-openapi-routes-'));
writeCollectionType(join(root, 'src'), { singular: 'tag', plural: 'tags', display: 'Tag' }, { name: { type: 'string' } });
writeCollectionType(join(root, 'src'), { singular: 'note', plural: 'notes', display: 'Note' }, { body: { type: 'string' } });
writeCoreApiFiles(root, 'tag');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const paths = (...args: string[]) => {
  const run = spawnSync(process.execPath, [BIN, 'openapi', '--schemas', root, ...args], { encoding: 'utf8', cwd: root });
  expect(run.status, run.stderr).toBe(0);
  return Object.keys((JSON.parse(run.stdout) as { paths: Record<string, unknown> }).paths);
};

test('the document lists the routes the project serves; --no-project-code, every type', () => {
  const served = paths();
  expect(served).toContain('/api/tags');
  expect(served).toContain('/api/tags/{documentId}');
  expect(served).not.toContain('/api/notes');
  const defaults = paths('--no-project-code');
  expect(defaults).toContain('/api/notes');
  expect(defaults).toContain('/api/notes/{documentId}');
});
