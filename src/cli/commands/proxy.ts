import type { CommandModule } from 'yargs';
import type { ProxyArgs } from '../../contract/proxy/run-proxy.js';
import { runCommand } from '../run-command.js';
import { countOf, envPort, portValue } from '../option-values.js';
import { projectOptions, schemasOf } from '../project-options.js';
import { PROJECT_CODE_OPTION, withProjectCode } from '../project-code-routes.js';

export const proxyCommand: CommandModule<object, ProxyArgs> = {
  command: 'proxy',
  describe: 'Proxy a real Strapi and check every answer against the contract',
  builder: (y) =>
    projectOptions(y)
      .option('target', { type: 'string', demandOption: true, describe: 'base URL of the Strapi server, e.g. http://127.0.0.1:1337' })
      .option('port', { type: 'string', default: envPort(4010), coerce: portValue, describe: 'port (env PORT too)' })
      .option('host', { type: 'string', default: '127.0.0.1' })
      .option('report', { type: 'string', describe: 'write a report on exit: .xml JUnit, .md Markdown, otherwise JSON' })
      .option('strict', {
        type: 'boolean',
        default: false,
        describe: 'answer 502 with the error envelope instead of a response that breaks the contract',
      })
      .option('validate-first', {
        type: 'boolean',
        default: false,
        describe: 'buffer each answer and validate it before sending, adding the x-content-mock-violations header',
      })
      .option('timeout', {
        type: 'string',
        default: '30000',
        coerce: countOf('timeout'),
        describe: 'ms to wait for the target before answering 504',
      })
      .option('token', { type: 'string', describe: "API token, only used to read the target's locales at start" })
      .option('project-code', PROJECT_CODE_OPTION)
      .option('ignore-rule', {
        type: 'string',
        array: true,
        describe: 'do not report violations of this rule (e.g. server-error); repeatable',
      })
      .example('$0 proxy --target http://127.0.0.1:1337 --report report.xml', 'point your frontend at :4010; a JUnit report on exit')
      .example('$0 proxy --target https://cms.example.com --strict', 'answer 502 for a response that breaks the contract') as never,
  handler: (args) =>
    runCommand(async () => {
      const schemas = schemasOf(args);
      return withProjectCode(args, schemas, async (code) =>
        (await import('../../contract/proxy/run-proxy.js')).runProxy({ ...args, schemas, code }),
      );
    }),
};
