import { strapi, HTTPNotFoundError } from '@strapi/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { KIT_DATASET, startKit, type Running } from '../plugins/plugin-server.js';
import { readFileSync } from 'node:fs';

// The official JS SDK (@strapi/client) against the mock: what a frontend built on it gets back from the upload
// plugin and the content API, checked against Strapi 5.54's rules (upload service formatFileInfo, optimize,
// updateFileInfo, replace, the morph link of ref/refId/field; the session manager's refresh token).

const KEY = 'client-test-full-access-key';
const dataset = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as {
  contentTypes: Record<string, { documents: Record<string, Record<string, { id: number; documentId: string }[]>> }>;
};
const article = dataset.contentTypes['api::article.article'].documents.en.published[0];

let kit: Running;
let client: ReturnType<typeof strapi>;
beforeAll(async () => {
  kit = await startKit({ tokens: [{ name: 'client test', type: 'full-access', key: KEY }] });
  client = strapi({ baseURL: `${kit.url}/api`, auth: KEY });
});
afterAll(() => kit.server.close());

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
type File = Record<string, unknown> & { id: number; url: string; hash: string; size: number };
const served = async (url: string) => Buffer.from(await (await fetch(`${kit.url}${url}`)).arrayBuffer());
const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

describe('files.upload', () => {
  test('a Blob sent without a name: the extension comes from its type, the hash from fileInfo.name', async () => {
    const bytes = await png(40, 30);
    const [file] = (await client.files.upload(new Blob([new Uint8Array(bytes)], { type: 'image/png' }), {
      fileInfo: { name: 'holiday photo.png', alternativeText: 'alt', caption: 'cap' },
    })) as unknown as File[];
    expect(file).toMatchObject({ name: 'holiday photo.png', ext: '.png', mime: 'image/png', alternativeText: 'alt', isUrlSigned: false });
    expect(file.hash).toMatch(/^holiday_photo_[0-9a-f]{10}$/);
    expect(file.url).toBe(`/uploads/${file.hash}.png`);
  });

  test('an image is stored optimized (sharp, quality 80) when that is smaller, and size measures what is stored', async () => {
    const bytes = await png(64, 48);
    const optimized = await sharp(bytes).png({ quality: 80 }).toBuffer();
    expect(optimized.length).toBeLessThan(bytes.length);
    const [file] = (await client.files.upload(bytes, { filename: 'big.png', mimetype: 'image/png' })) as unknown as File[];
    const stored = await served(file.url);
    expect(stored.length).toBe(optimized.length);
    expect(file.size).toBe(kilobytes(stored.length));
    expect(file).toMatchObject({ width: 64, height: 48, isUrlSigned: false });
  });

  test('ref, refId and field link the new file to that entry version: one media shows it, a list appends it', async () => {
    const link = async (field: string) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await png(8, 8))], { type: 'image/png' }), `${field}.png`);
      form.append('ref', 'api::article.article');
      form.append('refId', String(article.id));
      form.append('field', field);
      const res = await client.fetch('/upload', { method: 'POST', body: form });
      expect(res.status).toBe(201);
      return ((await res.json()) as File[])[0];
    };
    const before = (await client.collection('articles').findOne(article.documentId, { populate: ['cover', 'gallery'] })) as unknown as {
      data: { gallery: File[] | null };
    };
    const cover = await link('cover');
    const added = await link('gallery');
    const after = (await client.collection('articles').findOne(article.documentId, { populate: ['cover', 'gallery'] })) as unknown as {
      data: { cover: File; gallery: File[] };
    };
    expect(after.data.cover.id).toBe(cover.id);
    expect(after.data.gallery.map((f) => f.id)).toEqual([...(before.data.gallery ?? []).map((f) => f.id), added.id]);
  });
});

