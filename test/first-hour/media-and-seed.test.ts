import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { createServer, type MockServer } from '../../src/index.js';
import { generateSeed } from '../../src/dataset/seed/generate-seed.js';
import { loadProject } from '../../src/project/load-project.js';
import type { Attributes, ContentModel, ScalarAttribute } from '../../src/core/model/types.js';
import type { Dataset } from '../../src/core/data/import-dataset.js';
import { PROJECT } from './cli-server.js';

// Generated content as a frontend meets it: every media URL renders, every value passes the schema's own rules.

let model: ContentModel;
let dataset: Dataset;

beforeAll(async () => {
  ({ model } = await loadProject({ schemas: PROJECT }));
  dataset = generateSeed(model, { count: 25, seed: 'first-hour', locales: ['en'] });
});

/** Every scalar attribute with its owner, components included. */
function scalars(attributes: Attributes, owner: string, out: { owner: string; a: ScalarAttribute }[] = []) {
  for (const a of attributes.values()) {
    if (a.kind === 'scalar') out.push({ owner, a });
    else if (a.kind === 'component') scalars(model.components.get(a.component)?.attributes ?? new Map(), a.component, out);
  }
  return out;
}

/** Every object stored under `key` that belongs to `owner` rows, anywhere in the dataset. */
function valuesOf(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const v of node) valuesOf(v, key, out);
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === key && (typeof v !== 'object' || v === null)) out.push(v);
      valuesOf(v, key, out);
    }
  }
  return out;
}

describe('seed on a project with regex, min/max and lengths', () => {
  test('every value matches its attribute regex, lengths and bounds', () => {
    const checked = new Set<string>();
    for (const [uid, type] of model.contentTypes) {
      const docs = dataset.contentTypes[uid]?.documents;
      if (!docs) continue;
      for (const { a } of scalars(type.attributes, uid)) {
        const values = valuesOf(docs, a.name).filter((v) => v !== null);
        if (a.regex) {
          expect(values.length, `${uid} ${a.name}`).toBeGreaterThan(0);
          for (const v of values) expect(String(v), `${a.source}`).toMatch(new RegExp(a.regex));
          checked.add(a.source);
        }
        for (const v of values) {
          if (typeof v === 'string' && a.minLength !== undefined) expect(v.length, a.source).toBeGreaterThanOrEqual(a.minLength);
          if (typeof v === 'string' && a.maxLength !== undefined) expect(v.length, a.source).toBeLessThanOrEqual(a.maxLength);
          if (typeof v === 'number' && a.min !== undefined) expect(v, a.source).toBeGreaterThanOrEqual(a.min);
          if (typeof v === 'number' && a.max !== undefined) expect(v, a.source).toBeLessThanOrEqual(a.max);
        }
      }
    }
    // sku (unique), tag name (unique, lengths), tag colour, the component's postal code.
    expect(checked.size).toBe(4);
    const skus = valuesOf(dataset.contentTypes['api::article.article'].documents, 'sku');
    const published = (
      dataset.contentTypes['api::article.article'].documents as Record<string, { published: { documentId: string; sku: string }[] }>
    )['*none*'].published;
    expect(new Set(published.map((r) => r.sku)).size).toBe(published.length);
    expect(skus.length).toBeGreaterThan(0);
  });

  test('values fit their names; users exist and relations to users are filled', () => {
    const docs = dataset.contentTypes['api::article.article'].documents;
    for (const v of valuesOf(docs, 'phone').filter((x) => x !== null)) expect(String(v)).toMatch(/^\+?[\d\s().-]{7,}$/);
    for (const v of valuesOf(docs, 'website').filter((x) => x !== null)) expect(String(v)).toMatch(/^https:\/\/[a-z0-9.-]+\//);
    for (const v of valuesOf(docs, 'email').filter((x) => x !== null)) expect(String(v)).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    const users = dataset.contentTypes['plugin::users-permissions.user'];
    expect(users).toBeDefined();
    const userIds = new Set(
      Object.values(users.documents as Record<string, { published: { id: number }[] }>).flatMap((d) => d.published.map((u) => u.id)),
    );
    expect(userIds.size).toBeGreaterThan(0);
    const linked = [...JSON.stringify(docs).matchAll(/"author":\{"id":(\d+)/g)].map((m) => Number(m[1]));
    expect(linked.length).toBeGreaterThan(5);
    for (const id of linked) expect(userIds).toContain(id);
  });
});

describe('media that render', () => {
  let server: MockServer;
  let url: string;
  beforeAll(async () => {
    server = await createServer({
      schemas: PROJECT,
      memory: true,
      seedIfEmpty: true,
      public: true,
      // Uploading needs a full-access token.
      configObject: { tokens: [{ name: 'uploader', type: 'full-access', key: 'upload-token' }] },
    });
    ({ url } = await server.listen(0));
  });
  afterAll(() => server.close());

  test('every media URL of a seeded store answers 200 with an image of the recorded size and format', async () => {
    const files = server.runtime().store.data.media.filter((m) => m.mime.startsWith('image/'));
    expect(files.length).toBeGreaterThan(3);
    const targets: { url: string; width: number; height: number; mime: string }[] = [];
    for (const f of files) {
      targets.push({ url: f.url, width: Number(f.width), height: Number(f.height), mime: f.mime });
      for (const fmt of Object.values((f.formats ?? {}) as Record<string, { url: string; width: number; height: number }>))
        targets.push({ url: fmt.url, width: fmt.width, height: fmt.height, mime: f.mime });
    }
    for (const t of targets) {
      const res = await fetch(`${url}${t.url}`);
      expect(res.status, t.url).toBe(200);
      expect(res.headers.get('content-type'), t.url).toBe(t.mime);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ width: meta.width, height: meta.height, format: meta.format }, t.url).toEqual({
        width: t.width,
        height: t.height,
        format: t.mime.replace('image/', ''),
      });
    }
  }, 60_000);

  test('an uploaded image gets real formats at Strapi breakpoints, each served with its size', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([png], { type: 'image/png' }), 'hero.png');
    const res = await fetch(`${url}/api/upload`, { method: 'POST', body: form, headers: { authorization: 'Bearer upload-token' } });
    expect(res.status).toBe(201);
    const [file] = (await res.json()) as { formats: Record<string, { url: string; width: number; height: number }> }[];
    expect(Object.keys(file.formats)).toEqual(['thumbnail', 'large', 'medium', 'small']);
    expect(file.formats.thumbnail).toMatchObject({ width: 234, height: 156 });
    expect(file.formats.large).toMatchObject({ width: 1000, height: 667 });
    expect(file.formats.small).toMatchObject({ width: 500, height: 333 });
    for (const f of Object.values(file.formats)) {
      const got = await fetch(`${url}${f.url}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('x-content-mock-placeholder')).toBeNull();
      const meta = await sharp(Buffer.from(await got.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([f.width, f.height]);
    }
  });
});
