import type { IncomingMessage } from 'node:http';
import { StatusError } from '../../../core/errors/http-status.js';
import { errorBody } from '../../../core/errors/strapi-errors.js';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  DEFAULT_MAX_FAULT_DELAY,
  FAULT_HEADER,
  type DelayRange,
  type FaultKind,
  type FaultSpec,
  type RouteRule,
} from '../../../core/config/content-mock-config.js';
import { parseDelay } from '../../../project/dev-options.js';

/** Answers a status in Strapi's envelope (the one writer in core/errors). */
export function sendStrapiError(res: Response, status: number, message?: string): void {
  res.status(status).json(errorBody(new StatusError(status, { message })));
}

/** `status=503`, `delay=200`, `delay=100-400`, `reset`, `timeout`, `timeout=3000`, combined with `,` or `;`. */
export function parseFaultHeader(value: string): FaultSpec {
  let spec: { -readonly [K in keyof FaultSpec]: FaultSpec[K] } = {};
  for (const part of value
    .split(/[;,]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, arg] = part.split('=').map((s) => s.trim());
    const n = arg === undefined ? undefined : Number(arg);
    if (key === 'status')
      spec = { ...spec, fault: 'status', status: n !== undefined && Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500 };
    else if (key === 'delay') spec = { ...spec, delay: safeDelay(arg) };
    else if (key === 'reset') spec = { ...spec, fault: 'reset' };
    else if (key === 'timeout') spec = { ...spec, fault: 'timeout', timeoutMs: n !== undefined && n >= 0 ? n : undefined };
  }
  return spec;
}

function safeDelay(arg: string | undefined): DelayRange | undefined {
  try {
    return parseDelay(arg, FAULT_HEADER);
  } catch {
    return undefined; // a typo in a test's header should not break the request it was meant to slow
  }
}

const pick = (d: DelayRange) => d.min + Math.floor(Math.random() * (d.max - d.min + 1));

export interface FaultInjection {
  readonly handler: RequestHandler;
  /** Whether nothing can delay or fault this request (no rule, no delay, no fault header): the handler passes it on. */
  inert(req: IncomingMessage): boolean;
  /** Ends every delayed or hanging request now (server shutdown): a hung `timeout` would keep `close` waiting. */
  abortPending(): void;
}

/**
 * Latency and failures, from the global `--delay`, the first matching config rule, then the request's own
 * `x-content-mock-fault` header (most specific wins, field by field). Faults happen after the delay, as a slow
 * network that then fails does.
 */
export function faultInjection(options: {
  delay?: DelayRange;
  rules: readonly RouteRule[];
  faultHeader?: boolean;
  maxFaultDelay?: number;
}): FaultInjection {
  const cap = options.maxFaultDelay ?? DEFAULT_MAX_FAULT_DELAY;
  const pending = new Set<{ timer?: NodeJS.Timeout; req: Request }>();

  const specFor = (req: Request): FaultSpec => {
    const rule = options.rules.find(
      (r) => (!r.method || r.method === req.method) && r.pattern.test(req.path) && Math.random() < r.probability,
    );
    const header = options.faultHeader === false ? undefined : req.headers[FAULT_HEADER];
    const fromHeader = typeof header === 'string' ? capped(parseFaultHeader(header), cap) : {};
    const merged: FaultSpec = { delay: options.delay, ...strip(rule), ...strip(fromHeader) };
    return merged;
  };

  // nothing that could apply (no rule, no delay, no header): on at once, without building a spec per request
  const inert = (req: IncomingMessage) =>
    options.rules.length === 0 && !options.delay && (options.faultHeader === false || req.headers[FAULT_HEADER] === undefined);

  const handler: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.path.startsWith('/__content-mock/')) return next();
    if (inert(req)) return next();
    const spec = specFor(req);
    const act = () => apply(spec.fault, spec, req, res, next, pending);
    if (!spec.delay) return act();
    const entry: { timer?: NodeJS.Timeout; req: Request } = { req };
    pending.add(entry);
    entry.timer = setTimeout(() => {
      pending.delete(entry);
      if (!req.socket.destroyed) act();
    }, pick(spec.delay));
    res.once('close', () => {
      clearTimeout(entry.timer);
      pending.delete(entry);
    });
  };

  return {
    handler,
    inert,
    abortPending() {
      for (const entry of pending) {
        clearTimeout(entry.timer);
        entry.req.socket.destroy();
      }
      pending.clear();
    },
  };
}

/**
 * A request's own fault may not hold the server longer than `cap` ms: delays are cut to it, and a `timeout` (with
 * no limit, or a longer one) answers its 504 then. Config rules are the owner's choice and are not capped.
 */
function capped(spec: FaultSpec, cap: number): FaultSpec {
  const delay = spec.delay && { min: Math.min(spec.delay.min, cap), max: Math.min(spec.delay.max, cap) };
  const timeoutMs = spec.fault === 'timeout' ? Math.min(spec.timeoutMs ?? cap, cap) : spec.timeoutMs;
  return { ...spec, delay, timeoutMs };
}

/** Drops undefined fields so they do not override a less specific source's value. */
function strip(spec: FaultSpec | undefined): FaultSpec {
  if (!spec) return {};
  return Object.fromEntries(
    Object.entries(spec).filter(([k, v]) => v !== undefined && ['delay', 'fault', 'status', 'message', 'timeoutMs'].includes(k)),
  ) as FaultSpec;
}

function apply(
  fault: FaultKind | undefined,
  spec: FaultSpec,
  req: Request,
  res: Response,
  next: NextFunction,
  pending: Set<{ timer?: NodeJS.Timeout; req: Request }>,
): void {
  switch (fault) {
    case undefined:
      return next();
    case 'status':
      return sendStrapiError(res, spec.status ?? 500, spec.message);
    case 'reset':
      // What a dropped connection looks like to fetch: no status, no body, ECONNRESET.
      req.socket.destroy();
      return;
    case 'timeout': {
      // Hang; with a limit, answer as a gateway in front of Strapi would once it gives up.
      const entry: { timer?: NodeJS.Timeout; req: Request } = { req };
      pending.add(entry);
      if (spec.timeoutMs !== undefined) {
        entry.timer = setTimeout(() => {
          pending.delete(entry);
          sendStrapiError(res, 504, spec.message ?? 'Gateway Timeout');
        }, spec.timeoutMs);
      }
      res.once('close', () => {
        clearTimeout(entry.timer);
        pending.delete(entry);
      });
    }
  }
}
