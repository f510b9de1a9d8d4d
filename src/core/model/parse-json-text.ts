import type { SchemaProblem } from './schema-errors.js';

export type JsonReadResult = { ok: true; value: unknown } | { ok: false; problem: SchemaProblem };

/** Parses JSON text; a syntax error comes back with the line and column V8 only gives as an offset. */
export function parseJsonText(text: string, file: string): JsonReadResult {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const message = (e as Error).message;
    const { line, column } = locate(text, message);
    return { ok: false, problem: { file, path: '#', message: `invalid JSON: ${message}`, line, column } };
  }
}

function locate(text: string, message: string): { line: number; column: number } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /position (\d+)/.exec(message);
  const offset = pos ? Number(pos[1]) : text.length;
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return { line, column };
}
