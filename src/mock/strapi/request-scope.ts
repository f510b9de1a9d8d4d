import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestPrincipal } from '../auth/authenticate-request.js';
import type { KoaContext } from './koa-context.js';

// What Strapi keeps per request for code that has no `ctx` (its `requestContext`): the services and the document
// service read who is calling from here, to hide what the caller may not read as Strapi's sanitizers do.

export interface RequestScope {
  readonly ctx: KoaContext;
  /** Set once the route has authenticated; undefined on a route without auth. */
  principal: RequestPrincipal | undefined;
}

/** Who the running request reads for (see Access): none on a route without auth, nobody outside a request. */
export function accessOf(scope: RequestScope | undefined): RequestPrincipal | 'none' | undefined {
  return scope ? (scope.principal ?? 'none') : undefined;
}

export class RequestScopes {
  private readonly storage = new AsyncLocalStorage<RequestScope>();
  run<T>(scope: RequestScope, fn: () => Promise<T>): Promise<T> {
    return this.storage.run(scope, fn);
  }
  get(): RequestScope | undefined {
    return this.storage.getStore();
  }
}
