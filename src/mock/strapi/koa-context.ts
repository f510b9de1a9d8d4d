import { errorBody, type StrapiError } from '../../core/errors/strapi-errors.js';
import { httpErrorName, reasonPhrase, StatusError } from '../../core/errors/http-status.js';
import { contentType } from 'mime-types-2';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import typeis from 'type-is';
import qs from 'qs';
import { parseQueryString } from '../../core/query/run-query.js';

// The Koa context project code receives (`ctx`): what Strapi's controllers, middlewares and policies read and set,
// over one request of any framework. Koa's rules are kept where code can see them: a body set without a status is a
// 200, a null body a 204, nothing at all a 404; `ctx.badRequest(...)` and the other status helpers set Strapi's
// error envelope as the body, `ctx.throw` throws an http error.

export interface RequestInput {
  readonly method: string;
  /** The path, without the query string (percent-encoded, as sent). */
  readonly path: string;
  /** The raw query string, without `?`. */
  readonly search: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The parsed body ({} when there is none). */
  readonly body: unknown;
  /** The client's address (Koa's `ctx.ip`), when the framework knows it. */
  readonly remoteAddress?: string;
}

/** A cookie value from a Cookie header, as sent (Koa's `ctx.cookies.get`, unsigned: no decoding). */
function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** http-errors' error for a status: named after it, its message exposed below 500. */
export function httpError(status: number, message?: string, details?: Record<string, unknown> | null): StrapiError {
  // null: no details at all (Koa's ctx.throw), undefined: the helpers' default `{}`
  return new StatusError(status, {
    name: httpErrorName(status),
    message: message ?? reasonPhrase(status),
    details: details === undefined ? {} : details,
  });
}

/** Statuses that carry no body (Koa's `statuses.empty`). */
const EMPTY_STATUSES = new Set([204, 205, 304]);

const statusHelpers: ReadonlyArray<readonly [string, number]> = [
  ['badRequest', 400],
  ['unauthorized', 401],
  ['paymentRequired', 402],
  ['forbidden', 403],
  ['notFound', 404],
  ['methodNotAllowed', 405],
  ['notAcceptable', 406],
  ['requestTimeout', 408],
  ['conflict', 409],
  ['gone', 410],
  ['payloadTooLarge', 413],
  ['unsupportedMediaType', 415],
  ['unprocessableEntity', 422],
  ['locked', 423],
  ['tooManyRequests', 429],
  ['internalServerError', 500],
  ['notImplemented', 501],
  ['badGateway', 502],
  ['serviceUnavailable', 503],
  ['gatewayTimeout', 504],
];

export class KoaContext {
  readonly method: string;
  readonly path: string;
  /** The raw query string (settable, as Koa's: `ctx.query = …` writes it). */
  querystring: string;
  url: string;
  readonly originalUrl: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Koa's application: `env` is NODE_ENV (development when unset), as code logging `ctx.app.env` expects. */
  readonly app: { readonly env: string; readonly proxy: boolean };
  readonly ip: string;
  readonly host: string;
  readonly hostname: string;
  readonly protocol = 'http';
  readonly secure = false;
  readonly origin: string;
  readonly href: string;
  /** Koa's cookies: read from the request; each `set` adds a Set-Cookie header (one of the same name is replaced with `overwrite: true`). */
  readonly cookies: {
    get(name: string): string | undefined;
    set(name: string, value: string | null, options?: Record<string, unknown>): void;
  };
  /** Strapi's query parser (its `strapi::query` middleware): one parse per query string, kept. */
  private readonly queryCache = new Map<string, Record<string, unknown>>();
  params: Record<string, string> = {};
  readonly state: Record<string, unknown> = {};
  readonly request: Record<string, unknown>;
  readonly response: Record<string, unknown>;
  /** Response headers set by project code. */
  readonly responseHeaders: Record<string, string> = {};
  /** The Set-Cookie headers `ctx.cookies.set` wrote, in order (the `cookies` package Koa uses sends each one). */
  readonly setCookies: string[] = [];
  private explicitStatus: number | undefined;
  message: string | undefined;
  private bodyValue: unknown;
  [helper: string]: unknown;

