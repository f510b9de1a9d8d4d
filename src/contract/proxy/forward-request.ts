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
  ) {
    super(message);
  }
}

/** Sends the client's request on to the target, streaming its body; resolves with the target's response head. */
export function forwardRequest(upstream: Upstream, req: IncomingMessage, onBodyChunk?: (chunk: Buffer) => void): Promise<IncomingMessage> {
  const { url, agent, timeoutMs } = upstream;
  const headers = endToEndHeaders(req.headers);
  headers.host = url.host;
  const base = url.pathname.replace(/\/$/, '');
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? https.request : http.request;
    const out = send(
      { protocol: url.protocol, hostname: url.hostname, port: url.port, method: req.method, path: base + (req.url ?? '/'), headers, agent },
      resolve,
    );
    out.setTimeout(timeoutMs, () => out.destroy(new UpstreamError('timeout', `the target did not answer within ${timeoutMs} ms`)));
    out.on('error', (e) =>
      reject(e instanceof UpstreamError ? e : new UpstreamError('unreachable', `the target is unreachable: ${e.message}`)),
    );
    req.on('data', (chunk: Buffer) => onBodyChunk?.(chunk));
    req.pipe(out);
  });
}
