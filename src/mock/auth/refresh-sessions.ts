import { hmac } from '@noble/hashes/hmac.js';
import { sha1 } from '@noble/hashes/legacy.js';
import { randomHex, toBase64Url, utf8 } from './base64url.js';
import { signJwt, VERIFIED_JWTS, verifyJwt } from './jwt.js';
import { sessionSlot, type StoreSession } from '../../core/data/store-session.js';

// Refresh sessions as Strapi 5.54's session manager keeps them with `jwtManagement: 'refresh'` and httpOnly
// sessions (the reference app's users & permissions settings): a refresh token names a user and a session; a
// refresh rotates it (the old one is refused from then on), a logout revokes it. Login hands it over in the
// `strapi_up_refresh` cookie, signed as Koa signs cookies (a `.sig` cookie beside it); registration and password
// changes in the body. The revocations are kept in memory, per store: a restart or a reset forgets them (the tokens
// still expire).

export const REFRESH_COOKIE = 'strapi_up_refresh';
/** Strapi's default `idleRefreshTokenLifespan` (14 days): a refresh token's `exp` is that far from its issue. */
export const IDLE_REFRESH_TOKEN_LIFESPAN = 14 * 24 * 3600;

interface Sessions {
  /** userId → the sessions issued to the user (a logout of all sessions revokes them). */
  readonly issued: Map<string, Set<string>>;
  readonly revoked: Set<string>;
}
const SESSIONS = sessionSlot<Sessions>('refresh-sessions', () => ({ issued: new Map(), revoked: new Set() }));
/** The store's refresh sessions: on its session object, so a reset forgets them with the content. */
type SessionHolder = { readonly session: StoreSession };
const sessionsOf = (store: SessionHolder): Sessions => store.session.get(SESSIONS);

/** A new session's refresh token, signed as the session manager signs it (no `iat`: jsonwebtoken's noTimestamp). */
export function newRefreshToken(store: SessionHolder, secret: string, userId: number): { token: string; sessionId: string } {
  const payload = { userId: String(userId), sessionId: randomHex(16), type: 'refresh' };
  const issued = sessionsOf(store).issued;
  issued.set(payload.userId, (issued.get(payload.userId) ?? new Set()).add(payload.sessionId));
  return { token: signJwt(payload, secret, IDLE_REFRESH_TOKEN_LIFESPAN, Date.now(), false), sessionId: payload.sessionId };
}

export interface RefreshSession {
  readonly userId: string;
  readonly sessionId: string;
}

/** The session a refresh token names, when it is ours, unexpired and not rotated or revoked. */
export function sessionOf(store: SessionHolder, secret: string, token: string): RefreshSession | undefined {
  const claims = verifyJwt(token, secret, Date.now(), store.session.get(VERIFIED_JWTS));
  if (!claims || claims.type !== 'refresh' || typeof claims.userId !== 'string' || typeof claims.sessionId !== 'string') return undefined;
  if (sessionsOf(store).revoked.has(claims.sessionId)) return undefined;
  return { userId: claims.userId, sessionId: claims.sessionId };
}

/** Revocations kept at most (the oldest go first): bounded memory under a flood of logins and refreshes. */
const MAX_REVOKED = 100_000;

export function revokeSession(store: SessionHolder, session: RefreshSession): void {
  const s = sessionsOf(store);
  s.issued.get(session.userId)?.delete(session.sessionId);
  s.revoked.add(session.sessionId);
  for (const id of s.revoked) {
    if (s.revoked.size <= MAX_REVOKED) break;
    s.revoked.delete(id);
  }
}

export function revokeUserSessions(store: SessionHolder, userId: string): void {
  const s = sessionsOf(store);
  for (const sessionId of s.issued.get(userId) ?? []) revokeSession(store, { userId, sessionId });
}

/** Koa's cookie signature (keygrip): HMAC-SHA1 of `name=value`, base64url without padding. */
const signature = (secret: string, name: string, value: string) => toBase64Url(hmac(sha1, utf8(secret), utf8(`${name}=${value}`)));

/** The two Set-Cookie lines Koa writes for a signed cookie (expires: the epoch clears it, as a logout does). */
export function refreshCookies(secret: string, token: string, clear = false): string[] {
  const attributes = `path=/;${clear ? ' expires=Thu, 01 Jan 1970 00:00:00 GMT;' : ''} samesite=lax; httponly`;
  return [`${REFRESH_COOKIE}=${token}; ${attributes}`, `${REFRESH_COOKIE}.sig=${signature(secret, REFRESH_COOKIE, token)}; ${attributes}`];
}

/**
 * The refresh token of the request's cookie. Strapi 5.54 takes it without its `.sig` companion (observed: a refresh
 * with the token cookie alone succeeds), so the token's own JWT signature is what is checked.
 */
export function cookieToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const jar = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar.get(REFRESH_COOKIE) || undefined;
}
