import { ConfigError } from '../../core/config/content-mock-config.js';

/** `--count 50` for every collection type, `--count articles=500,tags=20` per type; both may be combined. */
export function parseCounts(raw: readonly (string | number)[] | undefined): { count: number; counts: Record<string, number> } {
  let count = 10;
  const counts: Record<string, number> = {};
  for (const part of (raw ?? [])
    .flatMap((v) => String(v).split(','))
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = /^(?:([^=]+)=)?(\d+)$/.exec(part);
    if (!m) throw new ConfigError(`--count ${part}: expected a number, or <type>=<number>`);
    if (m[1]) counts[m[1].trim()] = Number(m[2]);
    else count = Number(m[2]);
  }
  return { count, counts };
}
