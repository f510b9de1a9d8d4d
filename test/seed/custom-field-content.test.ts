import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { generateSeed } from '../../src/dataset/seed/generate-seed.js';
import { writeCollectionType } from '../helpers/schema-files.js';

// Patterns from published Strapi projects, rebuilt as our own minimal project: a multi-select custom field (JSON that
// holds a list of the choices in its `options`, written `label:value`), a single-choice string custom field, and a
// UUID custom field (a plugin fills and checks it on every write; frontends look documents up by it).

/** Every document snapshot of a type, whatever the locale and status it is filed under. */
function snapshots(documents: unknown): Record<string, unknown>[] {
  if (Array.isArray(documents)) return documents as Record<string, unknown>[];
  return Object.values(documents as Record<string, Record<string, unknown>>).flatMap((byStatus) =>
    Object.values(byStatus).flatMap((v) => (Array.isArray(v) ? v : v ? [v] : [])),
  ) as Record<string, unknown>[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-seed-custom-fields-'));
  writeCollectionType(
    root,
    { singular: 'venue', plural: 'venues', display: 'Venue' },
    {
      title: { type: 'string' },
      perks: {
        type: 'customField',
        customField: 'plugin::multi-select.multi-select',
        options: ['Free parking:parking', 'Step-free access:accessible', 'Open late:late', ''],
      },
      mood: { type: 'customField', customField: 'plugin::acme-select.single', options: ['calm', 'lively'] },
      uuid: { type: 'customField', customField: 'plugin::strapi-advanced-uuid.uuid', required: true },
      externalGuid: { type: 'string' },
    },
  );
  return root;
}

test('a select-like custom field holds its choices: a list of values for JSON, one value for a string', async () => {
  const model = await loadModel(project(), { customFields: { 'plugin::acme-select.single': 'string' } });
  const dataset = generateSeed(model, { count: 40, seed: 'choices', locales: ['en'] });
  const docs = snapshots(dataset.contentTypes['api::venue.venue'].documents);
  expect(docs.length).toBeGreaterThan(0);
  const seen = new Set<string>();
  for (const d of docs) {
    const v = d.perks;
    // an optional field is sometimes left empty, as an editor leaves it
    if (v === null) continue;
    expect(Array.isArray(v)).toBe(true);
    const list = v as unknown[];
    expect(list.length).toBeGreaterThanOrEqual(1);
    expect(new Set(list).size).toBe(list.length);
    for (const x of list) {
      expect(['parking', 'accessible', 'late']).toContain(x);
      seen.add(String(x));
    }
  }
  expect(seen.size).toBeGreaterThan(1);
  const moods = docs.map((d) => d.mood).filter((m) => m !== null);
  expect(moods.length).toBeGreaterThan(0);
  for (const m of moods) expect(['calm', 'lively']).toContain(m);
});

test('a field named uuid or guid holds a version 4 UUID, distinct per document', async () => {
  const model = await loadModel(project());
  const dataset = generateSeed(model, { count: 40, seed: 'uuids', locales: ['en'] });
  const docs = snapshots(dataset.contentTypes['api::venue.venue'].documents);
  const byDocument = new Map(docs.map((d) => [d.documentId, d.uuid]));
  for (const u of byDocument.values()) expect(u).toMatch(UUID);
  expect(new Set(byDocument.values()).size).toBe(byDocument.size);
  for (const d of docs) expect(d.externalGuid).toMatch(UUID);
});
