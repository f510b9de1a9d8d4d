import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** One line per request, when it ends: `GET /api/stories?populate=* 200 12ms` (`--quiet` turns it off). */
export function requestLog(print: (line: string) => void): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    logWhenDone(print, req, res, req.originalUrl);
    next();
  };
}

/** The request log's line for a request (`url`: as the client sent it), printed when it ends, from now on. */
export function logWhenDone(print: (line: string) => void, req: IncomingMessage, res: ServerResponse, url: string): void {
  const started = process.hrtime.bigint();
  const line = (status: string) => `${req.method} ${url} ${status} ${Number((process.hrtime.bigint() - started) / 1_000_000n)}ms`;
  let done = false;
  res.once('finish', () => {
    done = true;
    print(line(String(res.statusCode)));
  });
  // A reset or a client that gave up never finishes: say so (nginx's 499, client closed request), rather than print
  // nothing or blame the server.
  res.once('close', () => {
    if (!done) print(line(res.headersSent ? `${res.statusCode} (aborted)` : '499 (client closed request)'));
  });
}
