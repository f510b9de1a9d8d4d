import { ForbiddenError } from '../../core/errors/strapi-errors.js';
import type { PluginGraphqlSchema } from '../../core/graphql/build-schema.js';
import type { DocumentCall, ProjectCall } from '../../core/graphql/graphql-context.js';
import type { ShadowCrudSettings } from '../../core/graphql/shadow-crud.js';
import type { RequestPrincipal } from '../auth/authenticate-request.js';
import type { Runtime } from '../runtime.js';
import { authState, verifiesScope } from './auth-state.js';
import { documentExists, hasDocumentHooks, precheckWrite, targetRows, throughHooks } from './document-service.js';
import type { ProjectApp } from './project-app.js';
import { withProjectExtension } from './graphql-project-extension.js';

// What /graphql asks of the project's code: its shadow CRUD settings and schema extension, its resolvers' context and
// auth check, and the document middlewares the plugin's own fields call through. Made with the project app (Node
// only), so the GraphQL endpoint itself stays free of Node imports for content-mock/msw in the browser.

export interface ProjectGraphql {
  shadowCrud(): ShadowCrudSettings | undefined;
  extend(built: PluginGraphqlSchema): PluginGraphqlSchema;
  call(rt: Runtime, who: RequestPrincipal, method: string, header: (name: string) => string | undefined): ProjectCall;
  documents(rt: Runtime): DocumentCall | undefined;
}

export function projectGraphql(app: () => ProjectApp): ProjectGraphql {
  return {
    shadowCrud: () => (app().graphql.shadowCrud.size > 0 ? app().graphql.shadowCrud : undefined),
    extend: (built) => withProjectExtension(built, app()),
    call: (rt, who, method, header) => {
      const state: Record<string, unknown> = { ...authState(rt, who) };
      const koaContext = { state, request: { method }, get: (name: string) => header(name.toLowerCase()) ?? '' };
      return {
        context: { state, koaContext },
        verify: (scope) => {
          if (!verifiesScope(rt, who, scope)) throw new ForbiddenError('Forbidden access', {});
        },
      };
    },
    // the plugin's own fields call the document service: through the project's middlewares and lifecycles, if any
    documents: (rt) => {
      const { hooks, strapi } = app();
      if (hooks.middlewares.length === 0 && hooks.subscribers.length === 0) return undefined;
      const view = strapi.contentType as (uid: string) => unknown;
      return async (uid, action, params, final) => {
        const type = rt.model.contentTypes.get(uid);
        if (!type || !hasDocumentHooks(hooks, uid)) return final(params);
        return throughHooks(hooks, type, view(uid), action, params, async (p) => final(p), {
          current: () => rt,
          exists: (p) => documentExists(rt, type, action, p),
          precheck: (p) => precheckWrite(rt, type, action, p),
          targets: (p) => targetRows(rt, type, action, p),
        });
      };
    },
  };
}
