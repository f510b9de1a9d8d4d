import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { KIT_CONFIG, kitConfigWithFullToken, kitModelWith } from '../helpers/kit.js';
import { jsonClient, type Answer, type Doc } from './write-client.js';

// A relation inside a component (here a dynamic-zone entry) to the content type that holds it: on publish, Strapi
// re-creates the draft's components for the new published version after the old one is gone, and no self-relation
// sync covers component join tables, so a link to the document itself is dropped from the published version; links
// to other documents' published versions stay (harness launchpad-code-301: a product's dz related-products).
const FULL = 'component-self-links-full-access-key';
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;

beforeAll(async () => {
  const dir = kitModelWith({});
  const file = join(dir, 'components', 'shared', 'quote.json');
  const schema = JSON.parse(readFileSync(file, 'utf8')) as { attributes: Record<string, unknown> };
  schema.attributes.related = { type: 'relation', relation: 'oneToMany', target: 'api::article.article' };
  writeFileSync(file, JSON.stringify(schema));
  server = await createServer({ schemas: dir, config: KIT_CONFIG, memory: true, configObject: kitConfigWithFullToken(FULL) });
  call = jsonClient((await server.listen(0)).url, FULL);
});
afterAll(() => server.close());

const related = (a: Answer) => (((a.body.data as Doc).blocks as Doc[])[0].related as Doc[]).map((d) => d.title);

test("publishing drops a component's link to the document itself, keeps the others", async () => {
  const other = (await call('POST', '/api/articles?status=published', { data: { title: 'Other', slug: 'other-1' } })).body.data as Doc;
  const own = (await call('POST', '/api/articles', { data: { title: 'Own', slug: 'own-1' } })).body.data as Doc;
  const quote = { __component: 'shared.quote', body: 'q', related: [own.documentId, other.documentId] };
  await call('PUT', `/api/articles/${own.documentId}`, { data: { blocks: [quote] } });
  const populate = 'populate[blocks][on][shared.quote][populate]=related';
  expect(related(await call('GET', `/api/articles/${own.documentId}?status=draft&${populate}`))).toEqual(['Own', 'Other']);
  await call('PUT', `/api/articles/${own.documentId}?status=published`, { data: {} });
  expect(related(await call('GET', `/api/articles/${own.documentId}?status=published&${populate}`))).toEqual(['Other']);
  expect(related(await call('GET', `/api/articles/${own.documentId}?status=draft&${populate}`))).toEqual(['Own', 'Other']);
});
