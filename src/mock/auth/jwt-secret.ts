import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ContentStore } from '../../store/content-store.js';
import type { Runtime } from '../runtime.js';

// The secret JWTs are signed with. A fixed default would be in our source, so anyone could mint a token for any
// user; without `usersPermissions.jwtSecret`, each store gets a random one, kept beside its data file (so tokens
// survive a restart, as they do against Strapi with its generated JWT_SECRET) or in memory for a memory store.

const secrets = new WeakMap<ContentStore, string>();

/** `<data file>.jwt-secret`: beside the store, readable by its owner only. */
export const jwtSecretFile = (dataFile: string): string => `${dataFile}.jwt-secret`;

function storeSecret(store: ContentStore): string {
  const known = secrets.get(store);
  if (known) return known;
  let secret: string | undefined;
  const file = store.file && jwtSecretFile(store.file);
  if (file && existsSync(file)) secret = readFileSync(file, 'utf8').trim() || undefined;
  if (!secret) {
    secret = randomBytes(32).toString('base64url');
    if (file) writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  secrets.set(store, secret);
  return secret;
}

/** The configured secret, or the store's own. */
export function jwtSecretOf(rt: Runtime): string {
  return rt.config.plugins.jwtSecret ?? storeSecret(rt.store);
}
