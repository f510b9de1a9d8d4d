import { GraphQLScalarType, Kind, type ValueNode } from 'graphql';

// The plugin's scalars with the names and descriptions it registers (graphql-scalars' JSON, DateTime, Date, Long and
// its own Time; i18n's I18NLocaleCode). Values pass through as the engine renders them.

function literal(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return undefined;
  }
}

const pass = (name: string, description: string | undefined) =>
  new GraphQLScalarType({ name, description, serialize: (v) => v, parseValue: (v) => v, parseLiteral: literal });

/** Fresh scalar instances (a schema owns its types). */
export function pluginScalars() {
  return {
    JSON: pass(
      'JSON',
      'The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).',
    ),
    DateTime: pass(
      'DateTime',
      'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
    ),
    Time: pass('Time', 'A time string with format HH:mm:ss.SSS'),
    Date: pass(
      'Date',
      'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
    ),
    Long: pass('Long', 'The `BigInt` scalar type represents non-fractional signed whole numeric values.'),
    I18NLocaleCode: pass('I18NLocaleCode', 'A string used to identify an i18n locale'),
  };
}
