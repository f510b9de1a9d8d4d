import type { WebhookConfig, WebhookEvent } from '../../core/config/content-mock-config.js';
import type { MediaFile } from '../../core/data/types.js';
import { showFile } from '../plugins/media-view.js';
import type { Runtime, WriteListener } from '../runtime.js';
import { entryEvents } from './entry-events.js';

// Webhooks as Strapi's webhook runner sends them (core/dist/services/webhook-runner.js): a POST of
// `{ event, createdAt, ...info }` with the configured headers plus `X-Strapi-Event` and `Content-Type:
// application/json`, a 10 s timeout. A failed delivery is logged and kept in the list, never reported to the write.

/** How long Strapi waits for a receiver. */
const TIMEOUT_MS = 10_000;
/** Deliveries kept for `GET /__content-mock/webhooks`. */
const KEPT = 200;

export interface Delivery {
  readonly url: string;
  readonly event: WebhookEvent;
  /** The receiver's status, or null when it could not be reached. */
  readonly status: number | null;
  readonly ok: boolean;
  readonly error?: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: Record<string, unknown>;
}

export interface Webhooks {
  /** Hand this to the runtime: it hears of each successful write. */
  readonly listener: WriteListener;
  /** Deliveries made so far, oldest first. */
  deliveries(): readonly Delivery[];
  clear(): void;
  /** Resolves once every delivery queued so far is done (tests wait on it). */
  idle(): Promise<void>;
}

export function createWebhooks(
  hooks: readonly WebhookConfig[],
  current: () => Runtime,
  logError: (line: string) => void = (line) => console.error(line),
): Webhooks {
  let log: Delivery[] = [];
  // One queue, so receivers see events in the order the writes made them (a create before its publish).
  let queue: Promise<void> = Promise.resolve();

  const deliver = async (hook: WebhookConfig, event: WebhookEvent, info: Record<string, unknown>): Promise<void> => {
    const payload = { event, createdAt: new Date().toISOString(), ...info };
    const headers = { ...hook.headers, 'X-Strapi-Event': event, 'Content-Type': 'application/json' };
    let status: number | null = null;
    let error: string | undefined;
    try {
      const res = await fetch(hook.url, {
        method: 'POST',
        body: JSON.stringify(payload),
        headers,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = res.status;
      // Read to the end either way, so the connection is free again.
      const text = await res.text();
      if (!res.ok) error = text.slice(0, 500);
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const ok = status !== null && status >= 200 && status < 300;
    if (!ok) logError(`content-mock: webhook ${event} to ${hook.url} failed: ${status ?? 'no answer'}${error ? ` (${error})` : ''}`);
    log.push({ url: hook.url, event, status, ok, ...(error === undefined ? {} : { error }), headers, payload });
    if (log.length > KEPT) log = log.slice(-KEPT);
  };

  const send = (event: WebhookEvent, info: Record<string, unknown>) => {
    for (const hook of hooks) {
      if (!hook.events.includes(event)) continue;
      queue = queue.then(() => deliver(hook, event, info));
    }
  };

  const listener: WriteListener = {
    entry(notice) {
      try {
        for (const e of entryEvents(current(), notice)) send(e.event, e.body);
      } catch (e) {
        // The write has succeeded: a bug in building a payload must not turn it into an error.
        logError(`content-mock: webhook payload failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    media(event, file: MediaFile) {
      send(event, { media: showFile(file, null, false) });
    },
  };

  return {
    listener,
    deliveries: () => log,
    clear: () => {
      log = [];
    },
    idle: () => queue,
  };
}
