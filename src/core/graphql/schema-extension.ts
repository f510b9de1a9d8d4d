import {
  GraphQLObjectType,
  GraphQLSchema,
  Kind,
  astFromValue,
  extendSchema,
  isNonNullType,
  parse,
  parseType,
  print,
  type DefinitionNode,
  type FieldDefinitionNode,
  type ConstValueNode,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type InputValueDefinitionNode,
  type DocumentNode,
  type GraphQLResolveInfo,
  type TypeDefinitionNode,
  type TypeExtensionNode,
} from 'graphql';
import { reachableTypes, type PluginGraphqlSchema } from './build-schema.js';
import type { GraphqlContext } from './graphql-context.js';

// A project's GraphQL extension (`strapi.plugin('graphql').service('extension').use(...)`) over the plugin's schema:
// its type definitions merged into the shadow CRUD's types, as the plugin's mergeSchemas does (a type it names again
// gains the new fields, enum values and union members; a field it names again is merged, see mergedField), and per
// field what the project runs instead of or around the field's own resolution (resolvers, resolversConfig's auth, policies and middlewares).

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

type SchemaField = GraphQLField<unknown, unknown> | GraphQLInputField;

/** The fields a type of the plugin's schema has (object, interface, input), by name. */
function schemaFields(schema: GraphQLSchema, name: string): Record<string, SchemaField> {
  const t = schema.getType(name) as unknown as { getFields?: () => Record<string, SchemaField> } | undefined;
  return t?.getFields?.() ?? {};
}

const typeNode = (type: GraphQLArgument['type']) => parseType(String(type));

/** An argument of the plugin's schema as SDL (its type, default value and description). */
function argumentNode(arg: GraphQLArgument): InputValueDefinitionNode {
  const defaultValue =
    arg.defaultValue === undefined ? undefined : ((astFromValue(arg.defaultValue, arg.type) ?? undefined) as ConstValueNode | undefined);
  return {
    kind: Kind.INPUT_VALUE_DEFINITION,
    name: { kind: Kind.NAME, value: arg.name },
    type: typeNode(arg.type),
    ...(defaultValue ? { defaultValue } : {}),
    ...(arg.description ? { description: { kind: Kind.STRING, value: arg.description } } : {}),
  };
}

/** The i18n plugin's `locale` argument: its nexus plugin adds it after the merge, so it stays the last one. */
const isI18nLocale = (arg: GraphQLArgument) => arg.name === 'locale' && String(arg.type) === 'I18NLocaleCode';

/**
 * A field of the plugin's schema that a project's typeDefs name again, merged as graphql-tools' mergeFields does for
 * the plugin's mergeSchemas: the arguments the field has keep their place, each replaced by the typeDefs' one of that
 * name, and the typeDefs' new ones follow (before the i18n `locale`); the type stays the field's own unless the
 * typeDefs make it non-null; the typeDefs' description wins. Undefined when the named types differ (the plugin refuses
 * such a schema at start-up: the field is then left as it is).
 */
function mergedField(
  existing: SchemaField,
  given: FieldDefinitionNode | InputValueDefinitionNode,
): FieldDefinitionNode | InputValueDefinitionNode | undefined {
  const named = (t: string) => t.replace(/[[\]!]/g, '');
  const givenType = print(given.type);
  if (named(givenType) !== named(String(existing.type))) return undefined;
  const type = given.type.kind === Kind.NON_NULL_TYPE && !isNonNullType(existing.type) ? given.type : parseType(String(existing.type));
  const description = given.description ?? (existing.description ? { kind: Kind.STRING, value: existing.description } : undefined);
  if (given.kind === Kind.INPUT_VALUE_DEFINITION) return { ...given, type, description };
  const own = 'args' in existing ? existing.args : [];
  const locale = own.filter(isI18nLocale);
  const newer = new Map((given.arguments ?? []).map((a) => [a.name.value, a]));
  const args: InputValueDefinitionNode[] = own
    .filter((a) => !isI18nLocale(a) || newer.has(a.name))
    .map((a) => newer.get(a.name) ?? argumentNode(a));
  const known = new Set(own.map((a) => a.name));
  for (const a of given.arguments ?? []) if (!known.has(a.name.value)) args.push(a);
  for (const a of locale) if (!newer.has(a.name)) args.push(argumentNode(a));
  return { ...given, type, description, arguments: args };
}

/** What a text defines for a type that exists: the new members, and the schema's fields it names again, merged. */
interface Extension {
  readonly node: DefinitionNode | undefined;
  readonly merged: string[];
}

