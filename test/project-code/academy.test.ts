import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';
import { jsonClient, type Json } from '../helpers/send-json.js';

// test/fixtures/projects/academy: project code written as many real projects write it — the JWT checked by hand
// through the users-permissions `jwt` service, the user loaded with its role by `strapi.db.query`, enrolments
// created, updated and deleted by the query engine with relations given by row id, the `user` service, and the
// document service's publish, unpublish and discardDraft. Probed on real Strapi 5.54 with the same code
// (scripts/harness/probes/project-code-academy.json: every answer identical but the random tokens and ids).

const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'academy');
const FULL = 'academy-full-access-token-1111111';

for (const jwtManagement of ['refresh', 'legacy-support'] as const) {
  describe(`academy (${jwtManagement})`, () => {
    let server: MockServer;
    let base: string;
    const send = jsonClient(() => base);
    beforeAll(async () => {
      server = await createServer({
        schemas: PROJECT,
        memory: true,
        configObject: {
          permissions: {
            public: {
              'api::course.course': ['find', 'findOne', 'create', 'update', 'delete'],
              'api::lesson.lesson': ['find', 'findOne', 'create'],
              'api::enrollment.enrollment': ['find', 'findOne'],
            },
            authenticated: {
              'api::course.course': ['find', 'findOne', 'spend'],
              'api::enrollment.enrollment': ['find', 'findOne'],
              'plugin::users-permissions.user': ['me', 'updateMe'],
            },
          },
          usersPermissions: { jwtManagement },
          tokens: [{ name: 'full', type: 'full-access', key: FULL }],
        },
        logger: { info() {}, error() {} },
      });
      ({ url: base } = await server.listen(0));
    });
    afterAll(() => server.close());

    test("Koa's context as request loggers and cookie code read it", async () => {
      const res = await fetch(`${base}/api/courses/whoami?x=1`, { headers: { cookie: 'a=1; seen=yes%20please' } });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({
        env: 'string',
        before: 'Not Found',
        after: 'Accepted',
        ip: 'string',
        local: true,
        origin: true,
        href: true,
        seen: 'yes%20please',
      });
    });

    test("strapi.config: the project's own config files by name and path, set for the rest of the run", async () => {
      // recorded on Strapi 5.54 (probe steps /api/courses/catalog, twice): config/catalog.js and config/api.js
      const first = { label: 'Our courses', pageSize: 2, second: 'popular', has: [true, false], fallback: 'fallback', defaultLimit: 25 };
      expect((await send('GET', '/api/courses/catalog')).body).toEqual({ ...first, visits: 1 });
      expect((await send('GET', '/api/courses/catalog')).body).toEqual({ ...first, visits: 2 });
    });

    let ann: { jwt: string; documentId: string };
    let bob: string;
    let zeta: string;
    let alpha: string;
    test('a hand-written auth: the jwt service verifies, the query engine loads the user and its role', async () => {
      const a = await send('POST', '/api/auth/local/register', {
        username: 'ann',
        email: 'ann@x.co',
        password: 'secret123',
        nickname: 'annie',
      });
      ann = { jwt: a.body.jwt, documentId: a.body.user.documentId };
      // recorded on Strapi 5.54 (probe): an allowed field the user type refuses fails the whole registration, a field
      // not allowed is refused by name; neither takes a row, so the next user is id 2
      const long = await send('POST', '/api/auth/local/register', {
        username: 'cyd',
        email: 'cyd@x.co',
        password: 'secret123',
        nickname: 'x'.repeat(30),
      });
      expect([long.status, long.body.error.message]).toEqual([400, 'nickname must be at most 20 characters']);
      const extra = await send('POST', '/api/auth/local/register', {
        username: 'dan',
        email: 'dan@x.co',
        password: 'secret123',
        credits: 9,
      });
      expect([extra.status, extra.body.error.message]).toEqual([400, 'Invalid parameters: credits']);
      const b = await send('POST', '/api/auth/local/register', { username: 'bob', email: 'bob@x.co', password: 'secret123' });
      bob = b.body.jwt;
      // the extension's defaults (a biginteger's as a string), the allowed field kept
      expect(b.body.user).toMatchObject({ id: 2, credits: '3', level: 'starter', nickname: null });
      expect(a.body.user).toMatchObject({ id: 1, credits: '3', nickname: 'annie' });
      zeta = (await send('POST', '/api/courses', { data: { title: 'Zeta', instructor: ann.documentId } }, FULL)).body.data.documentId;
      alpha = (await send('POST', '/api/courses?status=draft', { data: { title: 'Alpha', instructor: ann.documentId } }, FULL)).body.data
        .documentId;
      await send('POST', '/api/lessons', { data: { title: 'L1', position: 1, course: zeta } });
      const mine = await send('GET', '/api/courses/mine', undefined, ann.jwt);
      expect(mine.status).toBe(200);
      expect(mine.body.meta).toEqual({ user: 'ann', role: 'authenticated' });
      expect(mine.body.data.map((c: Json) => c.title)).toEqual(['Alpha', 'Zeta']);
      expect((await send('GET', '/api/courses/mine')).status).toBe(401);
      expect((await send('GET', '/api/courses/mine', undefined, 'not-a-token')).status).toBe(401);
    });

    test('ctx.state.user is the whole row as read at sign-in, its role populated: a write during the request leaves it alone', async () => {
      // recorded on Strapi 5.54 (probe steps POST /api/courses/spend)
      const spent = [];
      for (let i = 0; i < 3; i++) spent.push((await send('POST', '/api/courses/spend', undefined, ann.jwt)).body);
      expect(spent.map((x: Json) => [x.before, x.after])).toEqual([
        ['3', '2'],
        ['2', '1'],
        ['1', '0'],
      ]);
      expect(spent[0]).toMatchObject({ level: 'starter', nickname: 'annie', role: 'object' });
      const none = await send('POST', '/api/courses/spend', undefined, ann.jwt);
      expect([none.status, none.body.error.message]).toEqual([403, 'No credits left']);
      expect((await send('GET', '/api/users/me', undefined, ann.jwt)).body).toMatchObject({ credits: '0', nickname: 'annie' });
    });

    test('strapi.contentAPI: validate.query refuses as the core controller does; sanitize.output without auth keeps relations', async () => {
      const card = await send('GET', `/api/courses/${zeta}/card`);
      expect(card.body.data.instructor.username).toBe('ann');
      expect(card.body.data.instructor).not.toHaveProperty('password');
      expect(card.body.data.lessons.map((l: Json) => l.title)).toEqual(['L1']);
      const bad = await send('GET', `/api/courses/${zeta}/card?populate=nope`);
      expect([bad.status, bad.body.error.message]).toEqual([400, 'Invalid key nope']);
      expect((await send('GET', '/api/courses/nope/card')).status).toBe(404);
    });

    test('publish copies the draft without writing it: the published version keeps its updatedAt', async () => {
      const draft = (await send('GET', `/api/courses/${alpha}?status=draft`)).body.data;
      const published = await send('POST', `/api/courses/${alpha}/publish`);
      expect(published.body.data).toEqual([{ documentId: alpha, title: 'Alpha', published: true }]);
      const live = (await send('GET', `/api/courses/${alpha}`)).body.data;
      expect(live.updatedAt).toBe(draft.updatedAt);
      expect((await send('GET', `/api/courses/${alpha}?status=draft`)).body.data.updatedAt).toBe(draft.updatedAt);
      expect((await send('POST', '/api/courses/nope/publish')).body.data).toEqual([]);
    });

    test('query engine writes: create with relations by row id, update, updateMany, delete, count', async () => {
      const enrolled = await send('POST', `/api/courses/${zeta}/enroll`, { note: 'hi' }, bob);
      expect(enrolled.status).toBe(201);
      expect(enrolled.body.data).toEqual({ completed: false, note: 'hi', course: 'Zeta', hasDocumentId: true });
      expect((await send('POST', `/api/courses/${zeta}/enroll`, { note: 'again' }, bob)).status).toBe(400);
      expect((await send('POST', '/api/courses/nope/enroll', {}, bob)).status).toBe(404);
      const list = (await send('GET', '/api/enrollments?populate=*', undefined, FULL)).body.data;
      expect(list).toHaveLength(1);
      expect(list[0].student.username).toBe('bob');
      expect(list[0].course.documentId).toBe(zeta);
      // a type without draft&publish: the row is published when the database writes it
      expect(list[0].publishedAt).toBe(list[0].createdAt);
      const progress = await send('GET', `/api/courses/${zeta}/progress`, undefined, bob);
      expect(progress.body.data).toEqual({ enrolled: 1, updated: 1, confirmed: true, role: 'authenticated', tokenFor: true });
      expect((await send('GET', '/api/enrollments')).body.data[0].completed).toBe(true);
      const inverse = (await send('GET', `/api/courses/${zeta}?populate=enrollments`)).body.data.enrollments;
      expect(inverse.map((e: Json) => e.note)).toEqual(['hi']);
    });

    test("the users & permissions extension: /users/me wrapped, a route of its own, the plugin's other routes as they were", async () => {
      const me = await send('GET', '/api/users/me', undefined, bob);
      expect(me.status).toBe(200);
      expect(me.body.username).toBe('bob');
      expect(me.body.roleType).toBe('authenticated');
      expect(me.body).not.toHaveProperty('password');
      expect((await send('GET', '/api/users/me')).status).toBe(403);
      const renamed = await send('PUT', '/api/user/me', { username: '  bobby  ' }, bob);
      expect(renamed.body).toEqual({ username: '  bobby  ', role: 'authenticated' });
      expect((await send('PUT', '/api/user/me', { username: 'b' }, bob)).body.error.message).toBe('username is too short');
      expect((await send('PUT', '/api/user/me', { username: 'nobody' })).status).toBe(403);
      // the login route is the mock's own still, and sees the new name
      const login = await send('POST', '/api/auth/local', { identifier: '  bobby  ', password: 'secret123' });
      expect(login.status).toBe(200);
      expect(login.body.user.username).toBe('  bobby  ');
    });

    test('discardDraft puts the published version back in the draft', async () => {
      await send('PUT', `/api/courses/${zeta}?status=draft`, { data: { title: 'Zeta 2' } });
      expect((await send('POST', `/api/courses/${zeta}/discard`)).body.data).toEqual([{ title: 'Zeta', draft: true }]);
      const draft = (await send('GET', `/api/courses/${zeta}?status=draft&populate=instructor`, undefined, FULL)).body.data;
      expect(draft.title).toBe('Zeta');
      expect(draft.instructor.documentId).toBe(ann.documentId);
    });

    test('unpublish removes the published version; links come back with the next publish', async () => {
      const gone = await send('POST', `/api/courses/${zeta}/unpublish`);
      expect(gone.body.data).toEqual({ count: 1, documentId: zeta, stillPublished: false });
      expect((await send('GET', `/api/courses/${zeta}`)).status).toBe(404);
      expect((await send('GET', '/api/lessons?populate=course')).body.data[0].course).toBeNull();
      expect((await send('GET', '/api/lessons?populate=course&status=draft')).body.data[0].course.title).toBe('Zeta');
      expect((await send('GET', '/api/enrollments?populate=course')).body.data[0].course).toBeNull();
      expect((await send('POST', `/api/courses/${zeta}/unpublish`)).body.data.count).toBe(0);
      expect((await send('POST', '/api/courses/nope/unpublish')).body.data.count).toBe(0);
      await send('POST', `/api/courses/${zeta}/publish`);
      expect((await send('GET', '/api/lessons?populate=course')).body.data[0].course.documentId).toBe(zeta);
      expect((await send('GET', '/api/enrollments?populate=course')).body.data[0].course.documentId).toBe(zeta);
    });

    test('the query engine passes lifecycles, not document middlewares; the core find counts with a call of its own', async () => {
      // recorded on Strapi 5.54 (probe steps /api/lessons/raw): src/index hides lessons without a position from the
      // document service's lists (findMany), a lifecycle counts the database's reads
      await send('POST', '/api/lessons', { data: { title: 'L0' } });
      await send('POST', '/api/lessons?status=draft', { data: { title: 'L9', position: 9 } });
      const raw = await send('GET', '/api/lessons/raw');
      expect(raw.body).toEqual({
        rows: [
          ['L1', 1],
          ['L1', 1],
          ['L0', null],
          ['L0', null],
          ['L9', 9],
        ],
        queryReads: 1,
        documents: ['L1', 'L9'],
        documentReads: 1,
      });
      const list = await send('GET', '/api/lessons?fields[0]=title&sort=title');
      expect(list.body.data.map((l: Json) => l.title)).toEqual(['L1']);
      // the count is not a findMany: the middleware leaves it alone
      expect(list.body.meta.pagination).toEqual({ page: 1, pageSize: 25, pageCount: 1, total: 2 });
    });

    test('discardDraft with nothing published deletes the draft; delete through the query engine answers the row', async () => {
      await send('POST', `/api/courses/${alpha}/unpublish`);
      expect((await send('POST', `/api/courses/${alpha}/discard`)).body.data).toEqual([]);
      expect((await send('GET', `/api/courses/${alpha}?status=draft`)).status).toBe(404);
      const left = await send('DELETE', `/api/courses/${zeta}/enroll`, undefined, bob);
      expect(left.body.data).toEqual({ removed: { note: 'hi', completed: true }, left: 0 });
      expect((await send('DELETE', `/api/courses/${zeta}/enroll`, undefined, bob)).body.data).toEqual({ removed: null, left: 0 });
      expect((await send('GET', '/api/enrollments')).body.data).toEqual([]);
    });
  });
}
