import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Contract } from './load-contract.js';
import { createUpstream, endToEndHeaders, forwardRequest, UpstreamError, type Upstream } from './forward-request.js';
import { parseRequestBody } from './parse-answer.js';
import { createProxyJudge, type ProxyJudge, type ReceivedAnswer } from './proxy-judge.js';
import { Report } from './report.js';
import { formatViolation, type ExchangeResult, type Rule } from './violation.js';
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
  /** Rules whose violations are not reported (e.g. `server-error`). */
  readonly ignoreRules?: readonly Rule[];
}

export interface ContentProxy {
  readonly report: Report;
  listen(port?: number, host?: string): Promise<{ url: string; port: number }>;
  close(): Promise<void>;
  /** Resolves when every answer received so far has been validated. */
  idle(): Promise<void>;
}

/** Request bodies kept for reports (a violation's reproduction); the rest is forwarded, not kept. */
const REQUEST_BODY_KEPT = 64 * 1024;

/** The proxy's own answers (target down, contract broken) in Strapi's envelope, from the one writer in core/errors. */
const envelope = (status: number, name: string, message: string, details: Record<string, unknown> = {}) =>
  JSON.stringify(errorBody(new StatusError(status, { name, message, details })));

function sendJson(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...headers,
  });
  res.end(body);
}

/** What one proxied exchange needs along the way: the settings, the judge, and where verdicts go. */
interface Session {
  readonly options: ProxyOptions;
  readonly upstream: Upstream;
  readonly judge: ProxyJudge;
  readonly maxBody: number;
  readonly record: (result: ExchangeResult) => void;
  readonly log: (line: string) => void;
  /** Validations still running after their answer was streamed out. */
  readonly pending: Set<Promise<void>>;
}

/** The target did not answer (or broke off): 502/504 in the envelope, and a `target` violation in the report. */
function failExchange(session: Session, req: IncomingMessage, res: ServerResponse, e: unknown): void {
  const timeout = e instanceof UpstreamError && e.kind === 'timeout';
  const status = timeout ? 504 : 502;
  const message = e instanceof Error ? e.message : String(e);
  const method = req.method ?? 'GET';
  const url = req.url ?? '/';
  session.record({
    operation: `${method} ${url.split('?')[0]}`,
    method,
    url,
    status,
    violations: [{ rule: 'target', path: '$', message }],
  });
  if (res.headersSent) return void res.destroy();
  sendJson(res, status, envelope(status, timeout ? 'GatewayTimeoutError' : 'BadGatewayError', message, { target: session.options.target }));
}

/** Collects a body's chunks up to what will be validated (or everything, when the whole answer is held). */
class Collected {
  readonly chunks: Buffer[] = [];
  size = 0;
  constructor(
    private readonly limit: number,
    private readonly keepAll: boolean,
  ) {}
  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.keepAll || this.size <= this.limit) this.chunks.push(chunk);
  }
  /** The chunks to validate, or undefined when the body went past the limit. */
  validated(): Buffer[] | undefined {
    return this.size <= this.limit ? this.chunks : undefined;
  }
}

function receivedOf(answer: IncomingMessage, body: Collected, started: number, requestBody: unknown): ReceivedAnswer {
  return {
    status: answer.statusCode ?? 502,
    contentType: answer.headers['content-type'],
    encoding: answer.headers['content-encoding'],
    chunks: body.validated(),
    size: body.size,
    started,
    requestBody,
  };
}

/**
 * Buffered modes hold the answer to judge it: a probe the verdict needs is awaited here (once per credential and
 * type), so the strict gate and the violation count header are never wrong.
 */
