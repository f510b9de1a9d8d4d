import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projectCodeRoutes, type ProjectCodeRoutes } from '../../src/cli/project-code-routes.js';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { writeCollectionType, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// A project whose route files declare routes for one type and none for another (an `internal` type its code alone
// reads): Strapi serves no /api/notes, so every read of it is a 404 and every write a 405. Judged as Strapi's default
// routes, each such answer was "status 404 is not documented" (the harness on a project like it, run.mjs
// --check-strapi: 1,154 false alarms in 2,805 real answers); read with the project's code, a 404 there is right and
// anything else is the finding.
const root = mkdtempSync(join(tmpdir(), 'cm-absent-route-'));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'tag', plural: 'tags', display: 'Tag' }, { name: { type: 'string' } });
writeCollectionType(src, { singular: 'note', plural: 'notes', display: 'Note' }, { body: { type: 'string' } });
writeCoreApiFiles(root, 'tag');
// the routes of a read-only type: find and findOne only (a write is a 405, as on a type without routes)
writeCollectionType(src, { singular: 'sign', plural: 'signs', display: 'Sign' }, { text: { type: 'string' } });
writeProjectFile(
  src,
  'api/sign/routes/sign.js',
  "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::sign.sign', { only: ['find', 'findOne'] });\n",
);
for (const [folder, factory] of [
  ['controllers', 'createCoreController'],
  ['services', 'createCoreService'],
])
  writeProjectFile(
    src,
    `api/sign/${folder}/sign.js`,
    `module.exports = require('@strapi/strapi').factories.${factory}('api::sign.sign');\n`,
  );

const KEY = 'absent-route-full-access-key-0000001';
let project: Awaited<ReturnType<typeof startProjectServer>>;
let code: ProjectCodeRoutes;
let withCode: Contract;
let without: Contract;
beforeAll(async () => {
  project = await startProjectServer(root, KEY);
  code = await projectCodeRoutes(root, undefined, true);
  withCode = await loadContract({ schemas: root, code: code.code });
  without = await loadContract({ schemas: root });
});
afterAll(async () => {
  await code.close();
  await project.close();
});

const exchange = (method: string, url: string, status: number, body: unknown, contentType = 'application/json') => ({
  method,
  url,
  requestHeaders: {},
  status,
  contentType,
  body,
});

test("a type's path the route files do not declare is no route", () => {
  const on = code.code!.codeOnRoute;
  expect(on('GET', '/api/notes')).toBe('absent');
  expect(on('PUT', '/api/Notes/abc')).toBe('absent');
  expect(on('GET', '/api/tags')).toBe('none');
  expect(on('GET', '/api/signs')).toBe('none');
  expect(on('POST', '/api/signs')).toBe('absent');
  expect(on('GET', '/api/nothing-here')).toBe('none');
});

test("the server's 404 and 405 there are right; an answer there is the finding", async () => {
  const read = await project.send('GET', '/api/notes?populate=*');
  expect(read.status).toBe(404);
  const judged = (c: Contract) => validateExchange(c, exchange('GET', '/api/notes?populate=*', read.status, read.json)).violations;
  expect(judged(without)).toContainEqual(
    expect.objectContaining({ rule: 'status', message: 'status 404 is not documented for GET /api/notes' }),
  );
  expect(judged(withCode)).toEqual([]);

  const write = await fetch(`${project.base}/api/notes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ data: { body: 'x' } }),
  });
  expect(write.status).toBe(405);
  const readOnly = await fetch(`${project.base}/api/signs`, { method: 'POST', headers: { authorization: `Bearer ${KEY}` } });
  expect(readOnly.status).toBe(405);
  const text = await write.text();
  expect(validateExchange(withCode, exchange('POST', '/api/notes', 405, text, 'text/plain')).violations).toEqual([]);

  const answered = validateExchange(withCode, exchange('GET', '/api/notes', 200, { data: [], meta: {} })).violations;
  expect(answered).toEqual([
    {
      rule: 'status',
      path: '$',
      message: "the project's route files declare no GET /api/notes (Strapi answers 404), but it answered 200",
    },
  ]);
  // a broken envelope on the 404 is still one
  expect(validateExchange(withCode, exchange('GET', '/api/notes', 404, { oops: true })).violations).toContainEqual(
    expect.objectContaining({ rule: 'error-envelope' }),
  );
});

test("the served OpenAPI document lists the core routes the project's route files declare, no others", async () => {
  const doc = (await (await fetch(`${project.base}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).filter((k) => ['get', 'post', 'put', 'delete'].includes(k));
  expect(methods('/api/tags')).toEqual(['get', 'post']);
  expect(methods('/api/tags/{documentId}')).toEqual(['get', 'put', 'delete']);
  // find and findOne only: a write there is a 405, listed as one
  expect(methods('/api/signs')).toEqual(['get']);
  expect(doc.paths['/api/signs']['x-methods-not-allowed']).toEqual(['put', 'delete', 'post']);
  expect(methods('/api/signs/{documentId}')).toEqual(['get']);
  expect(doc.paths['/api/signs/{documentId}']['x-methods-not-allowed']).toEqual(['post', 'put', 'delete']);
  // no routes at all: not there
  expect(doc.paths['/api/notes']).toBeUndefined();
  expect(doc.paths['/api/notes/{documentId}']).toBeUndefined();
});