describe('files.update, replace, delete', () => {
  test('files.update changes the info given and keeps the rest; an unknown id is a 404 the SDK names', async () => {
    const [file] = (await client.files.upload(new Blob(['hello'], { type: 'text/plain' }), {
      fileInfo: { name: 'notes.txt', caption: 'kept' },
    })) as unknown as File[];
    expect(file).toMatchObject({ ext: '.txt', mime: 'text/plain' });
    const updated = (await client.files.update(file.id, { name: 'renamed.txt', alternativeText: 'alt' })) as unknown as File;
    expect(updated).toMatchObject({
      id: file.id,
      name: 'renamed.txt',
      alternativeText: 'alt',
      caption: 'kept',
      url: file.url,
      isUrlSigned: false,
    });
    expect(await client.files.findOne(file.id)).toMatchObject({ name: 'renamed.txt', caption: 'kept' });
    const missing = await client.files.update(987654, { name: 'x' }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(HTTPNotFoundError);
    const body = (await (missing as HTTPNotFoundError).response.json()) as { error: { name: string; message: string } };
    expect(body.error).toMatchObject({ name: 'NotFoundError', message: 'Entity not found' });
  });

  test('POST /upload?id= with a file replaces its bytes under the same id and url; two files are refused', async () => {
    const [file] = (await client.files.upload(await png(20, 10), { filename: 'first.png', mimetype: 'image/png' })) as unknown as File[];
    const form = (n: number) => {
      const f = new FormData();
      for (let i = 0; i < n; i++) f.append('files', new Blob(['replaced text'], { type: 'text/plain' }), 'second.txt');
      return f;
    };
    const res = await client.fetch(`/upload?id=${file.id}`, { method: 'POST', body: form(1) });
    expect(res.status).toBe(200);
    const replaced = (await res.json()) as File;
    expect(replaced).toMatchObject({
      id: file.id,
      hash: file.hash,
      url: file.url,
      name: 'second.txt',
      mime: 'text/plain',
      isUrlSigned: false,
    });
    expect((await served(file.url)).toString()).toBe('replaced text');
    const two = await client
      .fetch(`/upload?id=${file.id}`, { method: 'POST', body: form(2) })
      .catch((e: { response: Response }) => e.response);
    expect(two.status).toBe(400);
    expect(((await two.json()) as { error: { message: string } }).error.message).toBe('Cannot replace a file with multiple ones');
    // a replace makes no new record: the next upload takes the next id
    const [next] = (await client.files.upload(new Blob(['n'], { type: 'text/plain' }))) as unknown as File[];
    expect(next.id).toBe(file.id + 1);
  });

  test('files.delete answers the deleted file, signed as every upload answer is', async () => {
    const [file] = (await client.files.upload(new Blob(['bye'], { type: 'text/plain' }))) as unknown as File[];
    expect(await client.files.delete(file.id)).toMatchObject({ id: file.id, isUrlSigned: false });
    await expect(client.files.findOne(file.id)).rejects.toMatchObject({ name: 'FileNotFoundError' });
  });
});

describe('users & permissions', () => {
  test('the refresh token of a registration is signed as the session manager signs it: exp 14 days ahead, no iat', async () => {
    const visitor = strapi({ baseURL: `${kit.url}/api` });
    const res = await visitor.fetch('/auth/local/register', {
      method: 'POST',
      // a string body makes fetch send text/plain, which the SDK's default JSON content type does not replace
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'sdkuser', email: 'sdkuser@example.com', password: 'Passw0rd!' }),
    });
    const { refreshToken } = (await res.json()) as { refreshToken: string };
    const claims = JSON.parse(Buffer.from(refreshToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'sessionId', 'type', 'userId']);
    expect(Math.abs((claims.exp as number) - (Date.now() / 1000 + 14 * 24 * 3600))).toBeLessThan(60);
  });

  test('client.fetch with a JSON string and no content type sends text/plain: register lists each character as a key', async () => {
    const visitor = strapi({ baseURL: `${kit.url}/api` });
    const body = JSON.stringify({ username: 'plain', email: 'plain@example.com', password: 'Passw0rd!' });
    const error = (await visitor.fetch('/auth/local/register', { method: 'POST', body }).catch((e: unknown) => e)) as {
      response: Response;
    };
    expect(error.response.status).toBe(400);
    const keys = Object.keys(body).join(', ');
    expect(await error.response.json()).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: `Invalid parameters: ${keys}`, details: {} },
    });
  });
});
