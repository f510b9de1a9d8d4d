import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isAbstractType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { isPlainObject } from '../../core/is-plain-object.js';

/** What the checks find, in the proxy's violation shape (its rules by the same names). */
export interface Violation {
  readonly rule: 'schema' | 'status' | 'error-envelope';
  readonly path: string;
  readonly message: string;
}

// A real backend's GraphQL answer judged against the schema content-mock generates (the plugin's, SDL-identical):
// the query must validate against it (else the backend's schema is not the project's), a 400 is Apollo's request
// error shape (errors, no data), a 200 has `data` shaped by the query's selection over the schema (every selected
// key, values of the field's type, null only where the type allows it or an error names that place) and errors
// as the plugin formats them (message, path, extensions.code).

export interface GraphqlExchange {
  readonly status: number;
  /** The request body: `{query, variables, operationName}`. */
  readonly request: unknown;
  /** The parsed answer. */
  readonly body: unknown;
}

const NAMES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'PERSISTED_QUERY_NOT_FOUND']);

/** Apollo's `errors` list: objects with a message, a path of keys and indexes, and `extensions.code`. */
function checkErrors(errors: unknown, out: Violation[]): readonly (readonly (string | number)[])[] {
  if (!Array.isArray(errors) || errors.length === 0) {
    out.push({ rule: 'error-envelope', path: '$.errors', message: 'must be a non-empty list when present' });
    return [];
  }
  const paths: (string | number)[][] = [];
  errors.forEach((e, i) => {
    const at = `$.errors[${i}]`;
    if (!isPlainObject(e) || typeof e.message !== 'string') {
      out.push({ rule: 'error-envelope', path: at, message: 'must be an object with a string `message`' });
      return;
    }
    if (e.path !== undefined) {
      if (!Array.isArray(e.path) || !e.path.every((p) => typeof p === 'string' || typeof p === 'number'))
        out.push({ rule: 'error-envelope', path: `${at}.path`, message: 'must be a list of field names and indexes' });
      else paths.push(e.path as (string | number)[]);
    }
    if (!isPlainObject(e.extensions) || typeof e.extensions.code !== 'string')
      out.push({
        rule: 'error-envelope',
        path: `${at}.extensions.code`,
        message: 'must be a string (Apollo and the plugin always set one)',
      });
  });
  return paths;
}

interface Walk {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  /** Paths errors name: a null (or a missing list) there, or above it, is what the error left. */
  readonly errorPaths: readonly (readonly (string | number)[])[];
  readonly out: Violation[];
}

const jsonPath = (path: readonly (string | number)[]) => '$.data' + path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('');

/** Whether an error names this place or one below it (a non-null field's error nulls its parent). */
function errorAt(w: Walk, path: readonly (string | number)[]): boolean {
  return w.errorPaths.some((p) => p.length >= path.length && path.every((k, i) => p[i] === k));
}

/** The fields a selection set asks of an object of `type`, by response key (fragments applied where they match). */
function fieldsFor(
  w: Walk,
  type: GraphQLObjectType,
  set: SelectionSetNode,
  into = new Map<string, FieldNode[]>(),
): Map<string, FieldNode[]> {
  for (const s of set.selections) {
    if (s.kind === Kind.FIELD) {
      const key = s.alias?.value ?? s.name.value;
      into.set(key, [...(into.get(key) ?? []), s]);
      continue;
    }
    const fragment = s.kind === Kind.FRAGMENT_SPREAD ? w.fragments.get(s.name.value) : s;
    if (!fragment) continue;
    const condition = fragment.typeCondition ? w.schema.getType(fragment.typeCondition.name.value) : type;
    const applies = condition === type || (condition !== undefined && isAbstractType(condition) && w.schema.isSubType(condition, type));
    if (applies) fieldsFor(w, type, fragment.selectionSet, into);
  }
  return into;
}

function scalarFits(name: string, v: unknown): boolean {
  switch (name) {
    case 'String':
    case 'ID':
      return typeof v === 'string';
    case 'Int':
      return Number.isInteger(v);
    case 'Float':
      return typeof v === 'number';
    case 'Boolean':
      return typeof v === 'boolean';
    case 'DateTime':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v));
    case 'Long':
      return Number.isInteger(v) || (typeof v === 'string' && /^-?\d+$/.test(v));
    default:
      // JSON, Upload, the plugin's own scalars: any value they serialize to
      return true;
  }
}

