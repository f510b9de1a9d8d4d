/**
 * What the project's own code does on the way of a request, as far as the checker must know: nothing (Strapi's core
 * route answers, every rule of the contract applies), its query (route middlewares, policies, global middlewares,
 * document-service middlewares or lifecycles may set populate, filters or fields: the answer keeps the contract's
 * shape, but not what the request alone means for it), or its answer (a custom handler, controller or service: only
 * the error envelope and server errors are judged). The CLI reads it from the project's code (see
 * mock/strapi/code-on-route.ts); without it every route is Strapi's own.
 */
export type RouteCode = 'none' | 'query' | 'answer';

export type CodeOnRoute = (method: string, path: string) => RouteCode;

/**
 * The query string a core action gets once the project's code before it has run (global and route middlewares,
 * policies), for a request the route table says only the query of (see RouteCode); undefined where that cannot be
 * known here (document-service middlewares or lifecycles change it below the controller, a policy refused).
 */
export type EffectiveSearch = (method: string, url: string, authorization: string | undefined) => Promise<string | undefined>;
