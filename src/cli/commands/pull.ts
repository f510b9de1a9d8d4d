import type { CommandModule } from 'yargs';
import type { PullArgs } from '../../dataset/pull/run-pull.js';
import { runCommand } from '../run-command.js';
import { projectOptions, schemasOf } from '../project-options.js';

export const pullCommand: CommandModule<object, PullArgs> = {
  command: 'pull',
  describe: 'Pull the content of a Strapi server into a seed file',
  builder: (y) =>
    projectOptions(y)
      .option('from', { type: 'string', demandOption: true, describe: 'the Strapi server, e.g. http://localhost:1337' })
      .option('token', { type: 'string', describe: 'API token (read-only is enough); without it, what the public role may read' })
      .option('out', { type: 'string', default: 'seed.json', describe: 'seed file to write (replaced atomically)' })
      .option('types', { type: 'array', string: true, describe: 'only these types (uid or plural name; comma-separated or repeated)' })
      .option('locales', { type: 'array', string: true, describe: 'only these locales (default: all the server lists)' })
      .example(
        '$0 pull --from https://cms.example.com --token $TOKEN --schemas ../my-strapi-app --out content.json',
        'every type, locale and status',
      )
      .example('$0 serve --schemas ../my-strapi-app --seed content.json', 'then serve it') as never,
  handler: (args) =>
    runCommand(async () => {
      const { runPull } = await import('../../dataset/pull/run-pull.js');
      const { PullError } = await import('../../dataset/pull/strapi-client.js');
      try {
        return await runPull({ ...args, schemas: schemasOf(args) });
      } catch (e) {
        // A server or token problem is the user's to fix: one clear line, no stack.
        if (!(e instanceof PullError)) throw e;
        console.error(`content-mock pull: ${e.message}`);
        return 1;
      }
    }),
};
