import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer, Doc } from './write-client.js';
import { modelServer } from './model-server.js';

// A writer without i18n (course) disconnects ONE locale row of a localized target (syllabus, person): the one its
// entry names, else the default locale's; a disconnect of a locale row it does not link changes nothing. Each
// expectation below was replayed against real Strapi 5.54 with scripts/harness/probe.mjs and answered the same.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('school')));
afterAll(() => server.close());

const create = async (path: string, data: unknown) => ((await call('POST', path, { data })).body.data as Doc).documentId;
const put = async (path: string, data: unknown) => expect((await call('PUT', path, { data })).status).toBe(200);

test("a disconnect names the linked locale row, else the default locale's", async () => {
  const x = await create('/api/syllabi', { heading: 'X-pt' });
  await put(`/api/syllabi/${x}?locale=en`, { heading: 'X-en' });
  const p = await create('/api/people', { fullName: 'P-pt' });
  await put(`/api/people/${p}?locale=en`, { fullName: 'P-en' });
  const k = await create('/api/courses?status=draft', {
    title: 'DL-K',
    code: 'dl-k',
    level: 'intro',
    syllabus: x,
    students: [{ documentId: p, locale: 'en' }],
  });
  const links = async () => {
    const data = (
      await call('GET', `/api/courses/${k}?populate[syllabus][fields][0]=heading&populate[students][fields][0]=fullName&status=draft`)
    ).body.data as Doc;
    return [(data.syllabus as Doc | null)?.heading ?? null, (data.students as Doc[]).map((s) => s.fullName)];
  };
  expect(await links()).toEqual(['X-pt', ['P-en']]);
  // other locale rows than the linked ones: nothing changes
  await put(`/api/courses/${k}?status=draft`, {
    syllabus: { disconnect: [{ documentId: x, locale: 'en' }] },
    students: { disconnect: [p] },
  });
  expect(await links()).toEqual(['X-pt', ['P-en']]);
  await put(`/api/courses/${k}?status=draft`, {
    syllabus: { disconnect: [x] },
    students: { disconnect: [{ documentId: p, locale: 'en' }] },
  });
  expect(await links()).toEqual([null, []]);
  await put(`/api/courses/${k}?status=draft`, { syllabus: { connect: [{ documentId: x, locale: 'en' }] } });
  await put(`/api/courses/${k}?status=draft`, { syllabus: { disconnect: [x] } });
  expect(await links()).toEqual(['X-en', []]);
});
