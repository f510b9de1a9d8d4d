import { isPlainObject } from '../../core/is-plain-object.js';
import { sanitizeOutput } from '../../core/query/sanitize-output.js';
import { sanitizeContentQuery } from '../../core/query/sanitize-query.js';
import { componentSchemaOf, strapiSchema } from '../../core/query/strapi-schema.js';
import { validateQuery } from '../../core/query/run-query.js';
import type { Runtime } from '../runtime.js';
import { engineOptions, readAccess, type Access } from './engine-bridge.js';
import type { ContentType } from '../../core/model/types.js';
import { accessOf, type RequestScopes } from './request-scope.js';
import { checkBodyKeys } from '../../core/write/prepare-data.js';
import { checkRestrictedBody, type CanRead } from '../../core/query/restricted-relations.js';
import { routeBodyKeys } from '../../project/code/strapi-modules.js';
import { dropCreators } from './creator-fields.js';

// `strapi.contentAPI.sanitize` / `.validate`: what Strapi 5 code calls to clean an answer it built itself
// (`strapi.contentAPI.sanitize.output(entity, strapi.contentType(uid), { auth: ctx.state.auth })`). The same rules
// as the core controller's `this.sanitizeOutput` and `this.validateQuery`, for the request being answered.

/** The core controller's `validateQuery`: the content API's checks of a query, for a caller, with its messages. */
export function validateContentQuery(rt: Runtime, access: Access, type: ContentType, query: Record<string, unknown>): void {
  const opts = engineOptions(rt, 'rest', access);
  validateQuery(rt.store.index, type, query, { ...opts, strictParams: rt.config.rest.strictParams });
}

const uidOf = (schema: unknown): string | undefined => (isPlainObject(schema) && typeof schema.uid === 'string' ? schema.uid : undefined);

/**
 * Strapi's validate.input of one body object: its keys first (unknown ones refused), then the relations in it that the
 * caller may not read (`canRead`, when the caller is known), as a core create or update checks them (checkedWrite).
 */
export function checkInput(
  rt: Runtime,
  type: ContentType,
  data: Record<string, unknown>,
  route: unknown,
  canRead: CanRead | undefined,
): void {
  checkBodyKeys(rt.store.index, type, data, routeBodyKeys(route));
  if (canRead) checkRestrictedBody(rt.store.index, { kind: 'type', type }, data, canRead);
}

export function contentApiHelpers(current: () => Runtime, scopes: RequestScopes): Record<string, unknown> {
  const access = () => accessOf(scopes.get());
  return {
    sanitize: {
      // relations the caller may not read go only when an `auth` is given (`ctx.state.auth`, which a route without
      // auth has not): without one, Strapi removes private attributes only
      output: async (data: unknown, schema: unknown, opts?: { auth?: unknown }) => {
        const rt = current();
        const uid = uidOf(schema);
        if (!uid) return data;
        const canRead = opts?.auth ? readAccess(rt, access()) : undefined;
        return sanitizeOutput(rt.model, uid, dropCreators(data), canRead ?? (() => true));
      },
      // the core controller's sanitizeQuery (harness meichu --code: a custom action sanitizing `ctx.query` for
      // another type than its controller's)
      query: async (query: unknown, schema: unknown, opts?: { auth?: unknown }) => {
        const rt = current();
        const type = rt.model.contentTypes.get(uidOf(schema) ?? '');
        if (!isPlainObject(query)) return query;
        if (!type) return { ...query };
        const index = rt.store.index;
        const canRead = opts?.auth ? readAccess(rt, access()) : undefined;
        const types = [...rt.model.contentTypes.keys()];
        return sanitizeContentQuery(strapiSchema(index, { kind: 'type', type }), { ...query }, componentSchemaOf(index), canRead, types);
      },
      input: async (data: unknown) => data,
    },
    validate: {
      query: async (query: unknown, schema: unknown) => {
        const rt = current();
        const type = rt.model.contentTypes.get(uidOf(schema) ?? '');
        if (type && isPlainObject(query)) validateContentQuery(rt, access(), type, query);
      },
      // the body's keys, as the core controller's validateInput checks them; relations the caller may not read when
      // an `auth` is given
      input: async (data: unknown, schema: unknown, options?: { route?: unknown; auth?: unknown }) => {
        const rt = current();
        const type = rt.model.contentTypes.get(uidOf(schema) ?? '');
        if (type && isPlainObject(data)) checkInput(rt, type, data, options?.route, options?.auth ? readAccess(rt, access()) : undefined);
      },
    },
  };
}
