import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { PACKAGE_ROOT } from '../server/create-server.js';
import { runServe } from './serve-command.js';
import { describeError } from './describe-error.js';

const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

const notYet = (name: string) => () => {
  console.error(`content-mock ${name}: not built yet in this version.`);
  return 2;
};

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const run = (task: () => Promise<number> | number) => async () => {
    try {
      code = await task();
    } catch (e) {
      console.error(describeError(e));
      code = 1;
    }
  };
  const cli = yargs(argv)
    .scriptName('content-mock')
    .usage('$0 <command> [options]\n\nA faithful mock, OpenAPI generator and contract checker for the Strapi v5 REST Content API.')
    .command(
      'serve',
      'Serve a mock of the Content API from Strapi schemas',
      (y) =>
        y
          .option('schemas', { type: 'string', describe: 'Strapi project root, its src/, or a folder with api/ and components/ (default: the embedded example)' })
          .option('data', { type: 'string', describe: 'lowdb JSON store file (default: ./data/db.json)' })
          .option('seed', { type: 'string', describe: 'initial content, in the dataset format (see README)' })
          .option('memory', { type: 'boolean', default: false, describe: 'keep everything in memory; write no file' })
          .option('port', { type: 'number', default: 1337 })
          .option('host', { type: 'string', default: '127.0.0.1' })
          .option('config', { type: 'string', describe: 'config file (default: content-mock.config.json when present)' }),
      (args) => run(() => runServe(args))(),
    )
    .command('openapi', 'Generate the OpenAPI 3.1 document', (y) => y, notYetCommand('openapi'))
    .command('proxy', 'Proxy a real Strapi and check every answer against the contract', (y) => y, notYetCommand('proxy'))
    .command('check', 'Check a real Strapi against the contract once (CI)', (y) => y, notYetCommand('check'))
    .command('pull', 'Pull the content of a Strapi server into a seed file', (y) => y, notYetCommand('pull'))
    .demandCommand(1, 'Name a command: serve, openapi, proxy, check or pull.')
    .strict()
    .help()
    .version(version)
    .fail((msg, err) => {
      if (err) throw err;
      console.error(`${msg}\nRun content-mock --help for usage.`);
      code = 2;
    });
  await cli.parseAsync();
  return code;

  function notYetCommand(name: string) {
    return () => {
      code = notYet(name)();
    };
  }
}
