import qs from 'qs';
import { PayloadTooLargeError, ValidationError } from '../../core/errors/strapi-errors.js';
import { mediaType } from './parse-body.js';

/** Whether the body is a multipart form (Strapi's body middleware reads it with formidable). */
export const isMultipartForm = (contentType: string | undefined | null): boolean => mediaType(contentType) === 'multipart/form-data';

/**
 * A multipart form's text fields as koa-body's formidable 2 (`multiples: true`) hands them to Strapi: each field is
 * written back as `qs.stringify({ [name]: value })`, the lot joined by `&` and read with qs's defaults (no dots), so
 * `data[title]` nests into `data` and a repeated name is a list; a `data` field holding JSON text stays a string.
 * Files are beside the body, never in it. The form is read by the Fetch API's own parser (`Response.formData`), which
 * Node and browsers both have (content-mock/msw, the plugin routes); the server's content routes stream forms instead
 * (express/content-body.ts) and hand the same fields to formFieldsBody.
 */
export async function multipartBody(bytes: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch (e) {
    throw new ValidationError(`Invalid multipart body: ${(e as Error).message}`, {});
  }
  const fields: [string, string][] = [];
  let fileBytes = 0;
  for (const [name, value] of form) {
    if (typeof value === 'string') fields.push([name, value]);
    else fileBytes += value.size;
  }
  // formidable counts every file of the form against maxFileSize: Strapi's 413 "FileTooBig"
  if (fileBytes > FORM_FILES_LIMIT) throw new PayloadTooLargeError('FileTooBig', {});
  return formFieldsBody(fields);
}

/** formidable's defaults, as Strapi's body middleware (koa-body 6, formidable 2) reads a form with them. */
export const FORM_FIELDS_LIMIT = 1000;
/** All files of one form together; over it Strapi answers 413 "FileTooBig". */
export const FORM_FILES_LIMIT = 200 * 1024 * 1024;

/** A form's text fields, in order, as the body Strapi hands its controllers (see multipartBody). */
export function formFieldsBody(fields: readonly (readonly [string, string])[]): Record<string, unknown> {
  const written = fields.slice(0, FORM_FIELDS_LIMIT).map(([name, value]) => qs.stringify({ [name]: value }));
  return written.length === 0 ? {} : qs.parse(written.join('&'));
}
