import type { Request, Response } from 'express';

/**
 * koa-router's allowedMethods, which Strapi mounts: a path that exists for other methods answers OPTIONS with 200 and
 * `Allow`, any other method with 405 "Method Not Allowed" (text/plain) and `Allow`.
 */
export function methodNotAllowed(req: Request, res: Response, allow: string): void {
  res.set('Allow', allow);
  if (req.method === 'OPTIONS') {
    res.status(200).type('text/plain').send('');
    return;
  }
  res.status(405).type('text/plain').send('Method Not Allowed');
}
