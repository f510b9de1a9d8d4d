import type { CommandModule } from 'yargs';
import { runCommand } from '../run-command.js';
import { projectOptions, schemasOf } from '../project-options.js';

interface TypesArgs {
  schemas?: string;
  config?: string;
  out?: string;
  check: boolean;
  graphql?: string;
}

export const typesCommand: CommandModule<object, TypesArgs> = {
  command: 'types',
  describe: 'Generate populate-aware TypeScript types for queries, answers and write bodies of every content type',
  builder: (y) =>
    projectOptions(y)
      .option('out', { type: 'string', describe: 'file to write, e.g. src/strapi.ts (default: stdout)' })
      .option('check', {
        type: 'boolean',
        default: false,
        describe: 'exit 1 when --out differs from what the schemas generate (for CI)',
      })
      .option('graphql', {
        type: 'string',
        describe: "also write the GraphQL schema (SDL) Strapi's GraphQL plugin serves for these schemas, for codegen",
      })
      .example('$0 types --schemas ../my-strapi-app --out src/strapi-types.ts', 'populate-aware types for your frontend')
      .example('$0 types --schemas ../my-strapi-app --graphql schema.graphql', 'the GraphQL SDL too (graphql-codegen, Apollo)')
      .example('$0 types --schemas ../my-strapi-app --out src/strapi-types.ts --check', 'exit 1 when they are stale (CI)') as never,
  handler: (args) =>
    runCommand(async () => {
      const { runTypesCommand } = await import('../../contract/types/types-command.js');
      const { loadProject } = await import('../../project/load-project.js');
      const { model } = await loadProject({ schemas: schemasOf(args), config: args.config });
      if (args.graphql) {
        const { writeGraphqlSdl } = await import('../../contract/types/graphql-sdl.js');
        const { servedGraphqlSdl } = await import('../../mock/served-graphql-sdl.js');
        // the schema serve's /graphql has, the project's extension included
        const sdl = await servedGraphqlSdl({ schemas: schemasOf(args), config: args.config, error: (line) => console.error(line) });
        await writeGraphqlSdl(model, args.graphql, sdl);
      }
      return runTypesCommand({ model, schemas: args.schemas, out: args.out, check: args.check });
    }),
};
