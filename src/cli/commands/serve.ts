import type { CommandModule } from 'yargs';
import type { ServeArgs } from './serve-runner.js';
import { runCommand } from '../run-command.js';

export const serveCommand: CommandModule<object, ServeArgs> = {
  command: 'serve',
  describe: 'Serve a mock of the Content API from Strapi schemas',
  builder: (y) =>
    y
      .option('schemas', {
        type: 'string',
        describe: 'Strapi project root, its src/, or a folder with api/ and components/ (default: the embedded example)',
      })
      .option('data', { type: 'string', describe: 'lowdb JSON store file (default: ./data/db.json)' })
      .option('seed', { type: 'string', describe: 'initial content, in the dataset format (see README)' })
      .option('memory', { type: 'boolean', default: false, describe: 'keep everything in memory; write no file' })
      .option('port', { type: 'number', default: 1337 })
      .option('host', { type: 'string', default: '127.0.0.1' })
      .option('config', { type: 'string', describe: 'config file (default: content-mock.config.json when present)' })
      .option('watch', {
        type: 'boolean',
        default: true,
        describe: 'reload on edits of the schemas and the data file (--no-watch to turn off)',
      })
      .option('cors', {
        type: 'boolean',
        describe: 'CORS with Strapi\'s defaults (origins from the config\'s "cors"); --cors false to turn off',
      })
      .option('delay', { type: 'string', describe: 'latency for every request, in ms: 300, or a range 100-400' })
      .option('quiet', { type: 'boolean', default: false, describe: 'no request log' })
      .option('cache', { type: 'boolean', describe: 'answer repeated reads from a cache dropped on every write (--no-cache to turn off)' })
      .option('readonly', { type: 'boolean', describe: 'refuse writes under /api with 405 Method Not Allowed' })
      .option('reset-on-start', {
        type: 'boolean',
        default: false,
        describe: 'restore the seed into the data file before serving',
      }) as never,
  handler: (args) => runCommand(async () => (await import('./serve-runner.js')).runServe(args)),
};
