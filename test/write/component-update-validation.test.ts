import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// A component's attributes are validated as their entry's are (Strapi's entity validator builds the component's
// validator with the entry's creation or update): on an update a required attribute may be left out, only null is
// refused; on a create it must be given. Probed on Strapi 5.54 (probe.mjs, kit: shared.seo's metaTitle is required).
let server: MockServer;
let url: string;
beforeAll(async () => {
  ({ server, url } = await startKitServer());
});
afterAll(() => server.close());

const put = async (data: unknown) => {
  const res = await fetch(url + '/api/global', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  return { status: res.status, body: (await res.json()) as { error?: { message: string; details: { errors: { path: string[] }[] } } } };
};

test('on an update, a new component may leave a required attribute out; a wrong type is still named alone', async () => {
  // (the kit's global exists: every PUT below is an update)
  const left = await put({ defaultSeo: { metaDescription: 'no title' } });
  expect(left.status).toBe(200);
  const wrong = await put({ defaultSeo: { metaDescription: { a: 1 }, links: [{ label: 'x' }, {}] } });
  expect(wrong.status).toBe(400);
  expect(wrong.body.error?.details.errors.map((e) => e.path.join('.'))).toEqual(['defaultSeo.metaDescription']);
});

test('null is refused for a required attribute on an update too', async () => {
  const nulled = await put({ defaultSeo: { metaTitle: null } });
  expect(nulled.status).toBe(400);
  expect(nulled.body.error?.details.errors.map((e) => e.path.join('.'))).toEqual(['defaultSeo.metaTitle']);
});
