import { sha256 } from '@noble/hashes/sha2.js';

// The GraphQL plugin sanitizes no output (only morph relations), so a password attribute that the schema does not
// mark private shows what Strapi stores for it: its bcrypt hash (`$2a$10$` + 22 characters of salt + 31 of hash).
// The mock keeps the value as written; it shows a hash of that shape, stable for one stored value (a client cannot
// check a bcrypt hash against anything but Strapi's database, so the shape is what it can rely on).

const ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A bcrypt-shaped hash of a stored password; null stays null. */
export function storedPasswordHash(value: unknown, owner: string): string | null {
  if (typeof value !== 'string') return null;
  const digest = sha256(new TextEncoder().encode(`${owner}\u0000${value}`));
  let out = '';
  for (let i = 0; out.length < 53; i++) out += ALPHABET[(digest[i % digest.length] + i * 7) % 64];
  return `$2a$10$${out}`;
}
