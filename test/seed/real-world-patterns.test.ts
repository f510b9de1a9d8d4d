import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { generateSeed } from '../../src/dataset/seed/generate-seed.js';

// A pattern from published Strapi projects, rebuilt as our own minimal project: `string` attributes whose names
// call for prose ("description", "bio") and no maxLength, at the top level and inside a repeatable component.

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-seed-real-world-'));
  const dir = join(root, 'api', 'step', 'content-types', 'step');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'schema.json'),
    JSON.stringify({
      kind: 'collectionType',
      info: { singularName: 'step', pluralName: 'steps', displayName: 'Step' },
      options: { draftAndPublish: false },
      attributes: {
        description: { type: 'string' },
        stages: { type: 'component', repeatable: true, component: 'parts.stage' },
      },
    }),
  );
  mkdirSync(join(root, 'components', 'parts'), { recursive: true });
  writeFileSync(
    join(root, 'components', 'parts', 'stage.json'),
    JSON.stringify({
      info: { displayName: 'Stage' },
      attributes: { bio: { type: 'string' }, description: { type: 'text' } },
    }),
  );
  return root;
}

/** Every value stored under `key`, anywhere in the dataset. */
function valuesOf(value: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(value)) for (const v of value) valuesOf(v, key, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === key) out.push(v);
      valuesOf(v, key, out);
    }
  }
  return out;
}

test('a `string` never exceeds 255 characters (varchar), even when its name asks for a paragraph', async () => {
  const model = await loadModel(project());
  const dataset = generateSeed(model, { count: 30, seed: 'strings', locales: ['en'] });
  const documents = valuesOf(dataset.contentTypes['api::step.step'], 'documents');
  // Top-level `description` is a string; inside a stage `bio` is a string and `description` a text (may be long).
  const rows = valuesOf(documents, 'documentId').length;
  const stages = valuesOf(documents, 'stages').flat() as { bio: unknown; description: unknown }[];
  const strings = [
    ...valuesOf(documents, 'description').filter((v) => !stages.some((s) => s.description === v)),
    ...stages.map((s) => s.bio),
  ].filter((v): v is string => typeof v === 'string');
  expect(rows).toBeGreaterThanOrEqual(30);
  expect(strings.length).toBeGreaterThan(30);
  expect(Math.max(...strings.map((s) => s.length))).toBeLessThanOrEqual(255);
  // The paragraphs are still used where they fit: a text keeps its length.
  expect(Math.max(...stages.map((s) => String(s.description).length))).toBeGreaterThan(255);
});
