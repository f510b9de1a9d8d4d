import { writeFile } from 'node:fs/promises';
import type { ExchangeResult } from './violation.js';
import { toJUnit, toMarkdown } from './report-formats.js';

export type ReportFormat = 'json' | 'junit' | 'markdown';

export interface OperationSummary {
  readonly operation: string;
  requests: number;
  /** Requests with at least one violation that no baseline excuses. */
  failed: number;
  violations: number;
  baselined: number;
  skipped: number;
}

export interface ReportData {
  readonly tool: 'content-mock';
  readonly kind: 'proxy' | 'check';
  readonly target: string;
  readonly startedAt: string;
  readonly totals: { requests: number; failed: number; violations: number; baselined: number; skipped: number };
  readonly operations: OperationSummary[];
  readonly results: ExchangeResult[];
}

/** Collects results of a proxy session or a check run; summarizes per operation and writes the report file. */
export class Report {
  private readonly results: ExchangeResult[] = [];
  private readonly startedAt = new Date().toISOString();

  constructor(
    readonly kind: 'proxy' | 'check',
    readonly target: string,
    /** A long proxy session keeps only this many clean results (every result with violations is kept). */
    private readonly keepClean = 1000,
  ) {}

  private cleanKept = 0;
  private readonly counts = new Map<string, OperationSummary>();

  add(result: ExchangeResult): void {
    const s = this.counts.get(result.operation) ?? {
      operation: result.operation,
      requests: 0,
      failed: 0,
      violations: 0,
      baselined: 0,
      skipped: 0,
    };
    s.requests += 1;
    s.violations += result.violations.length;
    s.baselined += result.baselined?.length ?? 0;
    if (result.violations.length > 0) s.failed += 1;
    if (result.skipped) s.skipped += 1;
    this.counts.set(result.operation, s);
    if (result.violations.length > 0 || (result.baselined?.length ?? 0) > 0) this.results.push(result);
    else if (this.cleanKept < this.keepClean) {
      this.cleanKept += 1;
      this.results.push(result);
    }
  }

  data(): ReportData {
    const operations = [...this.counts.values()].sort((a, b) => (a.operation < b.operation ? -1 : a.operation > b.operation ? 1 : 0));
    const sum = (k: 'requests' | 'failed' | 'violations' | 'baselined' | 'skipped') => operations.reduce((n, o) => n + o[k], 0);
    return {
      tool: 'content-mock',
      kind: this.kind,
      target: this.target,
      startedAt: this.startedAt,
      totals: {
        requests: sum('requests'),
        failed: sum('failed'),
        violations: sum('violations'),
        baselined: sum('baselined'),
        skipped: sum('skipped'),
      },
      operations,
      results: [...this.results],
    };
  }

  /** The end-of-run table printed to the console. */
  summary(): string {
    const d = this.data();
    const width = Math.max(9, ...d.operations.map((o) => o.operation.length));
    const lines = [`${'operation'.padEnd(width)}  requests  failed  violations`];
    for (const o of d.operations) {
      lines.push(
        `${o.operation.padEnd(width)}  ${String(o.requests).padStart(8)}  ${String(o.failed).padStart(6)}  ${String(o.violations).padStart(10)}${o.baselined ? ` (+${o.baselined} baselined)` : ''}`,
      );
    }
    const t = d.totals;
    lines.push(
      `${t.requests} requests, ${t.failed} with violations, ${t.violations} violations${t.baselined ? `, ${t.baselined} known from the baseline` : ''}${t.skipped ? `, ${t.skipped} not validated` : ''}`,
    );
    return lines.join('\n');
  }

  render(format: ReportFormat): string {
    const d = this.data();
    if (format === 'junit') return toJUnit(d);
    if (format === 'markdown') return toMarkdown(d);
    return JSON.stringify(d, null, 2) + '\n';
  }

  async write(file: string, format: ReportFormat = formatOf(file)): Promise<void> {
    await writeFile(file, this.render(format));
  }
}

/** The format a report file's extension implies: .xml → JUnit, .md → Markdown, anything else JSON. */
export function formatOf(file: string): ReportFormat {
  if (/\.xml$/i.test(file)) return 'junit';
  if (/\.(md|markdown)$/i.test(file)) return 'markdown';
  return 'json';
}
