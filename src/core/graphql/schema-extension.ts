import {
  GraphQLObjectType,
  GraphQLSchema,
  Kind,
  extendSchema,
  parse,
  type DefinitionNode,
  type DocumentNode,
  type GraphQLResolveInfo,
  type TypeDefinitionNode,
  type TypeExtensionNode,
} from 'graphql';
import { reachableTypes, type PluginGraphqlSchema } from './build-schema.js';
import type { GraphqlContext } from './graphql-context.js';

// A project's GraphQL extension (`strapi.plugin('graphql').service('extension').use(...)`) over the plugin's schema:
// its type definitions merged into the shadow CRUD's types, as the plugin's mergeSchemas does (a type it names again
// gains the new fields, enum values and union members; what exists stays), and per field what the project runs
// instead of or around the field's own resolution (resolvers, resolversConfig's auth, policies and middlewares).

/** What runs for one field; `next` is the field's own resolution (with a context of the caller's choosing). */
export type FieldOverride = (
  next: (ctx?: GraphqlContext) => unknown,
  source: unknown,
  args: Record<string, unknown>,
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
) => unknown;

/** An SDL text and where it comes from (for messages). */
export interface TypeDefs {
  readonly sdl: string;
  readonly from: string;
}

const EXTENSION_KIND: Partial<Record<Kind, Kind>> = {
  [Kind.OBJECT_TYPE_DEFINITION]: Kind.OBJECT_TYPE_EXTENSION,
  [Kind.INPUT_OBJECT_TYPE_DEFINITION]: Kind.INPUT_OBJECT_TYPE_EXTENSION,
  [Kind.INTERFACE_TYPE_DEFINITION]: Kind.INTERFACE_TYPE_EXTENSION,
  [Kind.ENUM_TYPE_DEFINITION]: Kind.ENUM_TYPE_EXTENSION,
  [Kind.UNION_TYPE_DEFINITION]: Kind.UNION_TYPE_EXTENSION,
  [Kind.SCALAR_TYPE_DEFINITION]: Kind.SCALAR_TYPE_EXTENSION,
};

type Members = { fields: Set<string>; values: Set<string>; types: Set<string> };

/** What a named type already holds: fields (object, input, interface), enum values, union members. */
function membersOf(schema: GraphQLSchema, name: string, extra: Map<string, Members>): Members {
  const have = extra.get(name) ?? { fields: new Set<string>(), values: new Set<string>(), types: new Set<string>() };
  const t = schema.getType(name) as unknown as
    | {
        getFields?: () => Record<string, unknown>;
        getValues?: () => readonly { name: string }[];
        getTypes?: () => readonly { name: string }[];
      }
    | undefined;
  if (t?.getFields) for (const f of Object.keys(t.getFields())) have.fields.add(f);
  if (t?.getValues) for (const v of t.getValues()) have.values.add(v.name);
  if (t?.getTypes) for (const m of t.getTypes()) have.types.add(m.name);
  extra.set(name, have);
  return have;
}

/** A definition of a type that exists as an extension of it with only what is new (undefined: nothing new). */
function asExtension(def: TypeDefinitionNode | TypeExtensionNode, have: Members): DefinitionNode | undefined {
  const kind = EXTENSION_KIND[def.kind] ?? def.kind;
  const node = { ...def, kind, description: undefined } as Record<string, unknown>;
  const keep = <T extends { name: { value: string } }>(list: readonly T[] | undefined, seen: Set<string>) =>
    (list ?? []).filter((x) => !seen.has(x.name.value) && (seen.add(x.name.value), true));
  if ('fields' in def) node.fields = keep(def.fields as readonly { name: { value: string } }[] | undefined, have.fields);
  if ('values' in def) node.values = keep(def.values, have.values);
  if ('types' in def) node.types = keep(def.types, have.types);
  const empty = ['fields', 'values', 'types'].every((k) => !(k in node) || (node[k] as unknown[]).length === 0);
  const directives = (def.directives ?? []).length;
  // a scalar named again (`scalar JSON`) adds nothing
  return empty && directives === 0 ? undefined : (node as unknown as DefinitionNode);
}

function isTypeNode(def: DefinitionNode): def is TypeDefinitionNode | TypeExtensionNode {
  return (
    'name' in def &&
    def.kind !== Kind.DIRECTIVE_DEFINITION &&
    def.kind !== Kind.OPERATION_DEFINITION &&
    def.kind !== Kind.FRAGMENT_DEFINITION
  );
}

/** The merged document: new types as they are, types the schema (or an earlier text) has as extensions. */
function mergedDocument(schema: GraphQLSchema, texts: readonly TypeDefs[]): DocumentNode {
  const definitions: DefinitionNode[] = [];
  const known = new Map<string, Members>();
  for (const { sdl, from } of texts) {
    let doc: DocumentNode;
    try {
      doc = parse(sdl);
    } catch (e) {
      throw new Error(`${from}: its typeDefs do not parse: ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const def of doc.definitions) {
      if (!isTypeNode(def)) continue;
      const name = def.name.value;
      if (schema.getType(name) || known.has(name)) {
        const ext = asExtension(def, membersOf(schema, name, known));
        if (ext) definitions.push(ext);
        continue;
      }
      definitions.push(def);
      // a later text naming this type again extends it: note what it defines
      asExtension(def, membersOf(schema, name, known));
    }
  }
  return { kind: Kind.DOCUMENT, definitions };
}

/** The plugin's schema with a project's type definitions merged in (throws naming the text that does not parse). */
export function mergeTypeDefs(built: PluginGraphqlSchema, typeDefs: readonly TypeDefs[]): PluginGraphqlSchema {
  // merged into every type the plugin registered, then pruned to what the roots reach, as the plugin does
  const base = built.unpruned?.() ?? built.schema;
  const doc = mergedDocument(base, typeDefs);
  if (doc.definitions.length === 0) return built;
  const merged = extendSchema(base, doc);
  const roots = [merged.getQueryType(), merged.getMutationType()].filter((t): t is GraphQLObjectType => t !== null && t !== undefined);
  const reachable = reachableTypes(roots);
  const types = Object.values(merged.getTypeMap()).filter((t) => !t.name.startsWith('__') && reachable.has(t.name));
  return { ...built, schema: new GraphQLSchema({ query: roots[0], mutation: merged.getMutationType(), types }) };
}
