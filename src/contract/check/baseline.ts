import { readFile, writeFile } from 'node:fs/promises';
import type { ExchangeResult, Violation } from '../proxy/violation.js';

/** Known violations a team accepts for now: keyed by case, rule and JSON path (messages may carry values that drift). */
export interface BaselineFile {
  readonly format: 'content-mock-baseline/1';
  readonly violations: ReadonlyArray<{ case: string; operation: string; rule: string; path: string; message: string }>;
}

const keyOf = (caseName: string, v: Violation) => `${caseName}\u0000${v.rule}\u0000${v.path}`;

export class Baseline {
  private constructor(private readonly keys: ReadonlySet<string>) {}

  static empty(): Baseline {
    return new Baseline(new Set());
  }

  static async read(file: string): Promise<Baseline> {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Partial<BaselineFile>;
    if (parsed.format !== 'content-mock-baseline/1' || !Array.isArray(parsed.violations)) {
      throw new Error(`${file}: not a content-mock baseline (expected {"format":"content-mock-baseline/1","violations":[...]})`);
    }
    return new Baseline(
      new Set(parsed.violations.map((v) => keyOf(v.case, { rule: v.rule as Violation['rule'], path: v.path, message: v.message }))),
    );
  }

  /** Splits a case's violations into new ones and the ones the baseline already knows. */
  split(caseName: string, violations: readonly Violation[]): { fresh: Violation[]; known: Violation[] } {
    const fresh: Violation[] = [];
    const known: Violation[] = [];
    for (const v of violations) (this.keys.has(keyOf(caseName, v)) ? known : fresh).push(v);
    return { fresh, known };
  }
}

export async function writeBaseline(file: string, results: readonly ExchangeResult[]): Promise<void> {
  const violations = results.flatMap((r) =>
    [...r.violations, ...(r.baselined ?? [])].map((v) => ({
      case: r.name ?? `${r.method} ${r.url}`,
      operation: r.operation,
      rule: v.rule,
      path: v.path,
      message: v.message,
    })),
  );
  const body: BaselineFile = { format: 'content-mock-baseline/1', violations };
  await writeFile(file, JSON.stringify(body, null, 2) + '\n');
}
