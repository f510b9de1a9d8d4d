import { randomHex } from './base64url.js';
import type { Runtime } from '../runtime.js';
import { sessionSlot, type StoreSession } from '../../core/data/store-session.js';

// The secret JWTs are signed with. A fixed default would be in our source, so anyone could mint a token for any
// user: without `usersPermissions.jwtSecret`, each store has a random one. `serve` keeps it beside the data file
// (persist-jwt-secret.ts) so tokens survive a restart, as they do against Strapi with its generated JWT_SECRET; a
// memory store (and MSW) draws one for its life. No Node built-ins here: the MSW handlers run this in a browser.

/** Where the store's own secret comes from (the file beside its data file); kept across resets. */
const SOURCE = sessionSlot<{ read?: () => string }>('jwt-secret-source', () => ({}), true);
/** The secret itself, drawn (or read from the source) when a JWT is first signed or checked in a session. */
const SECRET = sessionSlot<{ value?: string }>('jwt-secret', () => ({}));

/** Where the store's own secret comes from (the file beside its data file), read when a JWT is first signed or checked. */
export function useStoreJwtSecret(store: { session: StoreSession }, source: () => string): void {
  store.session.get(SOURCE).read = source;
}

/** The configured secret, or the store's own. */
export function jwtSecretOf(rt: Runtime): string {
  const configured = rt.config.plugins.jwtSecret;
  if (configured !== undefined) return configured;
  const secret = rt.store.session.get(SECRET);
  secret.value ??= rt.store.session.get(SOURCE).read?.() ?? randomHex(32);
  return secret.value;
}
