import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { startKitServer } from '../helpers/kit.js';

// JSON can name a key `toString` or `valueOf`: such an object cannot be turned into a string or a number, and
// wherever the writer did that, a client's body became a 500. Each is a 400 ValidationError.
let server: MockServer;
let base: string;
beforeAll(async () => {
  ({ server, url: base } = await startKitServer());
});
afterAll(() => server.close());

const HOSTILE = { toString: 1, valueOf: 1 };

describe('an object with a non-callable toString in a write body → 400, never 500', () => {
  test.each([
    ['a relation documentId', { author: { documentId: HOSTILE } }],
    ['a connect documentId', { tags: { connect: [{ documentId: HOSTILE }] } }],
    ['a connect id', { tags: { connect: [{ id: HOSTILE }] } }],
    ['a connect position anchor', { tags: { connect: [{ documentId: 'nope', position: { before: HOSTILE } }] } }],
    ['a set entry', { tags: { set: [HOSTILE] } }],
    ['a media id', { cover: [{ id: HOSTILE }] }],
    ['a media list entry', { gallery: [HOSTILE] }],
    ['a dynamic zone __component', { blocks: [{ __component: HOSTILE }] }],
    ['a relation inside a component', { seo: { metaTitle: 'x', shareImage: { id: HOSTILE } } }],
  ])('%s', async (_name, data) => {
    const res = await fetch(`${base}/api/articles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ data: { title: 'hostile', ...data } }),
    });
    const body = (await res.json()) as { data: unknown; error: { status: number; name: string } };
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ data: null, error: { status: 400, name: 'ValidationError' } });
  });
});
