import type { CommandModule } from 'yargs';
import type { CheckArgs } from '../../contract/check/run-check-command.js';
import { runCommand } from '../run-command.js';
import { countOf } from '../option-values.js';
import { projectOptions, schemasOf } from '../project-options.js';
import { PROJECT_CODE_OPTION, withProjectCode } from '../project-code-routes.js';

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check',
  describe: 'Check a real Strapi against the contract once (for CI): exit 0 clean, 1 violations, 2 could not run or checked too little',
  builder: (y) =>
    projectOptions(y)
      .option('target', { type: 'string', demandOption: true, describe: 'base URL of the Strapi server' })
      .option('token', { type: 'string', describe: 'API token sent as Authorization: Bearer <token>' })
      .option('report', { type: 'string', describe: 'report file (format from --format, else from the extension)' })
      .option('format', { choices: ['junit', 'json', 'markdown'] as const, describe: 'report format' })
      .option('baseline', { type: 'string', describe: 'known violations that do not fail the run' })
      .option('write-baseline', { type: 'string', describe: 'write every violation found to this baseline file' })
      .option('writes', { type: 'boolean', default: false, describe: 'also create, update and delete one document per type (cleans up)' })
      .option('timeout', { type: 'string', default: '30000', coerce: countOf('timeout'), describe: 'ms per request' })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the summary' })
      .option('allow-unauthorized', {
        type: 'boolean',
        default: false,
        describe: 'exit 0 even when most requests were refused (401/403) and the run checked almost nothing',
      })
      .option('project-code', PROJECT_CODE_OPTION)
      .option('ignore-rule', {
        type: 'string',
        array: true,
        describe: 'do not report violations of this rule (e.g. server-error); repeatable',
      })
      .example('$0 check --target http://127.0.0.1:1337 --schemas ../my-strapi-app --token $TOKEN', 'exit 0 clean, 1 violations')
      .example(
        '$0 check --target $URL --report report.xml --baseline known.json',
        'for CI: JUnit report, known violations tolerated',
      ) as never,
  handler: (args) =>
    runCommand(async () => {
      const schemas = schemasOf(args);
      return withProjectCode(args, schemas, async (code) =>
        (await import('../../contract/check/run-check-command.js')).runCheckCommand({ ...args, schemas, code }),
      );
    }),
};
