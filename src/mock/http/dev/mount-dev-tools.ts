import type express from 'express';
import { controlRoutes, CONTROL_PREFIX } from './control-routes.js';
import { cors } from './cors.js';
import type { DevOptions } from '../../../core/config/content-mock-config.js';
import { faultInjection } from './fault-injection.js';
import { readOnly } from './read-only.js';
import { requestLog } from './request-log.js';
import { sameOriginOnly } from './same-origin-only.js';

export interface DevTools {
  /** Ends requests held by delays and timeouts, so shutdown does not wait on them. */
  abortPending(): void;
}

/**
 * Mounts the dev comforts before the content routes (through createApp's `extend`), in the order a request meets
 * them: log (so it times everything, faults included), CORS (so even faulted answers carry its headers, as Strapi's
 * keepHeaderOnError does), control routes, latency and faults, read-only, then the extra routes (docs).
 */
export function mountDevTools(
  app: express.Express,
  options: DevOptions & {
    readonly log?: (line: string) => void;
    readonly reset: () => Promise<void>;
    /** The dev mailbox, newest first (`GET /__content-mock/mailbox`). */
    readonly mailbox?: () => unknown[];
    /** Recent webhook deliveries, for `GET /__content-mock/webhooks`. */
    readonly deliveries?: () => readonly unknown[];
    readonly routes?: readonly express.RequestHandler[];
    /** The host the server listens on (a Host header may name it); undefined before `listen`. */
    readonly listenHost?: () => string | undefined;
  },
): DevTools {
  if (options.log) app.use(requestLog(options.log));
  if (options.cors) app.use(cors(options.cors));
  app.use(
    CONTROL_PREFIX,
    sameOriginOnly(options.listenHost ?? (() => undefined)),
    controlRoutes(options.reset, options.mailbox, options.deliveries),
  );
  const faults = faultInjection(options);
  app.use(faults.handler);
  if (options.readonly) app.use(readOnly());
  for (const router of options.routes ?? []) app.use(router);
  return { abortPending: faults.abortPending };
}
