import { createHmac, timingSafeEqual } from 'node:crypto';

// HS256 JSON Web Tokens, as the users & permissions plugin issues them (payload `{id, iat, exp}`). Twenty lines of
// node:crypto instead of a dependency: we only ever sign and check our own tokens.

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const HEADER = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

const sign = (input: string, secret: string) => createHmac('sha256', secret).update(input).digest();

export function signJwt(payload: Record<string, unknown>, secret: string, expiresIn: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const body = b64url(JSON.stringify({ ...payload, iat, exp: iat + expiresIn }));
  return `${HEADER}.${body}.${b64url(sign(`${HEADER}.${body}`, secret))}`;
}

/** Three base64url parts: worth checking as a JWT (API token keys never contain dots). */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);

/** The payload of a token we signed that has not expired, or undefined. */
export function verifyJwt(token: string, secret: string, now = Date.now()): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header, body, signature] = parts;
  const expected = sign(`${header}.${body}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const head: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (typeof head !== 'object' || head === null || (head as { alg?: unknown }).alg !== 'HS256') return undefined;
    const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp === 'number' && exp * 1000 <= now) return undefined;
    return payload as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
