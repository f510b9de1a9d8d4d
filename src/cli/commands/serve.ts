import type { CommandModule } from 'yargs';
import type { ServeArgs } from './serve-runner.js';
import { runCommand } from '../run-command.js';
import { prefetchSeed } from '../../store/seed-prefetch.js';
import { servesStoreFile, storeFileOf } from '../early-seed-read.js';
import { delayValue, envPort, portValue } from '../option-values.js';
import { localesOption, projectOptions, schemasOf, seedOption } from '../project-options.js';

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve a mock of the Content API from Strapi schemas',
  builder: (y) =>
    localesOption(seedOption(projectOptions(y)))
      .option('data', { type: 'string', describe: 'JSON store file (default: ./.content-mock/db.json)' })
      .option('seed-if-empty', {
        type: 'boolean',
        default: false,
        describe: 'fill an empty store with generated content (as `content-mock seed` makes it)',
      })
      .option('public', {
        type: 'boolean',
        default: false,
        describe: 'let the public role find and findOne every content type (as granting it in the admin panel)',
      })
      .option('memory', { type: 'boolean', default: false, describe: 'keep everything in memory; write no file' })
      .option('repair', {
        type: 'boolean',
        default: false,
        describe: "start even if the data file's journal has damaged lines: apply the sound ones, set the others aside",
      })
      .option('port', { type: 'string', default: envPort(1337), coerce: portValue, describe: 'port (env PORT too)' })
      .option('host', { type: 'string', default: '127.0.0.1', describe: '0.0.0.0 to serve other machines (Docker)' })
      .option('watch', {
        type: 'boolean',
        default: true,
        describe: 'reload on edits of the schemas and the data file (--no-watch to turn off)',
      })
      .option('cors', {
        type: 'boolean',
        describe: 'CORS with Strapi\'s defaults (origins from the config\'s "cors"); --cors false to turn off',
      })
      .option('delay', { type: 'string', coerce: delayValue, describe: 'latency for every request, in ms: 300, or a range 100-400' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no request log' })
      .option('project-code', {
        type: 'boolean',
        default: true,
        describe:
          "run the project's own routes, controllers, services, middlewares, policies and lifecycles (--no-project-code: Strapi's defaults only)",
      })
      .option('cache', { type: 'boolean', describe: 'answer repeated reads from a cache dropped on every write (--no-cache to turn off)' })
      .option('graphql', {
        type: 'boolean',
        describe: "serve Strapi's GraphQL API at /graphql (on by itself when the project has @strapi/plugin-graphql)",
      })
      .option('readonly', { type: 'boolean', describe: 'refuse writes under /api with 405 Method Not Allowed' })
      .option('strict-schemas', {
        type: 'boolean',
        default: false,
        describe: 'treat schema warnings (dangling inverse relations) as errors',
      })
      .option('reset-on-start', {
        type: 'boolean',
        default: false,
        describe: 'restore the seed into the data file before serving',
      })
      .example('$0 serve', 'serve the embedded example at http://127.0.0.1:1337/api')
      .example('$0 serve --schemas ../my-strapi-app --public --seed-if-empty', 'your project, readable without a token, with content')
      .example('$0 serve --schemas ../my-strapi-app --public --seed-if-empty --locales en de', 'generated content in English and German')
      .example('$0 serve --schemas ../my-strapi-app --seed seed.json --memory', 'start from a seed file every time')
      .example('PORT=4000 $0 serve --host 0.0.0.0 --delay 100-400', 'another port, other machines, some latency') as never,
  handler: (args) =>
    runCommand(async () => {
      // A seed file is read and outlined on another thread while the server's modules load (both take a few hundred
      // milliseconds at 10k articles; in turn they made most of the start-up).
      const seedRead = prefetchSeed(servesStoreFile(storeFileOf(args.memory, args.data), args.resetOnStart) ? undefined : args.seed);
      return (await import('./serve-runner.js')).runServe({ ...args, seedRead, schemas: schemasOf(args), given: args.schemas });
    }),
};
