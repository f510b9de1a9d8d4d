import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer } from '../../src/mock/create-server.js';
import { runPull } from '../../src/dataset/pull/run-pull.js';
import { runPush } from '../../src/dataset/push/run-push.js';
import { loadModel } from '../../src/project/load-model.js';
import { KIT_CONFIG, KIT_DATASET, KIT_MODEL, startKit, type Running } from '../plugins/plugin-server.js';

// push into a second, empty content-mock, pull both back: the same content, up to the ids and timestamps the
// target minted (documents are matched by content, links by the documents they point to).
const FULL = 'push-test-full-access-key-2f0c1d9e';
const kitConfig = JSON.parse(readFileSync(KIT_CONFIG, 'utf8')) as { tokens: { key: string }[] };
const extra = {
  tokens: [...kitConfig.tokens, { name: 'push full-access', type: 'full-access', key: FULL }],
  locales: [{ code: 'en', isDefault: true }, { code: 'fr' }, { code: 'de' }],
};

let dir: string;
let source: Running;
let target: Running;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'content-mock-push-'));
  const model = await loadModel(KIT_MODEL);
  inverseSides = new Set(
    [...model.contentTypes.values()].flatMap((t) =>
      [...t.attributes.values()].filter((a) => a.kind === 'relation' && a.mappedBy).map((a) => a.name),
    ),
  );
  source = await startKit(extra);
  const empty = await createServer({ schemas: KIT_MODEL, config: KIT_CONFIG, memory: true, configObject: extra });
  target = { server: empty, url: (await empty.listen(0, '127.0.0.1')).url };
}, 60_000);
afterAll(async () => {
  await source?.server.close();
  await target?.server.close();
  rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
interface Pulled {
  contentTypes: Record<string, { documents: Record<string, Record<string, Json[] | Json | null>> }>;
  media: Json[];
}

/** Each document's label: its type and the first string of its first row (the content, not the ids). */
function labels(ds: Pulled): Map<string, string> {
  const out = new Map<string, string>();
  for (const [uid, t] of Object.entries(ds.contentTypes)) {
    for (const locale of Object.keys(t.documents).sort()) {
      for (const status of ['draft', 'published']) {
        const v = t.documents[locale][status];
        for (const doc of Array.isArray(v) ? v : v ? [v] : []) {
          const id = String(doc.documentId);
          if (out.has(id)) continue;
          const text = Object.entries(doc).find(
            ([k, x]) => typeof x === 'string' && !['documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt'].includes(k),
          );
          out.set(id, `${uid}:${String(text?.[1])}`);
        }
      }
    }
  }
  for (const m of ds.media) out.set(String(m.documentId), `media:${String(m.name)}`);
  return out;
}

// Inverse-side lists are in link order, and push links in its own order: compared as sets.
let inverseSides = new Set<string>();

function canonical(ds: Pulled): Record<string, string[]> {
  const names = labels(ds);
  const strip = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) {
      const items = v.map((x) => strip(x));
      return key && inverseSides.has(key) ? items.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))) : items;
    }
    if (v && typeof v === 'object') {
      const o: Json = {};
      for (const k of Object.keys(v).sort()) {
        if (
          [
            'id',
            'createdAt',
            'updatedAt',
            'url',
            'hash',
            'formats',
            'provider_metadata',
            'previewUrl',
            'size',
            'width',
            'height',
            'ext',
            'mime',
          ].includes(k)
        )
          continue;
        o[k] = strip((v as Json)[k], k);
      }
      return o;
    }
    if (key === 'documentId') return names.get(String(v)) ?? v;
    if (key === 'publishedAt') return v === null ? null : 'published';
    return v;
  };
  const out: Record<string, string[]> = {};
  for (const [uid, t] of Object.entries(ds.contentTypes)) {
    for (const [locale, byStatus] of Object.entries(t.documents)) {
      for (const [status, v] of Object.entries(byStatus)) {
        out[`${uid} ${locale} ${status}`] = (Array.isArray(v) ? v : v ? [v] : []).map((d) => JSON.stringify(strip(d))).sort();
      }
    }
  }
  return out;
}

describe("push a content-mock's content into an empty one", () => {
  test('pushes, pulls back the same content, and refuses a second push without --force', async () => {
    const code = await runPush({ to: target.url, token: FULL, seed: KIT_DATASET, schemas: KIT_MODEL }, (l) => lines.push(l));
    expect(code).toBe(0);
    expect(lines.filter((l) => l.includes('warning:'))).toEqual([]);
    await runPull({ from: source.url, token: FULL, schemas: KIT_MODEL, out: join(dir, 'source.json') }, () => {});
    await runPull({ from: target.url, token: FULL, schemas: KIT_MODEL, out: join(dir, 'target.json') }, () => {});
    const a = JSON.parse(readFileSync(join(dir, 'source.json'), 'utf8')) as Pulled;
    const b = JSON.parse(readFileSync(join(dir, 'target.json'), 'utf8')) as Pulled;
    expect(b.media.map((m) => m.name).sort()).toEqual(a.media.map((m) => m.name).sort());
    const [ca, cb] = [canonical(a), canonical(b)];
    expect(Object.keys(cb).sort()).toEqual(Object.keys(ca).sort());
    for (const key of Object.keys(ca)) expect(cb[key], key).toEqual(ca[key]);
    await expect(runPush({ to: target.url, token: FULL, seed: KIT_DATASET, schemas: KIT_MODEL }, () => {})).rejects.toThrow(
      /already holds/,
    );
  }, 120_000);
});
