import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';
import { parseTime } from '../query/strapi-dates.js';
import { ValidationError } from '../errors/strapi-errors.js';
import { ISO_LOCALE_CODES } from './iso-locale-codes.js';

// The plugin's scalars with the names, descriptions and input rules it registers: graphql-scalars 1.22's JSON,
// DateTime, Date and Long (BigInt), its own Time (@strapi/utils parseType) and i18n's I18NLocaleCode. Parsed input
// is handed to the REST engine as text (a DateTime as its ISO form, a Long as its digits).

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

const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** graphql-scalars' validateDate: RFC 3339 full-date with the month's days. */
function validDate(s: string): boolean {
  if (!/^(\d{4}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01]))$/.test(s)) return false;
  const y = Number(s.slice(0, 4)),
    m = Number(s.slice(5, 7)),
    d = Number(s.slice(8, 10));
  if (m === 2) return leap(y) ? d <= 29 : d <= 28;
  return !([4, 6, 9, 11].includes(m) && d > 30);
}
const validTime = (s: string) =>
  /^([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])(\.\d{1,})?(([Z])|([+|-]([01][0-9]|2[0-3]):[0-5][0-9]))$/.test(s.toUpperCase());
function validDateTime(s: string): boolean {
  const u = s.toUpperCase();
  if (
    !/^(\d{4}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9]|60))(\.\d{1,})?(([Z])|([+|-]([01][0-9]|2[0-3]):[0-5][0-9]))$/.test(
      u,
    )
  )
    return false;
  if (Number.isNaN(Date.parse(u))) return false;
  const t = u.indexOf('T');
  return validDate(u.slice(0, t)) && validTime(u.slice(t + 1));
}

const JSON_SCALAR = () =>
  new GraphQLScalarType({
    name: 'JSON',
    description:
      'The `JSON` scalar type represents JSON values as specified by [ECMA-404](http://www.ecma-international.org/publications/files/ECMA-ST/ECMA-404.pdf).',
    serialize: (v) => v,
    parseValue: (v) => v,
    parseLiteral: literal,
  });

const DATE_TIME = () =>
  new GraphQLScalarType({
    name: 'DateTime',
    description:
      'A date-time string at UTC, such as 2007-12-03T10:15:30Z, compliant with the `date-time` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
    // graphql-scalars' serialize: a string must be an RFC 3339 date-time (a timestamp column's digits are not), a
    // number is a Unix time in ms
    serialize: (v) => {
      if (v instanceof Date) return v.toISOString();
      if (typeof v === 'string') {
        if (validDateTime(v)) return new Date(v).toISOString();
        throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${v}.`);
      }
      if (typeof v === 'number') return new Date(v).toISOString();
      throw new GraphQLError(`DateTime cannot be serialized from a non string, non numeric or non Date type ${JSON.stringify(v)}`);
    },
    parseValue: (v) => {
      if (typeof v !== 'string') throw new GraphQLError(`DateTime cannot represent non string or Date type ${JSON.stringify(v)}`);
      if (!validDateTime(v)) throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${v}.`);
      return new Date(v).toISOString();
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING)
        throw new GraphQLError(`DateTime cannot represent non string or Date type ${'value' in ast ? String(ast.value) : 'false'}`, {
          nodes: ast,
        });
      if (!validDateTime(ast.value))
        throw new GraphQLError(`DateTime cannot represent an invalid date-time-string ${ast.value}.`, { nodes: ast });
      return new Date(ast.value).toISOString();
    },
  });

const DATE = () =>
  new GraphQLScalarType({
    name: 'Date',
    description:
      'A date string, such as 2007-12-03, compliant with the `full-date` format outlined in section 5.6 of the RFC 3339 profile of the ISO 8601 standard for representation of dates and times using the Gregorian calendar.',
    serialize: (v) => v,
    parseValue: (v) => {
      if (typeof v !== 'string') throw new GraphQLError(`Date cannot represent non string type ${JSON.stringify(v)}`);
      if (!validDate(v)) throw new GraphQLError(`Date cannot represent an invalid date-string ${v}.`);
      return v;
    },
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING)
        throw new GraphQLError(`Date cannot represent non string type ${'value' in ast ? String(ast.value) : 'false'}`, { nodes: ast });
      if (!validDate(ast.value)) throw new GraphQLError(`Date cannot represent an invalid date-string ${ast.value}.`, { nodes: ast });
      return ast.value;
    },
  });

/** @strapi/utils parseType for a time: HH:mm:ss(.SSS), normalised to three fractional digits. */
function time(v: unknown): string {
  const t = typeof v === 'string' ? parseTime(v) : undefined;
  if (t === undefined) throw new Error('Invalid time format, expected HH:mm:ss.SSS');
  return t;
}
const TIME = () =>
  new GraphQLScalarType({
    name: 'Time',
    description: 'A time string with format HH:mm:ss.SSS',
    serialize: (v) => (v === null || v === undefined ? v : time(v)),
    parseValue: time,
    parseLiteral: (ast) => {
      if (ast.kind !== Kind.STRING) throw new Error('Time cannot represent non string type');
      return time(ast.value);
    },
  });

/** graphql-scalars' BigInt (named Long): integers only; the engine gets the digits. */
function bigint(text: string, message: string): string {
  let n: bigint;
  try {
    n = BigInt(text);
  } catch (e) {
    throw e instanceof Error ? e : new Error(String(e));
  }
  if (n.toString() !== text) throw new GraphQLError(message);
  return n.toString();
}
const LONG = () =>
  new GraphQLScalarType({
    name: 'Long',
    description: 'The `BigInt` scalar type represents non-fractional signed whole numeric values.',
    serialize: (v) => {
      if (v === null || v === undefined) return v;
      const n = BigInt(String(v));
      return n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(n) : n.toString();
    },
    parseValue: (v) => bigint(String(v), `BigInt cannot represent value: ${String(v)}`),
    parseLiteral: (ast) => {
      if (!('value' in ast)) throw new GraphQLError(`BigInt cannot represent non-integer value: ${print(ast)}`, { nodes: ast });
      return bigint(String(ast.value), `BigInt cannot represent value: ${String(ast.value)}`);
    },
  });

/** Fresh scalar instances (a schema owns its types). */
export function pluginScalars() {
  return {
    JSON: JSON_SCALAR(),
    DateTime: DATE_TIME(),
    Time: TIME(),
    Date: DATE(),
    Long: LONG(),
    I18NLocaleCode: new GraphQLScalarType({
      name: 'I18NLocaleCode',
      description: 'A string used to identify an i18n locale',
      serialize: (v) => v,
      parseValue: (v) => v,
      parseLiteral: (ast) => {
        if (ast.kind !== Kind.STRING) throw new ValidationError('Locale cannot represent non string type', {});
        if (ast.value !== '*' && !ISO_LOCALE_CODES.has(ast.value)) throw new ValidationError('Unknown locale supplied', {});
        return ast.value;
      },
    }),
  };
}
