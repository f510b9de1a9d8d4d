import { join } from 'node:path';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/mock/msw/index.js';

// content-mock/msw in Node runs the project's own routes through the same pipeline as `serve`.
const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'bookshop');
const BASE = 'http://cms.project.test';

describe('content-mock/msw in Node: the project code runs', () => {
  const handlers = createHandlers({
    schemas: PROJECT,
    baseUrl: BASE,
    configObject: {
      permissions: { public: { 'api::book.book': ['find', 'findOne', 'create', 'featured'], 'api::author.author': ['find', 'create'] } },
    },
  });
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  const post = (path: string, data: unknown) =>
    fetch(BASE + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) });

  test('custom routes, the populate middleware, the lifecycle and the document service middleware', async () => {
    const author = (await (await post('/api/authors', { name: ' bo ' })).json()) as { data: { name: string; documentId: string } };
    expect(author.data.name).toBe('BO');
    const book = (await (await post('/api/books', { title: 'Over MSW', featured: true, author: author.data.documentId })).json()) as {
      data: { slug: string };
    };
    expect(book.data.slug).toBe('over-msw');
    const list = (await (await fetch(`${BASE}/api/books`)).json()) as { data: { author: unknown }[]; meta: { source: string } };
    expect(list.meta.source).toBe('project controller');
    expect(list.data[0].author).toEqual({ id: expect.any(Number), documentId: author.data.documentId, name: 'BO' });
    expect(await (await fetch(`${BASE}/api/ping?echo=x`)).json()).toEqual({ pong: true, echo: 'x' });
    const featured = (await (await fetch(`${BASE}/api/books/featured`)).json()) as { data: { title: string }[] };
    expect(featured.data.map((b) => b.title)).toEqual(['Over MSW']);
    const refused = await fetch(`${BASE}/api/ping`, { method: 'DELETE' });
    expect(refused.status).toBe(405);
    const cookies = await fetch(`${BASE}/api/ping/cookies`);
    expect(await cookies.json()).toEqual({ seen: null });
    expect(cookies.headers.getSetCookie()).toEqual(['theme=dark; path=/; samesite=lax', 'visit=2; path=/api; httponly']);
  });
});
