import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { writeCollectionType, writeCoreApiFiles } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// A project whose api folder for one type has no routes file: Strapi serves no REST route for that type (its
// documents are read by the project's own code only), so every read of /api/<type> is a 404. Pulled with the
// project's files, that type is left out with a note; pulled with bare schemas, the 404 is an error, as before.
const root = mkdtempSync(join(tmpdir(), 'cm-pull-unrouted-'));
const src = join(root, 'src');
const schemasOnly = mkdtempSync(join(tmpdir(), 'cm-pull-unrouted-schemas-'));
for (const dir of [src, schemasOnly]) {
  writeCollectionType(dir, { singular: 'tag', plural: 'tags', display: 'Tag' }, { name: { type: 'string' } });
  writeCollectionType(dir, { singular: 'note', plural: 'notes', display: 'Note' }, { body: { type: 'string' } });
}
writeCoreApiFiles(root, 'tag');

const KEY = 'pull-unrouted-full-access-key-000001';
let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, KEY);
  await project.send('POST', '/api/tags', { data: { name: 'first' } });
});
afterAll(async () => {
  await project.close();
  rmSync(schemasOnly, { recursive: true, force: true });
});

test('the server has no route for the type without routes', async () => {
  expect((await project.send('GET', '/api/notes')).status).toBe(404);
});

test("pull with the project's files leaves the type without routes out, and says so", async () => {
  const lines: string[] = [];
  const out = join(root, 'seed.json');
  expect(await runPull({ from: project.base, token: KEY, schemas: root, out }, (l) => lines.push(l))).toBe(0);
  const note =
    'pull api::note.note: left out: the server has no /api/notes (404), as the project declares no routes for it (none ' +
    "in its api folder), so its documents are not in the file (only the project's code reads them)";
  expect(lines).toContain(note);
  const file = JSON.parse(readFileSync(out, 'utf8')) as {
    notes: string[];
    contentTypes: Record<string, { documents: Record<string, Record<string, { name: string }[]>> }>;
  };
  expect(file.notes).toContain(note);
  expect(Object.keys(file.contentTypes)).toEqual(['api::tag.tag']);
  expect(file.contentTypes['api::tag.tag'].documents['*none*'].published.map((t) => t.name)).toEqual(['first']);
});

test('pull with bare schemas still fails on the 404, naming --types', async () => {
  const lines: string[] = [];
  await expect(
    runPull({ from: project.base, token: KEY, schemas: schemasOnly, out: join(schemasOnly, 'seed.json') }, (l) => lines.push(l)),
  ).rejects.toThrow(/the server has no \/api\/notes \(404\): it lacks this content type; leave it out with --types/);
});
