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
afterAll(() => (process.env.KEEP_TYPES_DIR ? undefined : rmSync(dir, { recursive: true, force: true })));

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

/** Write bodies Strapi refused for their shape: the input types must refuse them too. */
const BODIES_THE_TYPES_REFUSE = new Set([
  'errors-post-no-data-wrapper',
  'errors-post-data-string',
  'errors-post-data-array',
  'errors-post-missing-required',
  'errors-post-string-into-integer',
  'errors-post-bad-enum',
  'errors-post-unknown-attribute',
  'errors-post-id-in-body',
  'errors-post-documentid-in-body',
]);
/** Bodies Strapi took that the input types refuse on purpose. */
const BODIES_OUTSIDE_THE_TYPES = new Set([
  // Strapi 5.54 accepts any existing component in a dynamic zone on write (drafts show it, publishing drops it); the
  // types offer only the zone's own components.
  'errors-post-dz-disallowed-component',
]);

/** A body with the kit's placeholders resolved (`{{last:documentId}}` as any documentId). */
function substitute(replayer: Replayer, value: unknown): unknown {
  if (typeof value === 'string')
    return value.includes('{{last:') ? value.replace(/\{\{last:documentId\}\}/g, 'lastdocumentid00000000000') : replayer.resolve(value);
  if (Array.isArray(value)) return value.map((v) => substitute(replayer, v));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(replayer, v)]));
  return value;
}

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
    expect(kitFile.refused).toBeGreaterThan(40);
    expect(compiled().filter((d) => !d.startsWith('usage.ts'))).toEqual([]);
  });
});

/** The kit's GET cases as one TypeScript file: per case its query (checked) and its recorded answer (typed). */
function writeKitCases(): { answers: number; refused: number } {
  const model = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as ConstructorParameters<typeof Replayer>[1];
  const replayer = new Replayer('http://unused', model, KIT_TOKEN);
  const collections = new Set(['articles', 'authors', 'categories', 'tags', 'secrets']);
  const singles = new Set(['global', 'homepage']);
  const lines = ["import type { CreateInput, EntryResponse, ErrorResponse, ListResponse, Query, UpdateInput } from './kit-strapi.js';", ''];
  let answers = 0;
  let refused = 0;
  for (const c of kitCases()) {
    if (Object.keys(c.headers ?? {}).some((h) => h.toLowerCase() === 'strapi-response-format')) continue;
    const method = c.method ?? 'GET';
    const path = c.path.includes('{{last:')
      ? c.path.replace(/\{\{last:documentId\}\}/g, 'lastdocumentid00000000000')
      : replayer.resolve(c.path);
    const [pathname, search = ''] = path.split(/\?(.*)/s);
    const [, route, documentId, extra] = pathname.split('/').slice(1);
    const known = collections.has(route) || singles.has(route);
    const query = parseQueryString(search);
    const n = answers + refused;
    lines.push(`// ${c.name}`);
    if (known && (method === 'POST' || method === 'PUT') && c.body !== undefined) {
      // A body Strapi took must fit the input type (a draft may leave required attributes out); one it refused for
      // its shape must not.
      const draft = query.status === 'draft';
      const input = method === 'POST' && !draft ? 'CreateInput' : 'UpdateInput';
      const body = JSON.stringify(substitute(replayer, c.body));
      if (c.status < 300 && !BODIES_OUTSIDE_THE_TYPES.has(c.name))
        lines.push(`export const b${n}: { data: ${input}<'${route}'> } = ${body};`);
      if (BODIES_THE_TYPES_REFUSE.has(c.name)) {
        lines.push('// @ts-expect-error Strapi refused this body');
        lines.push(`export const b${n}: { data: ${input}<'${route}'> } = ${body};`);
      }
    }
    if (c.status < 300 && c.status !== 204 && known && extra === undefined) {
      const type = singles.has(route) || documentId !== undefined || method !== 'GET' ? 'EntryResponse' : 'ListResponse';
      const check = QUERIES_OUTSIDE_THE_TYPES.has(c.name) ? '' : ` satisfies Query<'${route}'>`;
      lines.push(`export const q${n} = ${JSON.stringify(query)} as const${check};`);
      lines.push(`export const a${n}: ${type}<'${route}', typeof q${n}> = ${JSON.stringify(c.response)};`);
      answers++;
    } else if (c.status >= 400) {
      lines.push(`export const e${n}: ErrorResponse = ${JSON.stringify(c.response)};`);
      if (method === 'GET' && c.status === 400 && known && !QUERIES_OUTSIDE_THE_TYPES.has(c.name)) {
        lines.push('// @ts-expect-error Strapi refused this query');
        lines.push(`export const bad${n} = ${JSON.stringify(query)} as const satisfies Query<'${route}'>;`);
      }
      refused++;
    }
  }
  writeFileSync(join(dir, 'kit-cases.ts'), lines.join('\n') + '\n');
  return { answers, refused };
}
