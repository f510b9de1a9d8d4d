import type { Request } from 'express';
import qs from 'qs';
import { PayloadTooLargeError, SyntaxErrorResponse } from '../errors/strapi-errors.js';

/** Strapi's (koa-body's) default JSON limit. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Reads a request body as Strapi's body parser does: JSON and url-encoded forms are parsed, a JSON syntax error
 * is a 400 `SyntaxError`, anything else (text, no body) leaves no `data` and fails the payload check later.
 */
export async function readBody(req: Request): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = chunk as Buffer;
    size += buf.length;
    if (size > BODY_LIMIT) throw new PayloadTooLargeError('request entity too large', {});
    chunks.push(buf);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (text.trim() === '') return undefined;
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch (e) {
      throw new SyntaxErrorResponse((e as Error).message);
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) return qs.parse(text, { depth: 20, arrayLimit: 100 });
  return undefined;
}
