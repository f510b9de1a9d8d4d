import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel } from '../../core/model/types.js';
import { sortedTypes, type SchemaNames } from './schema-names.js';
import { ref, type Schemas } from './schema-ref.js';

type SchemaObject = OpenAPIV3_1.SchemaObject;
type ResponseObject = OpenAPIV3_1.ResponseObject;

const count = (description: string, minimum = 0): SchemaObject => ({ type: 'integer', minimum, description });

/** The `{data, meta}` / `{data: null, error}` envelopes and what they hold, independent of the model. */
export function envelopeSchemas(): Schemas {
  return {
    BlocksNode: {
      type: 'object',
      description: 'A node of Strapi blocks rich text: a block (paragraph, heading, list, quote, code, image, link) or a text leaf.',
      required: ['type'],
      properties: {
        type: { type: 'string', examples: ['paragraph'] },
        children: { type: 'array', items: ref('BlocksNode') },
      },
    },
    PaginationPage: {
      type: 'object',
      description: 'Page-style pagination (the default). pageCount and total are left out with pagination[withCount]=false.',
      required: ['page', 'pageSize'],
      additionalProperties: false,
      properties: {
        page: count('Requested page (values below 1 become 1).', 1),
        pageSize: count('Entries per page, capped at the server maximum (100 by default).', 1),
        pageCount: count('Number of pages (0 when there is no entry).'),
        total: count('Number of matching entries.'),
      },
    },
    PaginationOffset: {
      type: 'object',
      description: 'Offset-style pagination, answered when pagination[start] or pagination[limit] is given.',
      required: ['start', 'limit'],
      additionalProperties: false,
      properties: {
        start: count('Offset of the first entry.'),
        limit: count('Maximum number of entries (-1 only when the server has no maximum).', -1),
        total: count('Number of matching entries.'),
      },
    },
    ListMeta: {
      type: 'object',
      required: ['pagination'],
      additionalProperties: false,
      properties: { pagination: { oneOf: [ref('PaginationPage'), ref('PaginationOffset')] } },
    },
    EmptyMeta: {
      type: 'object',
      description: 'Always an empty object for single-document answers.',
      additionalProperties: false,
      properties: {},
    },
    ErrorResponse: {
      type: 'object',
      description: "Strapi's error envelope.",
      required: ['data', 'error'],
      additionalProperties: false,
      properties: {
        data: { type: 'null' },
        error: {
          type: 'object',
          required: ['status', 'name', 'message'],
          additionalProperties: false,
          properties: {
            status: { type: 'integer', description: 'Same as the HTTP status.' },
            name: { type: 'string', examples: ['ValidationError', 'NotFoundError', 'ForbiddenError'] },
            message: { type: 'string' },
            details: {
              type: 'object',
              description: 'Error details ({} when none); absent on body parse errors and on 500s.',
            },
          },
        },
      },
    },
  };
}

/** `{data: [...], meta: {pagination}}` and `{data, meta: {}}` for every type. */
export function responseEnvelopes(model: ContentModel, names: SchemaNames): Schemas {
  const schemas: Schemas = {};
  for (const ct of sortedTypes(model)) {
    const n = names.type(ct.uid);
    if (ct.kind === 'collectionType') {
      schemas[n.listResponse] = {
        type: 'object',
        required: ['data', 'meta'],
        additionalProperties: false,
        properties: { data: { type: 'array', items: ref(n.entry) }, meta: ref('ListMeta') },
      };
    }
    schemas[n.response] = {
      type: 'object',
      required: ['data', 'meta'],
      additionalProperties: false,
      properties: { data: ref(n.entry), meta: ref('EmptyMeta') },
    };
  }
  return schemas;
}

const envelope = (status: number, name: string, message: string, details: Record<string, unknown> = {}) => ({
  data: null,
  error: { status, name, message, details },
});

function errorResponse(status: number, description: string, examples: Record<string, unknown>): ResponseObject {
  return {
    description,
    content: {
      'application/json': {
        schema: { allOf: [ref('ErrorResponse'), { properties: { error: { properties: { status: { const: status } } } } }] },
        examples: Object.fromEntries(Object.entries(examples).map(([key, value]) => [key, { value }])),
      },
    },
  };
}

/** Shared error answers, referenced from every operation (`#/components/responses/...`). */
export function errorResponses(): Record<string, ResponseObject> {
  return {
    BadRequest: errorResponse(400, 'Invalid query parameter or body (ValidationError, PaginationError, body SyntaxError).', {
      invalidKey: envelope(400, 'ValidationError', 'Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'filters' }),
      pagination: envelope(400, 'PaginationError', 'Cannot use both page & offset pagination in the same query'),
      missingData: envelope(400, 'ValidationError', 'Missing "data" payload in the request body'),
    }),
    Unauthorized: errorResponse(401, 'The bearer token is invalid or expired (an invalid token never falls back to public access).', {
      invalidToken: envelope(401, 'UnauthorizedError', 'Missing or invalid credentials'),
    }),
    Forbidden: errorResponse(403, 'Neither the Public role nor the token may do this.', {
      forbidden: envelope(403, 'ForbiddenError', 'Forbidden'),
    }),
    NotFound: errorResponse(404, 'No document matches (unknown documentId, missing locale, or only a draft exists).', {
      notFound: envelope(404, 'NotFoundError', 'Not Found'),
    }),
    TooManyRequests: errorResponse(429, "The users & permissions plugin's rate limit on its auth routes (default: 10 a minute).", {
      rateLimit: envelope(429, 'RateLimitError', 'Too many requests, please try again later.'),
    }),
    InternalServerError: errorResponse(500, 'Unexpected server error (Strapi answers 500 to some invalid filter values).', {
      internal: { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error' } },
    }),
    MethodNotAllowed: {
      description: 'This path does not support the method.',
      content: { 'text/plain': { schema: { type: 'string', examples: ['Method Not Allowed'] } } },
    },
  };
}
