import { randomHex } from './base64url.js';
import type { Runtime } from '../runtime.js';

// The secret JWTs are signed with. A fixed default would be in our source, so anyone could mint a token for any
// user: without `usersPermissions.jwtSecret`, each store has a random one. `serve` keeps it beside the data file
// (persist-jwt-secret.ts) so tokens survive a restart, as they do against Strapi with its generated JWT_SECRET; a
// memory store (and MSW) draws one for its life. No Node built-ins here: the MSW handlers run this in a browser.

const secrets = new WeakMap<object, string>();
const sources = new WeakMap<object, () => string>();

/** Where the store's own secret comes from (the file beside its data file), read when a JWT is first signed or checked. */
export function useStoreJwtSecret(store: object, source: () => string): void {
  sources.set(store, source);
}

/** The configured secret, or the store's own. */
export function jwtSecretOf(rt: Runtime): string {
  const configured = rt.config.plugins.jwtSecret;
  if (configured !== undefined) return configured;
  let secret = secrets.get(rt.store);
  if (!secret) secrets.set(rt.store, (secret = sources.get(rt.store)?.() ?? randomHex(32)));
  return secret;
}
