import { relative } from 'node:path';

/** Project code that cannot be loaded or run here: the file (and line when known) and what failed. */
export class CodeError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly reason: string,
  ) {
    super(`${where(file, line)}: ${reason}`);
    this.name = 'CodeError';
  }
}

/** `src/api/x/routes/x.ts:12`, relative to the working directory as a user would type it. */
export function where(file: string, line?: number): string {
  const shown = relative(process.cwd(), file) || file;
  return line === undefined ? shown : `${shown}:${line}`;
}
