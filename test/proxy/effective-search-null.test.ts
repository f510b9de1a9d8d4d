import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { projectCodeRoutes, type ProjectCodeRoutes } from '../../src/cli/project-code-routes.js';
import { loadContract, type Contract } from '../../src/contract/proxy/load-contract.js';
import { contractEffectiveSearch, validateExchange } from '../../src/contract/proxy/validate-exchange.js';
import { writeCollectionType, writeCoreApiFiles, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// `?fields` (a key without a value) is null as Strapi's query parser reads it (strictNullHandling), and no refusal;
// `?fields=` is the empty text, refused ("Invalid key "). A route middleware that sets a member of ctx.query in place
// (LaunchPad's `ctx.query.populate = …`) leaves the null as it is; one that assigns a new ctx.query writes it back as
// a query string first (`fields=`). The checker judges such a route by the query its action got: written back as
// `fields=`, the null became a refusal Strapi never made (LaunchPad --check-strapi, grammar seed 1805: "expected 400
// (Invalid key ) but got 200" on real answers).
const root = mkdtempSync(join(tmpdir(), 'cm-effective-null-'));
const src = join(root, 'src');
writeCollectionType(src, { singular: 'page', plural: 'pages', display: 'Page' }, { title: { type: 'string' } });
writeCollectionType(src, { singular: 'post', plural: 'posts', display: 'Post' }, { title: { type: 'string' } });
writeCoreApiFiles(root, 'page');
writeCoreApiFiles(root, 'post');
const withMiddleware = (api: string, body: string) => {
  writeProjectFile(src, `api/${api}/middlewares/shape.js`, `module.exports = () => async (ctx, next) => { ${body}; await next(); };\n`);
  writeProjectFile(
    src,
    `api/${api}/routes/${api}.js`,
    `module.exports = require('@strapi/strapi').factories.createCoreRouter('api::${api}.${api}', { config: { find: { middlewares: ['api::${api}.shape'] } } });\n`,
  );
};
withMiddleware('page', "ctx.query.sort = 'title'");
withMiddleware('post', "ctx.query = { ...ctx.query, sort: 'title' }");

const KEY = 'effective-null-full-access-key-00001';
let project: Awaited<ReturnType<typeof startProjectServer>>;
let code: ProjectCodeRoutes;
let contract: Contract;
beforeAll(async () => {
  project = await startProjectServer(root, KEY);
  code = await projectCodeRoutes(root, undefined, true);
  contract = await loadContract({ schemas: root, code: code.code });
});
afterAll(async () => {
  await code.close();
  await project.close();
});

async function judged(url: string) {
  const answer = await project.send('GET', url);
  const effectiveSearch = await contractEffectiveSearch(contract, 'GET', url, `Bearer ${KEY}`);
  const verdict = validateExchange(contract, {
    method: 'GET',
    url,
    requestHeaders: {},
    status: answer.status,
    contentType: 'application/json',
    body: answer.json,
    ...(effectiveSearch ? { effectiveSearch } : {}),
  });
  return {
    status: answer.status,
    effectiveSearch,
    violations: [...verdict.violations, ...(verdict.conditional ?? []).flatMap((c) => c.settle(() => true))],
  };
}

test('a member set in place keeps the null: answered, and judged so', async () => {
  const page = await judged('/api/pages?fields');
  expect(page.status).toBe(200);
  expect(page.effectiveSearch).toBe('fields&sort=title');
  expect(page.violations).toEqual([]);
});

test('a new ctx.query writes it back as `fields=`: refused, and judged so', async () => {
  const post = await judged('/api/posts?fields');
  expect(post.status).toBe(400);
  expect(post.effectiveSearch).toBe('fields=&sort=title');
  expect(post.violations).toEqual([]);
});
