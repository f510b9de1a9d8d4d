import { registerAuthRoutes } from '../plugins/auth-routes.js';
import { registerRolesRoutes } from '../plugins/roles-routes.js';
import { registerUsersRoutes } from '../plugins/users-routes.js';
import type { Runtime } from '../runtime.js';

// The users & permissions routes are written against express's req/res. Rather than a second copy of their rules,
// MSW runs the very same route functions over the small part of that interface they use: `req.headers`, `req.get`,
// `req.originalUrl`, `req.params`, `req.query`, `req.protocol`, the body stream; `res.status/json/type/send/end/set`.

type RouteFn = (req: ShimRequest, res: ShimResponse, next: (err?: unknown) => void) => void;

interface ShimRequest extends AsyncIterable<Uint8Array> {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly originalUrl: string;
  readonly params: Record<string, string>;
  readonly query: Record<string, string>;
  readonly protocol: string;
  get(name: string): string | undefined;
}

/** What a plugin route answered. */
export interface PluginAnswer {
  readonly status: number;
  readonly body: string | undefined;
  readonly contentType: string | undefined;
  /** Other headers the route set (a redirect's Location). */
  readonly headers: Readonly<Record<string, string>>;
}

class ShimResponse {
  statusCode = 200;
  contentType: string | undefined;
  private readonly headers: Record<string, string> = {};
  constructor(private readonly done: (answer: PluginAnswer) => void) {}
  status(code: number): this {
    this.statusCode = code;
    return this;
  }
  type(t: string): this {
    this.contentType = t.includes('/') ? t : t === 'json' ? 'application/json' : 'text/plain';
    return this;
  }
  setHeader(name: string, value: string): this {
    if (name.toLowerCase() === 'content-type') this.contentType = value;
    else this.headers[name] = value;
    return this;
  }
  set(name: string, value: string): this {
    return this.setHeader(name, value);
  }
  /** Adds to a header (Set-Cookie lines); a browser drops Set-Cookie from a worker's answer, Node's fetch keeps it. */
  append(name: string, value: string | string[]): this {
    const lines = [...(this.headers[name] ? [this.headers[name]] : []), ...(Array.isArray(value) ? value : [value])];
    return this.setHeader(name, lines.join(', '));
  }
  json(value: unknown): void {
    this.finish(JSON.stringify(value), 'application/json; charset=utf-8');
  }
  send(value: string): void {
    this.finish(value, this.contentType ?? 'text/html; charset=utf-8');
  }
  end(): void {
    this.finish(undefined, undefined);
  }
  private finish(body: string | undefined, contentType: string | undefined): void {
    this.done({ status: this.statusCode, body, contentType, headers: this.headers });
  }
}

interface Route {
  readonly method: string;
  readonly parts: readonly string[];
  readonly fn: RouteFn;
}

/** A router holding the plugin routes, matched as express matches (`:param` segments, case-insensitive). */
export class PluginRoutes {
  private readonly routes: Route[] = [];

  constructor(current: () => Runtime) {
    const add = (method: string) => (path: string, fn: RouteFn) => {
      this.routes.push({ method, parts: path.split('/').slice(1), fn });
    };
    const app = { get: add('GET'), post: add('POST'), put: add('PUT'), delete: add('DELETE') };
    // The route functions type their app as express's; they only call these methods on it.
    type App = Parameters<typeof registerAuthRoutes>[0];
    registerAuthRoutes(app as unknown as App, current);
    registerUsersRoutes(app as unknown as App, current);
    registerRolesRoutes(app as unknown as App, current);
  }

  /** The route's answer, or undefined when no plugin route has this method and path. */
  async answer(request: Request, url: URL): Promise<PluginAnswer | undefined> {
    const segments = url.pathname.replace(/\/$/, '').split('/').slice(1);
    for (const route of this.routes) {
      const method = request.method === 'HEAD' ? 'GET' : request.method;
      if (route.method !== method || route.parts.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = route.parts.every((p, i) => {
        if (p.startsWith(':')) return (params[p.slice(1)] = decodeURIComponent(segments[i])) !== '';
        return p.toLowerCase() === segments[i].toLowerCase();
      });
      if (!matches) continue;
      const body = new Uint8Array(await request.arrayBuffer());
      const req: ShimRequest = {
        method: request.method,
        headers: Object.fromEntries(request.headers),
        originalUrl: url.pathname + url.search,
        params,
        query: Object.fromEntries(url.searchParams),
        protocol: url.protocol.replace(/:$/, ''),
        get: (name) => request.headers.get(name) ?? undefined,
        async *[Symbol.asyncIterator]() {
          if (body.length > 0) yield body;
        },
      };
      return new Promise<PluginAnswer>((resolve, reject) => {
        route.fn(req, new ShimResponse(resolve), (err) => reject(err ?? new Error('route passed the request on')));
      });
    }
    return undefined;
  }
}
