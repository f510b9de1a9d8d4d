import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { printSchema } from 'graphql';
import { expect, it } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { buildPluginSchema } from '../../src/core/graphql/build-schema.js';
import { KIT_MODEL } from '../helpers/kit.js';

// The kit's SDL with the plugin's `v4CompatibilityMode: true`, recorded from real Strapi 5.54 with
// @strapi/plugin-graphql 5.54.0 (scripts/harness/graphql-strapi.mjs sdl --config '{"v4CompatibilityMode":true}').

it('v4CompatibilityMode: the SDL real Strapi prints (id, attributes and data; data and meta on collections)', async () => {
  const expected = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'graphql-sdl-config', 'kit-v4-compatibility.graphql'), 'utf8');
  const built = buildPluginSchema(await loadModel(KIT_MODEL), { v4CompatibilityMode: true });
  expect(printSchema(built.schema) + '\n').toBe(expected);
});
