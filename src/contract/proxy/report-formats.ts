import type { ReportData } from './report.js';
import { formatViolation, type ExchangeResult } from './violation.js';

const xml = (s: string): string =>
  s
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
const md = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const title = (r: ExchangeResult): string => r.name ?? `${r.method} ${r.url}`;

/** JUnit XML: one test suite per operation, one test case per request, one failure per request with violations. */
export function toJUnit(d: ReportData): string {
  const byOp = new Map<string, ExchangeResult[]>();
  for (const r of d.results) byOp.set(r.operation, [...(byOp.get(r.operation) ?? []), r]);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="content-mock ${d.kind} ${xml(d.target)}" tests="${d.totals.requests}" failures="${d.totals.failed}">`,
  ];
  for (const op of d.operations) {
    const results = byOp.get(op.operation) ?? [];
    out.push(`  <testsuite name="${xml(op.operation)}" tests="${op.requests}" failures="${op.failed}" skipped="${op.skipped}">`);
    for (const r of results) {
      out.push(
        `    <testcase classname="${xml(op.operation)}" name="${xml(title(r))}"${r.durationMs !== undefined ? ` time="${(r.durationMs / 1000).toFixed(3)}"` : ''}>`,
      );
      if (r.violations.length > 0) {
        const first = r.violations[0];
        out.push(
          `      <failure message="${xml(`${r.violations.length} violation(s): ${first.path}: ${first.message}`)}" type="contract">`,
        );
        for (const v of r.violations) out.push(xml(formatViolation(r, v)));
        out.push('      </failure>');
      } else if (r.skipped) out.push(`      <skipped message="${xml(r.skipped)}"/>`);
      if (r.baselined?.length)
        out.push(`      <system-out>${xml(r.baselined.map((v) => `baselined: ${formatViolation(r, v)}`).join('\n'))}</system-out>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>', '');
  return out.join('\n');
}

/** Markdown: the per-operation table, then every violation with its request and JSON path. */
export function toMarkdown(d: ReportData): string {
  const t = d.totals;
  const out = [
    `# content-mock ${d.kind}: ${d.target}`,
    '',
    `${t.requests} requests, ${t.failed} with violations, ${t.violations} violations${t.baselined ? `, ${t.baselined} baselined` : ''}.`,
    '',
    '| operation | requests | failed | violations | baselined |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...d.operations.map((o) => `| \`${md(o.operation)}\` | ${o.requests} | ${o.failed} | ${o.violations} | ${o.baselined} |`),
    '',
  ];
  const failing = d.results.filter((r) => r.violations.length > 0);
  if (failing.length > 0) {
    out.push('## Violations', '', '| request | status | rule | path | message |', '| --- | ---: | --- | --- | --- |');
    for (const r of failing) {
      for (const v of r.violations)
        out.push(`| \`${md(`${r.method} ${r.url}`)}\` | ${r.status} | ${v.rule} | \`${md(v.path)}\` | ${md(v.message)} |`);
    }
    out.push('');
  }
  return out.join('\n');
}
