import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromBase64Url, sameBytes, toBase64Url, utf8 } from './base64url.js';

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
  const claims = withIat ? { ...payload, iat, exp: iat + expiresIn } : { ...payload, exp: iat + expiresIn };
  const body = toBase64Url(utf8(JSON.stringify(claims)));
  return `${HEADER}.${body}.${toBase64Url(sign(`${HEADER}.${body}`, secret))}`;
}

/** Three base64url parts: worth checking as a JWT (API token keys never contain dots). */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

const decodeJson = (part: string): unknown => JSON.parse(new TextDecoder().decode(fromBase64Url(part)));

/**
 * Tokens whose signature checked out, by secret and token: a client sends the same JWT with every request, and the
 * pure-JS HMAC costs far more than a lookup. Expiry is still checked on every use. Bounded: cleared when full.
 */
const verified = new Map<string, Record<string, unknown>>();
const VERIFIED_MAX = 1000;

const expired = (payload: Record<string, unknown>, now: number) => typeof payload.exp === 'number' && payload.exp * 1000 <= now;

/** The payload of a token we signed that has not expired, or undefined. */
export function verifyJwt(token: string, secret: string, now = Date.now()): Record<string, unknown> | undefined {
  const memoKey = `${secret}\u0000${token}`;
  const known = verified.get(memoKey);
  if (known) return expired(known, now) ? undefined : known;
  const payload = checkJwt(token, secret);
  if (!payload) return undefined;
  if (verified.size >= VERIFIED_MAX) verified.clear();
  verified.set(memoKey, payload);
  return expired(payload, now) ? undefined : payload;
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
