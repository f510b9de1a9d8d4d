import qs from 'qs';
import { PayloadTooLargeError, SyntaxErrorResponse, ValidationError } from '../../core/errors/strapi-errors.js';

/** Strapi's (koa-body's) default JSON limit. */
export const BODY_LIMIT = 1024 * 1024;
/** koa-body's (and koa-bodyparser's) default limit of a form or text body: '56kb'. */
export const FORM_LIMIT = 56 * 1024;
/** No content model nests deeper than this; a hostile body that does must not reach recursive code. */
export const MAX_BODY_DEPTH = 64;

/** What a body parser reads: JSON types (exact, whatever their parameters, as type-is compares them) and text or not. */
export interface BodyParser {
  readonly jsonTypes: readonly string[];
  /** `text/*` read as the string (koa-body); koa-bodyparser leaves it unread. */
  readonly text: boolean;
}
/** Strapi's body middleware (koa-body 6): its JSON types; `text/*` is text, a form is parsed, the rest is no body. */
export const REST_BODY: BodyParser = {
  jsonTypes: [
    'application/json',
    'application/json-patch+json',
    'application/vnd.api+json',
    'application/csp-report',
    'application/reports+json',
  ],
  text: true,
};
/** The GraphQL plugin's koa-bodyparser 4 (Strapi's body middleware skips the endpoint): its own JSON types. */
export const GRAPHQL_BODY: BodyParser = {
  jsonTypes: [
    'application/json',
    'application/json-patch+json',
    'application/vnd.api+json',
    'application/csp-report',
    'application/scim+json',
  ],
  text: false,
};

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
  // raw-body's http error: Strapi's answer has no details
  if (bytes > BODY_LIMIT) throw new PayloadTooLargeError('request entity too large', null);
}

/** A form or text body over koa-body's 56 kB limit (raw-body counts bytes). */
function checkFormSize(text: string): void {
  if (text.length * 3 > FORM_LIMIT && new TextEncoder().encode(text).length > FORM_LIMIT)
    throw new PayloadTooLargeError('request entity too large', null);
}

/** `"__proto__":` as @hapi/bourne looks for it in the text (any of its letters may be a \u escape). */
const SUSPECT_PROTO =
  /"(?:_|\\u005[Ff])(?:_|\\u005[Ff])(?:p|\\u0070)(?:r|\\u0072)(?:o|\\u006[Ff])(?:t|\\u0074)(?:o|\\u006[Ff])(?:_|\\u005[Ff])(?:_|\\u005[Ff])"\s*:/;

/** co-body parses JSON with bourne, which refuses an object holding a `__proto__` key anywhere (protoAction 'error'). */
function checkProto(text: string, value: unknown): void {
  if (!SUSPECT_PROTO.test(text)) return;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Object.prototype.hasOwnProperty.call(v, '__proto__')) throw new SyntaxErrorResponse('Object contains forbidden prototype property');
    stack.push(...Object.values(v));
  }
}

/** The media type without parameters, lower-cased (as type-is compares it). */
export const mediaType = (contentType: string | undefined | null): string =>
  String(contentType ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * Parses a request body as Strapi's body parser does (koa-body over co-body; `parser` gives the JSON types): a
 * leading byte-order mark is dropped (raw-body's decoder), a listed JSON type is strict JSON (an object or a list,
 * told by its first character, so a body of blanks is a 400 `SyntaxError` too; a `__proto__` key is refused), a form
 * is parsed with dots as nesting (co-body's qs options), `text/*` is the string; forms and text are limited to
 * 56 kB. Anything else (no body, an empty body, another type) is undefined. None has `data`: the payload check refuses
 * them later.
 */
export function parseBody(raw: string, contentType: string | undefined | null, parser: BodyParser = REST_BODY): unknown {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text === '') return undefined;
  const type = mediaType(contentType);
  if (parser.jsonTypes.includes(type)) {
    // co-body's strict JSON: an object or a list, told by the first character before any parsing
    const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
    if (first !== '{' && first !== '[') throw new SyntaxErrorResponse('invalid JSON, only supports object and array');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      throw new SyntaxErrorResponse((e as Error).message);
    }
    checkProto(text, value);
    checkDepth(value);
    return value;
  }
  if (type === 'application/x-www-form-urlencoded') {
    checkFormSize(text);
    // co-body's form: qs with its defaults (depth 5, 20 list items, 1,000 parameters) and allowDots
    return qs.parse(text, { allowDots: true });
  }
  // koa-body hands a text/* body over as the string (fetch labels a string body text/plain when nobody says JSON)
  if (parser.text && type.startsWith('text/')) {
    checkFormSize(text);
    return text;
  }
  return undefined;
}

/** The methods whose body Strapi's body parser reads (koa-body's `parsedMethods`); other methods' bodies are ignored. */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
