import type { ValidateFunction } from 'ajv';
import type { OpenAPIV3_1 } from 'openapi-types';
import { ajvSchemas, ROOT_ID } from './ajv-schemas.js';
import { createAjv } from './create-ajv.js';
import { createOperationMatcher } from './match-operation.js';
import { toIssues, type ValidationIssue } from './validation-issues.js';
import { isPlainObject } from '../../core/is-plain-object.js';

export type { ValidationIssue } from './validation-issues.js';

export interface ResponseToValidate {
  readonly method: string;
  /** Concrete path, query string allowed: `/api/articles/abc?populate=*`. */
  readonly path: string;
  readonly status: number;
  /** Parsed JSON for JSON answers, the text for text answers, null/undefined/'' when there is no body. */
  readonly body: unknown;
  /** The response's Content-Type, when known; picks the documented media type. */
  readonly contentType?: string;
}

export interface ResponseValidation {
  readonly ok: boolean;
  readonly errors: ValidationIssue[];
  /** `GET /api/articles/{documentId}`: the documented operation the response was checked against. */
  readonly operation?: string;
}

export interface ResponseValidator {
  validate(response: ResponseToValidate): ResponseValidation;
  /** Validates a value against one component schema (`ErrorResponse`, `Article`, ...). */
  validateSchema(name: string, value: unknown): ResponseValidation;
}

type ResponseObject = OpenAPIV3_1.ResponseObject;
const fail = (path: string, message: string, operation?: string): ResponseValidation => ({ ok: false, errors: [{ path, message }], operation });
const RESPONSE_PREFIX = '#/components/responses/';

/** The documented response for a status: exact code, then `4XX`-style range, then `default`. */
function documentedResponse(operation: OpenAPIV3_1.OperationObject, status: number, document: OpenAPIV3_1.Document): ResponseObject | undefined {
  const responses: Record<string, unknown> = operation.responses ?? {};
  const found = responses[String(status)] ?? responses[`${Math.floor(status / 100)}XX`] ?? responses.default;
  if (!isPlainObject(found)) return undefined;
  const r = found.$ref;
  if (typeof r === 'string' && r.startsWith(RESPONSE_PREFIX)) {
    const target = document.components?.responses?.[r.slice(RESPONSE_PREFIX.length)];
    return target !== undefined && !('$ref' in target) ? target : undefined;
  }
  return found as ResponseObject;
}

const isEmptyBody = (body: unknown): boolean => body === undefined || body === null || body === '';

function pickMediaType(content: Record<string, OpenAPIV3_1.MediaTypeObject>, contentType: string | undefined, body: unknown): string | undefined {
  const types = Object.keys(content);
  if (contentType !== undefined) {
    const wanted = contentType.split(';')[0].trim().toLowerCase();
    return types.find((t) => t.toLowerCase() === wanted);
  }
  if (typeof body === 'string') return types.find((t) => t.startsWith('text/')) ?? types.find((t) => t.includes('json'));
  return types.find((t) => t.includes('json')) ?? types[0];
}

/**
 * Compiles the document's response schemas with ajv (JSON Schema 2020-12) and checks concrete responses against
 * the operation and status they belong to. Pure: no HTTP, no I/O, so the server, the proxy and tests share it.
 */
export function createResponseValidator(document: OpenAPIV3_1.Document): ResponseValidator {
  const ajv = createAjv();
  const schemas = ajvSchemas(document);
  ajv.addSchema(schemas.root);
  const match = createOperationMatcher(document);
  const compiled = new Map<string, ValidateFunction>();

  const compile = (key: string, schema: () => object): ValidateFunction => {
    let fn = compiled.get(key);
    if (fn === undefined) {
      fn = ajv.compile(schema());
      compiled.set(key, fn);
    }
    return fn;
  };

  const run = (fn: ValidateFunction, value: unknown, operation?: string): ResponseValidation => {
    if (fn(value)) return { ok: true, errors: [], operation };
    return { ok: false, errors: toIssues(fn.errors ?? [], value), operation };
  };

  return {
    validate({ method, path, status, body, contentType }) {
      const found = match(method, path);
      if (found === undefined) return fail('$', `no documented operation for ${method.toUpperCase()} ${path.split('?')[0]}`);
      const name = `${found.method.toUpperCase()} ${found.template}`;
      const response = documentedResponse(found.operation, status, document);
      if (response === undefined) return fail('$', `status ${status} is not documented for ${name}`, name);
      const content = response.content;
      if (content === undefined || Object.keys(content).length === 0) {
        return isEmptyBody(body) ? { ok: true, errors: [], operation: name } : fail('$', `status ${status} of ${name} has no body, but one was sent`, name);
      }
      const media = pickMediaType(content, contentType, body);
      if (media === undefined) return fail('$', `content type ${contentType ?? '(none)'} is not documented for ${status} of ${name}`, name);
      if (isEmptyBody(body) && body !== '') return fail('$', `status ${status} of ${name} must have a body`, name);
      const schema = content[media].schema;
      if (schema === undefined) return { ok: true, errors: [], operation: name };
      return run(compile(`${name} ${status} ${media}`, () => schemas.operation(schema)), body, name);
    },
    validateSchema(schemaName, value) {
      if (document.components?.schemas?.[schemaName] === undefined) return fail('$', `no component schema named ${schemaName}`);
      return run(compile(`#${schemaName}`, () => ({ $ref: `${ROOT_ID}#/$defs/${schemaName}` })), value);
    },
  };
}
