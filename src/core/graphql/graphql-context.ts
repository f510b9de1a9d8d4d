import type { GraphQLResolveInfo } from 'graphql';
import type { Store } from '../data/store.js';
import type { QueryOptions } from '../query/run-query.js';
import type { PluginGraphqlSchema } from './build-schema.js';
import type { GraphqlLimits } from './graphql-args.js';

/** What relation fields inherit from their root query: its status and publication filter. */
export interface RootArgs {
  readonly status: 'draft' | 'published';
  readonly publicationFilter: string | undefined;
}

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
}
