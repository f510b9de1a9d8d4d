import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ajvSchemas, ROOT_ID } from './ajv-schemas.js';
import { createAjv } from './create-ajv.js';

/** The document failed OpenAPI validation: a generator bug or a model it cannot describe; never written or served. */
export class OpenApiValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiValidationError';
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Every `schema` of parameters, bodies and responses, wherever it sits (paths and reusable components). */
function embeddedSchemas(node: unknown, at: string, out: [string, unknown][]): [string, unknown][] {
  if (Array.isArray(node)) node.forEach((n, i) => embeddedSchemas(n, `${at}/${i}`, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'schema') out.push([`${at}/schema`, value]);
      else embeddedSchemas(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, out);
    }
  }
  return out;
}

/**
 * Compiles every schema as JSON Schema 2020-12. swagger-parser checks the OpenAPI structure and resolves refs,
 * but for 3.1 it does not look inside schema objects (`type: "banana"` passes), and ajv does.
 */
function checkSchemas(document: OpenAPIV3_1.Document): void {
  const ajv = createAjv();
  const schemas = ajvSchemas(document);
  try {
    ajv.addSchema(schemas.root);
    for (const name of Object.keys(document.components?.schemas ?? {})) ajv.getSchema(`${ROOT_ID}#/$defs/${name}`);
  } catch (error) {
    throw new OpenApiValidationError(`the OpenAPI document has an invalid schema: ${messageOf(error).replace(/\$defs\//g, 'components/schemas/')}`);
  }
  const places = [
    ...embeddedSchemas(document.paths ?? {}, '#/paths', []),
    ...embeddedSchemas(document.components?.responses ?? {}, '#/components/responses', []),
    ...embeddedSchemas(document.components?.parameters ?? {}, '#/components/parameters', []),
  ];
  for (const [where, schema] of places) {
    try {
      ajv.compile(schemas.operation(schema));
    } catch (error) {
      throw new OpenApiValidationError(`the OpenAPI document has an invalid schema at ${where}: ${messageOf(error)}`);
    }
  }
}

/**
 * Validates the document before anyone sees it: swagger-parser (structure, refs, path parameters) on a deep
 * clone, because it dereferences the object it is given, then every schema with ajv.
 */
export async function validateDocument(document: OpenAPIV3_1.Document): Promise<void> {
  try {
    await SwaggerParser.validate(structuredClone(document));
  } catch (error) {
    throw new OpenApiValidationError(`the OpenAPI document is invalid: ${messageOf(error)}`);
  }
  checkSchemas(document);
}
