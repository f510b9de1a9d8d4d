import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A create with status=published writes the draft, then publishes it: the draft's relation ordering error comes
// before the published version's uniqueness error (real Strapi 5.54, harness school-501).
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('school')));
afterAll(() => server.close());

test('a positioned connect whose anchor is not connected fails before the unique title', async () => {
  const course = (title: string, code: string) => ({ title, code, level: 'intro' });
  const a = ((await call('POST', '/api/courses?status=published', { data: course('Taken', 'taken') })).body.data as Doc).documentId;
  const b = ((await call('POST', '/api/courses?status=published', { data: course('Other', 'other') })).body.data as Doc).documentId;
  const answer = await call('POST', '/api/courses?status=published', {
    data: { ...course('Taken', 'taken-2'), prerequisites: { connect: [{ documentId: a, position: { after: b } }] } },
  });
  expect(answer.status).toBe(400);
  expect(answer.body.error?.message).toContain('needs to be connected first');
  // alone, the title is refused
  const unique = await call('POST', '/api/courses?status=published', { data: course('Taken', 'taken-3') });
  expect(unique.body.error?.message).toBe('This attribute must be unique');
});
