import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';
import busboy from 'busboy';
import { PayloadTooLargeError, ValidationError } from '../../core/errors/strapi-errors.js';
import { clientAbort } from '../express/client-abort.js';

export interface UploadedPart {
  readonly field: string;
  readonly filename: string;
  readonly mime: string;
  readonly size: number;
  /** The first bytes (enough to sniff the type and read an image's size). */
  readonly head: Buffer;
  /** Where the bytes were streamed to; the caller adopts the file or calls `discard`. */
  readonly path: string;
}

export interface Multipart {
  readonly files: UploadedPart[];
  readonly fields: Record<string, string>;
  /** Deletes every temporary file not adopted yet (call in a `finally`). */
  discard(): void;
}

export interface MultipartLimits {
  /** Largest file, in bytes (Strapi's `upload.sizeLimit`). */
  readonly fileSize: number;
  /** Most files in one request. */
  readonly files: number;
  /** Where the parts are streamed while the request is read. */
  readonly tmpDir: string;
}

/** Enough for any image header we read (a JPEG's frame size can follow a large EXIF block). */
export const HEAD_BYTES = 64 * 1024;
/** Form fields (`fileInfo`, …): a few small JSON values, never megabytes. */
const FIELD_LIMITS = { fields: 64, fieldSize: 1024 * 1024, parts: 1000 } as const;

const isMultipart = (req: Request) =>
  String(req.headers['content-type'] ?? '')
    .toLowerCase()
    .startsWith('multipart/form-data');

const empty = (): Multipart => ({ files: [], fields: {}, discard: () => undefined });

/**
 * Reads a multipart body, streaming each file to a temporary file so memory stays flat whatever the size. A file
 * over `fileSize` is Strapi's 413 "FileTooBig", more than `files` files a 413 too; the rest of the body is drained
 * so the client reads the answer. A body cut before its closing boundary is a 400; a client that goes away is a
 * client abort. Every failure deletes what was written. A body that is not multipart holds no files.
 */
export function readMultipart(req: Request, limits: MultipartLimits): Promise<Multipart> {
  if (!isMultipart(req)) {
    // (another body was read already, by the body parser's layer: nothing is left to wait for)
    if (req.readableEnded) return Promise.resolve(empty());
    req.resume();
    return new Promise((ok) => req.once('end', () => ok(empty())).once('close', () => ok(empty())));
  }
  return new Promise((ok, fail) => {
    const files: UploadedPart[] = [];
    const fields: Record<string, string> = {};
    const written: string[] = [];
    const open = new Set<NodeJS.WritableStream & { destroy(): void }>();
    let failure: Error | undefined;
    let writing = 0;
    let parsed = false;
    let settled = false;
    const discard = () => {
      for (const path of written.splice(0)) rmSync(path, { force: true });
    };
    const settle = () => {
      if (settled || !parsed || writing > 0) return;
      settled = true;
      if (failure) {
        discard();
        fail(failure);
      } else ok({ files, fields, discard });
    };
    const refuse = (e: Error) => {
      failure ??= e;
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { ...FIELD_LIMITS, fileSize: limits.fileSize, files: limits.files } });
    } catch (e) {
      req.resume();
      fail(new ValidationError(`Invalid multipart body: ${(e as Error).message}`, {}));
      return;
    }

    parser.on('file', (field, stream, info) => {
      // An error on the part's stream (a body cut mid-file) must have a listener, or it takes the process down.
      stream.on('error', (e: Error) => {
        refuse(new ValidationError(`Invalid multipart body: ${e.message}`, {}));
        for (const o of open) o.destroy();
      });
      if (failure) {
        stream.resume();
        return;
      }
      mkdirSync(limits.tmpDir, { recursive: true });
      const path = join(limits.tmpDir, `.incoming-${randomBytes(8).toString('hex')}`);
      written.push(path);
      const out = createWriteStream(path);
      const head: Buffer[] = [];
      let headSize = 0;
      let size = 0;
      writing++;
      open.add(out);
      const done = () => {
        open.delete(out);
        writing--;
        settle();
      };
      out.once('close', done);
      out.on('error', (e: Error) => refuse(e));
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (headSize < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
      });
      stream.on('limit', () => refuse(new PayloadTooLargeError('FileTooBig', {})));
      stream.once('end', () => {
        if (!failure) {
          files.push({ field, filename: info.filename ?? 'file', mime: info.mimeType, size, head: Buffer.concat(head), path });
        }
      });
      stream.pipe(out);
    });
    parser.on('filesLimit', () => refuse(new PayloadTooLargeError(`Too many files: at most ${limits.files} in one request`, {})));
    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('error', (e: Error) => {
      refuse(new ValidationError(`Invalid multipart body: ${e.message}`, {}));
      req.unpipe(parser);
      req.resume();
      parsed = true;
      settle();
    });
    parser.on('close', () => {
      parsed = true;
      settle();
    });
    // The client went away before the end of its body: busboy would wait for the rest forever.
    req.once('close', () => {
      if (req.complete) return;
      refuse(clientAbort());
      req.unpipe(parser);
      parser.destroy();
      for (const o of open) o.destroy();
      parsed = true;
      settle();
    });
    req.pipe(parser);
  });
}
