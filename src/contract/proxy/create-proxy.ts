import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';
import type { Contract } from './load-contract.js';
import { createUpstream, endToEndHeaders, forwardRequest, UpstreamError } from './forward-request.js';
import { Report } from './report.js';
import { settleConditionals } from './conditions.js';
import { ReadProbe } from './read-probe.js';
import { dedupeViolations, validateExchange, type ExchangeVerdict } from './validate-exchange.js';
import { memoKey, VerdictMemo } from './verdict-memo.js';
import { formatViolation, type ExchangeResult } from './violation.js';
import { StatusError } from '../../core/errors/http-status.js';
import { errorBody } from '../../core/errors/strapi-errors.js';

export const VIOLATIONS_HEADER = 'x-content-mock-violations';

export interface ProxyOptions {
  readonly target: string;
  readonly contract: Contract;
  /** Refuse a bad answer: 502 with the error envelope instead (the answer is then buffered and checked first). */
  readonly strict?: boolean;
  /** Buffer and validate before answering, to send the violation count header (off: stream, validate after). */
  readonly validateFirst?: boolean;
  readonly timeoutMs?: number;
  /** One line per violation; default console.warn. */
  readonly log?: (line: string) => void;
  /** Bodies above this are forwarded but not validated. */
  readonly maxBodyBytes?: number;
}

export interface ContentProxy {
  readonly report: Report;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
  /** Resolves when every answer received so far has been validated. */
  idle(): Promise<void>;
}

/** The proxy's own answers (target down, contract broken) in Strapi's envelope, from the one writer in core/errors. */
const envelope = (status: number, name: string, message: string, details: Record<string, unknown> = {}) =>
  JSON.stringify(errorBody(new StatusError(status, { name, message, details })));

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === 'identity') return body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  throw new Error(`unsupported content-encoding ${encoding}`);
}

