import type { IncomingHttpHeaders } from 'node:http';
import { VERDICT_REQUEST_HEADERS, type ExchangeVerdict } from './validate-exchange.js';

interface Entry {
  readonly body: Buffer;
  readonly verdict: ExchangeVerdict;
}

/** What, besides the body bytes, decides a verdict: the request as the checks read it and the answer's head. */
export function memoKey(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  status: number,
  contentType: string | undefined,
  encoding: string | undefined,
): string {
  let key = `${method}\u0000${url}\u0000${status}\u0000${contentType ?? ''}\u0000${encoding ?? ''}`;
  for (const name of VERDICT_REQUEST_HEADERS) {
    const v = headers[name];
    key += `\u0000${Array.isArray(v) ? v.join(',') : (v ?? '')}`;
  }
  return key;
}

/**
 * The verdict on the last answer to each distinct request. Validation is a pure function of the request, the
 * answer's head and its bytes, so an identical answer to an identical request gets the identical verdict: every
 * request is still reported (with its violations), but the parsing and checking are done once.
 *
 * The stored body is compared byte for byte (a memcmp, cheaper than hashing it), so a changed answer is never
 * judged by an old verdict. Bounded by entries and by bytes; least recently used out first.
 */
export class VerdictMemo {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 2000,
  ) {}

  /** The verdict when the last answer to `key` had exactly these bytes (given as the chunks they arrived in). */
  get(key: string, chunks: readonly Buffer[], length: number): ExchangeVerdict | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.body.length !== length) return undefined;
    // Chunk by chunk against the stored copy: no concatenation, no allocation on a hit.
    let offset = 0;
    for (const chunk of chunks) {
      if (entry.body.compare(chunk, 0, chunk.length, offset, offset + chunk.length) !== 0) return undefined;
      offset += chunk.length;
    }
    if (offset !== length) return undefined;
    // Re-insert: Map order is the recency order eviction follows.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.verdict;
  }

  set(key: string, body: Buffer, verdict: ExchangeVerdict): void {
    // One answer larger than a quarter of the budget would evict everything else for little gain.
    if (body.length > this.maxBytes / 4) return;
    this.drop(key);
    this.entries.set(key, { body, verdict });
    this.bytes += body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes && this.entries.size <= this.maxEntries) break;
      this.drop(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}
