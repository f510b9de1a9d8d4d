import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, test } from 'vitest';
import { generateTypes } from '../../src/contract/types/generate-types.js';
import { runTypesCommand } from '../../src/contract/types/types-command.js';
import { parseQueryString } from '../../src/core/query/run-query.js';
import { loadModel } from '../../src/project/load-model.js';
import { KIT_DATASET, KIT_MODEL, KIT_TOKEN, kitCases } from '../helpers/kit.js';
import { Replayer } from '../kit/replay.js';

// The generated types, proven by the compiler: the usage file's `@ts-expect-error` lines (unpopulated relation,
// unselected field, unknown field, …) must all be errors, and every answer the kit recorded from real Strapi must
// be assignable to the type computed from its own query (itself checked with `satisfies Query<K>`).

const GOLDEN = join(import.meta.dirname, '..', 'fixtures', 'types', 'kit-strapi.ts');
const dir = mkdtempSync(join(tmpdir(), 'cm-types-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COMPILER: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  noUnusedLocals: true,
  exactOptionalPropertyTypes: false,
  skipLibCheck: true,
  types: [],
  // No DOM: the generated module needs none, and its declarations are most of a program's start-up.
  lib: ['lib.es2022.d.ts'],
};

function diagnostics(files: string[]): string[] {
  const program = ts.createProgram(files, COMPILER);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    const line = where ? d.file!.text.split('\n')[where.line].slice(0, 160) : '';
    return `${d.file?.fileName.split('/').pop()}:${where ? where.line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 400)}\n    ${line}`;
  });
}

/**
 * Kit cases whose query the types cannot judge as Strapi does. Their answers are still checked against the type of
 * their query; only the query itself is not put to `satisfies Query<K>`.
 */
const QUERIES_OUTSIDE_THE_TYPES = new Set([
  // qs turns `$in[0]=1&$in[150]=2` into an object (an index past its array limit); Strapi reads its values.
  'errors-qs-array-limit',
]);

// One program for both files: the compiler's start-up (lib files) is most of the time.
copyFileSync(GOLDEN, join(dir, 'kit-strapi.ts'));
writeFileSync(
  join(dir, 'usage.ts'),
  readFileSync(join(import.meta.dirname, 'usage.ts'), 'utf8').replace('../fixtures/types/kit-strapi.js', './kit-strapi.js'),
);
const kitFile = writeKitCases();
let result: string[] | undefined;
const compiled = () => (result ??= diagnostics([join(dir, 'usage.ts'), join(dir, 'kit-cases.ts')]));

describe('content-mock types', () => {
  test('the kit model generates the checked-in module, byte for byte; --check says so, and says stale', async () => {
    const model = await loadModel(KIT_MODEL);
    const text = generateTypes(model);
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
    expect(generateTypes(await loadModel(KIT_MODEL))).toBe(text);
    const out: string[] = [];
    const io = { stdout: (t: string) => out.push(t), stderr: (t: string) => out.push(t) };
    expect(await runTypesCommand({ model, out: GOLDEN, check: true, io })).toBe(0);
    const stale = join(dir, 'stale.ts');
    writeFileSync(stale, text.replace('export interface Schemas', 'export interface Schemaz'));
    expect(await runTypesCommand({ model, out: stale, check: true, io })).toBe(1);
    expect(out.join('')).toMatch(/stale \(first difference at line \d+\)/);
  });

  test('usage: typed queries and answers; unselected, unpopulated and unknown keys are compile errors', () => {
    const usage = readFileSync(join(dir, 'usage.ts'), 'utf8');
    expect(usage.match(/@ts-expect-error/g)?.length).toBeGreaterThanOrEqual(12);
    expect(compiled().filter((d) => d.startsWith('usage.ts'))).toEqual([]);
  });

  test('every recorded answer of the kit is assignable to the type computed from its query; bad queries are refused', () => {
    expect(kitFile.answers).toBeGreaterThan(120);
    expect(kitFile.refused).toBeGreaterThan(15);
    expect(compiled().filter((d) => !d.startsWith('usage.ts'))).toEqual([]);
  });
});

/** The kit's GET cases as one TypeScript file: per case its query (checked) and its recorded answer (typed). */
function writeKitCases(): { answers: number; refused: number } {
  const model = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as ConstructorParameters<typeof Replayer>[1];
  const replayer = new Replayer('http://unused', model, KIT_TOKEN);
  const collections = new Set(['articles', 'authors', 'categories', 'tags', 'secrets']);
  const singles = new Set(['global', 'homepage']);
  const lines = ["import type { EntryResponse, ErrorResponse, ListResponse, Query } from './kit-strapi.js';", ''];
  let answers = 0;
  let refused = 0;
  for (const c of kitCases()) {
    if (c.mutates || (c.method ?? 'GET') !== 'GET') continue;
    if (Object.keys(c.headers ?? {}).some((h) => h.toLowerCase() === 'strapi-response-format')) continue;
    const path = replayer.resolve(c.path);
    const [pathname, search = ''] = path.split(/\?(.*)/s);
    const [, route, documentId, extra] = pathname.split('/').slice(1);
    const known = collections.has(route) || singles.has(route);
    const query = JSON.stringify(parseQueryString(search));
    lines.push(`// ${c.name}`);
    if (c.status === 200 && known && extra === undefined) {
      const type = singles.has(route) || documentId !== undefined ? 'EntryResponse' : 'ListResponse';
      const check = QUERIES_OUTSIDE_THE_TYPES.has(c.name) ? '' : ` satisfies Query<'${route}'>`;
      lines.push(`export const q${answers} = ${query} as const${check};`);
      lines.push(`export const a${answers}: ${type}<'${route}', typeof q${answers}> = ${JSON.stringify(c.response)};`);
      answers++;
    } else {
      lines.push(`export const e${answers + refused}: ErrorResponse = ${JSON.stringify(c.response)};`);
      if (c.status === 400 && known && !QUERIES_OUTSIDE_THE_TYPES.has(c.name)) {
        lines.push('// @ts-expect-error Strapi refused this query');
        lines.push(`export const bad${refused} = ${query} as const satisfies Query<'${route}'>;`);
      }
      refused++;
    }
  }
  writeFileSync(join(dir, 'kit-cases.ts'), lines.join('\n') + '\n');
  return { answers, refused };
}
