import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// Working out the order populated keys land in (populateOrder) reads a zone's entries before they render: a
// relation inside an entry must still be read through the row that holds it (its origin), or every locale of the
// linked document comes (harness launchpad --code grammar seed 1674, `dynamic_zone[].products`: 3 instead of 1, while
// the order was being worked out). school: a syllabus' `parts` zone, whose resource links localized people.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => {
  ({ server, call } = await modelServer('school'));
  const person = ((await call('POST', '/api/people', { data: { fullName: 'Ada' } })).body.data as Doc).documentId;
  expect((await call('PUT', `/api/people/${person}?locale=fr`, { data: { fullName: 'Ada fr' } })).status).toBe(200);
  const created = await call('POST', '/api/syllabi', {
    data: { heading: 'S', parts: [{ __component: 'school.resource', title: 'r', people: [person] }] },
  });
  expect(created.status).toBe(201);
});
afterAll(() => server.close());

test("a zone entry's relation shows the linked locale only, whatever else the level populates", async () => {
  for (const query of [
    // (first: the store notes an entry's holder once it was read, for every later read)
    'populate[parts][on][school.resource][populate][people][populate][photo]=true&populate[course]=true&populate[reader]=true',
    'populate[course]=true&populate[parts][on][school.resource][populate][people][populate][photo]=true',
    'populate[parts][on][school.resource][populate][people][populate][photo]=true',
  ]) {
    const answer = await call('GET', `/api/syllabi?${query}`);
    expect(answer.status, query).toBe(200);
    const [syllabus] = answer.body.data as Doc[];
    const [part] = syllabus.parts as Doc[];
    expect(
      (part.people as Doc[]).map((p) => `${String(p.fullName)}/${String(p.locale)}`),
      query,
    ).toEqual(['Ada/pt-BR']);
  }
});
