import type { ErrorObject } from 'ajv';

/** One problem found in a response: where (a JSON path such as `$.data[0].title`) and what. */
export interface ValidationIssue {
  readonly path: string;
  readonly message: string;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const unescapePointer = (segment: string): string => segment.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * JSON pointer → JSON path, reading the value alongside so a numeric segment is an index only where the value
 * really is an array (an object may have a key "0").
 */
/** The message for a key an object's schema does not list (the checker lets some through, see validate-exchange.ts). */
export const UNLISTED_KEY = 'is not allowed: the schema lists no such property';

export function pointerToJsonPath(pointer: string, value: unknown): string {
  if (pointer === '') return '$';
  let path = '$';
  let current: unknown = value;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = unescapePointer(raw);
    if (Array.isArray(current) && /^\d+$/.test(segment)) {
      path += `[${segment}]`;
      current = current[Number(segment)];
      continue;
    }
    path += IDENTIFIER.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`;
    current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[segment] : undefined;
  }
  return path;
}

const escapeSegment = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');

const stringParam = (error: ErrorObject, key: string): string | undefined => {
  const value: unknown = (error.params as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
};

/** Where an error points and what it says, with the offending key moved into the path for key-level errors. */
function locate(error: ErrorObject): { pointer: string; message: string } {
  const missing = error.keyword === 'required' ? stringParam(error, 'missingProperty') : undefined;
  if (missing !== undefined) return { pointer: `${error.instancePath}/${escapeSegment(missing)}`, message: 'is required but missing' };
  const extra = error.keyword === 'additionalProperties' ? stringParam(error, 'additionalProperty') : undefined;
  if (extra !== undefined) {
    return { pointer: `${error.instancePath}/${escapeSegment(extra)}`, message: UNLISTED_KEY };
  }
  if (error.keyword === 'discriminator') {
    const tag = stringParam(error, 'tag') ?? '';
    const tagValue: unknown = (error.params as Record<string, unknown>).tagValue;
    const message = stringParam(error, 'error') === 'tag'
      ? 'must be a string naming a component'
      : `${JSON.stringify(tagValue)} is not one of the components allowed here`;
    return { pointer: `${error.instancePath}/${escapeSegment(tag)}`, message };
  }
  if (error.keyword === 'const') {
    const allowed: unknown = (error.params as Record<string, unknown>).allowedValue;
    return { pointer: error.instancePath, message: `must be ${JSON.stringify(allowed)}` };
  }
  if (error.keyword === 'enum') {
    const allowed: unknown = (error.params as Record<string, unknown>).allowedValues;
    return { pointer: error.instancePath, message: `must be one of ${JSON.stringify(allowed)}` };
  }
  return { pointer: error.instancePath, message: error.message ?? error.keyword };
}

/**
 * ajv errors → issues. Drops the bookkeeping errors (`if`, and a failed oneOf/anyOf when a more precise error
 * explains it), merges the type errors of one place ("must be object", "must be null") into one, and dedupes.
 */
export function toIssues(errors: readonly ErrorObject[], value: unknown): ValidationIssue[] {
  const relevant = errors.filter((e) => e.keyword !== 'if');
  const precise = (e: ErrorObject) =>
    relevant.some((o) => o !== e && o.keyword !== 'oneOf' && o.keyword !== 'anyOf' && o.keyword !== 'type' && (o.instancePath === e.instancePath || o.instancePath.startsWith(`${e.instancePath}/`)));
  const kept = relevant.filter((e) => {
    if (e.keyword === 'oneOf' || e.keyword === 'anyOf') return !precise(e);
    if (e.keyword === 'type') {
      // A type error under a failed oneOf is one branch's opinion; keep it only when no other error is more precise.
      const underUnion = relevant.some((o) => (o.keyword === 'oneOf' || o.keyword === 'anyOf') && o.instancePath === e.instancePath);
      return !underUnion || !precise(e);
    }
    return true;
  });

  const types = new Map<string, Set<string>>();
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of kept) {
    const { pointer, message } = locate(error);
    const path = pointerToJsonPath(pointer, value);
    if (error.keyword === 'type') {
      const expected = error.params as Record<string, unknown>;
      const list = types.get(path) ?? new Set<string>();
      const t = expected.type;
      for (const name of Array.isArray(t) ? t : [t]) if (typeof name === 'string') list.add(name);
      types.set(path, list);
      continue;
    }
    if (types.has(path) && (error.keyword === 'oneOf' || error.keyword === 'anyOf')) continue;
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ path, message });
  }
  for (const [path, list] of types) issues.push({ path, message: `must be ${[...list].join(' or ')}` });
  return issues.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
