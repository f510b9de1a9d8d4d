import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { compileCodeModules } from '../../src/project/code/load-code-module.js';
import { loadProjectCode } from '../../src/project/code/project-code.js';
import { loadModel } from '../../src/project/load-model.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// A project's modules are bundled in one esbuild run (its synchronous API starts a process per call). A file that
// does not compile must still be named with its line, and the others load.
const root = mkdtempSync(join(tmpdir(), 'cm-batched-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'thing', plural: 'things', display: 'Thing' }, { name: { type: 'string' } });
const write = (path: string, text: string) => {
  mkdirSync(join(src, path, '..'), { recursive: true });
  writeFileSync(join(src, path), text);
};
write('api/thing/utils/label.ts', 'export const label = (s: string): string => `thing ${s}`;\n');
write(
  'api/thing/controllers/thing.ts',
  "import { label } from '../utils/label';\nexport default { async hello(ctx: { body: unknown }) { ctx.body = label('a'); } };\n",
);
write('api/thing/services/thing.js', 'module.exports = { twice: (n) => n * 2 };\n');

test('every module of a project compiles in one run, each with its own relative imports', async () => {
  const files = [join(src, 'api/thing/controllers/thing.ts'), join(src, 'api/thing/services/thing.js')];
  const compiled = compileCodeModules(files);
  expect([...compiled.keys()].sort()).toEqual([...files].sort());
  expect(compiled.get(files[0])?.code).toContain('thing ');
  const code = loadProjectCode(src, await loadModel(src));
  expect(code?.problems).toEqual([]);
  const controller = code?.controllers.get('api::thing.thing')?.value as { hello: (ctx: { body: unknown }) => Promise<void> };
  const ctx = { body: undefined as unknown };
  await controller.hello(ctx);
  expect(ctx.body).toBe('thing a');
  expect((code?.services.get('api::thing.thing')?.value as { twice: (n: number) => number }).twice(4)).toBe(8);
});

test('a file that does not compile is named with its line; the others still load', async () => {
  write('api/thing/policies/broken.ts', 'export default (ctx) => {\n  return ctx.state.user &&;\n};\n');
  const code = loadProjectCode(src, await loadModel(src));
  expect(code?.problems.map((p) => [p.file.endsWith('broken.ts'), p.line])).toEqual([[true, 2]]);
  expect(code?.controllers.has('api::thing.thing')).toBe(true);
  expect(code?.services.has('api::thing.thing')).toBe(true);
});
