import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A draft-only document linked from a published one, published later (harness graphql-run self-nest 801): the
// owner's published row was made with its inverse links as a `set`, numbered 1..n over the published ones only, and
// the later publish gives the new link its draft's value back, so it ties with the first and comes after it.

type Json = Record<string, any>;
const TOKEN = 'p'.repeat(40);
let dir = '';
let server: MockServer;
let url = '';
const gql = async (query: string): Promise<Json> => {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ query }),
  });
  return (await res.json()) as Json;
};

/** The documentId a mutation answers. */
const made = async (mutation: string) => Object.values((await gql(`mutation { ${mutation} { documentId } }`)).data)[0] as Json;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cm-publish-chain-'));
  const type = (singular: string, plural: string, attributes: Json) => {
    mkdirSync(join(dir, `src/api/${singular}/content-types/${singular}`), { recursive: true });
    writeFileSync(
      join(dir, `src/api/${singular}/content-types/${singular}/schema.json`),
      JSON.stringify({
        kind: 'collectionType',
        info: { singularName: singular, pluralName: plural, displayName: singular },
        options: { draftAndPublish: true },
        attributes,
      }),
    );
  };
  type('post', 'posts', {
    title: { type: 'string' },
    tags: { type: 'relation', relation: 'oneToMany', target: 'api::tag.tag', mappedBy: 'post' },
    pickedBy: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag', mappedBy: 'picks' },
  });
  type('tag', 'tags', {
    label: { type: 'string' },
    post: { type: 'relation', relation: 'manyToOne', target: 'api::post.post', inversedBy: 'tags' },
    // the owning side of a two-way many-to-many
    picks: { type: 'relation', relation: 'manyToMany', target: 'api::post.post', inversedBy: 'pickedBy' },
  });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ dependencies: { '@strapi/strapi': '5.54.0', '@strapi/plugin-graphql': '5.54.0' } }),
  );
  writeFileSync(
    join(dir, 'content-mock.config.json'),
    JSON.stringify({ graphql: true, tokens: [{ name: 'full', type: 'full-access', key: TOKEN }] }),
  );
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a draft-only target published after its owner goes after the links the owner was published with', async () => {
  const draftOnly = (await made('createTag(status: DRAFT, data: { label: "draft only" })')).documentId as string;
  const live = (await made('createTag(status: PUBLISHED, data: { label: "live" })')).documentId as string;
  // the draft lists the draft-only tag first; the published post can link the live one only
  const post = (await made(`createPost(status: PUBLISHED, data: { title: "p", tags: ["${draftOnly}", "${live}"] })`)).documentId as string;
  const tags = async (status: string) =>
    ((await gql(`{ post(documentId: "${post}", status: ${status}) { tags { documentId } } }`)).data.post.tags as Json[]).map(
      (t) => t.documentId,
    );
  expect(await tags('DRAFT')).toEqual([draftOnly, live]);
  expect(await tags('PUBLISHED')).toEqual([live]);
  await made(`updateTag(documentId: "${draftOnly}", status: PUBLISHED, data: {})`);
  expect(await tags('PUBLISHED')).toEqual([live, draftOnly]);
  expect(await tags('DRAFT')).toEqual([draftOnly, live]);
  // REST reads the same list
  const rest = await fetch(`${url}/api/posts/${post}?populate=tags`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(((await rest.json()) as Json).data.tags.map((t: Json) => t.documentId)).toEqual([live, draftOnly]);
});

test("an owner's many-to-many list keeps its draft's order values on a first publish: a draft-only target comes back in its place", async () => {
  const draftOnly = (await made('createPost(status: DRAFT, data: { title: "draft only" })')).documentId as string;
  const live = (await made('createPost(status: PUBLISHED, data: { title: "live" })')).documentId as string;
  const tag = (await made(`createTag(status: PUBLISHED, data: { label: "t", picks: ["${draftOnly}", "${live}"] })`)).documentId as string;
  const picks = async (status: string) =>
    ((await gql(`{ tag(documentId: "${tag}", status: ${status}) { picks { documentId } } }`)).data.tag.picks as Json[]).map(
      (p) => p.documentId,
    );
  expect(await picks('PUBLISHED')).toEqual([live]);
  await made(`updatePost(documentId: "${draftOnly}", status: PUBLISHED, data: {})`);
  expect(await picks('PUBLISHED')).toEqual([draftOnly, live]);
  expect(await picks('DRAFT')).toEqual([draftOnly, live]);
});
