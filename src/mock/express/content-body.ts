import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { PayloadTooLargeError, ValidationError } from '../../core/errors/strapi-errors.js';
import { FORM_FIELDS_LIMIT, FORM_FILES_LIMIT, formFieldsBody, isMultipartForm } from '../request/multipart-fields.js';
import { bodyOf, readBody } from './read-body.js';

// A content route's body on the server. A multipart form is streamed (busboy): its text fields kept, its files read
// past and counted, so a form that sends an image beside its data[...] fields is read as Strapi's formidable reads
// it (files up to 200 MB in all) without holding the file. Node-only: content-mock/msw reads forms with the Fetch
// API's parser (multipart-fields.ts), the same fields the same way.

/** The body of a content route's request, read once (see bodyOf). */
export const contentBodyOf = (req: IncomingMessage): Promise<unknown> => bodyOf(req, readContentBody);

function readContentBody(req: IncomingMessage): Promise<unknown> {
  return isMultipartForm(req.headers['content-type']) ? formFields(req).then(formFieldsBody) : readBody(req);
}

function formFields(req: IncomingMessage): Promise<[string, string][]> {
  return new Promise((ok, fail) => {
    const fields: [string, string][] = [];
    let fileBytes = 0;
    let failure: Error | undefined;
    let parser: busboy.Busboy;
    try {
      // formidable's field limits: 1,000 fields, 20 MB of them
      parser = busboy({ headers: req.headers, limits: { fields: FORM_FIELDS_LIMIT, fieldSize: 20 * 1024 * 1024 } });
    } catch (e) {
      req.resume();
      fail(new ValidationError(`Invalid multipart body: ${(e as Error).message}`, {}));
      return;
    }
    parser.on('field', (name, value) => fields.push([name, value]));
    parser.on('file', (_name, stream) => {
      stream.on('error', () => undefined);
      stream.on('data', (chunk: Buffer) => {
        fileBytes += chunk.length;
        // formidable counts every file of the form against maxFileSize: Strapi's 413 "FileTooBig"
        if (fileBytes > FORM_FILES_LIMIT) failure ??= new PayloadTooLargeError('FileTooBig', {});
      });
      stream.resume();
    });
    parser.on('error', (e: Error) => {
      req.unpipe(parser);
      req.resume();
      fail(failure ?? new ValidationError(`Invalid multipart body: ${e.message}`, {}));
    });
    parser.on('close', () => (failure ? fail(failure) : ok(fields)));
    // a client gone before the end of its form: the parser would wait for the rest forever
    req.once('close', () => {
      if (!req.complete) fail(new ValidationError('Invalid multipart body: the request ended before the form did', {}));
    });
    req.pipe(parser);
  });
}
