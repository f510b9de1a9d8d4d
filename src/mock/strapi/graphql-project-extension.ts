import { type GraphQLResolveInfo } from 'graphql';
import { isPlainObject } from '../../core/is-plain-object.js';
import { hydrateCustomResult } from '../../core/graphql/custom-results.js';
import type { PluginGraphqlSchema } from '../../core/graphql/build-schema.js';
import { mergeTypeDefs, type FieldOverride } from '../../core/graphql/schema-extension.js';
import { rootAllowed } from '../../core/graphql/root-resolvers.js';
import { ForbiddenError, PolicyError } from '../../core/errors/strapi-errors.js';
import { where } from '../../project/code/code-error.js';
import { inertStandIn } from '../../project/code/inert-stand-in.js';
import type { ProjectApp } from './project-app.js';
import { resolvePolicies, type ResolvedPolicy } from './resolve-policies.js';
import { loadProjectNexus, nexusPart, type LoadedNexus } from './nexus-types.js';

// The project's `strapi.plugin('graphql').service('extension')` calls applied to the plugin's schema, as the plugin's
// buildSchema applies them: each `use(...)` resolved (a function gets `{ strapi, nexus, typeRegistry }`), its nexus
// types and typeDefs merged in, its resolvers run for their fields (their results loaded like the plugin's), and
// every field wrapped as wrapResolvers does: the auth check (root fields always, others when configured), the
// resolversConfig middlewares, then its policies.

type Resolver = (...args: unknown[]) => unknown;

interface ResolverConfig {
  readonly auth?: unknown;
  readonly policies?: readonly unknown[];
  readonly middlewares?: readonly unknown[];
}

interface Collected {
  readonly typeDefs: { sdl: string; from: string }[];
  readonly nexusTypes: unknown[];
  readonly nexusPlugins: unknown[];
  readonly resolvers: Map<string, Resolver>;
  readonly configs: Map<string, ResolverConfig>;
}

const ROOTS = new Set(['Query', 'Mutation', 'Subscription']);

function collect(app: ProjectApp, nexus: () => unknown, from: string): Collected {
  const out: Collected = { typeDefs: [], nexusTypes: [], nexusPlugins: [], resolvers: new Map(), configs: new Map() };
  for (const configuration of app.graphql.configs) {
    let given: unknown;
    try {
      given =
        typeof configuration === 'function'
          ? (configuration as Resolver)({
              strapi: app.strapi,
              get nexus() {
                return nexus();
              },
              typeRegistry: inertStandIn(),
            })
          : configuration;
    } catch (e) {
      app.report(`${from}: a GraphQL extension cannot be made (${e instanceof Error ? e.message : String(e)}); skipped`);
      continue;
    }
    if (!isPlainObject(given)) continue;
    if (typeof given.typeDefs === 'string') out.typeDefs.push({ sdl: given.typeDefs, from });
    if (Array.isArray(given.types)) out.nexusTypes.push(...(given.types as unknown[]));
    if (Array.isArray(given.plugins)) out.nexusPlugins.push(...(given.plugins as unknown[]));
    for (const [type, fields] of Object.entries(isPlainObject(given.resolvers) ? given.resolvers : {})) {
      if (!isPlainObject(fields)) continue;
      for (const [field, r] of Object.entries(fields)) {
        const fn = typeof r === 'function' ? r : isPlainObject(r) && typeof r.resolve === 'function' ? r.resolve : undefined;
        if (fn) out.resolvers.set(`${type}.${field}`, fn as Resolver);
      }
    }
    // the plugin merges each new config under the ones before it: what an earlier `use` set wins
    for (const [path, c] of Object.entries(isPlainObject(given.resolversConfig) ? given.resolversConfig : {})) {
      if (!isPlainObject(c)) continue;
      const before = out.configs.get(path) ?? {};
      out.configs.set(path, { ...(c as ResolverConfig), ...before });
    }
  }
  return out;
}

function policyContext(parent: unknown, args: unknown, context: Record<string, unknown>, info: GraphQLResolveInfo) {
  return {
    parent,
    args,
    context,
    info,
    state: context.state,
    http: context.koaContext,
    type: 'graphql',
    is: (t: string) => t === 'graphql',
  };
}

/**
 * resolversConfig middlewares as the plugin's parseMiddlewares makes them: a function as is; a name, the project's
 * middleware of that name itself (run as `(next, parent, args, context, info)`); `{ name, options }`, what that
 * middleware's factory makes of `(options, { strapi })`. Strapi fails to boot on an unknown `{ name }` or another
 * kind; the mock says so and leaves it out. An unknown name fails each call of the field, as in Strapi.
 */
function resolverMiddlewares(app: ProjectApp, path: string, given: readonly unknown[]): Resolver[] {
  const out: Resolver[] = [];
  for (const m of given) {
    if (typeof m === 'function') {
      out.push(m as Resolver);
      continue;
    }
    const name = typeof m === 'string' ? m : isPlainObject(m) && typeof m.name === 'string' ? m.name : undefined;
    const found = name === undefined ? undefined : app.middleware(name)?.value;
    if (typeof m === 'string') {
      if (typeof found === 'function') out.push(found as Resolver);
      else {
        app.report(`GraphQL ${path}: resolversConfig middleware ${JSON.stringify(m)} is not in the project; the field fails as in Strapi`);
        out.push(() => {
          throw new TypeError('middleware is not a function');
        });
      }
      continue;
    }
    if (typeof found !== 'function') {
      app.report(
        `GraphQL ${path}: resolversConfig middleware ${JSON.stringify(name ?? m)} ${name === undefined ? 'is not a function, a name or { name, options }' : 'is not in the project'} (Strapi does not start); left out`,
      );
      continue;
    }
    try {
      const made = (found as Resolver)(isPlainObject(m) && m.options !== undefined ? m.options : {}, { strapi: app.strapi });
      if (typeof made === 'function') out.push(made as Resolver);
      else app.report(`GraphQL ${path}: middleware ${name} made no function; left out`);
    } catch (e) {
      app.report(`GraphQL ${path}: middleware ${name} cannot be made (${e instanceof Error ? e.message : String(e)}); left out`);
    }
  }
  return out;
}

