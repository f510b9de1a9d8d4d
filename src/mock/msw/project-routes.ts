import type { Runtime } from '../runtime.js';
import { createProjectApp, type ProjectApp } from '../strapi/project-app.js';
import { matchRoute } from '../strapi/route-table.js';
import { runRoute } from '../strapi/run-route.js';
import { loadProjectCode } from '../../project/code/project-code.js';
import { resolveSchemaRoot } from '../../project/load-model.js';
import { uploadService } from '../plugins/upload-service.js';
import type { ProjectRouteAnswer } from './create-handlers.js';

// `content-mock/msw` in Node runs the project's own routes through the same pipeline as `serve` (run-route). Not
// in the browser: project code needs Node to load (and the bundle holds no code), and the handlers say so.

/** The project's routes for MSW handlers over schema files; undefined when the project has no code. */
export async function projectAppFor(schemas: string, current: () => Runtime): Promise<ProjectApp | undefined> {
  const code = loadProjectCode(resolveSchemaRoot(schemas), current().model);
  return code ? createProjectApp(code, current, { restPrefix: '/api', log: (line) => console.error(line), uploadService }) : undefined;
}

/** Answers a request with a project route, or says which core route to answer it with, or that none matches. */
export async function answerProjectRequest(
  rt: Runtime,
  app: ProjectApp,
  request: Request,
  url: URL,
  readBody: () => Promise<unknown>,
  failed?: (error: unknown) => void,
): Promise<ProjectRouteAnswer> {
  const match = matchRoute(app.routes, request.method, url.pathname);
  if (!match) return undefined;
  if ('allow' in match)
    return new Response('Method Not Allowed', {
      status: 405,
      headers: { Allow: ['HEAD', ...match.allow].join(', '), 'Content-Type': 'text/plain; charset=utf-8' },
    });
  const headers: Record<string, string> = {};
  request.headers.forEach((v, k) => (headers[k] = v));
  const outcome = await runRoute(app, rt, match.route, match.params, {
    method: request.method,
    path: url.pathname,
    search: url.search.slice(1),
    headers,
    readBody,
    authorization: request.headers.get('authorization') ?? undefined,
  });
  if (outcome.kind === 'core') return { type: outcome.type, documentId: outcome.documentId };
  if (outcome.kind === 'pass') return undefined;
  if (outcome.thrown !== undefined) failed?.(outcome.thrown);
  // a header sent more than once (Set-Cookie) is one pair per value
  const pairs = Object.entries(outcome.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v]] : v.map((one) => [k, one])));
  return new Response(outcome.body === undefined ? null : (outcome.body as BodyInit), {
    status: outcome.status,
    headers: pairs as [string, string][],
  });
}
