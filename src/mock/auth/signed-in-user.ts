import { UnauthorizedError, NotFoundError } from '../../core/errors/strapi-errors.js';
import type { ContentType } from '../../core/model/types.js';
import { parseQuery, parseQueryString, type QueryOptions } from '../../core/query/run-query.js';
import { convertPagination } from '../../core/query/pagination.js';
import { renderRow } from '../../core/query/render-entry.js';
import { USER_UID } from '../../core/model/built-in-types.js';
import type { Runtime } from '../runtime.js';
import { mayContent, type RequestPrincipal } from './authenticate-request.js';

// The users & permissions plugin's user reads (its user routes, and its `user.me` controller that a project's
// extension may wrap): a plain database query over the user type, with the caller's read permissions.

export function userType(rt: Runtime): ContentType {
  const type = rt.model.contentTypes.get(USER_UID);
  if (!type) throw new NotFoundError('Not Found', {});
  return type;
}

/** The user type read with a request's query string (start/limit apart, no default page). */
export function userQuery(rt: Runtime, search: string, who: RequestPrincipal, type: ContentType, oneById = false) {
  const raw = parseQueryString(search);
  // a findOne nests the filters under `$and` beside the id (`where: { $and: [{ id }, where] }`): a list of them is one
  // more `$and` group there (harness adfinis grammar2 seed 1955: `/api/users/x?filters[1][email][$lt]=…` is a 204)
  if (oneById && Array.isArray(raw.filters)) raw.filters = { $and: raw.filters };
  const { start, limit, page, pageSize, ...query } = raw;
  delete query.pagination;
  // the plugin's user service converts `status` into a database filter on draft & publish models only: the user
  // type has none, so any value reads every user (harness adfinis grammar2 seed 1955: `/api/users?…&status=*` is a 200)
  delete query.status;
  // nor does it read `locale` (the user type has no i18n): any value reads every user (harness cmspatas grammar2
  // seed 1953: `/api/users?…&locale=a` is a 200)
  delete query.locale;
  const canRead = (uid: string) => {
    const target = rt.model.contentTypes.get(uid);
    return !target || mayContent(rt, who, target, 'find');
  };
  const opts: QueryOptions = { limits: rt.config.rest, strictParams: false, canRead };
  const q = parseQuery(rt.store.index, type, query, opts);
  // the top-level pagination is no route parameter here: the plugin's service hands it to the query converter, after
  // the sort, filters, fields and populate (harness adfinis grammar2 seed 1955: `start=2&start=` is
  // `convertStartQueryParams expected a positive integer got NaN`, starterblog 1954: `page=-1` the converter's message)
  convertPagination({ start, limit, page, pageSize }, undefined);
  const rows = rt.store.index.rows(type.uid).filter((r) => !q.filters || q.filters(r) === true);
  return { type, q, rows, start: Number(start), limit: Number(limit) };
}

/**
 * `GET /users/me`'s answer once the route let the caller in (the plugin's `user.me` controller): the signed-in user
 * read with the request's query. A token is no user: the controller answers 401.
 */
export function signedInUser(rt: Runtime, who: RequestPrincipal, search: string): unknown {
  if (who.kind !== 'user') throw new UnauthorizedError('Unauthorized');
  const { type, q } = userQuery(rt, search, who, userType(rt));
  const row = rt.store.index.rows(type.uid).find((r) => r.id === who.user.id);
  return row ? renderRow({ index: rt.store.index, status: 'published', everyVersion: true }, type, row, q.node) : null;
}
