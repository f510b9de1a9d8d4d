import type { GraphQLResolveInfo } from 'graphql';
import type { Store } from '../data/store.js';
import type { QueryOptions } from '../query/run-query.js';
import type { PluginGraphqlSchema } from './build-schema.js';
import type { GraphqlLimits } from './graphql-args.js';
import type { DatabaseTurn } from './strapi-timing.js';

/** What relation fields inherit from their root query: its status and publication filter. */
export interface RootArgs {
  readonly status: 'draft' | 'published';
  readonly publicationFilter: string | undefined;
}

/** The project's side of one request, for the resolvers its GraphQL extension adds or wraps. */
export interface ProjectCall {
  /** `{ state, koaContext }`, the context the plugin's Apollo server gives resolvers. */
  readonly context: Record<string, unknown>;
  /** `strapi.auth.verify` with a resolver's `auth` config (undefined: none, `{ scope }`): throws ForbiddenError. */
  readonly verify: (auth: unknown) => void;
}

/**
 * One document service call of a built-in field (reads and the shadow CRUD's writes) through the project's document
 * middlewares and lifecycles, as the plugin's resolvers call `strapi.documents(uid)`; `final` is the engine's part,
 * with the params the middlewares left.
 */
export type DocumentCall = (
  uid: string,
  action: 'findMany' | 'count' | 'findOne' | 'findFirst' | 'create' | 'update' | 'delete',
  params: Record<string, unknown>,
  final: (params: Record<string, unknown>) => unknown,
) => Promise<unknown>;

/** What the resolvers of one GraphQL request work with: the store, the caller's rights and the plugin's limits. */
export interface GraphqlContext {
  readonly store: Store;
  readonly built: PluginGraphqlSchema;
  readonly limits: GraphqlLimits;
  /** The REST route's query options for this caller (strict params, budget). */
  readonly options: QueryOptions;
  /** Whether the caller holds `<uid>.<action>` (the plugin's auth scopes). */
  readonly may: (uid: string, action: string) => boolean;
  /** Whether the caller holds a plugin permission (`plugin::upload.content-api.find`). */
  readonly mayPermission: (permission: string) => boolean;
  /** The plugins' own root fields (me, login, register, upload mutations…); undefined: not served. */
  readonly plugin?: (name: string, args: Record<string, unknown>, info: GraphQLResolveInfo) => unknown;
  /**
   * Each root field's status by its response key, as the plugin keeps the root query's arguments for the relation
   * resolvers under it (a mutation's are not kept: its relations load every version). Filled while executing.
   */
  readonly rootArgs: Map<string, RootArgs>;
  /** Set when the project has document middlewares or lifecycles (the built-in fields' calls go through them). */
  readonly documents?: DocumentCall;
  /** Set when the project runs code for this request's fields (its GraphQL extension). */
  readonly project?: ProjectCall;
  /** The project's resolversConfig decided this root field's auth (`auth: false`, or its own scope, checked). */
  readonly authorized?: boolean;
  /**
   * The operations run beside this one (the pieces of one batched HTTP request): Strapi's one database connection
   * serves all their statements in the order they are sent, and a content mutation's write lands as its statement
   * is served; a read served after a write reads it (strapi-timing.ts).
   */
  readonly beside?: { readonly turn: DatabaseTurn; writes: number };
}
