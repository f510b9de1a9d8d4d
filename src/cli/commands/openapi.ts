import type { CommandModule } from 'yargs';
import type { DocumentFormat } from '../../contract/openapi/serialize-document.js';
import { runCommand } from '../run-command.js';
import { projectOptions, schemasOf, seedOption } from '../project-options.js';

interface OpenApiArgs {
  schemas?: string;
  seed?: string;
  config?: string;
  out?: string;
  format?: DocumentFormat;
  check: boolean;
  title?: string;
  'server-url'?: string;
  projectCode?: boolean;
}

export const openapiCommand: CommandModule<object, OpenApiArgs> = {
  command: 'openapi',
  describe: 'Generate the OpenAPI 3.1 document for the schemas (the contract of every endpoint)',
  builder: (y) =>
    seedOption(projectOptions(y))
      .option('out', { type: 'string', describe: 'file to write (default: stdout)' })
      .option('format', { choices: ['json', 'yaml'] as const, describe: 'output format (default: from --out, else json)' })
      .option('check', { type: 'boolean', default: false, describe: 'exit 1 when --out differs from what the schemas generate (for CI)' })
      .option('title', { type: 'string', describe: 'info.title of the document' })
      .option('server-url', { type: 'string', describe: 'servers[0].url of the document' })
      .option('project-code', {
        type: 'boolean',
        default: true,
        describe:
          "read the project's route files: only the core routes they declare are listed, as Strapi serves only those (--no-project-code: Strapi's defaults for every type)",
      })
      .example('$0 openapi --schemas ../my-strapi-app --out openapi.json', 'the contract of every endpoint')
      .example(
        '$0 openapi --schemas ../my-strapi-app --out openapi.yaml --check',
        'exit 1 when the checked-in copy is stale (CI)',
      ) as never,
  handler: (args) =>
    runCommand(async () => {
      // Loaded on use, so other commands start without the OpenAPI toolchain.
      const { runOpenApiCommand } = await import('../../contract/openapi/openapi-command.js');
      const { formatOfPath } = await import('../../contract/openapi/serialize-document.js');
      const { loadProject } = await import('../../project/load-project.js');
      const { documentTitle } = await import('../../contract/openapi/generate.js');
      const { withProjectCode } = await import('../project-code-routes.js');
      const schemas = schemasOf(args);
      const { model, name, config } = await loadProject({ schemas, seed: args.seed, config: args.config });
      const format = args.format ?? (args.out ? formatOfPath(args.out) : 'json');
      return withProjectCode(args, schemas, (code) =>
        runOpenApiCommand({
          // a content path the route files declare no route for is not served (see RouteCode 'absent')
          served: code && ((method, path) => code.codeOnRoute(method, path) !== 'absent'),
          schemas: args.schemas,
          out: args.out,
          format,
          check: args.check,
          model,
          title: args.title ?? documentTitle(name),
          serverUrl: args['server-url'],
          restPrefix: config.rest.prefix,
          populateDeep: config.plugins.populateDeep,
        }),
      );
    }),
};
