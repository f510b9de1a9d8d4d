import { isIP } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sendStrapiError } from './fault-injection.js';

// The control routes (`/__content-mock/reset`, …) are for test runners and scripts on this machine, never for a web
// page: a page on another site could otherwise wipe the store with a simple form POST (no preflight), and a site
// whose name resolves to 127.0.0.1 (DNS rebinding) could even read the answers. So they get no CORS headers, and a
// request is refused when the browser says it is cross-site, when its Origin is not this server, or when its Host
// does not name this server by an IP address, `localhost` or the host it was started with.

const splitHost = (value: string): { name: string; port: string } | undefined => {
  const m = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  return m ? { name: m[1].replace(/^\[|\]$/g, ''), port: m[2] ?? '80' } : undefined;
};

function namesThisServer(value: string | undefined, port: number, listenHost: string | undefined): boolean {
  if (!value) return false;
  const host = splitHost(value);
  if (!host || host.port !== String(port)) return false;
  const { name } = host;
  return isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost') || name === listenHost?.toLowerCase();
}

/** Whether an Origin header names the same host and port as the Host header (`null` never does). */
function sameHost(origin: string, hostHeader: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const a = splitHost(`${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
  const b = splitHost(hostHeader);
  return !!a && !!b && a.name === b.name && a.port === b.port;
}

/** Refuses, with a 403 in Strapi's envelope, any control request that does not come from this machine's own tools. */
export function sameOriginOnly(listenHost: () => string | undefined): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const port = req.socket.localPort ?? 0;
    const refuse = (why: string) => sendStrapiError(res, 403, `The content-mock control routes refuse ${why}`);
    if (!namesThisServer(req.headers.host, port, listenHost())) return refuse('a Host that does not name this server');
    if (req.headers['sec-fetch-site'] === 'cross-site' || req.headers['sec-fetch-site'] === 'same-site')
      return refuse('cross-site requests');
    const origin = req.headers.origin;
    if (origin !== undefined && !sameHost(origin, String(req.headers.host))) return refuse('cross-origin requests');
    next();
  };
}
