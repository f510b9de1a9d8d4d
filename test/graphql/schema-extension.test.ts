import { join } from 'node:path';
import { printSchema } from 'graphql';
import { expect, test } from 'vitest';
import { buildPluginSchema } from '../../src/core/graphql/build-schema.js';
import { mergeTypeDefs } from '../../src/core/graphql/schema-extension.js';
import { loadProject } from '../../src/project/load-project.js';

// A project's typeDefs merged into the plugin's schema as its mergeSchemas merges them (the module alone).

const base = async () =>
  buildPluginSchema((await loadProject({ schemas: join(import.meta.dirname, '..', 'fixtures', 'projects', 'gazette') })).model, {});

test('a type named again gains only what is new; a scalar named again adds nothing; new types are kept', async () => {
  const built = await base();
  const merged = mergeTypeDefs(built, [
    { sdl: 'scalar JSON\nscalar Upload\ntype Query { ping: JSON, articles: [Article] }\nenum Mood { HAPPY }', from: 'a' },
    { sdl: 'type Query { up(mood: Mood): Upload }\ntype Article { ping: Int }', from: 'b' },
  ]);
  const sdl = printSchema(merged.schema);
  expect(sdl).toContain('ping: JSON');
  expect(sdl).toContain('up(mood: Mood): Upload');
  expect(sdl).toContain('scalar Upload');
  // the plugin's own field stays as it was (its arguments kept)
  expect(
    merged.schema
      .getQueryType()!
      .getFields()
      .articles.args.map((a) => a.name),
  ).toContain('filters');
  expect(Object.keys((merged.schema.getType('Article') as { getFields: () => object }).getFields())).toContain('ping');
});

test('a type only a typeDef reaches is kept; one nothing reaches is pruned, as the plugin prunes', async () => {
  const built = await base();
  expect(built.schema.getType('ArticleEntityResponse')).toBeUndefined();
  const merged = mergeTypeDefs(built, [{ sdl: 'type Query { one: ArticleEntityResponse }', from: 'a' }]);
  expect(merged.schema.getType('ArticleEntityResponse')).toBeDefined();
  expect(merged.schema.getType('WriterEntityResponse')).toBeUndefined();
});

test('typeDefs that do not parse are named by where they come from', async () => {
  const built = await base();
  expect(() => mergeTypeDefs(built, [{ sdl: 'type Query { broken(: Int }', from: 'src/index.js' }])).toThrow(
    /^src\/index\.js: its typeDefs do not parse: Syntax Error/,
  );
});
