import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createProxy, VIOLATIONS_HEADER, type ContentProxy } from '../../src/contract/proxy/create-proxy.js';
import { loadContract } from '../../src/contract/proxy/load-contract.js';
import type { Violation } from '../../src/contract/proxy/violation.js';
import { datasetLocales, KIT_DIR } from '../openapi/kit.js';

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

export interface CheckingProxy {
  readonly proxy: ContentProxy;
  /** Sends `path` through the proxy (recorded answer `answer`, with break `kind`): its status and what it found. */
  through(path: string, answer: string, kind?: string): Promise<{ status: number; header: number; violations: readonly Violation[] }>;
  close(): Promise<void>;
}

/**
 * A validating proxy (violations counted in a header too) in front of `target`, with the kit's project as
 * `proxy --config` loads it: REST settings (defaultLimit 25, maxLimit 100, strictParams) included.
 */
export async function startKitProxy(target: string): Promise<CheckingProxy> {
  const contract = await loadContract({
    schemas: `${KIT_DIR}model`,
    config: `${KIT_DIR}content-mock.config.json`,
    locales: datasetLocales(`${KIT_DIR}dataset.json`),
  });
  const proxy = createProxy({ target, contract, validateFirst: true, log: () => undefined });
  const { url } = await proxy.listen(0);
  return {
    proxy,
    async through(path, answer, kind = '') {
      const res = await fetch(url + path, { headers: { 'x-answer': answer, 'x-break': kind } });
      await res.arrayBuffer();
      await proxy.idle();
      const sent = new URL(path, url);
      const result = proxy.report
        .data()
        .results.filter((r) => r.url === sent.pathname + sent.search)
        .at(-1);
      return { status: res.status, header: Number(res.headers.get(VIOLATIONS_HEADER)), violations: result?.violations ?? [] };
    },
    close: () => proxy.close(),
  };
}
