import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { derivePopulate } from '../../src/dataset/format/derive-populate.js';
import { pullDataset } from '../../src/dataset/pull/pull-dataset.js';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { routedTypes } from '../../src/core/model/types.js';
import { loadModel } from '../../src/project/load-model.js';
import { datasetLocales } from '../../src/core/data/import-dataset.js';
import { call, KIT_DATASET, KIT_MODEL, startKit, type Running } from '../plugins/plugin-server.js';
import { KIT_TOKEN, readOnlyKitCases } from './kit-cases.js';

const kitDataset = JSON.parse(readFileSync(KIT_DATASET, 'utf8')) as {
  contentTypes: Record<string, { populate: unknown; documents: Record<string, Record<string, unknown>> }>;
  media: unknown[];
  locales: unknown[];
};

let dir: string;
let source: Running;
let pulled: Running;
const lines: string[] = [];
const out = () => join(dir, 'pulled.json');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-pull-'));
  source = await startKit();
  await runPull({ from: source.url, token: KIT_TOKEN, schemas: KIT_MODEL, out: out() }, (l) => lines.push(l));
  pulled = await startKit({}, out());
});
afterAll(async () => {
  await source?.server.close();
  await pulled?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('pull from a content-mock serving the kit, then serve the pulled file', () => {
  const cases = readOnlyKitCases();

  test('the kit has read-only cases to compare', () => {
    expect(cases.length).toBe(174);
  });

  test.each(cases.map((c) => [`${c.method} ${c.path} (${c.name})`, c] as const))('%s answers as before', async (_title, c) => {
    const init = { method: c.method, headers: c.headers };
    const [before, after] = await Promise.all([call(source.url + c.path, init), call(pulled.url + c.path, init)]);
    expect({ status: after.status, body: after.body }).toEqual({ status: before.status, body: before.body });
  });

  test('the file has every type, locale and status of the kit, the media library and the locales', () => {
    const file = JSON.parse(readFileSync(out(), 'utf8')) as typeof kitDataset;
    expect(Object.keys(file.contentTypes).sort()).toEqual(Object.keys(kitDataset.contentTypes).sort());
    for (const [uid, t] of Object.entries(kitDataset.contentTypes)) {
      const got = file.contentTypes[uid];
      expect(Object.keys(got.documents).sort(), uid).toEqual(Object.keys(t.documents).sort());
      for (const [locale, byStatus] of Object.entries(t.documents)) {
        for (const [status, docs] of Object.entries(byStatus)) {
          const ids = (v: unknown) =>
            Array.isArray(v) ? v.map((d: { id: number }) => d.id) : v === null ? null : (v as { id: number }).id;
          expect(ids(got.documents[locale][status]), `${uid} ${locale} ${status}`).toEqual(ids(docs));
        }
      }
    }
    expect(file.media).toEqual(kitDataset.media);
    expect(file.locales).toEqual(kitDataset.locales);
  });

  test('a progress line per type on stderr, then the summary', () => {
    expect(lines.filter((l) => l.startsWith('pull api::'))).toHaveLength(Object.keys(kitDataset.contentTypes).length);
    expect(lines.find((l) => l.startsWith('pull api::article.article'))).toContain('en 30 draft / 20 published');
    expect(lines.at(-1)).toMatch(/^pull: wrote .*pulled\.json/);
  });

  test('the populate derived from the model is the one the kit export used', async () => {
    const model = await loadModel(KIT_MODEL, { locales: datasetLocales(JSON.parse(readFileSync(KIT_DATASET, 'utf8'))) });
    for (const type of routedTypes(model)) {
      expect(derivePopulate(model, type), type.uid).toEqual(kitDataset.contentTypes[type.uid].populate);
    }
  });
});

describe('pull: clear errors, never a half-written file', () => {
  const run = (from: string, extra: { token?: string; types?: string[]; schemas?: string } = {}) =>
    runPull({ from, schemas: extra.schemas ?? KIT_MODEL, out: out(), token: extra.token, types: extra.types }, () => undefined);

  test('a server that is down → "cannot reach"; an invalid URL → "not a URL"', async () => {
    const closed = await startKit();
    const url = closed.url;
    await closed.server.close();
    await expect(run(url)).rejects.toThrow(new RegExp(`cannot reach ${url.replace(/\./g, '\\.')} \\(ECONNREFUSED\\)`));
    await expect(run('not a url')).rejects.toThrow(/not a URL/);
  });

  test('a refused token → 401 message naming --token', async () => {
    await expect(run(source.url, { token: 'wrong-token' })).rejects.toThrow(/refused the token \(401 Missing or invalid credentials\)/);
  });

  test('no token, type the public role may not read → 403 message', async () => {
    await expect(run(source.url, { types: ['secrets'] })).rejects.toThrow(
      /forbidden \(403\)\. The public role may not read \/api\/secrets/,
    );
  });

  test('a type the server lacks → 404 message, for collection and single types', async () => {
    const schemas = join(dir, 'extra-model');
    for (const [name, kind] of [
      ['gadget', 'collectionType'],
      ['banner', 'singleType'],
    ] as const) {
      const folder = join(schemas, 'api', name, 'content-types', name);
      rmSync(folder, { recursive: true, force: true });
      await import('node:fs').then((fs) => fs.mkdirSync(folder, { recursive: true }));
      writeFileSync(
        join(folder, 'schema.json'),
        JSON.stringify({
          kind,
          collectionName: `${name}s`,
          info: { singularName: name, pluralName: `${name}s`, displayName: name },
          options: { draftAndPublish: false },
          attributes: { label: { type: 'string' } },
        }),
      );
    }
    await expect(run(source.url, { schemas, types: ['gadgets'] })).rejects.toThrow(/has no \/api\/gadgets \(404\)/);
    await expect(run(source.url, { schemas, types: ['banner'] })).rejects.toThrow(/has no \/api\/banner \(404\)/);
  });

  test('a failed pull leaves the previous file untouched and no temp file behind', async () => {
    const before = readFileSync(out(), 'utf8');
    await expect(run(source.url, { token: 'wrong-token' })).rejects.toThrow();
    expect(readFileSync(out(), 'utf8')).toBe(before);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(existsSync(out())).toBe(true);
  });

  test('--types and --locales narrow the pull', async () => {
    const model = await loadModel(KIT_MODEL);
    const dataset = await pullDataset(model, { from: source.url, token: KIT_TOKEN, types: ['articles'], locales: ['fr'] });
    expect(Object.keys(dataset.contentTypes)).toEqual(['api::article.article']);
    expect(Object.keys(dataset.contentTypes['api::article.article'].documents as object)).toEqual(['fr']);
  });
});

test('sanity: the source server answers the kit', async () => {
  expect((await call(`${source.url}/api/articles`)).status).toBe(200);
});
