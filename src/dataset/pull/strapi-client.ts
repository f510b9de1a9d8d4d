// A small REST client for reading a Strapi server, turning every way a request can fail into a PullError that
// says what to do about it.

export class PullError extends Error {
  override readonly name = 'PullError';
}

export interface ClientOptions {
  readonly base: string;
  readonly token?: string;
  /** Per request; default 30 s. */
  readonly timeoutMs?: number;
  /** The server's `rest.prefix` (default `/api`): paths are written with `/api` and sent under it. */
  readonly prefix?: string;
}

export type Answer = { status: number; body: unknown };

export class StrapiClient {
  readonly base: string;

  constructor(private readonly options: ClientOptions) {
    let url: URL;
    try {
      url = new URL(options.base);
    } catch {
      throw new PullError(`--from ${options.base}: not a URL (expected something like http://localhost:1337)`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new PullError(`--from ${options.base}: only http and https URLs are supported`);
    // `--from http://host/api` (or the server's prefix) names the server, not its API
    const prefix = options.prefix ?? '/api';
    this.base = url.href.replace(/\/+$/, '').replace(/\/api$/, '');
    if (this.base.endsWith(prefix) && prefix !== '') this.base = this.base.slice(0, -prefix.length);
  }

  /** GET a path (starting with /api); answers any status, throws only when there is no HTTP answer at all. */
  async get(path: string, opts: { anonymous?: boolean } = {}): Promise<Answer> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.token && !opts.anonymous) headers.authorization = `Bearer ${this.options.token}`;
    let res: Response;
    try {
      res = await fetch(this.base + this.under(path), { headers, signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000) });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (e as Error).message;
      throw new PullError(`cannot reach ${this.base} (${why}): is the Strapi server running, and is --from right?`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      throw new PullError(
        `${this.base}${this.under(path)} answered ${res.status} with something that is not JSON: is --from a Strapi 5 server?`,
      );
    }
    return { status: res.status, body };
  }

  /** A path written with `/api` as the server serves it (`rest.prefix`). */
  under(path: string): string {
    const prefix = this.options.prefix ?? '/api';
    return prefix === '/api' ? path : path.replace(/^\/api(?=[/?]|$)/, prefix);
  }

  /** GET that must succeed (2xx); other statuses become a PullError naming the cause. */
  async getOk(path: string, what: string): Promise<unknown> {
    const answer = await this.get(path);
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw this.failure(answer, path, what);
  }

  failure(answer: Answer, path: string, what: string): PullError {
    const message = errorMessage(answer.body);
    if (answer.status === 401) {
      return new PullError(
        `${what}: the server refused the token (401 ${message ?? 'Unauthorized'}). Check --token: an API token of this server, or none for the public role.`,
      );
    }
    if (answer.status === 403) {
      return new PullError(
        `${what}: forbidden (403). ${this.options.token ? 'The token' : 'The public role'} may not read ${path.split('?')[0]}; use a token that can (read-only is enough), or leave the type out with --types.`,
      );
    }
    if (answer.status === 404)
      return new PullError(
        `${what}: the server has no ${path.split('?')[0]} (404): it lacks this content type; leave it out with --types.`,
      );
    return new PullError(`${what}: ${this.base}${this.under(path)} answered ${answer.status}${message ? ` (${message})` : ''}`);
  }
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const m = (error as { message?: unknown }).message;
  return typeof m === 'string' ? m : undefined;
}
