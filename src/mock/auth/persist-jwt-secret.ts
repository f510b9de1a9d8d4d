import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomHex } from './base64url.js';

/** `<data file>.jwt-secret`: the store's JWT secret, beside it, readable by its owner only. */
export const jwtSecretFile = (dataFile: string): string => `${dataFile}.jwt-secret`;

/** The secret kept beside a data file, created (random, owner-only) on first use. */
export function persistedJwtSecret(dataFile: string): string {
  const file = jwtSecretFile(dataFile);
  const kept = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (kept !== '') return kept;
  const secret = randomHex(32);
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
