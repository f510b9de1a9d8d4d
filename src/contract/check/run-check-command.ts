import { describeError } from '../../project/describe-error.js';
import { loadContract } from '../proxy/load-contract.js';
import { formatOf, type ReportFormat } from '../proxy/report.js';
import { formatViolation } from '../proxy/violation.js';
import { Baseline, writeBaseline } from './baseline.js';
import { checkTarget, TargetDownError } from './run-check.js';

export interface CheckArgs {
  target: string;
  schemas?: string;
  config?: string;
  token?: string;
  report?: string;
  format?: ReportFormat;
  baseline?: string;
  writeBaseline?: string;
  writes?: boolean;
  timeout?: number;
  quiet?: boolean;
}

/** `content-mock check`: 0 clean, 1 violations outside the baseline, 2 could not run. */
export async function runCheck(args: CheckArgs, log: (line: string) => void = (l) => console.log(l)): Promise<number> {
  // main's yargs .fail() reports a missing --target but does not stop the handler.
  if (typeof args.target !== 'string' || args.target === '') return 2;
  try {
    await fetch(args.target, { method: 'HEAD', signal: AbortSignal.timeout(args.timeout ?? 10_000) });
  } catch (e) {
    log(`content-mock check: the target ${args.target} is not reachable: ${(e as Error).message}`);
    return 2;
  }
  let baseline: Baseline | undefined;
  try {
    baseline = args.baseline ? await Baseline.read(args.baseline) : undefined;
  } catch (e) {
    log(`content-mock check: ${(e as Error).message}`);
    return 2;
  }
  let contract;
  try {
    contract = await loadContract({ schemas: args.schemas ?? '.', target: args.target, token: args.token, config: args.config });
  } catch (e) {
    log(describeError(e));
    return 2;
  }
  let report;
  try {
    report = await checkTarget(
      { target: args.target, contract, token: args.token, baseline, writes: args.writes, timeoutMs: args.timeout },
      (r) => {
        if (!args.quiet) for (const v of r.violations) log(formatViolation(r, v));
      },
    );
  } catch (e) {
    if (e instanceof TargetDownError) {
      log(`content-mock check: ${e.message}`);
      return 2;
    }
    throw e;
  }
  log(report.summary());
  if (args.report) {
    await report.write(args.report, args.format ?? formatOf(args.report));
    log(`report: ${args.report}`);
  } else if (args.format) log(report.render(args.format));
  if (args.writeBaseline) {
    await writeBaseline(args.writeBaseline, report.data().results);
    log(`baseline: ${args.writeBaseline}`);
  }
  return report.data().totals.violations > 0 ? 1 : 0;
}