function checkValue(w: Walk, type: GraphQLOutputType, value: unknown, nodes: readonly FieldNode[], path: (string | number)[]): void {
  if (value === null || value === undefined) {
    if (value === undefined) w.out.push({ rule: 'schema', path: jsonPath(path), message: 'the selected field is missing' });
    else if (isNonNullType(type) && !errorAt(w, path))
      w.out.push({
        rule: 'schema',
        path: jsonPath(path),
        message: `is null where the schema says ${type.toString()} and no error names it`,
      });
    return;
  }
  const inner = getNullableType(type);
  if (isListType(inner)) {
    if (!Array.isArray(value)) {
      w.out.push({ rule: 'schema', path: jsonPath(path), message: `must be a list (${inner.toString()})` });
      return;
    }
    value.forEach((item, i) => checkValue(w, inner.ofType, item, nodes, [...path, i]));
    return;
  }
  if (isScalarType(inner)) {
    if (!scalarFits(inner.name, value))
      w.out.push({ rule: 'schema', path: jsonPath(path), message: `${JSON.stringify(value)?.slice(0, 80)} is not a ${inner.name}` });
    return;
  }
  if (isEnumType(inner)) {
    if (typeof value !== 'string' || !inner.getValue(value))
      w.out.push({
        rule: 'schema',
        path: jsonPath(path),
        message: `${JSON.stringify(value)?.slice(0, 80)} is not a value of ${inner.name}`,
      });
    return;
  }
  if (!isPlainObject(value)) {
    w.out.push({ rule: 'schema', path: jsonPath(path), message: `must be an object (${getNamedType(inner).name})` });
    return;
  }
  let object: GraphQLObjectType | undefined = isObjectType(inner) ? inner : undefined;
  if (isAbstractType(inner)) {
    // without __typename the member cannot be told: only the keys common to every selection are checked below
    const named = typeof value.__typename === 'string' ? w.schema.getType(value.__typename) : undefined;
    if (typeof value.__typename === 'string' && !(named && isObjectType(named) && w.schema.isSubType(inner, named))) {
      w.out.push({
        rule: 'schema',
        path: jsonPath([...path, '__typename']),
        message: `${value.__typename} is not a member of ${inner.name}`,
      });
      return;
    }
    object = named && isObjectType(named) ? named : undefined;
  }
  if (!object) return;
  const fields = new Map<string, FieldNode[]>();
  for (const n of nodes) if (n.selectionSet) fieldsFor(w, object, n.selectionSet, fields);
  for (const key of Object.keys(value))
    if (!fields.has(key)) w.out.push({ rule: 'schema', path: jsonPath([...path, key]), message: 'was not selected by the query' });
  for (const [key, fieldNodes] of fields) {
    const name = fieldNodes[0].name.value;
    if (name === '__typename') {
      if (value[key] !== object.name) w.out.push({ rule: 'schema', path: jsonPath([...path, key]), message: `must be "${object.name}"` });
      continue;
    }
    const field = object.getFields()[name];
    if (field) checkValue(w, field.type, value[key], fieldNodes, [...path, key]);
  }
}

/** The violations of one GraphQL exchange (none when it matches the schema and Apollo's shapes). */
export function checkGraphqlAnswer(schema: GraphQLSchema, exchange: GraphqlExchange): Violation[] {
  const out: Violation[] = [];
  const { status, body } = exchange;
  const request = isPlainObject(exchange.request) ? exchange.request : {};
  if (!isPlainObject(body)) return [{ rule: 'schema', path: '$', message: `a /graphql answer (${status}) must be a JSON object` }];
  const errorPaths = body.errors === undefined ? [] : checkErrors(body.errors, out);
  let document: DocumentNode | undefined;
  let requestProblem: string | undefined;
  if (typeof request.query !== 'string') requestProblem = 'no query';
  else
    try {
      document = parse(request.query);
      const invalid = validate(schema, document);
      if (invalid.length > 0) requestProblem = invalid[0].message;
    } catch (e) {
      requestProblem = e instanceof GraphQLError ? e.message : String(e);
    }
  if (status >= 400) {
    if ('data' in body && status === 400 && body.data !== undefined)
      out.push({ rule: 'error-envelope', path: '$.data', message: 'a request Apollo refuses (400) has no `data`' });
    if (body.errors === undefined) out.push({ rule: 'error-envelope', path: '$.errors', message: `a ${status} answer lists its errors` });
    const codes = Array.isArray(body.errors)
      ? body.errors.map((e) => (isPlainObject(e) && isPlainObject(e.extensions) ? e.extensions.code : undefined))
      : [];
    if (status === 400 && codes.length > 0 && !codes.some((c) => typeof c === 'string' && NAMES.has(c)))
      out.push({ rule: 'status', path: '$.errors[0].extensions.code', message: `a 400 is a request error (${[...NAMES].join(', ')})` });
    return out;
  }
  if (status !== 200) return [...out, { rule: 'status', path: '$', message: `Apollo answers an operation with 200 or 4xx, not ${status}` }];
  if (requestProblem !== undefined) {
    out.push({
      rule: 'schema',
      path: '$',
      message: `the target ran a query the generated schema refuses (${requestProblem}): its schema is not the project's`,
    });
    return out;
  }
  if (!('data' in body)) return [...out, { rule: 'schema', path: '$.data', message: 'a 200 answer has `data`' }];
  if (body.data === null) {
    if (errorPaths.length === 0) out.push({ rule: 'schema', path: '$.data', message: 'is null without an error naming why' });
    return out;
  }
  const operation = document!.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && (typeof request.operationName !== 'string' || d.name?.value === request.operationName),
  );
  const root = operation?.kind === Kind.OPERATION_DEFINITION ? schema.getRootType(operation.operation) : undefined;
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION || !root) return out;
  const fragments = new Map(
    document!.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const w: Walk = { schema, fragments, errorPaths, out };
  const fieldNode: FieldNode = { kind: Kind.FIELD, name: { kind: Kind.NAME, value: 'data' }, selectionSet: operation.selectionSet };
  checkValue(w, root, body.data, [fieldNode], []);
  return out;
}
