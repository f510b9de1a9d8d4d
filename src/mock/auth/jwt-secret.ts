import { randomHex } from './base64url.js';
import type { Runtime } from '../runtime.js';

// The secret JWTs are signed with. A fixed default would be in our source, so anyone could mint a token for any
// user: without `usersPermissions.jwtSecret`, each store has a random one. `serve` keeps it beside the data file
// (persist-jwt-secret.ts) so tokens survive a restart, as they do against Strapi with its generated JWT_SECRET; a
// memory store (and MSW) draws one for its life. No Node built-ins here: the MSW handlers run this in a browser.

const secrets = new WeakMap<object, string>();

/** Makes `secret` the store's own (the one kept beside its data file). */
export function useStoreJwtSecret(store: object, secret: string): void {
  secrets.set(store, secret);
}

/** The configured secret, or the store's own. */
export function jwtSecretOf(rt: Runtime): string {
  const configured = rt.config.plugins.jwtSecret;
  if (configured !== undefined) return configured;
  let secret = secrets.get(rt.store);
  if (!secret) secrets.set(rt.store, (secret = randomHex(32)));
  return secret;
}
