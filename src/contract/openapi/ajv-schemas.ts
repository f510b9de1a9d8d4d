import type { OpenAPIV3_1 } from 'openapi-types';

/** $id under which the document's component schemas are registered with ajv. */
export const ROOT_ID = 'urn:content-mock:openapi';
const COMPONENT_PREFIX = '#/components/schemas/';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Schemas are plain JSON (the generator round-trips them), so a JSON copy is a faithful deep clone. */
function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

function refName(node: JsonObject): string | undefined {
  const r = node.$ref;
  return typeof r === 'string' && r.startsWith(COMPONENT_PREFIX) ? r.slice(COMPONENT_PREFIX.length) : undefined;
}

const typesOf = (schema: JsonObject): string[] | undefined => {
  const t = schema.type;
  if (typeof t === 'string') return t === 'integer' ? ['integer', 'number'] : [t];
  if (Array.isArray(t) && t.every((x): x is string => typeof x === 'string')) {
    return t.flatMap((x) => (x === 'integer' ? ['integer', 'number'] : [x]));
  }
  return undefined;
};

const requiredOf = (schema: JsonObject): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((x): x is string => typeof x === 'string') : [];

/**
 * Rewrites a `oneOf` whose branches can be told apart (by JSON type, or for objects by a required key no other
 * branch can hold) into an if/then/else chain. Same verdicts, but a failing value is reported against the one
 * branch it was meant to be (`$.data[0].category.name must be string`) instead of against every branch. The first
 * object branch is the default for objects. Anything undecidable keeps its oneOf.
 */
function guardOneOf(node: JsonObject, original: Json | undefined, defs: JsonObject): JsonObject {
  const branches = node.oneOf;
  if (!Array.isArray(branches) || !Array.isArray(original) || node.discriminator !== undefined) return node;
  // Branch refs are resolved on the original (untransformed) branches, whose refs still name the components.
  const resolved = original.map((b) => {
    const name = isObject(b) ? refName(b) : undefined;
    const target = name === undefined ? b : defs[name];
    return isObject(target) ? target : undefined;
  });
  const types = resolved.map((s) => (s === undefined ? undefined : typesOf(s)));
  if (types.some((t) => t === undefined)) return node;
  const known = types as string[][];
  const guards: (Json | undefined)[] = known.map((own, i) => {
    const others = known.filter((_, j) => j !== i).flat();
    if (own.every((t) => !others.includes(t))) return { type: own };
    return undefined;
  });
  const objects = known.map((t, i) => (t.length === 1 && t[0] === 'object' && guards[i] === undefined ? i : -1)).filter((i) => i >= 0);
  if (objects.length + guards.filter((g) => g !== undefined).length !== branches.length) return node;
  let fallback: number | undefined;
  for (const i of objects) {
    // A key tells branch i apart only if no other object branch could hold it: not declared there, and that
    // branch closed. Otherwise a valid value of the other branch would be sent to branch i and rejected.
    const others = objects.filter((j) => j !== i).map((j) => resolved[j] as JsonObject);
    const unique = requiredOf(resolved[i] as JsonObject).filter((k) =>
      others.every((o) => o.additionalProperties === false && !(isObject(o.properties) && k in o.properties)),
    );
    if (fallback === undefined && i === objects[0]) fallback = i;
    else if (unique.length > 0) guards[i] = { type: 'object', anyOf: unique.map((k) => ({ required: [k] })) };
    else return node;
  }
  const order = branches.map((_, i) => i).filter((i) => i !== fallback);
  if (fallback !== undefined) {
    order.push(fallback);
    guards[fallback] = { type: 'object' };
  }
  let chain: JsonObject = { oneOf: branches };
  for (const i of order.reverse()) chain = { if: guards[i] as Json, then: branches[i], else: chain };
  const { oneOf: _dropped, ...rest } = node;
  return { ...rest, ...chain };
}

/**
 * A dynamic zone's items, a oneOf told apart by `__component`, also accept an entry of a component the zone does not
 * declare, checked for `__component` (and `id` where every declared item requires it): Strapi's writes take any
 * existing component and its reads return what was stored. The document keeps the plain oneOf for code generators.
 */
function tolerateUndeclaredComponents(node: JsonObject, original: JsonObject, defs: JsonObject): JsonObject {
  const discriminator = original.discriminator;
  if (!isObject(discriminator) || discriminator.propertyName !== '__component' || !isObject(discriminator.mapping)) return node;
  const declared = Object.keys(discriminator.mapping);
  const items = Array.isArray(original.oneOf) ? original.oneOf : [];
  const withId = items.every((b) => {
    const name = isObject(b) ? refName(b) : undefined;
    const target = name === undefined ? b : defs[name];
    return isObject(target) && requiredOf(target).includes('id');
  });
  const keys: JsonObject = withId ? { id: { type: 'integer' }, __component: { type: 'string' } } : { __component: { type: 'string' } };
  return {
    type: 'object',
    required: Object.keys(keys),
    properties: keys,
    if: { properties: { __component: { enum: declared } } },
    then: node,
  };
}

/** Walks a schema: component refs point into the registered root, discriminator mappings go (ajv refuses them). */
function transform(node: Json, defs: JsonObject, refPrefix: string): Json {
  if (Array.isArray(node)) return node.map((n) => transform(n, defs, refPrefix));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_PREFIX)) {
      out.$ref = `${refPrefix}${value.slice(COMPONENT_PREFIX.length)}`;
    } else if (key === 'discriminator' && isObject(value)) {
      out.discriminator = { propertyName: value.propertyName ?? '' };
    } else if (key === 'properties' && isObject(value)) {
      // Property names are data, not keywords: never transform the map itself, only each property's schema.
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, transform(v, defs, refPrefix)]));
    } else if (key === 'example' || key === 'xml' || key === 'externalDocs') {
      continue;
    } else {
      out[key] = transform(value, defs, refPrefix);
    }
  }
  return tolerateUndeclaredComponents(guardOneOf(out, node.oneOf, defs), node, defs);
}

export interface AjvSchemas {
  /** The document's component schemas as one ajv schema, `{ $id, $defs }`, to register with `addSchema`. */
  readonly root: JsonObject;
  /** One operation's schema (parameter, body, response), its component refs pointing into the root. */
  operation(schema: unknown): JsonObject;
}

/** The document's schemas rewritten for ajv; the components are copied once and shared by every call. */
export function ajvSchemas(document: OpenAPIV3_1.Document): AjvSchemas {
  const schemas = toJson(document.components?.schemas ?? {});
  const defs = isObject(schemas) ? schemas : {};
  const out: JsonObject = {};
  for (const [name, schema] of Object.entries(defs)) out[name] = transform(schema, defs, '#/$defs/');
  return {
    root: { $id: ROOT_ID, $defs: out },
    operation(schema) {
      const transformed = transform(toJson(schema), defs, `${ROOT_ID}#/$defs/`);
      return isObject(transformed) ? transformed : {};
    },
  };
}
