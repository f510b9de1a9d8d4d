import type { GraphQLResolveInfo } from 'graphql';
import type { Store } from '../data/store.js';
import type { QueryOptions } from '../query/run-query.js';
import type { PluginGraphqlSchema } from './build-schema.js';
import type { GraphqlLimits } from './graphql-args.js';

/** What the resolvers of one GraphQL request work with: the store, the caller's rights and the plugin's limits. */
export interface GraphqlContext {
  readonly store: Store;
  readonly built: PluginGraphqlSchema;
  readonly limits: GraphqlLimits;
  /** The REST route's query options for this caller (strict params, budget). */
  readonly options: QueryOptions;
  /** Whether the caller holds `<uid>.<action>` (the plugin's auth scopes). */
  readonly may: (uid: string, action: string) => boolean;
  /** The plugins' own root fields (me, login, register, upload mutations…); undefined: not served. */
  readonly plugin?: (name: string, args: Record<string, unknown>, info: GraphQLResolveInfo) => unknown;
}
