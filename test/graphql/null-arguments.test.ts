import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startGraphqlProject } from '../helpers/graphql-project.js';

// Arguments given as null, or by variables of another kind, as the plugin reads them (harness graphql-run, a public
// Strapi 5 project 1402, graphql-gen-edges.mjs): transformArgs defaults a missing `pagination` only, so a null one
// is Strapi's TypeError; the association resolver reads the root's arguments as given, so a root's
// `hasPublishedVersion: null` makes its draft & publish relations `never-published-document` (none under a published
// root) while the root itself reads it as absent; i18n's localeToLookup refuses a locale that is no string.

type Json = Record<string, any>;

let gql: (query: string, variables?: Json) => Promise<Json>;
let close: () => Promise<void>;
const collection = (singular: string, plural: string, attributes: Json, i18n = false): Json => ({
  kind: 'collectionType',
  info: { singularName: singular, pluralName: plural, displayName: singular },
  options: { draftAndPublish: true },
  ...(i18n ? { pluginOptions: { i18n: { localized: true } } } : {}),
  attributes,
});

beforeAll(async () => {
  ({ gql, close } = await startGraphqlProject(
    {
      note: collection(
        'note',
        'notes',
        { title: { type: 'string' }, tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' } },
        true,
      ),
      tag: collection('tag', 'tags', { name: { type: 'string' } }),
    },
    { locales: [{ code: 'en', isDefault: true }, { code: 'fr' }] },
  ));
  const tag = await gql(`mutation { createTag(status: PUBLISHED, data: { name: "t" }) { documentId } }`);
  await gql(`mutation { createNote(status: PUBLISHED, data: { title: "n", tags: ["${tag.data.createTag.documentId}"] }) { documentId } }`);
});
afterAll(() => close());

const tagsUnder = async (rootArgs: string): Promise<unknown> => {
  const answer = await gql(`{ notes${rootArgs} { title tags { name } tags_connection { nodes { name } } } }`);
  expect(answer.errors).toBeUndefined();
  return answer.data.notes;
};

describe('null arguments', () => {
  test.each([
    ['{ notes(pagination: null) { title } }', ['notes']],
    ['{ notes_connection(pagination: null) { nodes { title } } }', ['notes_connection']],
    ['{ notes { tags(pagination: null) { name } } }', ['notes', 0, 'tags']],
  ])("%s: pagination null is Strapi's TypeError, the house rule's ValidationError naming it", async (query, path) => {
    const answer = await gql(query);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0].path).toEqual(path);
    expect(answer.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors[0].message).toContain(`real Strapi fails with a 500 here: "Cannot read properties of null (reading 'page')"`);
  });

  test('a root read with hasPublishedVersion: null lists as without; its draft & publish relations inherit none', async () => {
    const without = await tagsUnder('');
    expect(without).toEqual([{ title: 'n', tags: [{ name: 't' }], tags_connection: { nodes: [{ name: 't' }] } }]);
    const none = [{ title: 'n', tags: [], tags_connection: { nodes: [] } }];
    expect(await tagsUnder('(hasPublishedVersion: null)')).toEqual(none);
    // false keeps no published root at all
    expect(await tagsUnder('(hasPublishedVersion: false)')).toEqual([]);
    // a publicationFilter given null is no filter, and hasPublishedVersion does not replace it
    expect(await tagsUnder('(publicationFilter: null, hasPublishedVersion: true)')).toEqual(without);
  });

  test.each([5, true, ['en'], { a: 1 }])('a locale variable %j is refused by the lookup of one document', async (locale) => {
    const id = (await gql(`{ notes { documentId } }`)).data.notes[0].documentId;
    const answer = await gql(`query ($l: I18NLocaleCode) { note(documentId: "${id}", locale: $l) { title } }`, { l: locale });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0].path).toEqual(['note']);
    expect(answer.errors[0].message).toBe(`Invalid locale param ${String(locale)} provided. Document locales must be strings.`);
    // a falsy one means none
    const none = await gql(`query ($l: I18NLocaleCode) { note(documentId: "${id}", locale: $l) { title } }`, { l: null });
    expect(none).toEqual({ data: { note: { title: 'n' } } });
  });
});

describe('a list read with a locale given as an object', () => {
  test("the database's refusal of its first key, the house rule's ValidationError naming it", async () => {
    const answer = await gql(`query ($l: I18NLocaleCode) { notes(locale: $l) { title } }`, { l: { a: 1 } });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0].path).toEqual(['notes']);
    expect(answer.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(answer.errors[0].message).toContain('real Strapi fails with a 500 here: "Undefined attribute level operator a"');
    // the query's own checks come first
    const first = await gql(`query ($l: I18NLocaleCode) { notes(locale: $l, sort: "nope") { title } }`, { l: { a: 1 } });
    expect(first.errors.map((e: Json) => e.message)).toEqual(['Invalid key nope']);
  });
});
