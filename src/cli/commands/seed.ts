import type { CommandModule } from 'yargs';
import type { SeedArgs } from '../../dataset/seed/run-seed.js';
import { runCommand } from '../run-command.js';
import { countOf, countValue } from '../option-values.js';
import { progress } from '../style.js';
import { localesOption, projectOptions, schemasOf } from '../project-options.js';

export const seedCommand: CommandModule<object, SeedArgs> = {
  command: 'seed',
  describe: 'Generate realistic seed content from the schemas',
  builder: (y) =>
    localesOption(projectOptions(y))
      .option('count', {
        type: 'array',
        coerce: countValue,
        describe: 'documents per collection type (default 10), or per type: articles=500,tags=20',
      })
      .option('seed-value', { type: 'string', default: 'content-mock', describe: 'the same value gives the same content' })
      .option('media', { type: 'string', default: '12', coerce: countOf('media'), describe: 'files in the media library' })
      .option('out', { type: 'string', default: 'seed.json', describe: 'seed file to write (replaced atomically)' })
      .example('$0 seed --schemas ../my-strapi-app --out seed.json', '10 documents per collection type')
      .example('$0 seed --count 50 --count articles=500,tags=20 --locales en fr', 'more, per type, in two locales')
      .example('$0 serve --schemas ../my-strapi-app --seed seed.json', 'then serve it') as never,
  handler: (args) =>
    runCommand(async () => {
      const { runSeed } = await import('../../dataset/seed/run-seed.js');
      // A redrawn line on a terminal while types are generated; nothing in CI or a pipe.
      const shown = progress();
      try {
        return await runSeed({ ...args, schemas: schemasOf(args) }, undefined, shown.update);
      } finally {
        shown.done();
      }
    }),
};
