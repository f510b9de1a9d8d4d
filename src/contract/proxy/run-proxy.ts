import { describeError } from '../../project/describe-error.js';
import { createProxy } from './create-proxy.js';
import { loadContract } from './load-contract.js';
import { formatOf } from './report.js';
import { RULES, type Rule } from './violation.js';
import type { ProjectCodeView } from './load-contract.js';

export interface ProxyArgs {
  target: string;
  schemas?: string;
  config?: string;
  port?: number;
  host?: string;
  report?: string;
  strict?: boolean;
  validateFirst?: boolean;
  timeout?: number;
  token?: string;
  ignoreRule?: string[];
  /** What the project's own code does on each request's way (the CLI reads it from the project's code). */
  code?: ProjectCodeView;
}

/** `content-mock proxy`: runs until SIGINT/SIGTERM, then prints the summary and writes the report. */
export async function runProxy(args: ProxyArgs): Promise<number> {
  // main's yargs .fail() reports a missing --target but does not stop the handler.
  if (typeof args.target !== 'string' || args.target === '') return 2;
  const ignoreRules = (args.ignoreRule ?? []).filter((r): r is Rule => (RULES as readonly string[]).includes(r));
  const unknownRule = (args.ignoreRule ?? []).find((r) => !(RULES as readonly string[]).includes(r));
  if (unknownRule !== undefined) {
    console.error(`content-mock proxy: --ignore-rule ${unknownRule}: not a rule (rules: ${RULES.join(', ')})`);
    return 2;
  }
  const contract = await loadContract({
    schemas: args.schemas ?? '.',
    target: args.target,
    token: args.token,
    config: args.config,
    code: args.code,
  });
  const proxy = createProxy({
    target: args.target,
    contract,
    strict: args.strict,
    validateFirst: args.validateFirst,
    timeoutMs: args.timeout,
    ignoreRules,
  });
  let url: string;
  try {
    ({ url } = await proxy.listen(args.port ?? 4010, args.host ?? '127.0.0.1'));
  } catch (e) {
    // A port taken or not allowed: the command could not run (exit 2), said in one line.
    console.error(describeError(e));
    return 2;
  }
  console.log(`content-mock proxy: ${url} → ${args.target}${args.strict ? ' (strict: bad answers become 502)' : ''}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await proxy.close();
  console.log(proxy.report.summary());
  if (args.report) {
    await proxy.report.write(args.report, formatOf(args.report));
    console.log(`report: ${args.report}`);
  }
  return proxy.report.data().totals.violations > 0 ? 1 : 0;
}
