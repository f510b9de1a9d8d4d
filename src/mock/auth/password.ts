import { scrypt } from '@noble/hashes/scrypt.js';
import { fromBase64Url, sameBytes, toBase64Url, utf8 } from './base64url.js';

// Passwords are stored hashed (scrypt, from @noble/hashes so the same code runs in a browser for the MSW handlers),
// and never returned. Format: `scrypt$<salt base64url>$<hash base64url>`.

const KEY_LENGTH = 32;
// Lower than scrypt's interactive default: this is a mock, and config users are hashed on the first request.
const COST = { N: 1024, r: 8, p: 1 } as const;

export function hashPassword(password: string): string {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = scrypt(utf8(password), salt, { ...COST, dkLen: KEY_LENGTH });
  return `scrypt$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

export function verifyPassword(password: string, stored: unknown): boolean {
  if (typeof stored !== 'string') return false;
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = fromBase64Url(hash);
  const saltBytes = fromBase64Url(salt);
  if (!expected || !saltBytes || expected.length === 0) return false;
  return sameBytes(scrypt(utf8(password), saltBytes, { ...COST, dkLen: expected.length }), expected);
}
