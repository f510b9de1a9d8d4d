import { http, type HttpHandler } from 'msw';
import type { Runtime } from '../runtime.js';
import { answerGraphql } from '../graphql/answer-graphql.js';
import type { Relay } from '../graphql/plugin-roots.js';

/**
 * The GraphQL endpoint as an MSW handler (any path under `base`; it answers the configured endpoint only, when the
 * project serves GraphQL, and lets every other request through).
 */
export function graphqlHandler(base: string, runtime: () => Promise<Runtime>, relay?: Relay): HttpHandler {
  return http.all(`${base}/*`, async ({ request }) => {
    const rt = await runtime();
    const settings = rt.config.graphql;
    const url = new URL(request.url);
    if (!settings || url.pathname.replace(/\/$/, '') !== settings.endpoint) return undefined;
    const answer = await answerGraphql(rt, {
      method: request.method,
      search: url.search.slice(1),
      header: (name) => request.headers.get(name) ?? undefined,
      readBody: () => request.text(),
      relay,
    });
    return new Response(answer.body, { status: answer.status, headers: { 'Content-Type': answer.contentType, ...answer.headers } });
  });
}
