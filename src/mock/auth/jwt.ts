import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64Url, sameBytes, toBase64Url, utf8 } from './base64url.js';
import { sessionSlot } from '../../core/data/store-session.js';

// HS256 JSON Web Tokens, as the users & permissions plugin issues them (payload `{id, iat, exp}`). A few lines over
// @noble/hashes' HMAC instead of a JWT library: we only ever sign and check our own tokens, and the same code must
// run in Node and in a browser (the MSW handlers), where node:crypto is missing.

const HEADER = toBase64Url(utf8(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));

const sign = (input: string, secret: string) => hmac(sha256, utf8(secret), utf8(input));

/**
 * `withIat: false` signs as Strapi's session manager signs refresh tokens (jsonwebtoken's `noTimestamp`: the payload
 * has `exp` and no `iat`).
 */
export function signJwt(payload: Record<string, unknown>, secret: string, expiresIn: number, now = Date.now(), withIat = true): string {
  const iat = Math.floor(now / 1000);
  return signClaims(withIat ? { ...payload, iat, exp: iat + expiresIn } : { ...payload, exp: iat + expiresIn }, secret);
}

/** An HS256 token carrying exactly these claims. */
export function signClaims(claims: Record<string, unknown>, secret: string): string {
  const body = toBase64Url(utf8(JSON.stringify(claims)));
  return `${HEADER}.${body}.${toBase64Url(sign(`${HEADER}.${body}`, secret))}`;
}

/** Three base64url parts: worth checking as a JWT (API token keys never contain dots). */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

const decodeJson = (part: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));

/**
 * Tokens whose signature checked out, by secret and token, kept on the store's session: a client sends the same JWT
 * with every request, and the pure-JS HMAC costs far more than a lookup. The time claims are still checked on every
 * use. Bounded: cleared when full.
 */
export const VERIFIED_JWTS = sessionSlot('verified-jwts', () => new Map<string, Record<string, unknown>>());
const VERIFIED_MAX = 1000;

/**
 * The time claims as jsonwebtoken 9 (Strapi's) checks them, in whole seconds: an `nbf` or `exp` that is present must
 * be a number; a token is not active before `nbf` and has expired from `exp` on. (`iat` is only checked with a
 * `maxAge`, which Strapi does not pass: any value is accepted there too.)
 */
export function timely(payload: Record<string, unknown>, now: number): boolean {
  const clock = Math.floor(now / 1000);
  const { nbf, exp } = payload;
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > clock)) return false;
  if (exp !== undefined && (typeof exp !== 'number' || clock >= exp)) return false;
  return true;
}

/** The payload of a token we signed that is active and has not expired, or undefined. */
export function verifyJwt(
  token: string,
  secret: string,
  now = Date.now(),
  memo: Map<string, Record<string, unknown>> = new Map(),
): Record<string, unknown> | undefined {
  const memoKey = `${secret}\u0000${token}`;
  const known = memo.get(memoKey);
  if (known) return timely(known, now) ? known : undefined;
  const payload = checkJwt(token, secret);
  if (!payload) return undefined;
  if (memo.size >= VERIFIED_MAX) memo.clear();
  memo.set(memoKey, payload);
  return timely(payload, now) ? payload : undefined;
}

function checkJwt(token: string, secret: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, signature] = parts;
  const given = fromBase64Url(signature);
  if (!given || !sameBytes(given, sign(`${header}.${body}`, secret))) return undefined;
  try {
    const head = decodeJson(header);
    if (typeof head !== 'object' || head === null || (head as { alg?: unknown }).alg !== 'HS256') return undefined;
    const payload = decodeJson(body);
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
    return Object.freeze(payload as Record<string, unknown>);
  } catch {
    return undefined;
  }
}
