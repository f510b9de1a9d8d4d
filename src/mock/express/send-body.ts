import type { Response } from 'express';

/**
 * `res.status(status).type(type).send(body)` for a JSON answer, written with node's own calls when express's `send`
 * would do nothing more: the same headers in the same order (Content-Type, then Content-Length, after what earlier
 * layers set) and the same bytes. Express's way stays for what it does differently: HEAD (no body), a conditional
 * request (its freshness check may answer 304), a Transfer-Encoding set before (no Content-Length). `type` must
 * be a full media type with its charset, as express's `type` would leave it.
 */
export function sendBody(res: Response, status: number, type: string, body: string | Uint8Array): void {
  const { req } = res;
  if (
    req.method === 'HEAD' ||
    req.headers['if-none-match'] !== undefined ||
    req.headers['if-modified-since'] !== undefined ||
    res.hasHeader('transfer-encoding') ||
    status === 204 ||
    status === 205 ||
    status === 304
  ) {
    res
      .status(status)
      .type(type)
      .send(typeof body === 'string' || Buffer.isBuffer(body) ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    return;
  }
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
  res.end(body);
}