async function relayBuffered(
  session: Session,
  req: IncomingMessage,
  res: ServerResponse,
  answer: IncomingMessage,
  started: number,
  requestBody: () => unknown,
): Promise<void> {
  const body = new Collected(session.maxBody, true);
  answer.on('data', (chunk: Buffer) => body.add(chunk));
  await new Promise<void>((ok) => answer.on('end', ok));
  const result = await session.judge.judge(req, receivedOf(answer, body, started, requestBody()));
  session.record(result);
  const status = answer.statusCode ?? 502;
  const count = String(result.violations.length);
  if (session.options.strict && result.violations.length > 0) {
    const message = `the target's answer (${status}) breaks the contract: ${result.violations.length} violation(s)`;
    const details = { status, violations: result.violations };
    return sendJson(res, 502, envelope(502, 'ContractViolationError', message, details), { [VIOLATIONS_HEADER]: count });
  }
  res.writeHead(status, answer.statusMessage, { ...endToEndHeaders(answer.headers), [VIOLATIONS_HEADER]: count });
  // Corked: the chunks leave in one writev instead of being copied together first.
  res.cork();
  for (const chunk of body.chunks) res.write(chunk);
  res.end();
}

/** Streaming: the client gets every chunk as it comes; validation runs once the answer is complete. */
function relayStreaming(
  session: Session,
  req: IncomingMessage,
  res: ServerResponse,
  answer: IncomingMessage,
  started: number,
  requestBody: () => unknown,
): void {
  const body = new Collected(session.maxBody, false);
  res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEndHeaders(answer.headers));
  answer.on('data', (chunk: Buffer) => {
    body.add(chunk);
    res.write(chunk);
  });
  const done = new Promise<void>((ok) =>
    answer.on('end', () => {
      res.end();
      // After the client has its answer: validation, and any probe it needs, stay off the hot path.
      setImmediate(() => {
        session.judge
          .judge(req, receivedOf(answer, body, started, requestBody()))
          .then(session.record, (e: unknown) =>
            session.log(`content-mock proxy: could not validate ${req.method ?? 'GET'} ${req.url ?? '/'}: ${String(e)}`),
          )
          .finally(ok);
      });
    }),
  );
  session.pending.add(done);
  void done.finally(() => session.pending.delete(done));
}

/** One exchange: forward, then relay the answer (buffered or streamed) and record its verdict. */
async function handleExchange(session: Session, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const kept: Buffer[] = [];
  let requestSize = 0;
  const keep = (chunk: Buffer) => {
    if (requestSize < REQUEST_BODY_KEPT) kept.push(chunk.subarray(0, REQUEST_BODY_KEPT - requestSize));
    requestSize += chunk.length;
  };
  const requestBody = () => parseRequestBody(Buffer.concat(kept), requestSize, req.headers['content-type']);
  let answer: IncomingMessage;
  try {
    answer = await forwardRequest(session.upstream, req, keep);
  } catch (e) {
    return failExchange(session, req, res, e);
  }
  answer.on('error', (e) =>
    failExchange(session, req, res, new UpstreamError('unreachable', `the target broke the answer off: ${e.message}`)),
  );
  const buffered = session.options.strict === true || session.options.validateFirst === true;
  if (buffered) return relayBuffered(session, req, res, answer, started, requestBody);
  relayStreaming(session, req, res, answer, started, requestBody);
}

/** The validating proxy: forwards every request faithfully and checks each answer against the narrowed contract. */
export function createProxy(options: ProxyOptions): ContentProxy {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const report = new Report('proxy', options.target);
  const log = options.log ?? ((line: string) => console.warn(line));
  const session: Session = {
    options,
    upstream: createUpstream(options.target, timeoutMs),
    judge: createProxyJudge(options.target, options.contract, timeoutMs, options.ignoreRules),
    maxBody: options.maxBodyBytes ?? 8 * 1024 * 1024,
    log,
    pending: new Set(),
    record: (result) => {
      report.add(result);
      for (const v of result.violations) log(formatViolation(result, v));
    },
  };
  const server = http.createServer((req, res) => {
    handleExchange(session, req, res).catch((e: unknown) => failExchange(session, req, res, e));
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
      while (session.pending.size > 0) await Promise.all([...session.pending]);
    },
    async close() {
      await this.idle();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
      session.upstream.agent.destroy();
    },
  };
}
