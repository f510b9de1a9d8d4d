import { NotFoundError } from '../../core/errors/strapi-errors.js';
import { where } from '../../project/code/code-error.js';
import { KoaContext } from './koa-context.js';
import type { ProjectApp } from './project-app.js';
import { UnsupportedApiError } from './unsupported-api.js';
import { compose, globalMiddlewares, renderFailure, serialize, type RouteOutcome, type RunRouteInput } from './run-route.js';

// Strapi runs the global middlewares of config/middlewares for every request, before its router: a project's own
// one may answer a path no route takes (a short link's redirect, a health check, a sitemap) or refuse a request on
// its way to a plugin's route. A request no project route takes goes through them here first; what they let through
// is answered by the mock's own routes (the plugins', GraphQL, the 404), with the headers they set on the way.
// The body is not read for them: the plugins' routes (uploads, GraphQL) read the request themselves.

/** Runs the project's global middlewares for a request no project route takes. */
export async function runUnrouted(app: ProjectApp, input: Omit<RunRouteInput, 'readBody'>): Promise<RouteOutcome> {
  const own = globalMiddlewares(app);
  if (own.length === 0) return { kind: 'pass' };
  const ctx = new KoaContext({ ...input, body: {} });
  let through = false;
  const head = input.method === 'HEAD';
  const place = { method: input.method, path: input.path, file: app.code.globalMiddlewares[0]?.module.file ?? '' };
  const report = (line: string) => app.report(line);
  try {
    await app.scopes.run({ ctx, principal: undefined }, () =>
      compose([
        ...own,
        () => {
          through = true;
        },
      ])(ctx),
    );
  } catch (e) {
    // a middleware that reaches an API the mock lacks is left out of this request (said once), as a route's code
    // falls back to Strapi's core action: the plugins' routes and GraphQL still answer
    if (e instanceof UnsupportedApiError) {
      report(`${where(place.file)}: a global middleware: ${e.message}; requests outside the project's routes go on without it`);
      return { kind: 'pass', headers: ctx.answerHeaders() };
    }
    return renderFailure(e, place, report, head, app);
  }
  if (through) return { kind: 'pass', headers: ctx.answerHeaders() };
  // a middleware that neither answered nor called next stops the request before the router; Strapi's error
  // middleware (listed before the project's) makes an unanswered request its 404, whatever the method
  if (!ctx.answered) {
    const notFound = renderFailure(new NotFoundError('Not Found', {}), place, report, head);
    return notFound.kind === 'answer' ? { ...notFound, headers: { ...ctx.answerHeaders(), ...notFound.headers } } : notFound;
  }
  const out = serialize(ctx, head);
  return { kind: 'answer', status: ctx.status, headers: out.headers, body: out.body };
}
