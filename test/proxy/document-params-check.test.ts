import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { datasetLocales, KIT_DIR } from '../openapi/kit.js';

// The checker judges status and pagination refusals by the project's own settings and by the route's kind, as the
// mock answers them. Found by `run.mjs --check-strapi` (the checker in front of real Strapi 5.54): on projects without
// `documents.strictParams` (monblog, sitedemo) Strapi answered `status=DRAFT` with 200 where the checker expected
// 400, and on a strict project a list's top-level `start=-1` (the list reads its window, not `start`) answered 200.

const SCHOOL = 'test/fixtures/models/school';
// real Strapi 5.54 answers (probed on both projects; scripts/harness/probe.mjs)
const EMPTY_PAGE = (pageSize: number) => ({ data: [], meta: { pagination: { page: 1, pageSize, pageCount: 0, total: 0 } } });

let lenient: Contract;
let strict: Contract;
let school: Contract;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'document-params-'));
  const kitConfig = JSON.parse(readFileSync(`${KIT_DIR}content-mock.config.json`, 'utf8')) as Record<string, unknown>;
  const config = (documents: unknown) => {
    const file = join(dir, `config-${String(documents !== undefined)}.json`);
    writeFileSync(file, JSON.stringify({ ...kitConfig, ...(documents === undefined ? {} : { documents }) }));
    return file;
  };
  const locales = datasetLocales(`${KIT_DIR}dataset.json`);
  lenient = await loadContract({ schemas: `${KIT_DIR}model`, config: config({ strictParams: false }), locales });
  strict = await loadContract({ schemas: `${KIT_DIR}model`, config: config(undefined), locales });
  const schoolLocales = (
    JSON.parse(readFileSync(`${SCHOOL}/settings.json`, 'utf8')) as { locales: { code: string; name: string; isDefault?: boolean }[] }
  ).locales.map((l) => ({ code: l.code, name: l.name, isDefault: l.isDefault === true }));
  school = await loadContract({ schemas: SCHOOL, config: `${SCHOOL}/content-mock.config.json`, locales: schoolLocales });
});

const verdict = (contract: Contract, url: string, body: unknown) =>
  validateExchange(contract, { method: 'GET', url, requestHeaders: {}, status: 200, contentType: 'application/json', body }).violations;

test('status=DRAFT answered 200 is no violation where documents.strictParams is off, a 400 missed where it is on', () => {
  for (const url of ['/api/articles?status=DRAFT', '/api/articles?status[0]=draft', '/api/articles?status=modified']) {
    expect(verdict(lenient, url, EMPTY_PAGE(25))).toEqual([]);
    expect(verdict(strict, url, EMPTY_PAGE(25))).toContainEqual(expect.objectContaining({ rule: 'status', path: '$' }));
  }
});

test("a list's top-level start=-1 is no refusal: the list reads its window (a strict project)", () => {
  expect(verdict(school, '/api/syllabi?start=-1&limit=100&status=draft', EMPTY_PAGE(5))).toEqual([]);
  expect(verdict(school, '/api/syllabi?start=-1&limit=100&status=draft&hasPublishedVersion=false', EMPTY_PAGE(5))).toEqual([]);
  // the list's own pagination refusals stay judged
  expect(verdict(school, '/api/syllabi?pagination[page]=1&pagination[limit]=2', EMPTY_PAGE(5))).toContainEqual(
    expect.objectContaining({ rule: 'status', message: expect.stringContaining('Cannot use both page') }),
  );
});
