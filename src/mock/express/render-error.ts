import type { ServerResponse } from 'node:http';
import type { Response } from 'express';
import { writeBody } from './send-body.js';
import { httpErrorName, StatusError } from '../../core/errors/http-status.js';
import { errorBody, InternalServerError, StrapiError } from '../../core/errors/strapi-errors.js';
import { ClientAbortError, isClientAbort } from './client-abort.js';

/** The one place errors become responses: Strapi's envelope, with the status the error class carries. */
export function renderError(res: Response, err: unknown): void {
  const e = answeredError(res, err);
  if (e) res.status(e.status).json(errorBody(e));
}

/**
 * renderError for a response express never saw (a content GET answered without it, see create-app.ts): the same
 * headers and bytes as express's `res.status(…).json(…)` writes there (a response with no Content-Type yet, a GET).
 */
export function writeError(res: ServerResponse, err: unknown): void {
  const e = answeredError(res, err);
  if (e) writeBody(res, e.status, 'application/json; charset=utf-8', JSON.stringify(errorBody(e)));
}

/** The error to answer, or undefined when nothing is to be sent (the client went away). */
function answeredError(res: ServerResponse, err: unknown): StrapiError | undefined {
  let e: StrapiError;
  const status = httpStatusOf(err);
  if (err instanceof StrapiError) e = err;
  else if (isClientAbort(err)) e = new ClientAbortError();
  else if (status !== undefined) {
    // A client mistake caught by Express itself (a malformed percent-encoding in the path, …): its status, our envelope.
    e = new StatusError(status, { name: httpErrorName(status) });
  } else {
    // A bug of ours, never the client's: keep the envelope, and say it on the console.
    console.error('content-mock: internal error:', err);
    e = new InternalServerError('Internal Server Error', null);
  }
  // After a refused body the rest of it may still be in flight: the connection cannot be reused.
  if (e.status === 413) res.setHeader('Connection', 'close');
  // A client that went away gets nothing: its socket is closed (the request log says so).
  if (res.destroyed || res.socket?.destroyed) return undefined;
  return e;
}

function httpStatusOf(err: unknown): number | undefined {
  const status = (err as { status?: unknown; statusCode?: unknown } | null)?.status ?? (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}
