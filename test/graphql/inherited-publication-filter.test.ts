import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGraphqlProject } from '../helpers/graphql-project.js';

// A root query's publicationFilter reaches its relation fields as the plugin's association resolver builds it:
// `id IN` the rows of the root's status that the mode keeps (buildPublicationFilterWhere), merged under the field's
// own filters. A `publishedAt` filter on the field then selects rows of the other status, which the mode's rows
// never are (harness graphql-run, a public Strapi 5 project 1401: `experiences(publicationFilter: UNMODIFIED) {
// localizations_connection(filters: { publishedAt: { notNull: false } }) }` is [] on Strapi 5.54).

type Json = Record<string, any>;

let gql: (query: string) => Promise<Json>;
let close: () => Promise<void>;

beforeAll(async () => {
  const schema = {
    kind: 'collectionType',
    info: { singularName: 'note', pluralName: 'notes', displayName: 'note' },
    options: { draftAndPublish: true },
    pluginOptions: { i18n: { localized: true } },
    attributes: { title: { type: 'string', pluginOptions: { i18n: { localized: true } } } },
  };
  ({ gql, close } = await startGraphqlProject({ note: schema }, { locales: [{ code: 'en', isDefault: true }, { code: 'fr' }] }));
  // one document published in two locales, its drafts as published (unmodified)
  const made = await gql(`mutation { createNote(status: PUBLISHED, data: { title: "en" }) { documentId } }`);
  const id = made.data.createNote.documentId as string;
  await gql(`mutation { updateNote(documentId: "${id}", locale: "fr", status: PUBLISHED, data: { title: "fr" }) { documentId } }`);
});
afterAll(() => close());

const localizations = async (rootArgs: string, fieldArgs: string): Promise<unknown> => {
  const answer = await gql(`{ notes${rootArgs ? `(${rootArgs})` : ''} { title localizations${fieldArgs} { title publishedAt } } }`);
  expect(answer.errors).toBeUndefined();
  return (answer.data.notes as Json[]).map((n) => [n.title, n.localizations.map((l: Json) => [l.title, l.publishedAt === null])]);
};

describe("a root's publicationFilter under a relation field", () => {
  test('keeps only rows of the root status: the drafts a publishedAt filter asks for are none under a published root', async () => {
    // `notNull: false` names the operator of the inherited `{ publishedAt: { $notNull: true } }`: lodash's merge replaces it
    const drafts = '(filters: { publishedAt: { notNull: false } })';
    // without the publication filter the field's publishedAt filter replaces the inherited status: the drafts show
    expect(await localizations('', drafts)).toEqual([
      [
        'en',
        [
          ['en', true],
          ['fr', true],
        ],
      ],
    ]);
    expect(await localizations('publicationFilter: UNMODIFIED', drafts)).toEqual([['en', []]]);
    expect(await localizations('publicationFilter: HAS_PUBLISHED_VERSION', drafts)).toEqual([['en', []]]);
  });

  test('under a draft root, the published rows a publishedAt filter asks for are none; its own status keeps them', async () => {
    // `null: false` replaces a draft root's inherited `{ publishedAt: { $null: true } }`
    const published = '(filters: { publishedAt: { null: false } })';
    expect(await localizations('status: DRAFT, publicationFilter: UNMODIFIED', published)).toEqual([['en', []]]);
    // the field's own status (no publishedAt filter): the root's drafts' localizations, the mode keeping them
    expect(await localizations('status: DRAFT, publicationFilter: UNMODIFIED', '')).toEqual([['en', [['fr', true]]]]);
    expect(await localizations('publicationFilter: UNMODIFIED', '')).toEqual([['en', [['fr', false]]]]);
  });
});
