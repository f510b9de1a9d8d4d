import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Response } from 'express';

/**
 * Whether express's `send` does more for this request than write the body with its Content-Type and Content-Length:
 * HEAD (no body), a conditional request (its freshness check may answer 304), a Transfer-Encoding set before (no
 * Content-Length).
 */
export const expressSends = (req: IncomingMessage, res: ServerResponse): boolean =>
  req.method === 'HEAD' ||
  req.headers['if-none-match'] !== undefined ||
  req.headers['if-modified-since'] !== undefined ||
  res.hasHeader('transfer-encoding');

/**
 * A JSON answer as express's `res.status(status).type(type).send(body)` writes it when it does nothing more (see
 * expressSends): the same headers in the same order (Content-Type, then Content-Length, after what earlier layers
 * set) and the same bytes, with node's own calls. `type` is a full media type with its charset, as express's `type`
 * leaves it; `status` has a body (not 204, 205 or 304).
 */
export function writeBody(res: ServerResponse, status: number, type: string, body: string | Uint8Array): void {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.end(body);
}

/** `res.status(status).type(type).send(body)`, with node's calls where express would do nothing more (writeBody). */
export function sendBody(res: Response, status: number, type: string, body: string | Uint8Array): void {
  if (!expressSends(res.req, res) && status !== 204 && status !== 205 && status !== 304) return writeBody(res, status, type, body);
  res
    .status(status)
    .type(type)
    .send(typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}
