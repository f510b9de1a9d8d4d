import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';

/** RFC 9110 §7.6.1: headers that describe one connection, never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Copies headers minus the hop-by-hop ones (including any the Connection header names). */
export function endToEndHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  // Runs twice per request: skip building the named set when there is no Connection header (or just keep-alive).
  const connection = headers.connection;
  const named =
    connection === undefined || connection === 'keep-alive' || connection === 'close'
      ? undefined
      : new Set(
          String(connection)
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        );
  const out: OutgoingHttpHeaders = {};
  for (const k in headers) {
    const v = headers[k];
    if (v !== undefined && !HOP_BY_HOP.has(k) && !named?.has(k)) out[k] = v;
  }
  return out;
}

export interface Upstream {
  readonly url: URL;
  readonly agent: http.Agent;
  readonly timeoutMs: number;
}

export function createUpstream(target: string, timeoutMs: number): Upstream {
  const url = new URL(target);
  // Keep-alive: a new TCP connection per request would cost more than the whole validation.
  const agent = url.protocol === 'https:' ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
  return { url, agent, timeoutMs };
}

export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'unreachable',
    message: string,
    /** The connection was reset on a kept-alive socket the target had already closed: safe to send again once. */
    readonly staleSocket = false,
  ) {
    super(message);
  }
}

/** Methods a second attempt cannot change the outcome of (RFC 9110 §9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);

function send(upstream: Upstream, req: IncomingMessage, write: (out: http.ClientRequest) => void): Promise<IncomingMessage> {
  const { url, agent, timeoutMs } = upstream;
  const headers = endToEndHeaders(req.headers);
  headers.host = url.host;
  const base = url.pathname.replace(/\/$/, '');
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? https.request : http.request;
    const out = request(
      { protocol: url.protocol, hostname: url.hostname, port: url.port, method: req.method, path: base + (req.url ?? '/'), headers, agent },
      resolve,
    );
    out.setTimeout(timeoutMs, () => out.destroy(new UpstreamError('timeout', `the target did not answer within ${timeoutMs} ms`)));
    out.on('error', (e: NodeJS.ErrnoException) => {
      if (e instanceof UpstreamError) return reject(e);
      // A keep-alive socket the target closed while it sat in the pool: the request never reached the target.
      const stale = out.reusedSocket && (e.code === 'ECONNRESET' || e.code === 'EPIPE');
      reject(new UpstreamError('unreachable', `the target is unreachable: ${e.message}`, stale));
    });
    write(out);
  });
}

function readBody(req: IncomingMessage, onBodyChunk?: (chunk: Buffer) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      onBodyChunk?.(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * Sends the client's request on to the target; resolves with the target's response head. Other methods stream
 * their body through; an idempotent request is read first, so that an ECONNRESET on a reused keep-alive socket
 * (the target closed it while it was pooled) is retried once on a fresh one instead of becoming a 502.
 */
export async function forwardRequest(
  upstream: Upstream,
  req: IncomingMessage,
  onBodyChunk?: (chunk: Buffer) => void,
): Promise<IncomingMessage> {
  if (!IDEMPOTENT.has((req.method ?? 'GET').toUpperCase())) {
    return send(upstream, req, (out) => {
      req.on('data', (chunk: Buffer) => onBodyChunk?.(chunk));
      req.pipe(out);
    });
  }
  const body = await readBody(req, onBodyChunk);
  const attempt = () => send(upstream, req, (out) => out.end(body.length > 0 ? body : undefined));
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof UpstreamError && e.staleSocket) return attempt();
    throw e;
  }
}