function parseBody(raw: Buffer, contentType: string | undefined, encoding: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = decode(raw, encoding).toString('utf8');
  if (contentType?.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

/** The validating proxy: forwards every request faithfully and checks each answer against the narrowed contract. */
export function createProxy(options: ProxyOptions): ContentProxy {
  const upstream = createUpstream(options.target, options.timeoutMs ?? 30_000);
  const report = new Report('proxy', options.target);
  const log = options.log ?? ((line: string) => console.warn(line));
  const maxBody = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const buffered = options.strict === true || options.validateFirst === true;
  const pending = new Set<Promise<void>>();

  const record = (result: ExchangeResult) => {
    report.add(result);
    for (const v of result.violations) log(formatViolation(result, v));
  };

  // Identical request + identical answer bytes → identical verdict: repeated traffic is judged once.
  const memo = new VerdictMemo();

  const verdictOn = (
    req: IncomingMessage,
    status: number,
    contentType: string | undefined,
    encoding: string | undefined,
    chunks: readonly Buffer[],
    size: number,
  ): ExchangeVerdict => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const key = memoKey(method, url, req.headers, status, contentType, encoding);
    const known = memo.get(key, chunks, size);
    if (known) return known;
    // Copied once: the memo keeps it, and socket chunks are views into larger read buffers.
    const raw = Buffer.concat(chunks, size);
    let body: unknown;
    let verdict: ExchangeVerdict | undefined;
    try {
      body = parseBody(raw, contentType, encoding);
    } catch (e) {
      verdict = {
        operation: `${method} ${url.split('?')[0]}`,
        violations: [{ rule: 'schema', path: '$', message: `the body does not parse: ${(e as Error).message}` }],
      };
    }
    verdict ??= validateExchange(options.contract, { method, url, requestHeaders: req.headers, status, contentType, body });
    memo.set(key, raw, verdict);
    return verdict;
  };

  // Whether the caller may read a type decides some findings (hidden relations): the target is asked, with the
  // caller's own credential, once per (credential, type) for the run.
  const probe = new ReadProbe(options.target, options.contract.model, Math.min(options.timeoutMs ?? 30_000, 10_000));

  /** The verdict for this caller: the memoized verdict is caller-independent, its conditionals are settled here. */
  const settle = async (req: IncomingMessage, verdict: ExchangeVerdict): Promise<ExchangeVerdict> => {
    const { conditional, ...rest } = verdict;
    if (!conditional) return verdict;
    const found = await settleConditionals(conditional, probe, req.headers.authorization);
    return found.length === 0 ? rest : { ...rest, violations: dedupeViolations([...rest.violations, ...found]) };
  };

  /** `chunks` undefined: the body was larger than maxBodyBytes and is not validated. */
  const judge = async (
    req: IncomingMessage,
    status: number,
    contentType: string | undefined,
    encoding: string | undefined,
    chunks: readonly Buffer[] | undefined,
    size: number,
    started: number,
  ): Promise<ExchangeResult> => {
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const verdict =
      chunks === undefined
        ? { operation: `${method} ${url.split('?')[0]}`, violations: [], skipped: 'body too large to validate' }
        : verdictOn(req, status, contentType, encoding, chunks, size);
    // The exchange's own time: a probe is the proxy's cost, not the target's.
    const durationMs = performance.now() - started;
    return { ...(await settle(req, verdict)), method, url, status, durationMs };
  };

  const fail = (req: IncomingMessage, res: ServerResponse, e: unknown) => {
    const timeout = e instanceof UpstreamError && e.kind === 'timeout';
    const status = timeout ? 504 : 502;
    const message = e instanceof Error ? e.message : String(e);
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    record({ operation: `${method} ${url.split('?')[0]}`, method, url, status, violations: [{ rule: 'target', path: '$', message }] });
    if (res.headersSent) return void res.destroy();
    const body = envelope(status, timeout ? 'GatewayTimeoutError' : 'BadGatewayError', message, { target: options.target });
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    let answer: IncomingMessage;
    try {
      answer = await forwardRequest(upstream, req);
    } catch (e) {
      return fail(req, res, e);
    }
    const status = answer.statusCode ?? 502;
    const contentType = answer.headers['content-type'];
    const encoding = answer.headers['content-encoding'];
    const headers = endToEndHeaders(answer.headers);
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      // Buffered mode must keep the whole answer to send it; streaming only keeps what it will validate.
      if (buffered || size <= maxBody) chunks.push(chunk);
    };
    const validated = () => (size <= maxBody ? chunks : undefined);
    answer.on('error', (e) => fail(req, res, new UpstreamError('unreachable', `the target broke the answer off: ${e.message}`)));

    if (buffered) {
      answer.on('data', collect);
      await new Promise<void>((ok) => answer.on('end', ok));
      // Buffered modes hold the answer to judge it: a probe the verdict needs is awaited here (once per credential
      // and type), so the strict gate and the violation count header are never wrong.
      const result = await judge(req, status, contentType, encoding, validated(), size, started);
      record(result);
      if (options.strict && result.violations.length > 0) {
        const body = envelope(
          502,
          'ContractViolationError',
          `the target's answer (${status}) breaks the contract: ${result.violations.length} violation(s)`,
          {
            status,
            violations: result.violations,
          },
        );
        res.writeHead(502, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(body),
          [VIOLATIONS_HEADER]: String(result.violations.length),
        });
        return void res.end(body);
      }
      res.writeHead(status, answer.statusMessage, { ...headers, [VIOLATIONS_HEADER]: String(result.violations.length) });
      // Corked: the chunks leave in one writev instead of being copied together first.
      res.cork();
      for (const chunk of chunks) res.write(chunk);
      return void res.end();
    }

    // Streaming: the client gets every chunk as it comes; validation runs once the answer is complete.
    res.writeHead(status, answer.statusMessage, headers);
    answer.on('data', (chunk: Buffer) => {
      collect(chunk);
      res.write(chunk);
    });
    const done = new Promise<void>((ok) =>
      answer.on('end', () => {
        res.end();
        // After the client has its answer: validation, and any probe it needs, stay off the hot path.
        setImmediate(() => {
          judge(req, status, contentType, encoding, validated(), size, started)
            .then(record, (e: unknown) =>
              log(`content-mock proxy: could not validate ${req.method ?? 'GET'} ${req.url ?? '/'}: ${String(e)}`),
            )
            .finally(ok);
        });
      }),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e: unknown) => fail(req, res, e));
  });
  server.keepAliveTimeout = 65_000;

  return {
    report,
    listen(port = 4010, host = '127.0.0.1') {
      return new Promise((ok, bad) => {
        server.once('error', bad);
        server.listen(port, host, () => {
          const address = server.address() as AddressInfo;
          ok({ url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`, port: address.port });
        });
      });
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.idle();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      upstream.agent.destroy();
    },
  };
}
