import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';

export interface RecordedAnswer {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly contentType: string | null;
  readonly response: unknown;
}

/** Real Strapi 5.54 answers (scripts/record-contract-answers.mjs), by name. */
export function readRecorded(file = 'test/fixtures/contract/real-answers.json'): Map<string, RecordedAnswer> {
  const list = JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswer[];
  return new Map(list.map((a) => [a.name, a]));
}

/** Rewrites a recorded answer (a deep copy) into a broken one. */
export type AnswerBreak = (status: number, body: Record<string, unknown>) => [number, unknown];

export interface RecordedBackend {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A fake Strapi that answers every request with a recorded real answer: the `x-answer` header names it (default:
 * the one recorded for the request's path), the `x-break` header names a break from `breaks` to apply first.
 */
export async function startRecordedBackend(
  answers: Map<string, RecordedAnswer>,
  breaks: Record<string, AnswerBreak>,
  /** The proxy's read probes (`?…fields[0]=id`) are answered as the recording's caller: 200, or 403 on these routes. */
  unreadable: readonly string[] = ['/api/secrets'],
): Promise<RecordedBackend> {
  const byPath = new Map([...answers.values()].map((a) => [a.path, a]));
  const server = http.createServer((req, res) => {
    req.resume();
    const url = req.url ?? '/';
    if (!req.headers['x-answer'] && url.endsWith('fields[0]=id') && !byPath.has(url)) {
      const refused = unreadable.some((route) => url.startsWith(`${route}?`));
      res.writeHead(refused ? 403 : 200, { 'content-type': 'application/json' });
      const error = { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} };
      return void res.end(JSON.stringify(refused ? { data: null, error } : { data: [], meta: {} }));
    }
    const named = req.headers['x-answer'] as string | undefined;
    const answer = named ? answers.get(named) : byPath.get(req.url ?? '/');
    if (!answer) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } }));
    }
    const body = structuredClone(answer.response) as Record<string, unknown>;
    const fn = breaks[String(req.headers['x-break'] ?? '')];
    const [status, outBody] = fn ? fn(answer.status, body) : [answer.status, body];
    res.writeHead(status, { 'content-type': answer.contentType ?? 'application/json; charset=utf-8' });
    res.end(JSON.stringify(outBody));
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
