import qs from 'qs';
import { ValidationError } from '../../core/errors/strapi-errors.js';
import { mediaType } from './parse-body.js';

/** Whether the body is a multipart form (Strapi's body middleware reads it with formidable). */
export const isMultipartForm = (contentType: string | undefined | null): boolean => mediaType(contentType) === 'multipart/form-data';

/**
 * A multipart form's text fields as koa-body's formidable 2 (`multiples: true`) hands them to Strapi: each field is
 * written back as `qs.stringify({ [name]: value })`, the lot joined by `&` and read with qs's defaults (no dots), so
 * `data[title]` nests into `data` and a repeated name is a list; a `data` field holding JSON text stays a string.
 * Files are beside the body, never in it. The form is read by the Fetch API's own parser (`Response.formData`), which
 * Node and browsers both have: the same code serves express and content-mock/msw, with no Node-only parser bundled.
 */
export async function multipartBody(bytes: Uint8Array, contentType: string): Promise<Record<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch (e) {
    throw new ValidationError(`Invalid multipart body: ${(e as Error).message}`, {});
  }
  const fields: string[] = [];
  // formidable's own limit: 1,000 fields
  for (const [name, value] of form) if (typeof value === 'string' && fields.length < 1000) fields.push(qs.stringify({ [name]: value }));
  return fields.length === 0 ? {} : qs.parse(fields.join('&'));
}
