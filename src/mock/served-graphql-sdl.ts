import { printSchema } from 'graphql';
import { createServer } from './create-server.js';
import { pluginSchemaOf } from './graphql/answer-graphql.js';

/**
 * The SDL `/graphql` serves for a project: the plugin's config (`shadowCRUD`, `v4CompatibilityMode`) and the
 * project's own extension (typeDefs, nexus types, shadow CRUD settings in `register`) included, so codegen sees the
 * fields the project adds. Made by the same app `serve` builds, in memory; what the project's code cannot do here
 * is said through `error`.
 */
export async function servedGraphqlSdl(options: {
  readonly schemas?: string;
  readonly config?: string;
  readonly error?: (line: string) => void;
}): Promise<string> {
  const server = await createServer({
    schemas: options.schemas,
    config: options.config,
    memory: true,
    logger: { info: () => undefined, error: options.error ?? (() => undefined) },
  });
  try {
    return printSchema(pluginSchemaOf(server.runtime()).schema) + '\n';
  } finally {
    await server.close();
  }
}
