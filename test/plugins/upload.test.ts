import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { call, KIT_CONFIG, KIT_DATASET, startKit, type Running } from './plugin-server.js';

const kitConfig = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { permissions: { public: Record<string, unknown> } };
const dataset = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as { media: { id: number; name: string }[] };
const config = {
  upload: { sizeLimit: 1024 },
  permissions: {
    public: { ...kitConfig.permissions.public, 'plugin::upload.content-api.upload': true, 'plugin::upload.content-api.destroy': true },
  },
};

// A 3×2 PNG: the header is enough for width and height.
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.from([0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0]),
]);

let kit: Running;
beforeAll(async () => {
  kit = await startKit(config);
});
afterAll(() => kit.server.close());

function form(files: { name: string; type: string; bytes: Buffer }[], fileInfo?: unknown, field = 'files'): FormData {
  const f = new FormData();
  for (const file of files) f.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  if (fileInfo !== undefined) f.append('fileInfo', JSON.stringify(fileInfo));
  return f;
}
const upload = (body: FormData | string, headers: Record<string, string> = {}) =>
  call(`${kit.url}/api/upload`, { method: 'POST', body, headers });

describe('GET /api/upload/files', () => {
  test('→ 200 bare array of the media library, each with isUrlSigned false', async () => {
    const res = await call(`${kit.url}/api/upload/files`);
    expect(res.status).toBe(200);
    const files = res.body as Record<string, unknown>[];
    expect(Array.isArray(files)).toBe(true);
    expect(files.map((f) => f.id)).toEqual(dataset.media.map((m) => m.id));
    for (const f of files) expect(f.isUrlSigned).toBe(false);
  });

  test("filters, sort and fields work as on content types; a bad key is Strapi's 400", async () => {
    const res = await call(`${kit.url}/api/upload/files?filters[mime][$eq]=image/png&sort=name:desc&fields[0]=name`);
    const names = dataset.media
      .filter((m) => m.name.endsWith('.png'))
      .map((m) => m.name)
      .sort()
      .reverse();
    expect(res.body).toEqual(names.map((name) => expect.objectContaining({ name })));
    expect(Object.keys((res.body as Record<string, unknown>[])[0]).sort()).toEqual(['documentId', 'id', 'isUrlSigned', 'name']);
    const bad = await call(`${kit.url}/api/upload/files?filters[nope][$eq]=1`);
    expect(bad).toMatchObject({ status: 400, body: { error: { name: 'ValidationError', message: 'Invalid key nope' } } });
  });
});

describe('GET /api/upload/files/:id', () => {
  test('a known id → 200 bare object', async () => {
    const res = await call(`${kit.url}/api/upload/files/${dataset.media[0].id}`);
    expect(res).toMatchObject({ status: 200, body: { id: dataset.media[0].id, name: dataset.media[0].name, isUrlSigned: false } });
  });

  test.each(['999', 'ds4xp9lrn50nqapkxfz360sq'])('unknown id or a documentId (%s) → 404 file.notFound', async (id) => {
    const res = await call(`${kit.url}/api/upload/files/${id}`);
    expect(res).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
      body: { data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } },
    });
  });
});

describe('POST /api/upload', () => {
  test('two files with fileInfo → 201 bare array of new records; the bytes are served under /uploads/', async () => {
    const res = await upload(
      form(
        [
          { name: 'pixel.png', type: 'image/png', bytes: PNG },
          { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello uploads') },
        ],
        [{ alternativeText: 'a tiny image', caption: 'tiny' }, { name: 'renamed.txt' }],
      ),
    );
    expect(res.status).toBe(201);
    const [png, txt] = res.body as Record<string, unknown>[];
    expect(png).toMatchObject({
      name: 'pixel.png',
      alternativeText: 'a tiny image',
      caption: 'tiny',
      width: 3,
      height: 2,
      formats: null,
      ext: '.png',
      mime: 'image/png',
      size: 0.03,
      provider: 'local',
      provider_metadata: null,
      previewUrl: null,
    });
    expect(png.id).toBe(Math.max(...dataset.media.map((m) => m.id)) + 1);
    expect(png.documentId).toMatch(/^[a-z][a-z0-9]{23}$/);
    expect(png.hash).toMatch(/^pixel_[0-9a-f]{10}$/);
    expect(png.url).toBe(`/uploads/${String(png.hash)}.png`);
    expect(txt).toMatchObject({ name: 'renamed.txt', mime: 'text/plain', width: null, size: 0.01 });

    const served = await fetch(`${kit.url}${String(txt.url)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await served.text()).toBe('hello uploads');
    expect(await call(`${kit.url}/api/upload/files/${String(png.id)}`)).toMatchObject({ status: 200, body: { id: png.id } });
  });

  test.each([
    ['no files at all', () => form([], { name: 'x' })],
    ['a file under another field', () => form([{ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') }], undefined, 'file')],
  ])('%s → 400 ValidationError "Files are empty"', async (_name, body) => {
    const res = await upload(body());
    expect(res.body).toEqual({ data: null, error: { status: 400, name: 'ValidationError', message: 'Files are empty', details: {} } });
  });

  test('a JSON body → 400 "Files are empty"', async () => {
    const res = await upload('{"files":[]}', { 'content-type': 'application/json' });
    expect(res).toMatchObject({ status: 400, body: { error: { message: 'Files are empty' } } });
  });

  test('a file over upload.sizeLimit (1 KB here) → 413 PayloadTooLargeError, nothing stored', async () => {
    const before = kit.server.runtime().store.data.media.length;
    const res = await upload(form([{ name: 'big.bin', type: 'application/octet-stream', bytes: Buffer.alloc(4096, 7) }]));
    expect(res).toMatchObject({
      status: 413,
      body: { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'FileTooBig' } },
    });
    expect(kit.server.runtime().store.data.media.length).toBe(before);
  });

  test('without the upload permission → 403', async () => {
    const strict = await startKit({ permissions: { public: kitConfig.permissions.public } });
    try {
      const res = await call(`${strict.url}/api/upload`, {
        method: 'POST',
        body: form([{ name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') }]),
      });
      expect(res).toMatchObject({ status: 403, body: { error: { name: 'ForbiddenError' } } });
    } finally {
      await strict.server.close();
    }
  });
});

describe('DELETE /api/upload/files/:id', () => {
  test('→ 200 with the deleted file; then it is gone (404) and its bytes too', async () => {
    const created = (await upload(form([{ name: 'gone.txt', type: 'text/plain', bytes: Buffer.from('bye') }]))).body as {
      id: number;
      url: string;
    }[];
    const id = created[0].id;
    const res = await call(`${kit.url}/api/upload/files/${id}`, { method: 'DELETE' });
    expect(res).toMatchObject({ status: 200, body: { id, name: 'gone.txt' } });
    expect((await call(`${kit.url}/api/upload/files/${id}`)).status).toBe(404);
    expect((await fetch(`${kit.url}${created[0].url}`)).status).toBe(404);
    expect((await call(`${kit.url}/api/upload/files/${id}`, { method: 'DELETE' })).body).toMatchObject({
      error: { message: 'file.notFound' },
    });
  });
});
