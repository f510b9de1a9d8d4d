import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { controlRoutes, CONTROL_PREFIX } from './control-routes.js';
import { cors, varyOriginAlone } from './cors.js';
import type { DevOptions } from '../../../core/config/content-mock-config.js';
import { faultInjection } from './fault-injection.js';
import { readOnly, refusesWrite } from './read-only.js';
import { logWhenDone, requestLog } from './request-log.js';
import { sameOriginOnly } from './same-origin-only.js';

/**
 * Layers every request meets first, run as one: `pass` goes on to the app's routes, `fail(err)` to its error
 * handler; neither is called when a layer answered (or holds the request: a fault's delay calls `pass` later).
 */
export type FrontLayer = (req: Request, res: Response, pass: () => void, fail: (err: unknown) => void) => void;

/** Layers run before the routes, as one (`run`), and what they would do to a request that none of them takes (`bypass`). */
export interface FrontLayers {
  readonly run: FrontLayer;
  /**
   * Whether every layer would only pass this request on (`path`: its path after the rest prefix; `url`: as the
   * client sent it), doing no more than set headers and log it: then does that and says true, and the request may
   * skip them (and express). False when one of them might do more; nothing is done then.
   */
  readonly bypass: (req: IncomingMessage, res: ServerResponse, path: string, url: string) => boolean;
}

/** Handlers that answer requests of `paths` only (docs, placeholder images): any other goes on at once. */
export interface PathRoutes {
  readonly paths: RegExp;
  readonly handle: RequestHandler;
}

export interface DevTools {
  /** Ends requests held by delays and timeouts, so shutdown does not wait on them. */
  abortPending(): void;
  /** The dev comforts, for the app to run before its routes. */
  readonly front: FrontLayers;
}

/**
 * The dev comforts, in the order a request meets them: log (so it times everything, faults included), CORS (so even
 * faulted answers carry its headers, as Strapi's keepHeaderOnError does), control routes, latency and faults,
 * read-only, then the extra routes (docs, placeholder images). They run as one layer (`front`), not one express
 * layer each: express's dispatch of each layer (path matching, its per-layer closures) was a tenth of a cold read's
 * CPU, on requests that every one of them lets through.
 */
export function devTools(
  options: DevOptions & {
    readonly log?: (line: string) => void;
    readonly reset: () => Promise<void>;
    /** The dev mailbox, newest first (`GET /__content-mock/mailbox`). */
    readonly mailbox?: () => unknown[];
    /** Recent webhook deliveries, for `GET /__content-mock/webhooks`. */
    readonly deliveries?: () => readonly unknown[];
    readonly routes?: readonly PathRoutes[];
    /** The host the server listens on (a Host header may name it); undefined before `listen`. */
    readonly listenHost?: () => string | undefined;
  },
): DevTools {
  // (mounted on a router of its own, so express strips the prefix for the control routes as before)
  const control = express.Router();
  control.use(
    CONTROL_PREFIX,
    sameOriginOnly(options.listenHost ?? (() => undefined)),
    controlRoutes(options.reset, options.mailbox, options.deliveries),
  );
  const faults = faultInjection(options);
  const layers: RequestHandler[] = [
    ...(options.log ? [requestLog(options.log)] : []),
    ...(options.cors ? [cors(options.cors)] : []),
    // only a path under the prefix enters the router (its dispatch allocates per request)
    (req, res, next) => (isControlPath(req.path) ? control(req, res, next) : next()),
    faults.handler,
    ...(options.readonly ? [readOnly()] : []),
    ...(options.routes ?? []).map((r) => r.handle),
  ];
  const routes = options.routes ?? [];
  const bypass = (req: IncomingMessage, res: ServerResponse, path: string, url: string): boolean => {
    if (isControlPath(path) || !faults.inert(req) || (options.readonly && refusesWrite(req.method, path))) return false;
    if (routes.some((r) => r.paths.test(path))) return false;
    // what they do, in their order: the log times it from here, CORS sets its header (when that is all it does)
    if (options.cors && (req.headers.origin !== undefined || res.hasHeader('Vary'))) return false;
    if (options.log) logWhenDone(options.log, req, res, url);
    if (options.cors) varyOriginAlone(res);
    return true;
  };
  const run: FrontLayer = (req, res, pass, fail) => {
    let at = 0;
    const next: NextFunction = (err?: unknown) => {
      // as express's router: `next('route')` goes on to the next layer, any other error to the error handler
      // (`'router'` included: express's own `next` then leaves the app's router)
      if (err !== undefined && err !== null && err !== 'route') return fail(err);
      const layer = layers[at++];
      if (!layer) return pass();
      try {
        // (a handler's promise, as express 5 handles it: a rejection goes to the error handler)
        const out: unknown = layer(req, res, next);
        if (out instanceof Promise) out.catch((e: unknown) => fail(e || new Error('Rejected promise')));
      } catch (e) {
        fail(e);
      }
    };
    next();
  };
  return { abortPending: faults.abortPending, front: { run, bypass } };
}

const isControlPath = (path: string) =>
  path.length >= CONTROL_PREFIX.length &&
  path.slice(0, CONTROL_PREFIX.length).toLowerCase() === CONTROL_PREFIX &&
  (path.length === CONTROL_PREFIX.length || path[CONTROL_PREFIX.length] === '/');
