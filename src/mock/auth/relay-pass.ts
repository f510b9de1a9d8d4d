import { sessionSlot } from '../../core/data/store-session.js';
import type { Runtime } from '../runtime.js';

// The users & permissions plugin turns the permission check off for some of its GraphQL mutations (its
// resolversConfig: `login`, `register`, `forgotPassword`, `resetPassword`, `emailConfirmation` have `auth: false`), and
// their controllers then run whatever the caller's role holds. The mock relays those mutations to its own REST auth
// routes, which check the route's permission as Strapi's REST routes do; a relayed request shows this store's random
// pass so the route skips that check, and nothing else can (the pass never leaves the server).

export const RELAY_PASS_HEADER = 'x-content-mock-relay-pass';
// Web Crypto: the mock also runs in a browser (content-mock/msw)
const RELAY_PASS = sessionSlot(
  'relay-pass',
  () => Array.from(crypto.getRandomValues(new Uint8Array(18)), (b) => b.toString(16).padStart(2, '0')).join(''),
  true,
);

/** The header a relayed request with the plugin's `auth: false` carries. */
export const relayPassHeader = (rt: Runtime): Record<string, string> => ({ [RELAY_PASS_HEADER]: rt.store.session.get(RELAY_PASS) });

/** Whether a request is one of those relays (the route's permission is not checked). */
export const hasRelayPass = (rt: Runtime, header: string | string[] | undefined): boolean =>
  typeof header === 'string' && header === rt.store.session.get(RELAY_PASS);
