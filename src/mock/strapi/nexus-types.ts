import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { printSchema, type GraphQLSchema } from 'graphql';

// Nexus types of a project's GraphQL extension, made with the project's own `nexus` (installed with
// @strapi/plugin-graphql), over the plugin's schema as the plugin's makeSchema merges them. They come back as SDL
// (merged into our schema like any typeDefs) and the resolvers nexus made for the fields they add. The project's
// nexus runs on its own copy of graphql-js, so nothing but text and plain functions crosses over.

type Resolver = (...args: unknown[]) => unknown;

interface TheirGraphql {
  buildSchema: (sdl: string) => unknown;
  printSchema: (schema: unknown) => string;
}

interface TheirSchema {
  getTypeMap: () => Record<string, { getFields?: () => Record<string, { resolve?: Resolver }> }>;
}

export interface LoadedNexus {
  readonly nexus: Record<string, unknown>;
  readonly graphql: TheirGraphql;
}

/** The project's nexus (directly or through @strapi/plugin-graphql's dependencies); undefined when not installed. */
export function loadProjectNexus(root: string | undefined): LoadedNexus | undefined {
  if (!root) return undefined;
  // createRequire wants an absolute path; the project's root is as the user gave it (often relative)
  const fromProject = createRequire(resolve(root, 'package.json'));
  const tries: (() => NodeRequire)[] = [() => fromProject, () => createRequire(fromProject.resolve('@strapi/plugin-graphql/package.json'))];
  for (const t of tries) {
    try {
      const req = t();
      const nexusPath = req.resolve('nexus');
      const fromNexus = createRequire(nexusPath);
      return { nexus: req('nexus') as Record<string, unknown>, graphql: fromNexus('graphql') as TheirGraphql };
    } catch {
      // not installed there: the next place
    }
  }
  return undefined;
}

/**
 * Nexus types (and the extension's nexus plugins, as the plugin's makeSchema applies them) over the plugin's schema:
 * the merged SDL and the resolvers of the fields they add, wrapped by the plugins.
 */
export function nexusPart(
  loaded: LoadedNexus,
  types: readonly unknown[],
  plugins: readonly unknown[],
  base: GraphQLSchema,
): { sdl: string; resolvers: Map<string, Resolver> } {
  const makeSchema = loaded.nexus.makeSchema as (config: Record<string, unknown>) => TheirSchema;
  const theirBase = loaded.graphql.buildSchema(printSchema(base));
  const merged = makeSchema({ types, plugins, mergeSchema: { schema: theirBase }, shouldGenerateArtifacts: false, outputs: false });
  const resolvers = new Map<string, Resolver>();
  for (const [name, type] of Object.entries(merged.getTypeMap())) {
    if (name.startsWith('__') || !type.getFields) continue;
    const known = base.getType(name) as { getFields?: () => Record<string, unknown> } | undefined;
    const had = known?.getFields ? known.getFields() : {};
    for (const [field, def] of Object.entries(type.getFields())) {
      if (field in had || typeof def.resolve !== 'function') continue;
      resolvers.set(`${name}.${field}`, def.resolve);
    }
  }
  return { sdl: loaded.graphql.printSchema(merged), resolvers };
}
