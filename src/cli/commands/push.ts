import type { CommandModule } from 'yargs';
import type { PushArgs } from '../../dataset/push/run-push.js';
import { runCommand } from '../run-command.js';
import { projectOptions, schemasOf, seedOption } from '../project-options.js';

export const pushCommand: CommandModule<object, PushArgs> = {
  command: 'push',
  describe: 'Write a seed file into a Strapi server through its REST API (the inverse of pull)',
  builder: (y) =>
    seedOption(projectOptions(y), true)
      .option('to', { type: 'string', demandOption: true, describe: 'the Strapi server, e.g. http://localhost:1337' })
      .option('token', { type: 'string', describe: 'a full-access API token' })
      .option('force', { type: 'boolean', default: false, describe: 'write into a server that already holds content' })
      .example('$0 seed --schemas ../my-strapi-app --out seed.json', 'generate content…')
      .example(
        '$0 push --to http://localhost:1337 --token $TOKEN --seed seed.json --schemas ../my-strapi-app',
        '…and write it into a fresh Strapi',
      ) as never,
  handler: (args) =>
    runCommand(async () => {
      const { runPush } = await import('../../dataset/push/run-push.js');
      const { PushError } = await import('../../dataset/push/push-client.js');
      try {
        return await runPush({ ...args, schemas: schemasOf(args) });
      } catch (e) {
        // A server, token or non-empty target problem is the user's to fix: one clear line, no stack.
        if (!(e instanceof PushError)) throw e;
        console.error(`content-mock push: ${e.message}`);
        return 1;
      }
    }),
};
