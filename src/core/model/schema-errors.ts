/** One problem found in a schema file, located by file, JSON path and (when known) line and column. */
export interface SchemaProblem {
  readonly file: string;
  /** JSON pointer-like path inside the file, e.g. `#/attributes/title/type`. */
  readonly path: string;
  readonly message: string;
  readonly line?: number;
  readonly column?: number;
}

/** Every error found while reading a folder of schemas, reported together so one run shows them all. */
export class SchemaErrors extends Error {
  constructor(readonly problems: readonly SchemaProblem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'SchemaErrors';
  }
}

export function formatProblem(p: SchemaProblem): string {
  const where = p.line !== undefined ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file;
  return `${where} ${p.path}: ${p.message}`;
}
