import type { CommandModule } from 'yargs';
import { runCommand } from '../run-command.js';
import { projectOptions, schemasOf, seedOption } from '../project-options.js';

interface BundleArgs {
  schemas?: string;
  seed?: string;
  config?: string;
  out: string;
}

export const bundleCommand: CommandModule<object, BundleArgs> = {
  command: 'bundle',
  describe: 'Write the model, content and settings as one JSON file, for `content-mock/msw` in a browser',
  builder: (y) =>
    seedOption(projectOptions(y))
      .option('out', { type: 'string', demandOption: true, describe: 'file to write, e.g. mock-project.json' })
      .example(
        '$0 bundle --schemas ../my-strapi-app --seed seed.json --out public/mock-project.json',
        'for content-mock/msw in the browser',
      ) as never,
  handler: (args) =>
    runCommand(async () => {
      const { writeBundle } = await import('../../dataset/bundle/build-bundle.js');
      const bytes = await writeBundle({ schemas: schemasOf(args), seed: args.seed, config: args.config, out: args.out }, (w) =>
        console.error(`warning: ${w}`),
      );
      console.log(`wrote ${args.out} (${bytes} bytes)`);
      return 0;
    }),
};
