import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// Passwords are stored hashed (scrypt from node:crypto, so no native or extra dependency), and never returned.
// Format: `scrypt$<salt base64url>$<hash base64url>`.

const KEY_LENGTH = 32;
// Lower than scrypt's interactive default: this is a mock, and config users are hashed on the first request.
const COST = { N: 1024, r: 8, p: 1 } as const;

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, COST);
  return `scrypt$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

export function verifyPassword(password: string, stored: unknown): boolean {
  if (typeof stored !== 'string') return false;
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password, Buffer.from(salt, 'base64url'), expected.length, COST);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
