import { ConfigError, WEBHOOK_EVENTS, type WebhookConfig, type WebhookEvent } from '../core/config/content-mock-config.js';
import { isPlainObject } from '../core/is-plain-object.js';

/** `"webhooks": [{ "url": "http://…", "events": ["entry.publish"], "headers": { "Authorization": "…" } }]`, checked. */
export function readWebhooks(raw: unknown, where: string): WebhookConfig[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) throw new ConfigError(`${where}: "webhooks" must be a list of { url, events?, headers? }`);
  return raw.map((w, i) => {
    const at = `${where}: webhooks[${i}]`;
    if (!isPlainObject(w) || typeof w.url !== 'string' || !URL.canParse(w.url) || !/^https?:/.test(w.url))
      throw new ConfigError(`${at} needs a "url" (http or https)`);
    const unknown = Object.keys(w).filter((k) => !['url', 'events', 'headers'].includes(k));
    if (unknown.length > 0) throw new ConfigError(`${at}: unknown key "${unknown[0]}" (known keys: url, events, headers)`);
    let events: WebhookEvent[] = [...WEBHOOK_EVENTS];
    if (w.events !== undefined) {
      const bad = Array.isArray(w.events) ? w.events.find((e) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(e)) : w.events;
      if (!Array.isArray(w.events) || bad !== undefined)
        throw new ConfigError(`${at}.events: ${JSON.stringify(bad)} is not an event (events: ${WEBHOOK_EVENTS.join(', ')})`);
      events = w.events as WebhookEvent[];
    }
    const headers: Record<string, string> = {};
    if (w.headers !== undefined) {
      if (!isPlainObject(w.headers) || !Object.values(w.headers).every((v) => typeof v === 'string'))
        throw new ConfigError(`${at}.headers must be an object of strings`);
      Object.assign(headers, w.headers);
    }
    return { url: w.url, events, headers };
  });
}
