import { parseDelay } from '../project/dev-options.js';
import { parseCounts } from '../dataset/seed/parse-counts.js';

// Flag values checked while yargs parses, so a bad one is a usage error (exit 2, one line) before any work starts.
// yargs reports what a coerce function throws through `.fail`.

/** `--port`: a TCP port, 0 for any free one. */
export function portValue(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--port ${String(value)}: expected a port number from 0 to 65535`);
  return n;
}

/** `--delay`: ms, or a range `100-400`; kept as text for the server to parse again. */
export function delayValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  try {
    parseDelay(String(value), '--delay');
  } catch (e) {
    throw new Error(`--delay ${String(value)}: expected a number of ms or a range like 100-400`, { cause: e });
  }
  return String(value);
}

/** `--count`: `50`, `articles=500,tags=20`, or both. */
export function countValue(value: unknown): (string | number)[] {
  const list = (Array.isArray(value) ? value : [value]) as (string | number)[];
  try {
    parseCounts(list);
  } catch (e) {
    throw new Error((e as Error).message, { cause: e });
  }
  return list;
}

/** A positive number (`--timeout`, `--media`). */
export function countOf(flag: string): (value: unknown) => number {
  return (value) => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${flag} ${String(value)}: expected a number`);
    return n;
  };
}

/** The `PORT` environment variable (Docker, PaaS) as the default of `--port`; checked by `portValue` like a flag. */
export function envPort(fallback: number): string {
  const raw = process.env.PORT;
  return raw === undefined || raw === '' ? String(fallback) : raw;
}
