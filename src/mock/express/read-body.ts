import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import busboy from 'busboy';
import { ValidationError } from '../../core/errors/strapi-errors.js';
import { checkBodySize, isMultipartForm, multipartFields, parseBody } from '../request/parse-body.js';

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
  if (isMultipartForm(req.headers['content-type'])) return multipartFields(await formFields(req, all));
  // ignoreBOM keeps a byte-order mark in the text: parseBody drops one, as raw-body's decoder does in Strapi.
  return parseBody(new TextDecoder('utf-8', { ignoreBOM: true }).decode(all), req.headers['content-type']);
}

/** A multipart body's text fields, in order (its files are drained: a content route does not read them). */
function formFields(req: IncomingMessage, bytes: Uint8Array): Promise<[string, string][]> {
  return new Promise((ok, fail) => {
    const fields: [string, string][] = [];
    const refuse = (e: Error) => fail(new ValidationError(`Invalid multipart body: ${e.message}`, {}));
    let parser: busboy.Busboy;
    try {
      // formidable's own limits (1,000 fields, 20 MB of them)
      parser = busboy({ headers: req.headers, limits: { fields: 1000, fieldSize: 20 * 1024 * 1024 } });
    } catch (e) {
      refuse(e as Error);
      return;
    }
    parser.on('field', (name, value) => fields.push([name, value]));
    parser.on('file', (_name, stream) => stream.resume());
    parser.on('error', (e: Error) => refuse(e));
    parser.on('close', () => ok(fields));
    Readable.from([Buffer.from(bytes)]).pipe(parser);
  });
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const BODY = Symbol('content-mock.body');

/** The request's body, read once: the project's route and the core route it may fall back to share it. */
export function bodyOf(req: IncomingMessage): Promise<unknown> {
  const held = req as IncomingMessage & { [BODY]?: Promise<unknown> };
  held[BODY] ??= WITH_BODY.has(req.method ?? '') ? readBody(req) : Promise.resolve({});
  return held[BODY];
}
