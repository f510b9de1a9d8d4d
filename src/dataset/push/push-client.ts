/** A push target could not be written (unreachable server, refused token, non-empty target): the user's to fix. */
export class PushError extends Error {
  override readonly name = 'PushError';
}

export interface PushAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** The few HTTP calls push makes, with the token on each. */
export interface PushClient {
  readonly base: string;
  json(method: string, path: string, data?: unknown): Promise<PushAnswer>;
  upload(form: FormData): Promise<PushAnswer>;
}

/**
 * `prefix` is the server's `rest.prefix` (the project's config/api; default `/api`): paths are written with `/api` and
 * sent under it, uploads and the i18n locales included (Strapi mounts every content-API route there).
 */
export function createPushClient(to: string, token: string | undefined, prefix = '/api'): PushClient {
  const base = to.replace(/\/+$/, '');
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const under = (path: string) => (prefix === '/api' ? path : path.replace(/^\/api(?=[/?]|$)/, prefix));
  const send = async (path0: string, init: RequestInit): Promise<PushAnswer> => {
    const path = under(path0);
    let res: Response;
    try {
      res = await fetch(base + path, init);
    } catch (e) {
      throw new PushError(`cannot reach ${base}: ${(e as Error).message}`);
    }
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = { raw: text.slice(0, 300) };
    }
    if (res.status === 401 || res.status === 403) {
      throw new PushError(`${init.method} ${path}: ${res.status}: the token may not write here (push needs a full-access token)`);
    }
    return { status: res.status, body };
  };
  return {
    base,
    json: (method, path, data) =>
      send(path, {
        method,
        headers: { ...auth, ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
        body: data === undefined ? undefined : JSON.stringify({ data }),
      }),
    upload: (form) => send('/api/upload', { method: 'POST', headers: auth, body: form }),
  };
}
