import { http, type HttpHandler } from 'msw';
import type { Runtime } from '../runtime.js';
import { errorBody, StrapiError } from '../../core/errors/strapi-errors.js';
import { answerGraphql } from '../graphql/answer-graphql.js';
import { checkBodySize } from '../request/parse-body.js';
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
      readBody: async () => {
        const bytes = new Uint8Array(await request.arrayBuffer());
        checkBodySize(bytes.length);
        return new TextDecoder().decode(bytes);
      },
      relay,
    }).catch((e: unknown) => {
      // a body over the limit fails before Apollo, in the REST envelope (as express renders it)
      if (!(e instanceof StrapiError)) throw e;
      return { status: e.status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(errorBody(e)), headers: {} };
    });
    // a 204 (a plugin controller that sent nothing) has no body
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: { 'Content-Type': answer.contentType, ...answer.headers },
    });
  });
}
