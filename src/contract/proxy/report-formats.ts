import type { ReportData } from './report.js';
import { formatViolation, type ExchangeResult, type Violation } from './violation.js';

const xml = (s: string): string =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
const md = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const title = (r: ExchangeResult): string => r.name ?? `${r.method} ${r.url}`;
const seconds = (ms: number | undefined): string => ((ms ?? 0) / 1000).toFixed(3);
/** Single-quoted for a POSIX shell. */
const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** Requests listed in a Markdown report; the rest are counted. */
export const MARKDOWN_MAX_REQUESTS = 50;
/** Paths listed per rule of one request in a Markdown report. */
export const MARKDOWN_MAX_PATHS = 10;

/** A `curl` command that sends the request again (the credential as `$TOKEN`: reports never copy it). */
export function curlOf(target: string, r: ExchangeResult): string {
  const parts = ['curl', '-sS', '-g', '-X', r.method, shellQuote(new URL(r.url, target).href)];
  if (r.authorized) parts.push('-H', '"Authorization: Bearer $TOKEN"');
  if (r.requestBody !== undefined) {
    const body = typeof r.requestBody === 'string' ? r.requestBody : JSON.stringify(r.requestBody);
    if (typeof r.requestBody !== 'string') parts.push('-H', shellQuote('content-type: application/json'));
    parts.push('--data-raw', shellQuote(body));
  }
  return parts.join(' ');
}

/** What a reader needs to reproduce one failing exchange: the request, the answer's status and start, a curl line. */
export function exchangeDetails(target: string, r: ExchangeResult): string[] {
  const lines = [`request: ${r.method} ${r.url}`];
  if (r.requestBody !== undefined)
    lines.push(`request body: ${typeof r.requestBody === 'string' ? r.requestBody : JSON.stringify(r.requestBody)}`);
  lines.push(`answer: ${r.status}${r.excerpt ? ` ${r.excerpt}` : ''}`, `reproduce: ${curlOf(target, r)}`);
  return lines;
}

/**
 * JUnit XML: one test suite per operation, one test case per request kept, one failure per request with
 * violations. `tests` counts the test cases written (a long proxy session keeps every failure but only the first
 * 1,000 passes); the `requests` property declares how many were seen. `errors` is always 0: a contract break is a
 * failure, and an unreachable target stops the run instead. Attributes follow the Ant JUnit XSD (testsuite: name,
 * tests, failures, errors, time, timestamp, hostname; testcase: name, classname, time).
 */
export function toJUnit(d: ReportData): string {
  const byOp = new Map<string, ExchangeResult[]>();
  for (const r of d.results) byOp.set(r.operation, [...(byOp.get(r.operation) ?? []), r]);
  const timestamp = d.startedAt.replace(/\.\d+Z$|Z$/, '');
  const hostname = (() => {
    try {
      return new URL(d.target).host;
    } catch {
      return d.target;
    }
  })();
  const suites: string[] = [];
  let total = { tests: 0, failures: 0, skipped: 0, ms: 0 };
  for (const op of d.operations) {
    const results = byOp.get(op.operation) ?? [];
    const failures = results.filter((r) => r.violations.length > 0).length;
    const skipped = results.filter((r) => r.violations.length === 0 && r.skipped).length;
    const ms = results.reduce((n, r) => n + (r.durationMs ?? 0), 0);
    total = {
      tests: total.tests + results.length,
      failures: total.failures + failures,
      skipped: total.skipped + skipped,
      ms: total.ms + ms,
    };
    suites.push(
      `  <testsuite name="${xml(op.operation)}" tests="${results.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${seconds(ms)}" timestamp="${timestamp}" hostname="${xml(hostname)}">`,
      `    <properties><property name="requests" value="${op.requests}"/></properties>`,
    );
    for (const r of results) {
      suites.push(`    <testcase classname="${xml(op.operation)}" name="${xml(title(r))}" time="${seconds(r.durationMs)}">`);
      if (r.violations.length > 0) {
        const first = r.violations[0];
        suites.push(
          `      <failure message="${xml(`${r.violations.length} violation(s): ${first.path}: ${first.message}`)}" type="contract">`,
        );
        for (const v of r.violations) suites.push(xml(formatViolation(r, v)));
        for (const line of exchangeDetails(d.target, r)) suites.push(xml(line));
        suites.push('      </failure>');
      } else if (r.skipped) suites.push(`      <skipped message="${xml(r.skipped)}"/>`);
      if (r.baselined?.length)
        suites.push(`      <system-out>${xml(r.baselined.map((v) => `baselined: ${formatViolation(r, v)}`).join('\n'))}</system-out>`);
      suites.push('    </testcase>');
    }
    suites.push('  </testsuite>');
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="content-mock ${d.kind} ${xml(d.target)}" tests="${total.tests}" failures="${total.failures}" errors="0" skipped="${total.skipped}" time="${seconds(total.ms)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

function groupByRule(violations: readonly Violation[]): Map<string, Violation[]> {
  const out = new Map<string, Violation[]>();
  for (const v of violations) out.set(v.rule, [...(out.get(v.rule) ?? []), v]);
  return out;
}

/**
 * Markdown: the per-operation table, then each failing request (the first 50, the rest counted) with its body,
 * answer status and excerpt, a curl line, and its violations grouped by rule (10 paths per rule, the rest counted).
 */
export function toMarkdown(d: ReportData): string {
  const t = d.totals;
  const out = [
    `# content-mock ${d.kind}: ${d.target}`,
    '',
    `${t.requests} requests, ${t.failed} with violations, ${t.violations} violations${t.baselined ? `, ${t.baselined} baselined` : ''}${t.skipped ? `, ${t.skipped} not validated` : ''}.`,
    '',
    '| operation | requests | failed | violations | baselined |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...d.operations.map((o) => `| \`${md(o.operation)}\` | ${o.requests} | ${o.failed} | ${o.violations} | ${o.baselined} |`),
    '',
  ];
  const failing = d.results.filter((r) => r.violations.length > 0);
  if (failing.length > 0) out.push('## Violations', '');
  for (const r of failing.slice(0, MARKDOWN_MAX_REQUESTS)) {
    out.push(`### \`${md(`${r.method} ${r.url}`)}\` → ${r.status}${r.name ? ` (${md(r.name)})` : ''}`, '');
    if (r.requestBody !== undefined)
      out.push(`Request body: \`${md(typeof r.requestBody === 'string' ? r.requestBody : JSON.stringify(r.requestBody))}\``, '');
    if (r.excerpt) out.push(`Answer: \`${md(r.excerpt)}\``, '');
    out.push('```sh', curlOf(d.target, r), '```', '', '| rule | path | message |', '| --- | --- | --- |');
    for (const [rule, list] of groupByRule(r.violations)) {
      for (const v of list.slice(0, MARKDOWN_MAX_PATHS)) out.push(`| ${rule} | \`${md(v.path)}\` | ${md(v.message)} |`);
      if (list.length > MARKDOWN_MAX_PATHS) out.push(`| ${rule} | … | ${list.length - MARKDOWN_MAX_PATHS} more |`);
    }
    out.push('');
  }
  if (failing.length > MARKDOWN_MAX_REQUESTS) out.push(`…and ${failing.length - MARKDOWN_MAX_REQUESTS} more requests with violations.`, '');
  return out.join('\n');
}
