import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import type { Answer } from '../write/write-client.js';
import { modelServer } from '../write/model-server.js';

// A populated level (a relation, a component list) is read through its join table, which has an `id` column too: a
// list under `$not`, `$and` or `$or` is handed to SQL raw, so an `id` in it is an ambiguous column there. Real Strapi
// 5.54 fails with a 500 (shop and populate-deep, grammar seed 1690); the mock refuses with a 400 naming the column.
// `name`/`label` in the same place, `$not` holding an object, and the top level (no join) run on both. Recorded with
// scripts/harness/probe.mjs on the shop fixture (reports/s14-write-probes/populate-join-table-raw-id-*.json) and
// replayed here.
let server: MockServer;
let call: (method: string, path: string, body?: unknown) => Promise<Answer>;
beforeAll(async () => ({ server, call } = await modelServer('shop')));
afterAll(() => server.close());

interface Recorded {
  readonly step: { method: string; path: string; body?: unknown; save?: string };
  readonly status: number;
}

test('a raw `id` in a populated level read through a join table is refused where Strapi fails; the rest runs', async () => {
  const probes = join(import.meta.dirname, '../../scripts/harness/reports/s14-write-probes');
  const recorded = JSON.parse(readFileSync(join(probes, 'populate-join-table-raw-id-strapi.json'), 'utf8')) as Recorded[];
  const saved: Record<string, string> = {};
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => saved[k] ?? '');
  for (const { step, status } of recorded) {
    const body = step.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(step.body)));
    // the fixture's store is seeded: names made unique for the run
    if (step.path === '/api/brands' && step.method === 'POST') (body as { data: { name: string } }).data.name += ' join-table';
    const answer = await call(step.method, fill(step.path), body);
    const label = `${step.method} ${step.path}`;
    if (status === 500) {
      expect(answer.status, label).toBe(400);
      expect(answer.body.error?.message, label).toContain('id names no column of exactly one table of the query');
    } else expect(answer.status, label).toBe(status);
    const doc = answer.body.data as { documentId?: string } | null;
    if (step.save && doc?.documentId) saved[step.save] = doc.documentId;
  }
});
