// The users & permissions mutations reach the plugin's routes as a request (see plugin-roots.ts). When a project's
// controller behind such a route fails with its own error, Strapi's resolver sees that very error (the plugin calls
// the controller directly), and Apollo renders its message; the route's answer only says "Internal Server Error".
// So a relayed request carries a token, and the route that failed on it leaves the error here for the relay.

/** The header a relayed request carries its token in. */
export const RELAY_HEADER = 'x-content-mock-relay';

/** The errors project code threw under relayed requests, per token, while the relay waits for the answer. */
export class RelayedFailures {
  private readonly open = new Map<string, { error?: unknown }>();

  /** A token for one relayed request (unguessable: a client cannot leave errors for it). */
  begin(): string {
    // Web Crypto: the MSW handlers run in browsers too
    const token = crypto.randomUUID();
    this.open.set(token, {});
    return token;
  }

  /** Keeps what a route threw under the request that carried `token` (other requests' errors are not kept). */
  record(token: string | null | undefined, error: unknown): void {
    const slot = token ? this.open.get(token) : undefined;
    if (slot) slot.error = error;
  }

  /** What was thrown under `token`, if anything; the token is then forgotten. */
  end(token: string): unknown {
    const slot = this.open.get(token);
    this.open.delete(token);
    return slot?.error;
  }
}
