import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yargs from 'yargs';
import { PACKAGE_ROOT } from '../project/load-project.js';
import { bundleCommand } from './commands/bundle.js';
import { checkCommand } from './commands/check.js';
import { openapiCommand } from './commands/openapi.js';
import { proxyCommand } from './commands/proxy.js';
import { pullCommand } from './commands/pull.js';
import { pushCommand } from './commands/push.js';
import { seedCommand } from './commands/seed.js';
import { serveCommand } from './commands/serve.js';
import { typesCommand } from './commands/types.js';

const version = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

class UsageError extends Error {}

/** Runs the CLI; resolves to the process exit code. */
export async function main(argv: string[]): Promise<number> {
  const cli = yargs(argv)
    .scriptName('content-mock')
    .usage('$0 <command> [options]\n\nA faithful mock, OpenAPI generator and contract checker for the Strapi v5 REST Content API.')
    // Every command is one module in src/cli/commands/.
    .command(serveCommand)
    .command(openapiCommand)
    .command(proxyCommand)
    .command(checkCommand)
    .command(pullCommand)
    .command(pushCommand)
    .command(seedCommand)
    .command(typesCommand)
    .command(bundleCommand)
    .demandCommand(1, 'Name a command: serve, openapi, types, proxy, check, pull, push, seed or bundle.')
    // CONTENT_MOCK_SCHEMAS, CONTENT_MOCK_CONFIG, CONTENT_MOCK_DATA, … stand for every flag (PORT for --port too).
    .env('CONTENT_MOCK')
    .example('$0 serve --schemas ../my-strapi-app --public --seed-if-empty', 'mock your project, readable without a token')
    .example('$0 seed --schemas ../my-strapi-app --out seed.json', 'generate content from the schemas')
    .example('$0 openapi --schemas ../my-strapi-app --out openapi.json', 'write the OpenAPI document')
    .epilogue('Every flag can also be set as an environment variable: CONTENT_MOCK_<FLAG> (e.g. CONTENT_MOCK_SCHEMAS).')
    .strict()
    .help()
    .version(version)
    .fail((msg, err) => {
      // A bad flag value (thrown by an option's coerce) is a usage error too. Throwing stops yargs from running the
      // command after a usage error.
      throw new UsageError(msg ?? err?.message ?? 'invalid arguments');
    });
  skipHelpCache(cli);
  try {
    await cli.parseAsync();
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\nRun content-mock --help for usage.`);
    return 2;
  }
  return typeof process.exitCode === 'number' ? process.exitCode : 0;
}

/**
 * yargs renders the running command's whole help text (cliui, string widths, every option and example) each time a
 * command runs, to have it at hand should the command fail inside yargs. Ours report their own errors (runCommand),
 * and `--help` renders the text anew, so it was never shown: it cost `serve` ~25 ms of start-up. yargs offers no
 * option for it, hence its internal usage object (one per instance: a reset keeps it).
 */
function skipHelpCache(cli: object): void {
  const internal = cli as { getInternalMethods?: () => { getUsageInstance?: () => { cacheHelpMessage?: () => void } } };
  const usage = internal.getInternalMethods?.().getUsageInstance?.();
  if (usage && typeof usage.cacheHelpMessage === 'function') usage.cacheHelpMessage = () => {};
}
