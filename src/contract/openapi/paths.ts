import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel, ContentType } from '../../core/model/types.js';
import { operationParameters, type OperationKind } from './query-parameters.js';
import { sortedTypes, type SchemaNames } from './schema-names.js';
import { ref } from './schema-ref.js';

type Operation = OpenAPIV3_1.OperationObject;
type Responses = OpenAPIV3_1.ResponsesObject;

/**
 * A path item. openapi-types' own 3.1 PathItemObject intersects 3.0 operation types into it, which rejects 3.1
 * schemas (type arrays); this narrower type holds what we emit.
 */
export interface PathItem {
  parameters?: OpenAPIV3_1.ParameterObject[];
  get?: Operation;
  put?: Operation;
  post?: Operation;
  delete?: Operation;
}

/** Tag of the operations Strapi answers with 405: listed so a recorded 405 is a documented answer too. */
export const NOT_ALLOWED_TAG = 'Method not allowed';

const responseRef = (name: string): OpenAPIV3_1.ReferenceObject => ({ $ref: `#/components/responses/${name}` });

const ERRORS: Record<OperationKind, number[]> = {
  find: [400, 401, 403, 500],
  findOne: [400, 401, 403, 404, 500],
  create: [400, 401, 403, 500],
  update: [400, 401, 403, 404, 500],
  delete: [400, 401, 403, 500],
};
const ERROR_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  500: 'InternalServerError',
};

function responses(kind: OperationKind, success: Responses): Responses {
  const out: Responses = { ...success };
  for (const status of ERRORS[kind]) out[String(status)] = responseRef(ERROR_NAMES[status]);
  return out;
}

const json = (schemaName: string, description: string): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: ref(schemaName) } },
});

const body = (schemaName: string, description: string): OpenAPIV3_1.RequestBodyObject => ({
  required: true,
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['data'], properties: { data: ref(schemaName) } },
    },
  },
});

const DOCUMENT_ID: OpenAPIV3_1.ParameterObject = {
  name: 'documentId',
  in: 'path',
  required: true,
  description: 'documentId of the document (a numeric id is not accepted here: it answers 404).',
  schema: { type: 'string', minLength: 1 },
  example: 'hw8dvqai65sh0rf7wo7fzgmw',
};

function operation(ct: ContentType, kind: OperationKind, ctx: PathContext, fields: Omit<Operation, 'tags' | 'parameters'>): Operation {
  const { operationId, summary, description, requestBody, responses: answers } = fields;
  const parameters = operationParameters(ct, kind, ctx.model, ctx.names);
  // Written in reading order: what it is, what it takes, what it answers.
  return { tags: [ct.displayName], operationId, summary, description, parameters, requestBody, responses: answers };
}

interface PathContext {
  readonly model: ContentModel;
  readonly names: SchemaNames;
}

function notAllowed(route: string, method: string): Operation {
  return {
    tags: [NOT_ALLOWED_TAG],
    operationId: `${route}.${method}.notAllowed`,
    summary: `${method.toUpperCase()} is not supported here`,
    description: 'Strapi answers 405 with a plain-text body.',
    responses: { '405': responseRef('MethodNotAllowed') },
  };
}

function collectionPaths(ct: ContentType, ctx: PathContext): Record<string, PathItem> {
  const n = ctx.names.type(ct.uid);
  const id = ct.singularName;
  const dp = ct.draftAndPublish;
  const list: PathItem = {
    get: operation(ct, 'find', ctx, {
      operationId: `${id}.find`,
      summary: `List ${ct.displayName} entries`,
      description: dp ? 'Published entries unless status=draft.' : undefined,
      responses: responses('find', { '200': json(n.listResponse, 'A page of entries.') }),
    }),
    post: operation(ct, 'create', ctx, {
      operationId: `${id}.create`,
      summary: `Create a ${ct.displayName}`,
      description: dp
        ? 'Creates the draft and publishes it unless status=draft; the answer is the published version.'
        : undefined,
      requestBody: body(n.createInput, 'The new document under `data`.'),
      responses: responses('create', { '201': json(n.response, 'The created entry.') }),
    }),
    put: notAllowed(ct.pluralName, 'put'),
    delete: notAllowed(ct.pluralName, 'delete'),
  };
  const item: PathItem = {
    parameters: [DOCUMENT_ID],
    get: operation(ct, 'findOne', ctx, {
      operationId: `${id}.findOne`,
      summary: `Get a ${ct.displayName}`,
      responses: responses('findOne', { '200': json(n.response, 'The entry.') }),
    }),
    put: operation(ct, 'update', ctx, {
      operationId: `${id}.update`,
      summary: `Update a ${ct.displayName}`,
      description: dp
        ? 'Partial update of the draft, then published unless status=draft (the published version gets a new id).'
        : 'Partial update.',
      requestBody: body(n.updateInput, 'The attributes to change under `data`.'),
      responses: responses('update', { '200': json(n.response, 'The updated entry.') }),
    }),
    delete: operation(ct, 'delete', ctx, {
      operationId: `${id}.delete`,
      summary: `Delete a ${ct.displayName}`,
      description: 'Deletes the draft and published versions of one locale. Answers 204 even when nothing matched.',
      responses: responses('delete', { '204': { description: 'Deleted (no body).' } }),
    }),
    post: notAllowed(`${ct.pluralName}.item`, 'post'),
  };
  return { [`/api/${ct.pluralName}`]: list, [`/api/${ct.pluralName}/{documentId}`]: item };
}

function singlePaths(ct: ContentType, ctx: PathContext): Record<string, PathItem> {
  const n = ctx.names.type(ct.uid);
  const id = ct.singularName;
  const item: PathItem = {
    get: operation(ct, 'find', ctx, {
      operationId: `${id}.find`,
      summary: `Get ${ct.displayName}`,
      responses: responses('findOne', { '200': json(n.response, 'The document.') }),
    }),
    put: operation(ct, 'update', ctx, {
      operationId: `${id}.update`,
      summary: `Create or update ${ct.displayName}`,
      description: 'Creates the document when there is none, otherwise updates it (partial update).',
      requestBody: body(n.updateInput, 'The attributes to set under `data`.'),
      responses: responses('create', { '200': json(n.response, 'The document.') }),
    }),
    delete: operation(ct, 'delete', ctx, {
      operationId: `${id}.delete`,
      summary: `Delete ${ct.displayName}`,
      responses: responses('delete', { '204': { description: 'Deleted (no body).' } }),
    }),
    post: notAllowed(ct.singularName, 'post'),
  };
  return { [`/api/${ct.singularName}`]: item };
}

/** Every route of every type, in uid order. */
export function buildPaths(model: ContentModel, names: SchemaNames): Record<string, PathItem> {
  const ctx: PathContext = { model, names };
  const paths: Record<string, PathItem> = {};
  for (const ct of sortedTypes(model).filter((t) => !t.builtIn)) {
    Object.assign(paths, ct.kind === 'collectionType' ? collectionPaths(ct, ctx) : singlePaths(ct, ctx));
  }
  return paths;
}
