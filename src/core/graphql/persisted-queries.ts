import { isPlainObject } from '../is-plain-object.js';

// Apollo Server 4's automatic persisted queries, on in the plugin's server unless `apolloServer.persistedQueries` is
// false: a client (Apollo Client's persisted query link) sends a query's SHA-256 alone; a server that does not know
// it answers PersistedQueryNotFound (200), and the client sends the query with its hash once; the server keeps it
// once the query validated, and later requests by hash, POST or GET, run it. Without this a frontend using the link
// fails on its first request.

/** The queries a server keeps by hash (Apollo's in-memory cache: its own, emptied when it restarts). */
export interface PersistedQueries {
  get(hash: string): string | undefined;
  set(hash: string, query: string): void;
}

/** Persisted queries kept in memory, the `max` most recently used (Apollo's cache is bounded too). */
export class BoundedPersistedQueries implements PersistedQueries {
  private readonly queries = new Map<string, string>();

  constructor(private readonly max = 10_000) {}

  get(hash: string): string | undefined {
    const query = this.queries.get(hash);
    if (query !== undefined) {
      this.queries.delete(hash);
      this.queries.set(hash, query);
    }
    return query;
  }

  set(hash: string, query: string): void {
    this.queries.delete(hash);
    this.queries.set(hash, query);
    if (this.queries.size > this.max) this.queries.delete(this.queries.keys().next().value as string);
  }
}

/** A refusal of the persisted query protocol, as Apollo answers it. */
export interface PersistedRefusal {
  readonly status: number;
  readonly message: string;
  readonly code: string;
  /** Apollo's header on its persisted query errors (not to be cached by the client's HTTP layer). */
  readonly noCache?: true;
}

/** The query to run, and the hash to keep it under once it validated (`register`). */
export interface PersistedResolution {
  readonly query: unknown;
  readonly register?: string;
}

/**
 * The query of an operation with its `extensions` (Apollo's requestPipeline): undefined `store` means persisted
 * queries are off (`apolloServer.persistedQueries: false`).
 */
export async function resolvePersistedQuery(
  query: unknown,
  extensions: unknown,
  store: PersistedQueries | undefined,
): Promise<PersistedResolution | PersistedRefusal> {
  const persisted = isPlainObject(extensions) ? extensions.persistedQuery : undefined;
  if (!persisted) return { query };
  // (a page served over plain http has no Web Crypto digest: the client's link then sends whole queries)
  if (!store || !globalThis.crypto?.subtle)
    return { status: 200, message: 'PersistedQueryNotSupported', code: 'PERSISTED_QUERY_NOT_SUPPORTED', noCache: true };
  if (!isPlainObject(persisted) || persisted.version !== 1)
    return { status: 400, message: 'Unsupported persisted query version', code: 'INTERNAL_SERVER_ERROR' };
  const hash = persisted.sha256Hash;
  if (query === undefined) {
    const kept = typeof hash === 'string' ? store.get(hash) : undefined;
    return kept === undefined
      ? { status: 200, message: 'PersistedQueryNotFound', code: 'PERSISTED_QUERY_NOT_FOUND', noCache: true }
      : { query: kept };
  }
  if (typeof query !== 'string' || hash !== (await sha256Hex(query)))
    return { status: 400, message: 'provided sha does not match query', code: 'INTERNAL_SERVER_ERROR' };
  return { query, register: hash };
}

/** The SHA-256 of a text, in lowercase hex (Web Crypto: in Node and in the browser alike). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
