import type { Response } from 'express';
import { errorBody, InternalServerError, StrapiError } from '../errors/strapi-errors.js';

/** The one place errors become responses: Strapi's envelope, with the status the error class carries. */
export function renderError(res: Response, err: unknown): void {
  let e: StrapiError;
  if (err instanceof StrapiError) e = err;
  else {
    // A bug of ours, never the client's: keep the envelope, and say it on the console.
    console.error('content-mock: internal error:', err);
    e = new InternalServerError('Internal Server Error', null);
  }
  res.status(e.status).json(errorBody(e));
}
