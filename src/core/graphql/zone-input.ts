import { GraphQLScalarType, Kind, valueFromASTUntyped } from 'graphql';
import { isPlainObject } from '../is-plain-object.js';
import type { GqlType } from './graphql-model.js';

// A dynamic zone's input (`<Type><Zone>DynamicZoneInput`) is a scalar of the plugin's: each item names its
// component by `__typename` (any component's GraphQL name), turned into `__component` when graphql-js coerces the
// argument or variable. An item naming none fails there, before any resolver: in a literal, graphql-js's validation
// (GRAPHQL_VALIDATION_FAILED, `Expected value of type … found …; Component not found…`); in a variable, its coercion
// (BAD_USER_INPUT, `Variable "$data" got invalid value …`) (harness graphql-run kit seed 503).

/** An item of a zone's input as the plugin's scalar parses it; throws the plugin's error when no component has its name. */
export function zoneItem(value: unknown, members: readonly string[], components: readonly GqlType[]): Record<string, unknown> {
  const name = isPlainObject(value) ? value.__typename : undefined;
  const component = components.find((c) => c.modelType === 'component' && c.name === name);
  if (!component || !isPlainObject(value)) throw new Error(`Component not found. expected one of: ${members.join(', ')}`);
  const rest: Record<string, unknown> = { ...value };
  delete rest.__typename;
  return { __component: component.uid, ...rest };
}

/** The zone's input scalar: `members` are the zone's components' GraphQL names, `components` every component type. */
export function zoneInputScalar(name: string, members: readonly string[], components: () => readonly GqlType[]): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    serialize: (value) => value,
    parseValue: (value) => zoneItem(value, members, components()),
    // a literal that is no object is no value of the scalar (graphql-js then names the type it expected)
    parseLiteral: (ast, variables) =>
      ast.kind === Kind.OBJECT ? zoneItem(valueFromASTUntyped(ast, variables), members, components()) : undefined,
  });
}
