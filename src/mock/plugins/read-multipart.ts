import type { Request } from 'express';
import busboy from 'busboy';
import { PayloadTooLargeError, ValidationError } from '../../core/errors/strapi-errors.js';

export interface UploadedPart {
  readonly field: string;
  readonly filename: string;
  readonly mime: string;
  readonly bytes: Buffer;
}

export interface Multipart {
  readonly files: UploadedPart[];
  readonly fields: Record<string, string>;
}

const isMultipart = (req: Request) =>
  String(req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data');

/**
 * Reads a multipart body into memory. A file over `sizeLimit` bytes is Strapi's 413 (its body parser says
 * "FileTooBig"); the rest of the request is drained so the connection stays usable. A body that is not multipart
 * holds no files.
 */
export function readMultipart(req: Request, sizeLimit: number): Promise<Multipart> {
  if (!isMultipart(req)) {
    req.resume();
    return new Promise((ok) => req.once('end', () => ok({ files: [], fields: {} })).once('error', () => ok({ files: [], fields: {} })));
  }
  return new Promise((ok, fail) => {
    const files: UploadedPart[] = [];
    const fields: Record<string, string> = {};
    let failure: Error | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: sizeLimit } });
    } catch (e) {
      fail(new ValidationError(`Invalid multipart body: ${(e as Error).message}`, {}));
      return;
    }
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () => {
        failure ??= new PayloadTooLargeError('FileTooBig', {});
        chunks.length = 0;
      });
      stream.on('end', () => {
        if (!failure) files.push({ field, filename: info.filename ?? 'file', mime: info.mimeType, bytes: Buffer.concat(chunks) });
      });
    });
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', (e: Error) => {
      failure ??= new ValidationError(`Invalid multipart body: ${e.message}`, {});
      req.unpipe(parser);
      req.resume();
      fail(failure);
    });
    parser.on('close', () => (failure ? fail(failure) : ok({ files, fields })));
    req.pipe(parser);
  });
}
