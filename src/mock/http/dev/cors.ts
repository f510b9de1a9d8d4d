import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { CorsOptions } from '../../../core/config/content-mock-config.js';
import { CONTROL_PREFIX } from './control-routes.js';

/**
 * CORS as Strapi's `strapi::cors` (koa/cors) answers it: nothing without an Origin header; `*` with credentials
 * reflects the caller's origin (a browser refuses `*` with credentials); a preflight is a bare 204. An origin not in
 * the list gets no CORS headers, so the browser blocks it as it would against Strapi.
 */
export function cors(options: CorsOptions): RequestHandler {
  const any = options.origin.includes('*');
  return (req: Request, res: Response, next: NextFunction) => {
    // The mock's own control routes never answer another origin (see same-origin-only.ts).
    if (req.path === CONTROL_PREFIX || req.path.startsWith(`${CONTROL_PREFIX}/`)) return next();
    res.vary('Origin');
    const origin = req.headers.origin;
    if (!origin) return next();
    if (!any && !options.origin.includes(origin)) return next();
    res.set('Access-Control-Allow-Origin', any && !options.credentials ? '*' : origin);
    if (options.credentials) res.set('Access-Control-Allow-Credentials', 'true');
    if (req.method !== 'OPTIONS' || !req.headers['access-control-request-method']) return next();
    res.set('Access-Control-Allow-Methods', options.methods.join(','));
    res.set('Access-Control-Allow-Headers', options.headers.join(','));
    res.set('Access-Control-Max-Age', String(options.maxAge));
    res.status(204).end();
  };
}

/**
 * What `cors` does to a request without an Origin header (outside the control routes) when its response has no Vary
 * yet: `Vary: Origin`, as res.vary writes it.
 */
export function varyOriginAlone(res: ServerResponse): void {
  res.setHeader('Vary', 'Origin');
}
