import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { modelServer } from '../write/model-server.js';

// Relations to the admin panel's user (`"target": "admin::user"`), as real Strapi 5.54 answers them (probe of the
// admin-links model: post.owner manyToOne, post.reviewers oneToMany, and credit.editor oneToOne in a component; harness
// monblog --code, seeds 1001 and 1003). API tokens may read admin users, the public role may not; none exists.
let server: MockServer;
let url: string;
let token: string;
let readToken: string;
let post: string;

type Answer = { status: number; body: { data?: unknown; error?: { message: string; details: Record<string, unknown> } } };

async function call(method: string, path: string, who: 'full' | 'read' | 'none', data?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (who !== 'none') headers.authorization = `Bearer ${who === 'full' ? token : readToken}`;
  const res = await fetch(`${url}${path}`, { method, headers, ...(data === undefined ? {} : { body: JSON.stringify({ data }) }) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

const refusal = (a: Answer) => ({ status: a.status, message: a.body.error?.message, path: a.body.error?.details.path });

beforeAll(async () => {
  ({ server, url, token } = await modelServer('admin-links'));
  readToken = 'admin-links-read-only-key-0123456789ab';
  const created = await call('POST', '/api/posts', 'full', { title: 'a', credit: { label: 'x' } });
  post = (created.body.data as { documentId: string }).documentId;
});
afterAll(() => server.close());

describe('populate', () => {
  test('a token sees the relation, always empty: null or []', async () => {
    for (const who of ['full', 'read'] as const) {
      const one = await call('GET', `/api/posts/${post}?populate=*`, who);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ owner: null, reviewers: [] });
      const nested = await call('GET', '/api/posts?populate[credit][populate]=*', who);
      expect((nested.body.data as { credit: unknown }[])[0].credit).toEqual({ id: expect.any(Number), label: 'x', editor: null });
    }
  });

  test('the public role may not read admin users: the populate is dropped, not refused', async () => {
    const a = await call('GET', `/api/posts/${post}?populate=owner,reviewers`, 'none');
    expect(a.status).toBe(200);
    expect(a.body.data).not.toHaveProperty('owner');
    expect(a.body.data).not.toHaveProperty('reviewers');
  });

  test("nested options walk the admin user's attributes: its private fields and links are refused", async () => {
    expect((await call('GET', '/api/posts?populate[owner][fields][0]=firstname', 'full')).status).toBe(200);
    expect(refusal(await call('GET', '/api/posts?populate[owner][fields][0]=email', 'full'))).toEqual({
      status: 400,
      message: 'Invalid key email',
      path: 'email',
    });
    expect(refusal(await call('GET', '/api/posts?populate[owner][populate][roles]=true', 'full'))).toEqual({
      status: 400,
      message: 'Invalid key roles at owner.roles',
      path: 'owner.roles',
    });
  });

  test("a wildcard under the relation passes over the admin user's private links", async () => {
    for (const path of [
      '/api/posts?populate[owner]=*',
      '/api/posts?populate[reviewers]=*',
      '/api/posts?populate[credit][populate][editor]=*',
    ]) {
      expect((await call('GET', path, 'read')).status, path).toBe(200);
    }
  });
});

test('the walk of a wildcard under a relation passes over private links and links the caller may not read', async () => {
  // probe admin-links: memo.post → post, whose first link is the private secretMemo, then owner, reviewers, credit
  expect(refusal(await call('GET', '/api/memos?populate[post]=*', 'full'))).toEqual({
    status: 400,
    message: 'Invalid key owner at post.owner',
    path: 'post.owner',
  });
  expect(refusal(await call('GET', '/api/memos?populate[post]=*', 'none')).message).toBe('Invalid key credit at post.credit');
});

describe('filters and sort', () => {
  test("a token filters and sorts through the relation on the admin user's public fields", async () => {
    expect((await call('GET', '/api/posts?filters[owner][firstname][$eq]=x', 'full')).body.data).toEqual([]);
    expect((await call('GET', '/api/posts?filters[owner][$null]=true', 'full')).body.data).toHaveLength(1);
    expect((await call('GET', '/api/posts?filters[reviewers][id][$null]=true', 'read')).body.data).toHaveLength(1);
    expect((await call('GET', '/api/posts?sort=owner.firstname', 'full')).status).toBe(200);
  });

  test('private fields of the admin user are refused by their whole path; its links before what lies behind them', async () => {
    expect(refusal(await call('GET', '/api/posts?filters[owner][email][$eq]=x', 'full'))).toEqual({
      status: 400,
      message: 'Invalid key email at owner.email',
      path: 'owner.email',
    });
    expect(refusal(await call('GET', '/api/posts?sort=owner.email', 'full')).message).toBe('Invalid key email at owner.email');
    expect(refusal(await call('GET', '/api/posts?filters[owner][roles][name][$eq]=x', 'full')).message).toBe(
      'Invalid key roles at owner.roles',
    );
    expect(refusal(await call('GET', '/api/posts?sort=owner.roles.name', 'full')).message).toBe('Invalid key roles at owner.roles');
  });

  test('the public role is refused the relation by name, with its path (in a component too)', async () => {
    expect(refusal(await call('GET', '/api/posts?filters[owner][id][$eq]=1', 'none'))).toEqual({
      status: 400,
      message: 'Invalid key owner',
      path: 'owner',
    });
    expect(refusal(await call('GET', '/api/posts?sort=owner.firstname', 'none')).path).toBe('owner');
    expect(refusal(await call('GET', '/api/posts?filters[credit][editor][id][$eq]=1', 'none'))).toEqual({
      status: 400,
      message: 'Invalid key editor at credit.editor',
      path: 'credit.editor',
    });
  });

  test('a list of orders under the relation sorts nothing, but the walk still refuses the relation to the public role', async () => {
    // harness monblog --code seed 1003: `sort[author][documentId]=` twice
    for (const order of ['', 'asc']) {
      const a = await call('GET', `/api/posts?sort[owner][firstname]=${order}&sort[owner][firstname]=${order}`, 'none');
      expect(refusal(a), order).toEqual({ status: 400, message: 'Invalid key owner', path: 'owner' });
    }
    expect((await call('GET', '/api/posts?sort[owner][firstname]=&sort[owner][firstname]=', 'full')).status).toBe(200);
  });

  test('fields may not name the relation', async () => {
    expect(refusal(await call('GET', '/api/posts?fields[0]=owner', 'full'))).toEqual({
      status: 400,
      message: 'Invalid key owner',
      path: 'owner',
    });
  });
});

describe('writes', () => {
  test('linking an admin user is a 400: none exists for the Content API', async () => {
    for (const data of [{ owner: 1 }, { owner: { connect: [1] } }, { reviewers: [1] }, { credit: { editor: 1 } }]) {
      const a = await call('POST', '/api/posts', 'full', { title: 'b', ...data });
      expect(a.status, JSON.stringify(data)).toBe(400);
      expect(a.body.error?.message, JSON.stringify(data)).toBe(
        '1 relation(s) of type admin::user associated with this entity do not exist',
      );
    }
  });

  test('an empty value is accepted from a token', async () => {
    expect((await call('PUT', `/api/posts/${post}`, 'full', { owner: null })).status).toBe(200);
    expect((await call('POST', '/api/posts', 'full', { title: 'c', reviewers: [] })).status).toBe(201);
  });

  test('from the public role the key itself is refused, named by its whole path', async () => {
    expect(refusal(await call('PUT', `/api/posts/${post}`, 'none', { owner: null }))).toEqual({
      status: 400,
      message: 'Invalid key owner',
      path: 'owner',
    });
    expect(refusal(await call('POST', '/api/posts', 'none', { title: 'd', credit: { editor: 1 } }))).toEqual({
      status: 400,
      message: 'Invalid key editor at credit.editor',
      path: 'credit.editor',
    });
  });
});
