import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { PACKAGE_ROOT } from '../server/create-server.js';
import { notBuilt } from './commands/not-built.js';
import { serveCommand } from './commands/serve.js';

const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;


/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  let usageError = false;
  const cli = yargs(argv)
    .scriptName('content-mock')
    .usage('$0 <command> [options]\n\nA faithful mock, OpenAPI generator and contract checker for the Strapi v5 REST Content API.')
    // Every command is one module in src/cli/commands/.
    .command(serveCommand)
    .command(notBuilt('openapi', 'Generate the OpenAPI 3.1 document for the schemas'))
    .command(notBuilt('proxy', 'Proxy a real Strapi and check every answer against the contract'))
    .command(notBuilt('check', 'Check a real Strapi against the contract once (for CI)'))
    .command(notBuilt('pull', 'Pull the content of a Strapi server into a seed file'))
    .command(notBuilt('seed', 'Generate realistic seed content from the schemas'))
    .demandCommand(1, 'Name a command: serve, openapi, proxy, check, pull or seed.')
    .strict()
    .help()
    .version(version)
    .fail((msg, err) => {
      if (err) throw err;
      console.error(`${msg}\nRun content-mock --help for usage.`);
      usageError = true;
    });
  await cli.parseAsync();
  if (usageError) return 2;
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}
