/**
 * What the project's own code does on the way of a request, as far as the checker must know: nothing (Strapi's core
 * route answers, every rule of the contract applies); its query (route middlewares, policies, global middlewares may
 * set populate, filters or fields: the answer keeps the contract's shape, but not what the request alone means for
 * it); its query and its result below the controller (document-service middlewares or lifecycles: the same, and the
 * entries may carry keys they add, which Strapi's output sanitizer keeps); its answer (a custom handler, controller
 * or service: only the error envelope and server errors are judged); or no route at all: a content type's path in a
 * project whose route files declare none there (Strapi serves only the routes they declare: 404 Not Found, 405 for
 * other methods). The CLI reads it from the project's code (see mock/strapi/code-on-route.ts); without it every route
 * is Strapi's own.
 */
export type RouteCode = 'none' | 'query' | 'below' | 'answer' | 'absent';

export type CodeOnRoute = (method: string, path: string) => RouteCode;

/**
 * The query string a core action gets once the project's code before it has run (global and route middlewares,
 * policies), for a request the route table says only the query of (see RouteCode); undefined where that cannot be
 * known here (document-service middlewares or lifecycles change it below the controller, a policy refused).
 */
export type EffectiveSearch = (method: string, url: string, authorization: string | undefined) => Promise<string | undefined>;
