import type { NextFunction, Request, RequestHandler, Response } from 'express';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Requests that change nothing even though they are POSTs: logging in. */
const ALLOWED = new Set(['/api/auth/local']);

/**
 * `--readonly`: every write under /api is answered as real Strapi answers a method its route does not have, 405
 * text/plain "Method Not Allowed". Not a 403: a 403 tells a frontend developer "your token lacks a permission"
 * and sends them debugging auth, while 405 says "this server has no write routes", which is what read-only means
 * (a Strapi whose create/update/delete routes are disabled answers exactly this).
 */
export function readOnly(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!refusesWrite(req.method, req.path)) return next();
    res.status(405).type('text/plain').send('Method Not Allowed');
  };
}

/** Whether `--readonly` refuses a request of this method and path. */
export const refusesWrite = (method: string | undefined, path: string): boolean =>
  WRITES.has(method ?? '') && path.startsWith('/api/') && !ALLOWED.has(path);