/** A definition of a type that exists as an extension of it with only what is new (undefined: nothing new). */
function asExtension(def: TypeDefinitionNode | TypeExtensionNode, have: Members, fields: Record<string, SchemaField> = {}): Extension {
  const kind = EXTENSION_KIND[def.kind] ?? def.kind;
  const node = { ...def, kind, description: undefined } as Record<string, unknown>;
  const merged: string[] = [];
  const keep = <T extends { name: { value: string } }>(list: readonly T[] | undefined, seen: Set<string>, merge = false) =>
    (list ?? []).flatMap((x): T[] => {
      const name = x.name.value;
      if (!seen.has(name)) return (seen.add(name), [x]);
      const field = merge && Object.hasOwn(fields, name) && !merged.includes(name) ? mergedField(fields[name], x as never) : undefined;
      if (!field) return [];
      merged.push(name);
      return [field as unknown as T];
    });
  if ('fields' in def) node.fields = keep(def.fields as readonly { name: { value: string } }[] | undefined, have.fields, true);
  if ('values' in def) node.values = keep(def.values, have.values);
  if ('types' in def) node.types = keep(def.types, have.types);
  const empty = ['fields', 'values', 'types'].every((k) => !(k in node) || (node[k] as unknown[]).length === 0);
  const directives = (def.directives ?? []).length;
  // a scalar named again (`scalar JSON`) adds nothing
  return { node: empty && directives === 0 ? undefined : (node as unknown as DefinitionNode), merged };
}

/** The document without the named fields (`Type.field`) in its definitions and extensions. */
function stripFields(doc: DocumentNode, paths: readonly string[]): DocumentNode {
  const drop = new Set(paths);
  const definitions = doc.definitions.map((def) => {
    if (!('fields' in def) || !def.fields || !('name' in def) || !def.name) return def;
    const type = def.name.value;
    return {
      ...def,
      fields: (def.fields as readonly { name: { value: string } }[]).filter((f) => !drop.has(`${type}.${f.name.value}`)),
    } as unknown as DefinitionNode;
  });
  return { ...doc, definitions };
}

function isTypeNode(def: DefinitionNode): def is TypeDefinitionNode | TypeExtensionNode {
  return (
    'name' in def &&
    def.kind !== Kind.DIRECTIVE_DEFINITION &&
    def.kind !== Kind.OPERATION_DEFINITION &&
    def.kind !== Kind.FRAGMENT_DEFINITION
  );
}

/**
 * The merged document: new types as they are, types the schema (or an earlier text) has as extensions; `merged` lists
 * the schema's fields named again (`Type.field`), which the document redefines.
 */
function mergedDocument(schema: GraphQLSchema, texts: readonly TypeDefs[]): { doc: DocumentNode; merged: string[] } {
  const definitions: DefinitionNode[] = [];
  const merged: string[] = [];
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
        const ext = asExtension(def, membersOf(schema, name, known), schemaFields(schema, name));
        if (ext.node) definitions.push(ext.node);
        merged.push(...ext.merged.map((f) => `${name}.${f}`));
        continue;
      }
      definitions.push(def);
      // a later text naming this type again extends it: note what it defines
      asExtension(def, membersOf(schema, name, known));
    }
  }
  return { doc: { kind: Kind.DOCUMENT, definitions }, merged };
}

/** The plugin's schema with a project's type definitions merged in (throws naming the text that does not parse). */
export function mergeTypeDefs(built: PluginGraphqlSchema, typeDefs: readonly TypeDefs[]): PluginGraphqlSchema {
  // merged into every type the plugin registered, then pruned to what the roots reach, as the plugin does
  const base = built.unpruned?.() ?? built.schema;
  const { doc, merged: redefined } = mergedDocument(base, typeDefs);
  if (doc.definitions.length === 0) return built;
  // validated without the fields named again, then built with them: a redefined field replaces the schema's own
  // (graphql-js spreads an extension's fields over the type's), and keeps its resolution
  const withoutRedefined = redefined.length ? stripFields(doc, redefined) : doc;
  let merged = extendSchema(base, withoutRedefined);
  if (redefined.length) {
    merged = extendSchema(base, doc, { assumeValidSDL: true });
    for (const path of redefined) {
      const [type, field] = path.split('.');
      const before = schemaFields(base, type)[field] as GraphQLField<unknown, unknown> | undefined;
      const after = schemaFields(merged, type)[field] as GraphQLField<unknown, unknown> | undefined;
      if (before && after && 'resolve' in before)
        Object.assign(after, { resolve: before.resolve, subscribe: before.subscribe, extensions: before.extensions });
    }
  }
  const roots = [merged.getQueryType(), merged.getMutationType()].filter((t): t is GraphQLObjectType => t !== null && t !== undefined);
  const reachable = reachableTypes(roots);
  const types = Object.values(merged.getTypeMap()).filter((t) => !t.name.startsWith('__') && reachable.has(t.name));
  return { ...built, schema: new GraphQLSchema({ query: roots[0], mutation: merged.getMutationType(), types }) };
}
