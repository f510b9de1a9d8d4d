import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { startGraphqlProject } from '../helpers/graphql-project.js';

// Real Strapi 5.54 (GraphQL plugin, harness graphql-run shared-inverse 1503): the users-permissions bootstrap creates
// the Authenticated role, then the Public one, each in its own query, so the Public role's createdAt is later and a
// `createdAt:desc` sort lists it first; two roles made in the same millisecond sorted as a tie (Authenticated first).
// The clock stands still while the mock starts (a fast start makes both roles in one millisecond).
let project: Awaited<ReturnType<typeof startGraphqlProject>>;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-01-02T03:04:05.006Z') });
  project = await startGraphqlProject({
    note: {
      kind: 'collectionType',
      collectionName: 'notes',
      info: { singularName: 'note', pluralName: 'notes', displayName: 'Note' },
      options: { draftAndPublish: false },
      attributes: { title: { type: 'string' } },
    },
  });
  vi.useRealTimers();
});
afterAll(() => project.close());

test('the default roles are created one after another: a createdAt sort is no tie', async () => {
  const answer = await project.gql('{ usersPermissionsRoles(sort: ["createdAt:desc"]) { type createdAt } }');
  const roles = answer.data.usersPermissionsRoles as { type: string; createdAt: string }[];
  expect(roles.map((r) => r.type)).toEqual(['public', 'authenticated']);
  expect(Date.parse(roles[0].createdAt)).toBeGreaterThan(Date.parse(roles[1].createdAt));
  const asc = await project.gql('{ usersPermissionsRoles(sort: ["createdAt:asc"]) { type } }');
  expect(asc.data.usersPermissionsRoles.map((r: { type: string }) => r.type)).toEqual(['authenticated', 'public']);
});
