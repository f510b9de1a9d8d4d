import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projectCodeRoutes, type ProjectCodeRoutes } from '../../src/cli/project-code-routes.js';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// The checker in front of a project whose code shapes its API (test/fixtures/projects/bookshop: a controller that
// extends find, custom routes, a populate route middleware, policies, a document-service middleware, a global
// middleware). Without reading that code, the checker judged its answers as Strapi's defaults would make them: on
// LaunchPad (`run.mjs --code --check-strapi`, 656 real Strapi 5.54 answers) 1,173 "present but was not populated"
// alarms and more; notum's custom `/api/health` was "no documented operation". The target here is the mock running
// the project's code, which answers as real Strapi does (bookshop.test.ts holds it to recorded answers).

const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'bookshop');
const PERMISSIONS = { public: { 'api::book.book': ['find', 'findOne', 'featured'], 'api::author.author': ['find', 'findOne'] } };

let target: MockServer;
let base: string;
let code: ProjectCodeRoutes;
let withCode: Contract;
let without: Contract;

beforeAll(async () => {
  target = await createServer({
    schemas: PROJECT,
    memory: true,
    configObject: { permissions: PERMISSIONS },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await target.listen(0));
  code = await projectCodeRoutes(PROJECT, undefined, true);
  const locales = [{ code: 'en', name: 'English (en)', isDefault: true }];
  withCode = await loadContract({ schemas: PROJECT, locales, codeOnRoute: code.codeOnRoute });
  without = await loadContract({ schemas: PROJECT, locales });
});
afterAll(async () => {
  await code.close();
  await target.close();
});

async function verdicts(path: string) {
  const res = await fetch(base + path);
  const text = await res.text();
  const exchange = {
    method: 'GET',
    url: path,
    requestHeaders: {},
    status: res.status,
    contentType: 'application/json',
    body: JSON.parse(text) as unknown,
  };
  return {
    status: res.status,
    withCode: validateExchange(withCode, exchange).violations,
    without: validateExchange(without, exchange).violations,
  };
}

test("the project's route table says what its code does on each request's way", () => {
  const on = code.codeOnRoute!;
  expect(on('GET', '/api/books')).toBe('answer'); // the controller extends find (its own meta)
  expect(on('GET', '/api/books/featured')).toBe('answer'); // a custom route and action
  expect(on('GET', '/api/ping')).toBe('answer');
  expect(on('GET', '/api/books/some-id')).toBe('query'); // core findOne behind a policy and the project's middlewares
  expect(on('GET', '/api/authors')).toBe('query'); // core find, but a global and a document-service middleware run
  expect(on('GET', '/api/upload/files')).toBe('none'); // a plugin's route: Strapi's own
  expect(on('GET', '/api/nothing-here')).toBe('none');
});

test("an answer the project's controller shapes is no violation; judged as Strapi's default it was", async () => {
  const books = await verdicts('/api/books');
  expect(books.status).toBe(200);
  expect(books.without.length).toBeGreaterThan(0);
  expect(books.withCode).toEqual([]);
  const ping = await verdicts('/api/ping');
  expect(ping.status).toBe(200);
  expect(ping.without).toContainEqual(
    expect.objectContaining({ rule: 'status', message: expect.stringContaining('no documented operation') }),
  );
  expect(ping.withCode).toEqual([]);
});

test('the schema still holds where only the query is the code’s, and error envelopes everywhere', async () => {
  const authors = await verdicts('/api/authors');
  expect(authors.status).toBe(200);
  expect(authors.withCode).toEqual([]);
  // a broken envelope on a route the project answers itself is still one
  const broken = validateExchange(withCode, {
    method: 'GET',
    url: '/api/ping',
    requestHeaders: {},
    status: 500,
    contentType: 'application/json',
    body: { oops: true },
  }).violations;
  expect(broken).toContainEqual(expect.objectContaining({ rule: 'error-envelope' }));
});
