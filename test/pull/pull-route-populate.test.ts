import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { unpopulated } from '../../src/dataset/pull/pull-dataset.js';
import { writeCollectionType, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// A server whose route middleware sets its own populate (LaunchPad's `ctx.query.populate = {...}` on find and
// findOne): pull's populate is replaced, so the answers lack what the middleware leaves out. Strapi answers every
// populated attribute (null or [] when empty): a key absent from every entry tells it. Pull says which, in its output
// and in the file's notes, instead of writing a file that silently lacks the server's links.
const root = mkdtempSync(join(tmpdir(), 'cm-pull-route-populate-'));
const src = join(root, 'src');
const schemasOnly = mkdtempSync(join(tmpdir(), 'cm-pull-route-populate-schemas-'));
for (const dir of [src, schemasOnly]) {
  writeCollectionType(dir, { singular: 'tag', plural: 'tags', display: 'Tag' }, { name: { type: 'string' } });
  writeCollectionType(
    dir,
    { singular: 'article', plural: 'articles', display: 'Article' },
    {
      title: { type: 'string' },
      tag: { type: 'relation', relation: 'manyToOne', target: 'api::tag.tag' },
      cover: { type: 'media', multiple: false },
    },
  );
}
for (const api of ['tag', 'article'])
  for (const [folder, factory] of [
    ['controllers', 'createCoreController'],
    ['services', 'createCoreService'],
  ])
    writeProjectFile(
      src,
      `api/${api}/${folder}/${api}.js`,
      `module.exports = require('@strapi/strapi').factories.${factory}('api::${api}.${api}');\n`,
    );
writeProjectFile(src, 'api/tag/routes/tag.js', "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::tag.tag');\n");
writeProjectFile(
  src,
  'api/article/routes/article.js',
  "module.exports = require('@strapi/strapi').factories.createCoreRouter('api::article.article', { config: { find: { middlewares: ['api::article.article-populate'] } } });\n",
);
writeProjectFile(
  src,
  'api/article/middlewares/article-populate.js',
  'module.exports = () => async (ctx, next) => { ctx.query.populate = { cover: true }; await next(); };\n',
);

const KEY = 'pull-route-populate-full-access-key-01';
let project: Awaited<ReturnType<typeof startProjectServer>>;
beforeAll(async () => {
  project = await startProjectServer(root, KEY);
  const tag = await project.send<{ data: { documentId: string } }>('POST', '/api/tags', { data: { name: 't' } });
  await project.send('POST', '/api/articles', { data: { title: 'a', tag: tag.json!.data.documentId } });
});
afterAll(async () => {
  await project.close();
  rmSync(schemasOnly, { recursive: true, force: true });
});

test('pull names the attributes a route middleware left unpopulated, in its output and in the file', async () => {
  const lines: string[] = [];
  const out = join(schemasOnly, 'seed.json');
  expect(await runPull({ from: project.base, token: KEY, schemas: schemasOnly, out }, (l) => lines.push(l))).toBe(0);
  const warning =
    "pull api::article.article: the server's answers leave out tag though pull asks to populate them: its route code sets a " +
    'populate of its own (a route middleware writing ctx.query.populate) or the token may not read their types, so the ' +
    'pulled documents hold no value there (links, media and components the server has are missing from the file)';
  expect(lines.filter((l) => l.includes('leave out'))).toEqual([warning]);
  const file = JSON.parse(readFileSync(out, 'utf8')) as { notes: string[] };
  expect(file.notes).toContain(warning);
});

test.each([
  [{ a: true }, [{ a: null }], []],
  [{ a: true, b: true }, [{ a: null }, { a: [] }], ['b']],
  [{ seo: { populate: { image: true } } }, [{ seo: { title: 'x' } }, { seo: null }], ['seo.image']],
  [{ zone: { on: { 'c.x': { populate: { link: true } } } } }, [{ zone: [{ __component: 'c.x', id: 1 }] }], ['zone[c.x].link']],
  [{ a: true }, [], []],
])('unpopulated(%j, %j) is %j', (spec, values, expected) => {
  expect(unpopulated(spec as never, values)).toEqual(expected);
});
