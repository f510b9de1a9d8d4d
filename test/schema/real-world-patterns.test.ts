import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { loadModel } from '../../src/project/load-model.js';
import { SchemaErrors } from '../../src/core/model/schema-errors.js';

// Patterns met in published Strapi 5 projects, each rebuilt here as a minimal project of our own.

type Json = Record<string, unknown>;

function project(types: Record<string, Json>): string {
  const root = mkdtempSync(join(tmpdir(), 'cm-real-world-'));
  for (const [name, schema] of Object.entries(types)) {
    const dir = join(root, 'api', name, 'content-types', name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'schema.json'), JSON.stringify(schema, null, 2));
  }
  return root;
}

const schema = (name: string, attributes: Json): Json => ({
  collectionName: `${name}s`,
  info: { singularName: name, pluralName: `${name}s`, displayName: name },
  options: { draftAndPublish: false },
  attributes,
});

describe('real-world schema patterns', () => {
  test('a schema without "kind" is a collection type, as Strapi defaults it', async () => {
    const model = await loadModel(project({ note: schema('note', { body: { type: 'text' } }) }));
    expect(model.contentTypes.get('api::note.note')!.kind).toBe('collectionType');
    expect(model.byRoute.get('notes')?.uid).toBe('api::note.note');
  });

  test('a "kind" that is present and wrong is still an error', async () => {
    const root = project({ note: { ...schema('note', {}), kind: 'collection' } });
    await expect(loadModel(root)).rejects.toBeInstanceOf(SchemaErrors);
  });

  test('custom fields: popular plugins by uid, the config first, a concrete type kept, unknown ones served as JSON', async () => {
    const root = project({
      widget: schema('widget', {
        body: { type: 'customField', customField: 'plugin::ckeditor5.CKEditor', options: { preset: 'rich' } },
        shade: { type: 'customField', customField: 'plugin::acme.shade' },
        mapped: { type: 'customField', customField: 'plugin::acme.rank' },
        typed: { type: 'integer', customField: 'plugin::acme.counter' },
      }),
    });
    const model = await loadModel(root, { customFields: { 'plugin::acme.rank': 'integer' } });
    const attrs = model.contentTypes.get('api::widget.widget')!.attributes;
    expect(attrs.get('body')).toMatchObject({ kind: 'scalar', type: 'richtext', customField: 'plugin::ckeditor5.CKEditor' });
    expect(attrs.get('shade')).toMatchObject({ kind: 'scalar', type: 'json', customField: 'plugin::acme.shade' });
    expect(attrs.get('mapped')).toMatchObject({ kind: 'scalar', type: 'integer' });
    expect(attrs.get('typed')).toMatchObject({ kind: 'scalar', type: 'integer', customField: 'plugin::acme.counter' });
    expect(model.warnings).toHaveLength(1);
    expect(model.warnings[0]).toMatch(/unknown custom field "plugin::acme.shade" served as any JSON value/);
  });

  test('an unknown custom field stays in the contract, so a real answer carrying it is not a violation', async () => {
    const model = await loadModel(
      project({ widget: schema('widget', { shade: { type: 'customField', customField: 'plugin::acme.shade' } }) }),
    );
    const doc = generateOpenApi(model) as unknown as { components: { schemas: Record<string, { properties: Record<string, unknown> }> } };
    expect(Object.keys(doc.components.schemas.Widget.properties)).toContain('shade');
  });

  test('config mapping a custom field to a non-scalar type is an error naming the field', async () => {
    const root = project({ widget: schema('widget', { shade: { type: 'customField', customField: 'plugin::acme.shade' } }) });
    await expect(loadModel(root, { customFields: { 'plugin::acme.shade': 'component' } })).rejects.toThrow(/not a scalar type/);
  });

  test('a custom field without its uid is an error', async () => {
    const root = project({ widget: schema('widget', { shade: { type: 'customField' } }) });
    await expect(loadModel(root)).rejects.toThrow(/needs a "customField" uid/);
  });
});
