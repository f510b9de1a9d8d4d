import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../src/project/load-model.js';
import { loadProject } from '../../src/project/load-project.js';
import { buildPluginSchema } from '../../src/core/graphql/build-schema.js';
import { KIT_MODEL } from '../helpers/kit.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { writeGraphqlSdl } from '../../src/contract/types/graphql-sdl.js';

// The printed SDL of real Strapi 5.54 with @strapi/plugin-graphql 5.54.0 (recorded by introspection with
// scripts/harness/graphql-strapi.mjs sdl) against ours, for the kit's model and every fixture model.

const RECORDED = join(import.meta.dirname, '..', 'fixtures', 'graphql-sdl');
const MODELS = join(import.meta.dirname, '..', 'fixtures', 'models');
const models = readdirSync(RECORDED)
  .filter((f) => f.endsWith('.graphql'))
  .map((f) => f.replace(/\.graphql$/, ''));

describe('GraphQL schema printed as Strapi 5.54 prints it', () => {
  it.each(models)('%s', async (name) => {
    // a fixture model read as a project: its config/api (privateAttributes) applies as it does for Strapi
    const model = name === 'kit' ? await loadModel(KIT_MODEL) : (await loadProject({ schemas: join(MODELS, name) })).model;
    const expected = readFileSync(join(RECORDED, `${name}.graphql`), 'utf8');
    expect(printSchema(buildPluginSchema(model).schema) + '\n').toBe(expected);
  });
});

describe('content-mock types --graphql', () => {
  it('writes the SDL real Strapi prints, for codegen', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cm-sdl-')), 'nested', 'schema.graphql');
    await writeGraphqlSdl(await loadModel(KIT_MODEL), file);
    expect(readFileSync(file, 'utf8')).toBe(readFileSync(join(RECORDED, 'kit.graphql'), 'utf8'));
  });
});
