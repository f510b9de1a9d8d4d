import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startGraphqlProject } from '../helpers/graphql-project.js';
import { sendStep, type Recorded } from '../helpers/recorded-steps.js';

// A root query's relations take its publication filter by the plugin's association resolver, not by REST's populate:
// `publicationFilter: null` given beside `hasPublishedVersion: false` is an argument given (rootQueryArgsByPath) whose
// parse fails, so the relations keep every published row, while the root itself reads `hasPublishedVersion`
// (mergePublicationFilterFromGraphQLArgs). Found by the GraphQL harness on starterblog --code, held-out seed 1962
// (an author's `articles_connection`: Strapi 2 items, the mock 0). Strapi 5.54's answers to these steps:
// test/fixtures/recorded/graphql-null-publication-filter.json (probe.mjs --graphql).
const recorded = JSON.parse(
  readFileSync(join(__dirname, '../fixtures/recorded/graphql-null-publication-filter.json'), 'utf8'),
) as Recorded[];

const schemas = {
  author: {
    kind: 'collectionType',
    collectionName: 'authors',
    info: { singularName: 'author', pluralName: 'authors', displayName: 'Author' },
    options: { draftAndPublish: false },
    attributes: {
      name: { type: 'string' },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article', mappedBy: 'author' },
    },
  },
  article: {
    kind: 'collectionType',
    collectionName: 'articles',
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    options: { draftAndPublish: true },
    attributes: {
      title: { type: 'string' },
      author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author', inversedBy: 'articles' },
    },
  },
};

let project: Awaited<ReturnType<typeof startGraphqlProject>>;
beforeAll(async () => {
  project = await startGraphqlProject(schemas);
});
afterAll(() => project.close());

test("the relations under a root with `publicationFilter: null` answer as Strapi's", async () => {
  const saved: Record<string, string> = {};
  for (const [i, { step, status, body }] of recorded.entries()) {
    const answer = await sendStep(project.url, project.key, saved, step);
    expect(answer.status, step.path).toBe(status);
    // the GraphQL answers hold no generated values: equal as recorded
    if (step.path === '/graphql') expect(answer.body, `step ${i}`).toEqual(body);
  }
  // the case the harness found: hasPublishedVersion false with a null publicationFilter keeps the published article
  expect(recorded[4].body).toEqual({
    data: { author: { name: 'w', articles: [{ title: 'one' }], articles_connection: { nodes: [{ title: 'one' }] } } },
  });
});
