import { describeError } from '../../project/describe-error.js';
import { loadContract } from '../proxy/load-contract.js';
import { formatOf, type ReportFormat } from '../proxy/report.js';
import { formatViolation, RULES, type Rule } from '../proxy/violation.js';
import { Baseline, writeBaseline } from './baseline.js';
import { checkReportOf, checkTarget, coverageLines, TargetDownError } from './run-check.js';
import type { ProjectCodeView } from '../proxy/load-contract.js';

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
  allowUnauthorized?: boolean;
  ignoreRule?: string[];
  /** What the project's own code does on each request's way (the CLI reads it from the project's code). */
  code?: ProjectCodeView;
}

/** `--ignore-rule` values, checked against the rule names. */
export function parseIgnoredRules(values: readonly string[] | undefined): Rule[] {
  const out: Rule[] = [];
  for (const v of values ?? []) {
    if (!(RULES as readonly string[]).includes(v)) throw new Error(`--ignore-rule ${v}: not a rule (rules: ${RULES.join(', ')})`);
    out.push(v as Rule);
  }
  return out;
}

/**
 * `content-mock check`: 0 clean, 1 violations outside the baseline, 2 could not run or checked too little (most
 * requests refused). `log` gets the human output; with `--format` and no `--report` the report itself goes to
 * `out` (stdout) and everything else to `log`, so the stream parses as the report.
 */
export async function runCheckCommand(
  args: CheckArgs,
  log?: (line: string) => void,
  out: (text: string) => void = (t) => process.stdout.write(t),
): Promise<number> {
  // main's yargs .fail() reports a missing --target but does not stop the handler.
  if (typeof args.target !== 'string' || args.target === '') return 2;
  const toStdout = args.format !== undefined && !args.report;
  // the report alone on stdout: the human lines go to stderr then
  const info = log ?? (toStdout ? (l: string) => console.error(l) : (l: string) => console.log(l));
  try {
    await fetch(args.target, { method: 'HEAD', signal: AbortSignal.timeout(args.timeout ?? 10_000) });
  } catch (e) {
    info(`content-mock check: the target ${args.target} is not reachable: ${(e as Error).message}`);
    return 2;
  }
  let baseline: Baseline | undefined;
  let ignoreRules: Rule[];
  try {
    baseline = args.baseline ? await Baseline.read(args.baseline) : undefined;
    ignoreRules = parseIgnoredRules(args.ignoreRule);
  } catch (e) {
    info(`content-mock check: ${(e as Error).message}`);
    return 2;
  }
  let contract;
  try {
    contract = await loadContract({
      schemas: args.schemas ?? '.',
      target: args.target,
      token: args.token,
      config: args.config,
      code: args.code,
    });
  } catch (e) {
    info(describeError(e));
    return 2;
  }
  let report;
  try {
    report = await checkTarget(
      { target: args.target, contract, token: args.token, baseline, writes: args.writes, timeoutMs: args.timeout, ignoreRules },
      (r) => {
        if (!args.quiet) for (const v of r.violations) info(formatViolation(r, v));
      },
    );
  } catch (e) {
    if (e instanceof TargetDownError) {
      info(`content-mock check: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const verdict = checkReportOf(report, args.allowUnauthorized === true);
  info(report.summary());
  for (const line of coverageLines(verdict.coverage)) info(line);
  if (args.report) {
    await report.write(args.report, args.format ?? formatOf(args.report));
    info(`report: ${args.report}`);
  } else if (args.format) out(report.render(args.format));
  if (args.writeBaseline) {
    await writeBaseline(args.writeBaseline, report.data().results);
    info(`baseline: ${args.writeBaseline}`);
  }
  if (verdict.unchecked) info(`content-mock check: ${verdict.unchecked}`);
  return verdict.exitCode;
}
