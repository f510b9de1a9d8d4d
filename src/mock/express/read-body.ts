import type { IncomingMessage } from 'node:http';
import { BODY_METHODS, checkBodySize, parseBody } from '../request/parse-body.js';
import { isMultipartForm, multipartBody } from '../request/multipart-fields.js';

/** Reads a request body and parses it as Strapi's body parser does (see parseBody). */
export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req) {
    const bytes = chunk as Uint8Array;
    size += bytes.length;
    checkBodySize(size);
    chunks.push(bytes);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  const type = req.headers['content-type'];
  if (isMultipartForm(type)) return multipartBody(all, type!);
  // ignoreBOM keeps a byte-order mark in the text: parseBody drops one, as raw-body's decoder does in Strapi.
  return parseBody(new TextDecoder('utf-8', { ignoreBOM: true }).decode(all), type);
}

const BODY = Symbol('content-mock.body');

/**
 * The request's body, read once: the project's route and the core route it may fall back to share it. `read`: how
 * (the content routes stream a form's files past, see content-body.ts).
 */
export function bodyOf(req: IncomingMessage, read: (req: IncomingMessage) => Promise<unknown> = readBody): Promise<unknown> {
  const held = req as IncomingMessage & { [BODY]?: Promise<unknown> };
  held[BODY] ??= BODY_METHODS.has(req.method ?? '') ? read(req) : Promise.resolve({});
  return held[BODY];
}
