import { RateLimitError } from '../../core/errors/strapi-errors.js';
import type { RateLimitSettings } from '../../core/config/content-mock-config.js';

// The users & permissions plugin's `rateLimit` middleware on its auth routes (local sign-in, register, forgot, reset
// and change password, send email confirmation): koa2-ratelimit with the plugin's `ratelimit` settings (default 10
// requests a minute). It runs after the route's permission check and before the controller, so a request refused
// for its body still counts. A key is the route and the caller (the signed-in user's id, else the IP); register,
// forgot-password and send-email-confirmation add the body's email, so each address has its own count. A window
// starts with a key's first request and ends `interval` later, whatever came in between. The GraphQL plugin's
// mutations count on the REST route's key (the mock relays them to these routes).

/** Routes whose key holds no email (their body has none, or an attacker could vary it to get fresh keys). */
const WITHOUT_EMAIL = ['/auth/local', '/auth/reset-password', '/auth/change-password'];

export interface RateLimitedRequest {
  /** The route as Strapi names it under the REST prefix (`/auth/local`). */
  readonly route: string;
  readonly body: Readonly<Record<string, unknown>>;
  /** The signed-in user's id, when the caller is one. */
  readonly userId: number | string | undefined;
  readonly ip: string | undefined;
}

/** One server's counts (the middleware keeps them in memory: a restart forgets them). */
export class AuthRateLimit {
  private readonly hits = new Map<string, { counter: number; end: number }>();

  /**
   * Counts a request; past the limit, throws Strapi's RateLimitError. `setHeader` gets the X-RateLimit-* headers
   * koa2-ratelimit sets on every counted request, refused or not.
   */
  hit(settings: RateLimitSettings, request: RateLimitedRequest, setHeader: (name: string, value: string) => void, now = Date.now()): void {
    if (!settings.enabled) return;
    for (const [key, hit] of this.hits) if (hit.end <= now) this.hits.delete(key);
    const key = keyOf(request);
    let hit = this.hits.get(key);
    if (!hit) this.hits.set(key, (hit = { counter: 0, end: now + settings.intervalMs }));
    hit.counter += 1;
    setHeader('X-RateLimit-Limit', String(settings.max));
    setHeader('X-RateLimit-Remaining', String(Math.max(settings.max - hit.counter, 0)));
    setHeader('X-RateLimit-Reset', String(Math.ceil(hit.end / 1000)));
    if (settings.max && hit.counter > settings.max) throw new RateLimitError('Too many requests, please try again later.', {});
  }
}

function keyOf({ route, body, userId, ip }: RateLimitedRequest): string {
  const email = typeof body.email === 'string' && body.email !== '' ? body.email.toLowerCase() : 'unknownIdentifier';
  const prefix = WITHOUT_EMAIL.includes(route) ? `noIdentifier:${route}:${ip}` : `${email}:${route}:${ip}`;
  return `${prefix}|${userId ?? ip}`;
}
