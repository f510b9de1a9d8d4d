import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { collectionSchema, writeProjectFile } from '../helpers/schema-files.js';
import { startProjectServer } from '../helpers/project-server.js';

// `strapi.plugin('upload').service('upload').upload({ data: { fileInfo }, files })` from project code stores the file
// in the media library as the upload route does, and answers each new file's row as Strapi 5.54's service does
// (probe s12 upload: the same fields and values but the random hash); its other methods name themselves (501).
const KEY = 'upload-service-key';
let app: Awaited<ReturnType<typeof startProjectServer>>;
let source: string;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-mock-upload-service-'));
  source = join(dir, 'greeting.txt');
  writeFileSync(source, 'hello upload');
  writeProjectFile(
    dir,
    'src/api/memo/content-types/memo/schema.json',
    collectionSchema({ singular: 'memo', plural: 'memos' }, {}, { title: { type: 'string' } }),
  );
  writeProjectFile(
    dir,
    'src/api/probe/routes/probe.js',
    `module.exports = { routes: [
  { method: 'POST', path: '/probe/upload', handler: 'probe.upload', config: { auth: false } },
  { method: 'POST', path: '/probe/remove', handler: 'probe.remove', config: { auth: false } },
] };\n`,
  );
  writeProjectFile(
    dir,
    'src/api/probe/controllers/probe.js',
    `module.exports = {
  async upload(ctx) {
    const { path, info } = ctx.request.body;
    ctx.body = await strapi.plugin('upload').service('upload').upload({ data: { fileInfo: info }, files: { filepath: path, originalFilename: 'greeting.txt', mimetype: 'text/plain', size: 12 } });
  },
  async remove(ctx) { ctx.body = await strapi.plugin('upload').service('upload').remove({ id: 1 }); },
};
`,
  );
  app = await startProjectServer(dir, KEY);
}, 30000);
afterAll(async () => app?.close());

test('POST /api/probe/upload: the service stores the file and answers its row', async () => {
  const { status, json } = await app.send<Record<string, unknown>[]>('POST', '/api/probe/upload', {
    path: source,
    info: { name: 'hello.txt', alternativeText: 'alt', caption: 'cap' },
  });
  expect(status).toBe(200);
  expect(json).toEqual([
    {
      id: 1,
      documentId: expect.any(String),
      name: 'hello.txt',
      alternativeText: 'alt',
      caption: 'cap',
      focalPoint: null,
      width: null,
      height: null,
      formats: null,
      hash: expect.stringMatching(/^hello_[0-9a-f]{10}$/),
      ext: '.txt',
      mime: 'text/plain',
      size: 0.01,
      url: expect.stringMatching(/^\/uploads\/hello_[0-9a-f]{10}\.txt$/),
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      folderPath: '/',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publishedAt: expect.any(String),
      locale: null,
    },
  ]);
  // the media library holds it, and its bytes are served; the project's own file stays where it was
  const listed = await app.send<{ name: string }>('GET', '/api/upload/files/1');
  expect(listed.json).toMatchObject({ name: 'hello.txt' });
  const served = await fetch(`${app.base}${String(json![0].url)}`);
  expect(await served.text()).toBe('hello upload');
  const again = await app.send<Record<string, unknown>[]>('POST', '/api/probe/upload', { path: source });
  expect(again.json![0]).toMatchObject({ id: 2, name: 'greeting.txt', alternativeText: null });
});

test('POST /api/probe/remove: a method the mock does not provide answers 501 naming it', async () => {
  const { status, json } = await app.send<{ error: { name: string; message: string } }>('POST', '/api/probe/remove', {});
  expect(status).toBe(501);
  expect(json!.error.message).toContain("strapi.plugin('upload').service('upload').remove()");
});
