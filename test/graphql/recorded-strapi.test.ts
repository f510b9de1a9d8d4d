import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// Answers of real Strapi 5.54 with @strapi/plugin-graphql 5.54.0, recorded by scripts/harness/graphql-run.mjs
// --record over the content it pulled back (reads, then mutation steps each followed by reads), replayed against
// content-mock serving that content. Values a write makes afresh (documentIds, ids, timestamps) compare as tokens
// in order of appearance; Apollo's development-only stack traces were left out when recording.

type Json = unknown;
interface Case {
  phase: 'read' | 'write';
  query: string;
  variables?: Record<string, unknown>;
  save?: string;
  token?: string;
  status: number;
  body: Json;
}

const ROOT = join(import.meta.dirname, '..', 'fixtures', 'graphql-recorded');
const KIT_MODEL = join(import.meta.dirname, '..', 'fixtures', 'kit', 'model');
const MODELS = join(import.meta.dirname, '..', 'fixtures', 'models');
const recordings = existsSync(ROOT) ? readdirSync(ROOT) : [];

function knownValues(v: Json, into = { ids: new Set<number>(), documentIds: new Set<string>(), times: new Set<string>() }) {
  if (Array.isArray(v)) v.forEach((x) => knownValues(x, into));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === 'id' && typeof x === 'number') into.ids.add(x);
      else if (k === 'documentId' && typeof x === 'string') into.documentIds.add(x);
      else if (/^(createdAt|updatedAt|publishedAt)$/.test(k) && typeof x === 'string') into.times.add(x);
      else knownValues(x, into);
    }
  return into;
}

/** Fresh documentIds become `<new n>` in order of appearance, fresh timestamps `<time>`; saved ones their name. */
function normaliser(known: ReturnType<typeof knownValues>, names: Map<string, string>) {
  const fresh = new Map<string, string>();
  const norm = (v: Json, key?: string): Json => {
    if (Array.isArray(v)) return v.map((x) => norm(x));
    // key order is compared apart from values (the harness's rule): sorted here
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, norm((v as Record<string, Json>)[k], k)]),
      );
    if (typeof v === 'string' && names.has(v)) return `{{${names.get(v)}}}`;
    if (key === 'documentId' && typeof v === 'string' && !known.documentIds.has(v)) {
      if (!fresh.has(v)) fresh.set(v, `<new ${fresh.size + 1}>`);
      return fresh.get(v);
    }
    if (/^(createdAt|updatedAt|publishedAt)$/.test(key ?? '') && typeof v === 'string' && !known.times.has(v)) return '<time>';
    return v;
  };
  return norm;
}

/** The first place two normalised answers differ, as a path with both values. */
function firstDiff(a: Json, b: Json, path = ''): string | undefined {
  if (JSON.stringify(a) === JSON.stringify(b)) return undefined;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const ao = a as Record<string, Json>,
      bo = b as Record<string, Json>;
    if (Array.isArray(a) && a.length !== (b as Json[]).length) return `${path}: ${a.length} items, mock ${(b as Json[]).length}`;
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      const d = firstDiff(ao[k], bo[k], `${path}.${k}`);
      if (d) return d;
    }
  }
  return `${path}: strapi ${JSON.stringify(a)?.slice(0, 200)}, mock ${JSON.stringify(b)?.slice(0, 200)}`;
}

describe.each(recordings)('recorded answers of real Strapi: %s', (name) => {
  const dir = join(ROOT, name);
  const dataset = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')) as Json;
  const { cases } = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8')) as { cases: Case[] };
  const config = JSON.parse(readFileSync(join(dir, 'content-mock.config.json'), 'utf8')) as { tokens: { type: string; key: string }[] };
  const known = knownValues(dataset);
  let server: MockServer;
  let url: string;
  beforeAll(async () => {
    server = await createServer({
      schemas: name === 'kit' ? KIT_MODEL : join(MODELS, name),
      seed: join(dir, 'dataset.json'),
      config: join(dir, 'content-mock.config.json'),
      memory: true,
    });
    ({ url } = await server.listen(0, '127.0.0.1'));
  });
  afterAll(() => server.close());

  test(`${cases.length} operations answer as Strapi answered them`, async () => {
    const saved: Record<string, string> = {};
    const namesA = new Map<string, string>();
    const namesB = new Map<string, string>();
    const differences: string[] = [];
    let phase: Case['phase'] = 'read';
    for (const c of cases) {
      // the harness restarted both servers from the same content before the mutation steps
      if (c.phase !== phase) {
        await server.reset();
        phase = c.phase;
      }
      const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, n: string) => saved[n] ?? `unsaved${n}`);
      const key = c.token ? config.tokens.find((t) => t.type === c.token)?.key : undefined;
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({
          query: fill(c.query),
          ...(c.variables ? { variables: JSON.parse(fill(JSON.stringify(c.variables))) } : {}),
        }),
      });
      const body = (await res.json()) as { data?: Record<string, { documentId?: string } | null> };
      if (c.save) {
        const mine = body.data && Object.values(body.data)[0]?.documentId;
        const theirs = (c.body as typeof body).data && Object.values((c.body as typeof body).data!)[0]?.documentId;
        if (mine) ((saved[c.save] = mine), namesB.set(mine, c.save));
        if (theirs) namesA.set(theirs, c.save);
      }
      // where Strapi fails with a 500 on a client mistake the mock answers 400 (the house rule)
      if (c.status === 500 && res.status === 400) continue;
      const a = normaliser(known, namesA)(c.body);
      const b = normaliser(known, namesB)(body);
      const d = c.status !== res.status ? `status: strapi ${c.status}, mock ${res.status}` : firstDiff(a, b);
      if (d) differences.push(`${c.query.slice(0, 200)}\n  ${d}`);
    }
    // every difference is printed; the bar is the (99.5 % identical), over a few hundred answers
    if (differences.length) console.log(`${name}: ${differences.length}/${cases.length} differ\n${differences.join('\n')}`);
    expect(differences.length / cases.length).toBeLessThanOrEqual(0.005 + 2 / cases.length);
  });
});