  /**
   * Strapi's `ctx.query` (strapi::query): the query string parsed with qs (kept per string, so changes to the object
   * stay), and an object set is written back as a query string (`qs.stringify`) and read from it again: a project
   * middleware's `ctx.query = { ...ctx.query, populate: { x: { populate: true } } }` reaches the controller as
   * `populate: 'true'` text, numbers as text, empty lists and objects gone (adfinis: Strapi then refuses `true` as a
   * key, found by its dot-path check).
   */
  get query(): Record<string, unknown> {
    let q = this.queryCache.get(this.querystring);
    if (!q) this.queryCache.set(this.querystring, (q = parseQueryString(this.querystring)));
    return q;
  }

  set query(obj: Record<string, unknown>) {
    const text = qs.stringify(obj);
    if (text === this.querystring) return;
    this.querystring = text;
    this.url = text ? `${this.path}?${text}` : this.path;
  }

  constructor(input: RequestInput) {
    this.method = input.method.toUpperCase();
    this.path = input.path;
    this.querystring = input.search;
    this.url = input.search ? `${input.path}?${input.search}` : input.path;
    this.originalUrl = this.url;
    this.headers = input.headers;
    this.queryCache.set(this.querystring, parseQueryString(input.search));
    this.app = { env: (typeof process === 'undefined' ? undefined : process.env.NODE_ENV) || 'development', proxy: false };
    this.ip = input.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
    this.host = this.headers.host ?? '';
    this.hostname = this.host.replace(/:\d+$/, '');
    this.origin = `${this.protocol}://${this.host}`;
    this.href = `${this.origin}${this.url}`;
    this.cookies = {
      get: (name) => cookieOf(this.headers.cookie, name),
      set: (name, value, options = {}) => {
        const parts = [`${name}=${value ?? ''}`, `path=${String(options.path ?? '/')}`];
        if (value === null) parts.push('expires=Thu, 01 Jan 1970 00:00:00 GMT');
        if (typeof options.maxAge === 'number') parts.push(`expires=${new Date(Date.now() + options.maxAge).toUTCString()}`);
        if (typeof options.domain === 'string') parts.push(`domain=${options.domain}`);
        if (typeof options.sameSite === 'string') parts.push(`samesite=${options.sameSite.toLowerCase()}`);
        if (options.secure === true) parts.push('secure');
        if (options.httpOnly !== false) parts.push('httponly');
        if (options.overwrite === true) {
          const kept = this.setCookies.filter((c) => !c.startsWith(`${name}=`));
          this.setCookies.splice(0, this.setCookies.length, ...kept);
        }
        this.setCookies.push(parts.join('; '));
      },
    };
    const self = this;
    this.request = {
      body: input.body ?? {},
      files: undefined,
      method: this.method,
      path: this.path,
      url: this.url,
      headers: this.headers,
      header: this.headers,
      get query() {
        return self.query;
      },
      set query(q: Record<string, unknown>) {
        self.query = q;
      },
      get querystring() {
        return self.querystring;
      },
      get: (name: string) => this.get(name),
      ip: this.ip,
      host: this.host,
      hostname: this.hostname,
      protocol: this.protocol,
      origin: this.origin,
      href: this.href,
      originalUrl: this.originalUrl,
      is: (...types: (string | string[])[]) => this.is(...types),
      /** The request's media type, without its parameters ('' without one). */
      get type() {
        return self.get('content-type').split(';')[0].trim();
      },
    };
    this.response = {
      /** Koa's status message: Node's text for the status unless code set one. */
      get message() {
        return self.message ?? STATUS_CODES[self.status] ?? '';
      },
      set message(m: string) {
        self.message = m;
      },
      headers: this.responseHeaders,
      get status() {
        return self.status;
      },
      set status(s: number) {
        self.status = s;
      },
      get body() {
        return self.body;
      },
      set body(b: unknown) {
        self.body = b;
      },
      get type() {
        return self.type;
      },
      set type(t: string) {
        self.type = t;
      },
      set: (name: string, value: string) => this.set(name, value),
      get: (name: string) => this.responseHeaders[name.toLowerCase()],
    };
    for (const [name, status] of statusHelpers) {
      this[name] = (message?: string, details?: Record<string, unknown>) => {
        const e = httpError(status, message ?? reasonPhrase(status), details);
        this.status = status;
        this.body = errorBody(e);
      };
    }
  }

