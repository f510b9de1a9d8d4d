import qs from 'qs';
import { PayloadTooLargeError, SyntaxErrorResponse, ValidationError } from '../../core/errors/strapi-errors.js';

/** Strapi's (koa-body's) default JSON limit. */
export const BODY_LIMIT = 1024 * 1024;
/** No content model nests deeper than this; a hostile body that does must not reach recursive code. */
export const MAX_BODY_DEPTH = 64;

/** Rejects bodies nested deeper than MAX_BODY_DEPTH, walking them without recursion. */
function checkDepth(value: unknown): void {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_BODY_DEPTH) throw new ValidationError(`The request body is nested more than ${MAX_BODY_DEPTH} levels deep`, {});
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
}

/** Refuses a body over BODY_LIMIT bytes, as Strapi's parser does. */
export function checkBodySize(bytes: number): void {
  if (bytes > BODY_LIMIT) throw new PayloadTooLargeError('request entity too large', {});
}

/**
 * Parses a request body as Strapi's body parser does: JSON (an object or a list) and url-encoded forms are parsed, a
 * JSON syntax error is a 400 `SyntaxError`, text is the string; anything else (no body) is undefined. Neither has `data`: the payload
 * check refuses them later.
 */
export function parseBody(text: string, contentType: string | undefined | null): unknown {
  const type = String(contentType ?? '').toLowerCase();
  if (text.trim() === '') return undefined;
  if (type.includes('json')) {
    // koa-body's JSON is strict (co-body): an object or a list, told by the first character before any parsing
    const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
    if (first !== '{' && first !== '[') throw new SyntaxErrorResponse('invalid JSON, only supports object and array');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new SyntaxErrorResponse((e as Error).message);
    }
    checkDepth(value);
    return value;
  }
  if (type.includes('application/x-www-form-urlencoded')) return qs.parse(text, { depth: 20, arrayLimit: 100 });
  // koa-body hands a text/* body over as the string (fetch labels a string body text/plain when nobody says JSON)
  if (type.startsWith('text/')) return text;
  return undefined;
}
