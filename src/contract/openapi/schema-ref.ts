import type { OpenAPIV3_1 } from 'openapi-types';

/** A schema or a `$ref` to one: what every builder in this folder returns. */
export type Schema = OpenAPIV3_1.SchemaObject | OpenAPIV3_1.ReferenceObject;
export type Schemas = Record<string, OpenAPIV3_1.SchemaObject>;

/** Thrown when the model holds something OpenAPI cannot describe: better no document than a wrong one. */
export class OpenApiGenerationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiGenerationError';
  }
}

export const ref = (name: string, description?: string): OpenAPIV3_1.ReferenceObject =>
  description === undefined ? { $ref: `#/components/schemas/${name}` } : { $ref: `#/components/schemas/${name}`, description };

/**
 * The "only when populated" sentence of a relation, media, component or zone: a type's own fields are populated
 * from the query's top level, a component's fields only through the field that holds the component.
 */
export function populatedNote(name: string, nested: boolean): string {
  return nested
    ? `Present only when populated through the field holding this component (populate[<field>][populate]=${name}, ` +
        `or populate[<zone>][on][<component>][populate]=${name} in a dynamic zone); absent otherwise.`
    : `Present only when populated (populate=${name} or populate=*); absent otherwise.`;
}

/** Schemas are built from frozen model objects; copy arrays so a document never aliases the model. */
export const copyList = <T>(list: readonly T[]): T[] => [...list];

/** True for values that survive a JSON round trip unchanged (what `default`/`example` may hold). */
export function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    return (proto === Object.prototype || proto === null) && Object.values(value).every(isJsonValue);
  }
  return false;
}
