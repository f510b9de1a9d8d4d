// A stand-in for running a Strapi project's route middlewares, for scripts/launchpad.mjs only, until the mock runs
// project code itself: an HTTP proxy in front of the mock that, for `GET /api/<route>`, calls the middlewares found
// in the route's API folder (`src/api/<api>/middlewares/*.{ts,js}`, transpiled with esbuild) on a Koa-like
// `ctx.query`, and forwards the query they leave (LaunchPad's set `populate` there).
import { createServer, request } from 'node:http';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import qs from 'qs';

/** Route segment (`pages`, `global`) → the middleware handlers of its API folder. */
export async function loadRouteMiddlewares(strapiDir) {
  const apis = join(strapiDir, 'src', 'api');
  const byRoute = new Map();
  for (const api of readdirSync(apis)) {
    const dir = join(apis, api, 'middlewares');
    const types = join(apis, api, 'content-types');
    if (!existsSync(dir) || !existsSync(types)) continue;
    const routes = readdirSync(types)
      .map((t) => join(types, t, 'schema.json'))
      .filter((f) => existsSync(f))
      .map((f) => JSON.parse(readFileSync(f, 'utf8')))
      .map((s) => (s.kind === 'singleType' ? s.info.singularName : s.info.pluralName));
    for (const file of readdirSync(dir).filter((f) => /\.(ts|js|mjs)$/.test(f))) {
      const out = await build({
        entryPoints: [join(dir, file)],
        bundle: true,
        platform: 'node',
        format: 'esm',
        write: false,
        external: ['@strapi/*'],
        logLevel: 'silent',
      });
      const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
      const handler = mod.default({}, { strapi: {} });
      for (const route of routes) byRoute.set(route, [...(byRoute.get(route) ?? []), handler]);
    }
  }
  return byRoute;
}

/** Listens on `port`, forwards to `target` (a port on 127.0.0.1), rewriting `GET /api/*` queries through the middlewares. */
export function middlewareProxy(byRoute, port, target) {
  const server = createServer(async (req, res) => {
    let path = req.url ?? '/';
    const match = /^\/api\/([^/?]+)(\/[^?]*)?(?:\?(.*))?$/.exec(path);
    const handlers = match && req.method === 'GET' ? byRoute.get(match[1]) : undefined;
    if (handlers) {
      const ctx = { query: qs.parse(match[3] ?? '', { depth: 20, arrayLimit: 100 }), params: {}, request: {}, state: {} };
      ctx.request.query = ctx.query;
      for (const h of handlers) await h(ctx, async () => {});
      const query = qs.stringify(ctx.query, { encodeValuesOnly: true });
      path = `/api/${match[1]}${match[2] ?? ''}${query ? `?${query}` : ''}`;
    }
    const upstream = request({ host: '127.0.0.1', port: target, method: req.method, path, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => server.listen(port, () => resolve(server)));
}
