import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A project with server code of every kind (test/fixtures/projects/bookshop): a populate route middleware, policies
// (api and global), a controller that extends the core one and adds actions, a service with its own method, custom
// routes with `auth: false`, a lifecycle that derives a slug, a document service middleware registered in
// src/index, TypeScript, CommonJS and ESM files. The expected answers are real Strapi 5.54's, recorded with
// `scripts/harness/probe.mjs --code --steps scripts/harness/probes/project-code-bookshop.json`.

const PROJECT = join(import.meta.dirname, '..', 'fixtures', 'projects', 'bookshop');
const PERMISSIONS = {
  public: {
    'api::book.book': ['find', 'findOne', 'create', 'update', 'delete', 'featured'],
    'api::author.author': ['find', 'findOne', 'create'],
  },
};

let server: MockServer;
let base: string;
const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const put = (body: unknown) => ({ ...json(body), method: 'PUT' });

/** Serves a copy of the project with `files` written over it (path → text) and runs `check` against it. */
async function withEditedCopy(
  prefix: string,
  files: Record<string, string>,
  check: (url: string, s: MockServer) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  try {
    cpSync(PROJECT, dir, { recursive: true });
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    const s = await createServer({
      schemas: dir,
      memory: true,
      configObject: { permissions: PERMISSIONS },
      logger: { info() {}, error() {} },
    });
    const { url } = await s.listen(0);
    try {
      await check(url, s);
    } finally {
      await s.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  server = await createServer({
    schemas: PROJECT,
    memory: true,
    configObject: { permissions: PERMISSIONS },
    logger: { info() {}, error() {} },
  });
  ({ url: base } = await server.listen(0));
});
afterAll(() => server.close());

describe('bookshop: the project code runs as Strapi runs it', () => {
  let author: string;
  let book: string;
  test('POST /api/authors goes through the document service middleware of src/index (name upper-cased)', async () => {
    const res = await fetch(`${base}/api/authors`, json({ data: { name: '  ann lee ' } }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { name: string; documentId: string } };
    expect(body.data.name).toBe('ANN LEE');
    author = body.data.documentId;
  });

  test('POST /api/books: the lifecycle derives the slug (beforeCreate)', async () => {
    const res = await fetch(`${base}/api/books`, json({ data: { title: 'Hello World Book', featured: true, pages: 120, author } }));
    expect(res.status).toBe(201);
    const body = (await res.json()) as { data: { slug: string; documentId: string } };
    expect(body.data.slug).toBe('hello-world-book');
    book = body.data.documentId;
    await fetch(`${base}/api/books`, json({ data: { title: 'Another Story', slug: 'custom-slug', pages: 80 } }));
  });

  test('GET /api/books: the route middleware sets populate, the controller adds to meta after super.find', async () => {
    const body = (await (await fetch(`${base}/api/books?sort=title`)).json()) as {
      data: { title: string; author: unknown }[];
      meta: Record<string, unknown>;
    };
    expect(body.meta).toEqual({ pagination: { page: 1, pageSize: 25, pageCount: 1, total: 2 }, source: 'project controller' });
    expect(body.data.map((b) => b.title)).toEqual(['Another Story', 'Hello World Book']);
    expect(body.data[1].author).toEqual({ id: expect.any(Number), documentId: author, name: 'ANN LEE' });
    expect(body.data[0].author).toBeNull();
  });

  test('GET /api/books/:id: the api policy refuses with PolicyError when it returns false', async () => {
    expect((await fetch(`${base}/api/books/${book}`)).status).toBe(200);
    const res = await fetch(`${base}/api/books/${book}`, { headers: { 'x-hide': 'yes' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ data: null, error: { status: 403, name: 'PolicyError', message: 'Policy Failed', details: {} } });
  });

  test('DELETE /api/books/:id: a global policy (global::deny-all) refuses', async () => {
    const res = await fetch(`${base}/api/books/${book}`, { method: 'DELETE' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { name: string } }).error.name).toBe('PolicyError');
  });

  test('GET /api/books/slug/:slug (auth: false): document service read, then sanitizeOutput drops every relation', async () => {
    const res = await fetch(`${base}/api/books/slug/hello-world-book`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Record<string, unknown>; meta: unknown };
    expect(body.meta).toEqual({});
    expect(body.data).toMatchObject({ title: 'Hello World Book', slug: 'hello-world-book', featured: true, pages: 120 });
    expect(body.data).not.toHaveProperty('author');
    const missing = await fetch(`${base}/api/books/slug/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      data: null,
      error: { status: 404, name: 'NotFoundError', message: 'No book with that slug', details: {} },
    });
  });

  test("GET /api/books/featured: a custom action granted by name, through the project's service method", async () => {
    const body = (await (await fetch(`${base}/api/books/featured`)).json()) as { data: { title: string }[]; meta: unknown };
    expect(body).toEqual({
      data: [{ id: expect.any(Number), documentId: book, title: 'Hello World Book', slug: 'hello-world-book' }],
      meta: { count: 1 },
    });
  });

  test('GET /api/books/stats: the entity service and the query engine (reads over both versions of each row)', async () => {
    const body = (await (await fetch(`${base}/api/books/stats`)).json()) as Record<string, unknown>;
    expect(body.viaEntityService).toEqual([{ id: expect.any(Number), documentId: book, title: 'Hello World Book' }]);
    expect(body.rows).toEqual([
      { title: 'Hello World Book', pages: 120 },
      { title: 'Hello World Book', pages: 120 },
      { title: 'Another Story', pages: 80 },
      { title: 'Another Story', pages: 80 },
    ]);
    expect(body.count).toBe(2);
    expect(body.total).toBe(2);
  });

  test('GET /api/books/pages: findPage of the entity service and the query engine, findWithCount (probed on Strapi 5.54)', async () => {
    const body = (await (await fetch(`${base}/api/books/pages`)).json()) as Record<string, unknown>;
    // the entity service's fields take id and documentId; its status is a publishedAt condition
    expect(body.published).toEqual({
      results: [
        { id: expect.any(Number), documentId: expect.any(String), title: 'Another Story' },
        { id: expect.any(Number), documentId: book, title: 'Hello World Book' },
      ],
      pagination: { page: 1, pageSize: 2, pageCount: 1, total: 2 },
    });
    // the query engine's rows are every version; its page is 10 unless given
    expect(body.rows).toEqual({ results: [{ title: 'Another Story' }], pagination: { page: 2, pageSize: 1, pageCount: 4, total: 4 } });
    expect(body.all).toEqual({
      results: [{ title: 'Hello World Book' }, { title: 'Hello World Book' }],
      pagination: { page: 1, pageSize: 10, pageCount: 1, total: 2 },
    });
    expect([body.found, body.count]).toEqual([[{ pages: 120 }, { pages: 120 }, { pages: 80 }, { pages: 80 }], 4]);
  });

  test('POST /api/books/:id/like: a query engine write runs on the first row the filter finds', async () => {
    const res = await fetch(`${base}/api/books/${book}/like`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, title: 'Hello World Book' });
    const missing = await fetch(`${base}/api/books/nope/like`, { method: 'POST' });
    expect(await missing.json()).toEqual({ ok: true, title: null });
  });

  test('GET /api/books/raw: raw SQL cannot run here → 501 naming the API, file and line', async () => {
    const res = await fetch(`${base}/api/books/raw`);
    expect(res.status).toBe(501);
    const body = (await res.json()) as { error: { name: string; message: string } };
    expect(body.error.name).toBe('NotImplementedError');
    expect(body.error.message).toMatch(/src\/api\/book\/controllers\/book\.ts:\d+: strapi\.db\.connection\.raw\(\) is not available/);
  });

  test('PUT with no data payload → the core controller refusal', async () => {
    const res = await fetch(`${base}/api/books/${book}`, put({ nodata: true }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Missing "data" payload in the request body');
  });

  test('a custom route file with a plain controller: ctx.body, ctx.badRequest, thrown Strapi errors', async () => {
    expect(await (await fetch(`${base}/api/ping?echo=hi`)).json()).toEqual({ pong: true, echo: 'hi' });
    expect(await (await fetch(`${base}/api/Ping/`)).json()).toEqual({ pong: true, echo: null });
    const refused = await fetch(`${base}/api/ping/refuse`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      data: null,
      error: { status: 400, name: 'BadRequestError', message: 'Nope', details: { why: 'asked to refuse' } },
    });
    const thrown = await fetch(`${base}/api/ping/throw`);
    expect(await thrown.json()).toEqual({
      data: null,
      error: { status: 400, name: 'ApplicationError', message: 'Custom failure', details: { code: 42 } },
    });
  });

  test('ctx.cookies: each set is its own Set-Cookie header, `overwrite` replaces one of the same name, get reads as sent', async () => {
    // recorded on Strapi 5.54 (probe step /api/ping/cookies); Strapi also sends a `.sig` cookie signed with APP_KEYS
    const res = await fetch(`${base}/api/ping/cookies`, { headers: { cookie: 'seen=yes; other=x' } });
    expect(await res.json()).toEqual({ seen: 'yes' });
    expect(res.headers.getSetCookie()).toEqual(['theme=dark; path=/; samesite=lax', 'visit=2; path=/api; httponly']);
  });

  test("the email plugin's service: a templated email lands in the dev mailbox; a template missing a part fails as in Strapi", async () => {
    const sent = await fetch(`${base}/api/ping/mail`, json({ to: 'ann@example.com' }));
    expect(await sent.json()).toEqual({ sent: true });
    const [mail] = (await (await fetch(`${base}/__content-mock/mailbox`)).json()) as Record<string, unknown>[];
    expect(mail).toMatchObject({ kind: 'project', to: 'ann@example.com', subject: 'Hi Ann', text: 'Order 7, <%= secret %>', html: '' });
    const broken = await fetch(`${base}/api/ping/mail?broken=1`, json({ to: 'ann@example.com' }));
    expect(broken.status).toBe(500);
  });

  test('publishing writes the published row anew: beforeCreate runs for it, and what it sets lands there only', async () => {
    const draft = (await (await fetch(`${base}/api/books?status=draft`, json({ data: { pages: 3 } }))).json()) as {
      data: { documentId: string; slug: string | null };
    };
    expect(draft.data.slug).toBeNull();
    const id = draft.data.documentId;
    const published = (await (await fetch(`${base}/api/books/${id}?status=published`, put({ data: { title: 'Late Title' } }))).json()) as {
      data: { slug: string | null };
    };
    // real Strapi (harness bookshop seed 31): the draft keeps no slug, the published version gets one
    expect(published.data.slug).toBe('late-title');
    const again = (await (await fetch(`${base}/api/books/${id}?status=draft`)).json()) as { data: { slug: string | null } };
    expect(again.data.slug).toBeNull();
    expect((await fetch(`${base}/api/books/${id}`, { method: 'DELETE' })).status).toBe(403);
  });

  test('createCoreRouter `only`: routes it leaves out answer as koa-router does (405 with Allow)', async () => {
    const res = await fetch(`${base}/api/authors/${author}`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('HEAD, GET');
    expect((await fetch(`${base}/api/ping`, { method: 'POST' })).status).toBe(405);
  });
});

describe('turning it off and breaking it', () => {
  test('projectCode: false serves Strapi defaults only', async () => {
    const plain = await createServer({ schemas: PROJECT, memory: true, projectCode: false, configObject: { permissions: PERMISSIONS } });
    const { url } = await plain.listen(0);
    try {
      expect((await fetch(`${url}/api/ping`)).status).toBe(404);
      const body = (await (await fetch(`${url}/api/books`)).json()) as { meta: Record<string, unknown> };
      expect(body.meta).not.toHaveProperty('source');
    } finally {
      await plain.close();
    }
  });

  test('the config names a default query per route (`routes`) for what cannot run: the request keeps its own keys', async () => {
    const plain = await createServer({
      schemas: PROJECT,
      memory: true,
      projectCode: false,
      configObject: {
        permissions: PERMISSIONS,
        routes: { 'api::book.book': { find: { query: { populate: { author: { fields: ['name'] } }, sort: 'title' } } } },
      },
    });
    const { url } = await plain.listen(0);
    try {
      await fetch(`${url}/api/authors`, json({ data: { name: 'Cy' } }));
      const author = ((await (await fetch(`${url}/api/authors`)).json()) as { data: { documentId: string }[] }).data[0].documentId;
      await fetch(`${url}/api/books`, json({ data: { title: 'B', author } }));
      await fetch(`${url}/api/books`, json({ data: { title: 'A' } }));
      const body = (await (await fetch(`${url}/api/books`)).json()) as { data: { title: string; author: unknown }[] };
      expect(body.data.map((b) => [b.title, b.author])).toEqual([
        ['A', null],
        ['B', { id: expect.any(Number), documentId: author, name: 'Cy' }],
      ]);
      const own = (await (await fetch(`${url}/api/books?sort=title:desc&populate=author`)).json()) as {
        data: { title: string; author: Record<string, unknown> | null }[];
      };
      expect(own.data.map((b) => b.title)).toEqual(['B', 'A']);
      expect(own.data[0].author).toHaveProperty('createdAt');
    } finally {
      await plain.close();
    }
  });

  test('a permission naming an action no route has is refused with the actions the project has', async () => {
    await expect(
      createServer({ schemas: PROJECT, memory: true, configObject: { permissions: { public: { 'api::book.book': ['featurd'] } } } }),
    ).rejects.toThrow(/unknown action "featurd" \(actions: find, findOne, create, update, delete, .*featured/);
  });

  test('a module that does not compile is named with file and line; the rest of the project runs', async () => {
    await withEditedCopy(
      'cm-broken-',
      { 'src/api/ping/controllers/ping.ts': 'export default {\n  index(ctx) {\n    ctx.body = ;\n  },\n};\n' },
      async (url, s) => {
        expect(s.projectReport().join('\n')).toMatch(/src\/api\/ping\/controllers\/ping\.ts:3: /);
        expect((await fetch(`${url}/api/books`)).status).toBe(200);
      },
    );
  });

  test('a GraphQL schema extension in register is kept for the schema, and the rest of register still runs', async () => {
    await withEditedCopy(
      'cm-gql-extension-',
      {
        'src/index.ts': `export default {
  register({ strapi }) {
    const extensionService = strapi.plugin('graphql').service('extension');
    extensionService.shadowCRUD('api::author.author').field('name').disableFilters();
    extensionService.use(({ nexus }) => ({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'hi' } } }));
    strapi.documents.use(async (context, next) => {
      if (context.uid === 'api::author.author' && context.action === 'create') context.params.data.name = 'FROM REGISTER';
      return next();
    });
  },
};
`,
      },
      async (url, s) => {
        // what it adds is served at /graphql (test/graphql/graphql-project-extension.test.ts): nothing to say here
        expect(s.projectReport().join('\n')).not.toMatch(/GraphQL/);
        const created = await fetch(`${url}/api/authors`, json({ data: { name: 'x' } }));
        expect(((await created.json()) as { data: { name: string } }).data.name).toBe('FROM REGISTER');
      },
    );
  });

  test('global middlewares see requests no project route takes: a short link, a refusal, a pass-through', async () => {
    // Koa runs config/middlewares for every request before Strapi's router: a short-link middleware answers a path
    // of its own, another refuses a plugin route, and the stamp (already in the project) marks what passes. Real
    // Strapi 5.54's answers: scripts/harness/probes/global-middlewares-unrouted.json (probe.mjs --code).
    await withEditedCopy(
      'cm-global-unrouted-',
      {
        'config/middlewares.js': `module.exports = [
  'strapi::logger', 'strapi::errors', 'strapi::security', 'strapi::cors', 'strapi::poweredBy', 'strapi::query',
  { name: 'global::short-links', config: {} },
  'strapi::body', 'strapi::session', 'strapi::favicon', 'strapi::public',
  { name: 'global::stamp', config: { header: 'x-bookshop' } },
];
`,
        'src/middlewares/short-links.js': `module.exports = (config, { strapi }) => async (ctx, next) => {
  const m = ctx.path.match(/^\\/go\\/([^/]+)$/);
  if (m && ctx.method === 'GET') {
    const book = await strapi.documents('api::book.book').findFirst({ filters: { slug: m[1] }, status: 'published' });
    if (!book) {
      ctx.status = 404;
      ctx.body = { error: 'no such short link' };
      return;
    }
    ctx.redirect('/books/' + book.documentId);
    return;
  }
  if (ctx.path === '/api/i18n/locales' && ctx.get('x-block') === 'yes') {
    ctx.status = 403;
    ctx.body = { error: 'blocked by the project' };
    return;
  }
  if (ctx.path === '/boom') ctx.throw(418, 'short and stout');
  if (ctx.path === '/dead-end') return;
  if (ctx.path === '/raw') await strapi.db.connection.raw('select 1');
  await next();
};
`,
      },
      async (url) => {
        const made = await fetch(`${url}/api/books?status=draft`, json({ data: { title: 'Short Link Book' } }));
        expect(made.status).toBe(201);
        const book = ((await made.json()) as { data: { documentId: string; slug: string } }).data;
        await fetch(`${url}/api/books/${book.documentId}?status=published`, put({ data: {} }));
        const published = await fetch(`${url}/api/books/${book.documentId}`);
        expect(published.status).toBe(200);

        const go = await fetch(`${url}/go/${book.slug}`, { redirect: 'manual' });
        expect(go.status).toBe(302);
        expect(go.headers.get('location')).toBe(`/books/${book.documentId}`);
        const missing = await fetch(`${url}/go/no-such-slug`);
        expect(missing.status).toBe(404);
        expect(await missing.json()).toEqual({ error: 'no such short link' });

        const blocked = await fetch(`${url}/api/i18n/locales`, { headers: { 'x-block': 'yes' } });
        expect(blocked.status).toBe(403);
        expect(await blocked.json()).toEqual({ error: 'blocked by the project' });
        // let through: the plugin's route answers (the public role is not granted the locales: Strapi's 403
        // envelope), with the header a later global middleware set on the way
        const locales = await fetch(`${url}/api/i18n/locales`);
        expect(locales.status).toBe(403);
        expect(((await locales.json()) as { error: { name: string } }).error.name).toBe('ForbiddenError');
        expect(locales.headers.get('x-bookshop')).toBe('bookshop');

        const boom = await fetch(`${url}/boom`);
        expect(boom.status).toBe(418);
        expect(((await boom.json()) as { error: { message: string } }).error.message).toBe('short and stout');
        // neither an answer nor next(): the router never runs; Strapi's error middleware makes it its 404
        const dead = await fetch(`${url}/dead-end`);
        expect(dead.status).toBe(404);
        expect(((await dead.json()) as { error: { name: string } }).error.name).toBe('NotFoundError');
        // an API the mock lacks (raw SQL): the middleware is left out, the request goes on (here to the 404)
        const raw = await fetch(`${url}/raw`);
        expect(raw.status).toBe(404);
        expect(((await raw.json()) as { error: { name: string } }).error.name).toBe('NotFoundError');
        // a path nobody takes, passed through: the mock's 404 envelope
        const none = await fetch(`${url}/nowhere`);
        expect(none.status).toBe(404);
        expect(none.headers.get('x-bookshop')).toBe('bookshop');
      },
    );
  });

  test("config/api's rest.prefix moves the whole Content API, the project's routes included", async () => {
    await withEditedCopy(
      'cm-prefix-',
      { 'config/api.js': "module.exports = { rest: { prefix: '/v1', defaultLimit: 25, maxLimit: 100 } };\n" },
      async (url, s) => {
        expect(((await (await fetch(`${url}/v1/books`)).json()) as { meta: { source: string } }).meta.source).toBe('project controller');
        expect(await (await fetch(`${url}/v1/ping?echo=v`)).json()).toEqual({ pong: true, echo: 'v' });
        expect((await fetch(`${url}/v1/authors`)).status).toBe(200);
        expect((await fetch(`${url}/api/books`)).status).toBe(404);
        expect((await fetch(`${url}/v1/i18n/locales`)).status).toBe(403);
      },
    );
  });

  test('a route middleware edited while serving is reloaded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cm-reload-'));
    try {
      cpSync(PROJECT, dir, { recursive: true });
      const reloads: unknown[] = [];
      const s = await createServer({
        schemas: dir,
        memory: true,
        watch: true,
        watchSettleMs: 20,
        configObject: { permissions: PERMISSIONS },
        logger: { info() {}, error() {} },
        onReload: (e) => reloads.push(e),
      });
      const { url } = await s.listen(0);
      try {
        await fetch(`${url}/api/authors`, json({ data: { name: 'x' } }));
        const first = await fetch(`${url}/api/ping?echo=1`);
        expect(await first.json()).toEqual({ pong: true, echo: '1' });
        writeFileSync(join(dir, 'src/api/ping/controllers/ping.ts'), "export default { index(ctx) { ctx.body = { pong: 'again' }; } };\n");
        const deadline = Date.now() + 10_000;
        let answer: unknown;
        while (Date.now() < deadline) {
          answer = await (await fetch(`${url}/api/ping`)).json();
          if ((answer as { pong?: unknown }).pong === 'again') break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(answer).toEqual({ pong: 'again' });
      } finally {
        await s.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