  get header(): Readonly<Record<string, string | undefined>> {
    return this.headers;
  }
  get status(): number {
    return this.explicitStatus ?? 404;
  }
  set status(s: number) {
    this.explicitStatus = s;
    if (EMPTY_STATUSES.has(s) && this.bodyValue !== undefined && this.bodyValue !== null) this.body = null;
  }
  /** Whether a status was set, or a body (which sets one): Strapi answers 404 Not Found to a route that did neither. */
  get answered(): boolean {
    return this.explicitStatus !== undefined;
  }
  get body(): unknown {
    return this.bodyValue;
  }
  /** Koa's body setter: no content is a 204 (even after a 200 was set), and the body decides its type. */
  set body(b: unknown) {
    this.bodyValue = b;
    if (b === undefined || b === null) {
      if (!EMPTY_STATUSES.has(this.status)) this.explicitStatus = 204;
      delete this.responseHeaders['content-type'];
      return;
    }
    if (this.explicitStatus === undefined) this.explicitStatus = 200;
    const typed = this.responseHeaders['content-type'] !== undefined;
    if (typeof b === 'string') {
      if (!typed) this.type = /^\s*</.test(b) ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
    } else if (b instanceof Uint8Array) {
      if (!typed) this.type = 'application/octet-stream';
    } else this.type = 'application/json; charset=utf-8';
  }
  /** Koa's `ctx.type`: the response's media type, set from a type or extension (`xml`, `application/xml`). */
  get type(): string {
    return (this.responseHeaders['content-type'] ?? '').split(';')[0];
  }
  set type(t: string) {
    const full = contentType(t);
    if (full) this.responseHeaders['content-type'] = full;
    else delete this.responseHeaders['content-type'];
  }
  get(name: string): string {
    return this.headers[name.toLowerCase()] ?? '';
  }
  /** The headers of the answer: those code set, and every cookie it set. */
  answerHeaders(): Record<string, string | string[]> {
    const out: Record<string, string | string[]> = { ...this.responseHeaders };
    if (this.setCookies.length > 0) out['set-cookie'] = [...this.setCookies];
    return out;
  }
  set(name: string | Record<string, string>, value?: string): void {
    if (typeof name === 'object') for (const [k, v] of Object.entries(name)) this.responseHeaders[k.toLowerCase()] = String(v);
    else this.responseHeaders[name.toLowerCase()] = String(value);
  }
  /**
   * Koa's `ctx.is` (type-is, as Koa calls it): null for a request without a body (a GET's content-type is no body),
   * else the first of the types given that matches (`json`, `urlencoded`, `multipart`, `image/*`, `+json`), or false.
   */
  is(...types: (string | string[])[]): string | false | null {
    if (!typeis.hasBody({ headers: this.headers } as unknown as IncomingMessage)) return null;
    return typeis.is(this.get('content-type'), types.flat());
  }
  send(data: unknown, status = 200): void {
    this.status = status;
    this.body = data;
  }
  created(data: unknown): void {
    this.status = 201;
    this.body = data;
  }
  deleted(data?: unknown): void {
    if (data === undefined || data === null) this.status = 204;
    else this.send(data);
  }
  /** Koa's redirect: 302 (unless a 3xx was set), Location, and its short text body. */
  redirect(url: string): void {
    this.set('location', url);
    if (!(this.explicitStatus !== undefined && this.explicitStatus >= 300 && this.explicitStatus < 400)) this.status = 302;
    this.type = 'text/plain; charset=utf-8';
    this.body = `Redirecting to ${url}.`;
  }
  throw(...args: unknown[]): never {
    let status = 500;
    let message: string | undefined;
    let details: Record<string, unknown> | undefined;
    for (const a of args) {
      if (typeof a === 'number') status = a;
      else if (typeof a === 'string') message = a;
      else if (a instanceof Error) throw a;
      else if (a && typeof a === 'object') details = a as Record<string, unknown>;
    }
    // Koa's ctx.throw makes an http error with no details unless given (the envelope then has none)
    throw httpError(status, message, details ?? null);
  }
  assert(value: unknown, ...args: unknown[]): void {
    if (!value) this.throw(...args);
  }
}