function overrideFor(
  app: ProjectApp,
  path: string,
  resolver: Resolver | undefined,
  config: ResolverConfig,
  builtIn: boolean,
): FieldOverride {
  const [type] = path.split('.');
  const notes: string[] = [];
  const policies: ResolvedPolicy[] = resolvePolicies(app, config.policies ?? [], '', notes);
  for (const n of notes) app.report(`GraphQL ${path}: ${n}`);
  const middlewares = resolverMiddlewares(app, path, config.middlewares ?? []);
  // a built-in root field keeps its own scope check unless the project's config sets `auth`
  const checksAuth = config.auth !== false && (config.auth !== undefined || (ROOTS.has(type) && !builtIn));
  return async (next, source, args, ctx, info) => {
    const call = ctx.project;
    const context = call?.context ?? {};
    if (checksAuth) call?.verify(isPlainObject(config.auth) ? config.auth.scope : undefined);
    // the project's resolver in place of a built-in root keeps the built-in scope the plugin registered for it
    const root = builtIn && resolver && config.auth === undefined ? ctx.built.roots.get(path) : undefined;
    if (root && rootAllowed(root, ctx) === false) throw new ForbiddenError('Forbidden access', {});
    const decided = config.auth !== undefined;
    const base = async (s: unknown, a: unknown, _c: unknown, i: GraphQLResolveInfo): Promise<unknown> => {
      for (const { handler, config: pc } of policies) {
        const result = await handler(policyContext(s, a, context, i), pc, { strapi: app.strapi });
        if (result !== true && result !== undefined) throw new PolicyError('Policy Failed', {});
      }
      if (resolver) return hydrateCustomResult(ctx, i, isPlainObject(a) ? a : args, await resolver(s, a, context, i));
      return next(decided ? { ...ctx, authorized: true } : ctx);
    };
    const chain = middlewares.reduceRight<(s: unknown, a: unknown, c: unknown, i: GraphQLResolveInfo) => Promise<unknown>>(
      (inner, mw) => async (s, a, c, i) => mw(inner, s, a, c, i),
      base,
    );
    return chain(source, args, context, info);
  };
}

/**
 * The plugin's schema with the project's extension applied. Problems (a config that throws, typeDefs that do not
 * parse, nexus types without nexus installed) are reported with the project's file and leave that part out.
 */
export function withProjectExtension(built: PluginGraphqlSchema, app: ProjectApp): PluginGraphqlSchema {
  if (app.graphql.configs.length === 0) return built;
  const from = where(app.code.index?.file ?? 'src/index');
  let loaded: LoadedNexus | undefined | null = null;
  const nexus = () => {
    if (loaded === null) loaded = loadProjectNexus(app.code.root);
    if (!loaded)
      app.report(
        `${from}: the GraphQL extension asks for nexus, which is not installed in the project (npm install); its nexus types are left out`,
      );
    return loaded?.nexus ?? inertStandIn();
  };
  const found = collect(app, nexus, from);
  const typeDefs = [...found.typeDefs];
  const resolvers = new Map(found.resolvers);
  // types made with a nexus the config imported itself still need the project's nexus to become a schema
  const usesNexus = found.nexusTypes.length > 0 || found.nexusPlugins.length > 0;
  if (usesNexus) nexus();
  if (found.nexusPlugins.length > 0)
    app.report(
      `${from}: the GraphQL extension's nexus plugins shape the types and the new fields' resolvers; what they would wrap around the plugin's own fields is not run by content-mock`,
    );
  if (usesNexus && loaded) {
    try {
      // over every type the plugin registered, as the plugin's makeSchema sees them (pruned after the merge)
      const part = nexusPart(loaded, found.nexusTypes, found.nexusPlugins, built.unpruned?.() ?? built.schema);
      typeDefs.unshift({ sdl: part.sdl, from: `${from} (nexus types)` });
      for (const [k, v] of part.resolvers) if (!resolvers.has(k)) resolvers.set(k, v);
    } catch (e) {
      app.report(`${from}: the GraphQL extension's nexus types cannot be built (${e instanceof Error ? e.message : String(e)}); left out`);
    }
  }
  let extended: PluginGraphqlSchema;
  try {
    extended = mergeTypeDefs(built, typeDefs);
  } catch (e) {
    app.report(`${e instanceof Error ? e.message : String(e)}; the GraphQL extension's types are left out`);
    extended = built;
  }
  const fields = new Map<string, FieldOverride>();
  const paths = new Set([...resolvers.keys(), ...found.configs.keys()]);
  for (const root of [extended.schema.getQueryType(), extended.schema.getMutationType()])
    for (const name of Object.keys(root?.getFields() ?? {}))
      if (!built.roots.has(`${root!.name}.${name}`)) paths.add(`${root!.name}.${name}`);
  for (const path of paths)
    fields.set(path, overrideFor(app, path, resolvers.get(path), found.configs.get(path) ?? {}, built.roots.has(path)));
  return { ...extended, overrides: fields };
}
