import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown> & { data?: unknown; meta?: Record<string, unknown> };
type Break = (status: number, body: Json) => [number, unknown];

const rows = (b: Json) => b.data as Array<Record<string, unknown>>;

/** Ways to break a correct answer; a request picks one with the `x-break` header. */
export const BREAKS: Record<string, Break> = {
  'wrong-status': (_s, b) => [418, b],
  'missing-populated-relation': (s, b) => (delete rows(b)[0].category, [s, b]),
  'missing-owner': (s, b) => (delete rows(b)[0].owner, [s, b]),
  'unpopulated-relation-present': (s, b) => ((rows(b)[0].category = null), [s, b]),
  'field-outside-fields': (s, b) => ((rows(b)[0].slug = 'extra'), [s, b]),
  'wrong-type': (s, b) => ((rows(b)[0].title = 42), [s, b]),
  'broken-sort': (s, b) => ((b.data = [...rows(b)].reverse()), [s, b]),
  'filter-mismatch': (s, b) => ((rows(b)[0].featured = false), [s, b]),
  'wrong-pagination': (s, b) => (((b.meta!.pagination as Record<string, unknown>).pageCount = 99), [s, b]),
  'bad-error-envelope': (s) => [s, { error: 'not found' }],
  'wrong-locale': (s, b) => ((rows(b)[0].locale = 'de'), [s, b]),
  'wrong-status-filter': (s, b) => ((rows(b)[0].publishedAt = '2025-01-01T00:00:00.000Z'), [s, b]),
};

export interface BrokenBackend {
  readonly url: string;
  close(): Promise<void>;
}

/** A backend in front of a healthy content-mock that rewrites answers as the request's `x-break` header says. */
export async function startBrokenBackend(
  upstream: string,
  options: { delayMs?: number; always?: string; elevate?: string } = {},
): Promise<BrokenBackend> {
  const server = http.createServer((req, res) => {
    void (async () => {
      if (options.delayMs) await new Promise((ok) => setTimeout(ok, options.delayMs));
      const kind = (req.headers['x-break'] as string | undefined) ?? options.always;
      // `elevate`: answers as if the caller had this credential, ignoring what the caller may read.
      const authorization = kind === 'elevate' && options.elevate ? options.elevate : String(req.headers.authorization ?? '');
      const answer = await fetch(upstream + (req.url ?? '/'), { method: req.method, headers: { authorization } });
      const text = await answer.text();
      let status = answer.status;
      let body: unknown = text === '' ? undefined : (JSON.parse(text) as unknown);
      const fn = kind ? BREAKS[kind] : undefined;
      // Entry breaks need a non-empty list; anything else passes through untouched (the error break takes errors).
      const json = body as Json;
      const applies =
        kind === 'bad-error-envelope'
          ? status >= 400
          : kind === 'wrong-status' || (Array.isArray(json?.data) && json.data.length > 1 && status === 200);
      if (fn && applies && body && typeof body === 'object') [status, body] = fn(status, json);
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    })().catch(() => res.destroy());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      }),
  };
}
