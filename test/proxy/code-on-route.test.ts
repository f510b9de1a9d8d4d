import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectCodeRoutes, type ProjectCodeRoutes } from '../../src/cli/project-code-routes.js';
import { runCheck } from '../../src/contract/check/run-check.js';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { contractEffectiveSearch, validateExchange } from '../../src/contract/proxy/validate-exchange.js';
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
  withCode = await loadContract({ schemas: PROJECT, locales, code: code.code });
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
  const on = code.code!.codeOnRoute;
  expect(on('GET', '/api/books')).toBe('answer'); // the controller extends find (its own meta)
  expect(on('GET', '/api/books/featured')).toBe('answer'); // a custom route and action
  expect(on('GET', '/api/ping')).toBe('answer');
  expect(on('GET', '/api/books/some-id')).toBe('below'); // core findOne behind a policy, the project's middlewares and its document-service middleware
  expect(on('GET', '/api/authors')).toBe('below'); // core find, but a global and a document-service middleware run
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

test('below a document-service middleware, a key it adds to an entry is no violation; the rest of the schema holds', async () => {
  // (a real Strapi 5.54 answer kept a key a `strapi.documents.use` middleware added to findOne's result: its output
  // sanitizer keeps keys it does not know)
  const res = await fetch(`${base}/api/authors`);
  expect(res.status).toBe(200);
  const at = '2025-01-01T00:00:00.000Z';
  const author = { id: 1, documentId: 'ab12cd34ef56gh78ij90kl12', name: 'Ann', bio: null, createdAt: at, updatedAt: at, publishedAt: at };
  const judge = (c: Contract, entry: Record<string, unknown>) =>
    validateExchange(c, {
      method: 'GET',
      url: '/api/authors',
      requestHeaders: {},
      status: 200,
      contentType: 'application/json',
      body: { data: [entry], meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } } },
    }).violations;
  expect(judge(without, author)).toEqual([]);
  const added = { ...author, extra: { action: 'findMany' } };
  expect(judge(without, added)).toContainEqual(expect.objectContaining({ path: '$.data[0].extra', rule: 'schema' }));
  expect(judge(withCode, added)).toEqual([]);
  expect(judge(withCode, { ...added, id: 'one' })).toContainEqual(expect.objectContaining({ path: '$.data[0].id', rule: 'schema' }));
});

describe("a query the project's route middleware sets", () => {
  // test/fixtures/projects/shelf: the pages list's route middleware always populates the tags' names
  const SHELF = join(import.meta.dirname, '..', 'fixtures', 'projects', 'shelf');
  let shelf: MockServer;
  let shelfBase: string;
  let shelfCode: ProjectCodeRoutes;
  let judged: Contract;
  let plain: Contract;

  beforeAll(async () => {
    const permissions = { public: { 'api::page.page': ['find', 'findOne', 'create'], 'api::tag.tag': ['find', 'create'] } };
    shelf = await createServer({ schemas: SHELF, memory: true, configObject: { permissions }, logger: { info() {}, error() {} } });
    ({ url: shelfBase } = await shelf.listen(0));
    const post = async (path: string, data: unknown) =>
      (await (
        await fetch(shelfBase + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) })
      ).json()) as {
        data: { documentId: string };
      };
    const tag = await post('/api/tags', { name: 'red' });
    await post('/api/pages', { title: 'Home', tags: [tag.data.documentId] });
    shelfCode = await projectCodeRoutes(SHELF, undefined, true);
    const locales = [{ code: 'en', name: 'English (en)', isDefault: true }];
    judged = await loadContract({ schemas: SHELF, locales, code: shelfCode.code });
    plain = await loadContract({ schemas: SHELF, locales });
  });
  afterAll(async () => {
    await shelfCode.close();
    await shelf.close();
  });

  test('the answer is judged by the populate the action got, not by the request', async () => {
    const url = '/api/pages?fields[0]=title';
    const body = (await (await fetch(shelfBase + url)).json()) as { data: { tags?: unknown[] }[] };
    expect(body.data[0].tags).toHaveLength(1);
    // what a caller who may read every type gets (findings that hang on readability settled so)
    const exchange = async (contract: Contract, answer: unknown) => {
      const effectiveSearch = await contractEffectiveSearch(contract, 'GET', url, undefined);
      const verdict = validateExchange(contract, {
        method: 'GET',
        url,
        status: 200,
        contentType: 'application/json',
        body: answer,
        ...(effectiveSearch ? { effectiveSearch } : {}),
      });
      return [...verdict.violations, ...(verdict.conditional ?? []).flatMap((c) => c.settle(() => true))];
    };
    expect(await contractEffectiveSearch(judged, 'GET', url, undefined)).toContain('populate');
    expect(await exchange(judged, body)).toEqual([]);
    // judged as Strapi's default route, the tags were never asked for
    expect(await exchange(plain, body)).toContainEqual(expect.objectContaining({ rule: 'populate', path: '$.data[0].tags' }));
    // and an answer that leaves out what the middleware populates is caught
    const broken = structuredClone(body);
    delete broken.data[0].tags;
    expect(await exchange(judged, broken)).toContainEqual(expect.objectContaining({ rule: 'populate', path: '$.data[0].tags' }));
  });

  test("`check` against the project: its suite's refusals are Strapi's default route's, not this route's", async () => {
    const withIt = await runCheck({ target: shelfBase, contract: judged, code: shelfCode.code });
    expect(withIt.totals.violations).toBe(0);
    expect(withIt.exitCode).toBe(0);
    // judged as Strapi's default routes: the populated tags, and `populate=<unknown>` answered 200 (the middleware
    // replaced it) where the default route refuses it
    const plainRun = await runCheck({ target: shelfBase, contract: plain });
    expect(plainRun.totals.violations).toBeGreaterThan(0);
  });
});
