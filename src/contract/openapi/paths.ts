import type { OpenAPIV3_1 } from 'openapi-types';
import type { ContentModel, ContentType } from '../../core/model/types.js';
import { operationParameters, type OperationKind } from './query-parameters.js';
import { sortedTypes, type SchemaNames } from './schema-names.js';
import { ref } from './schema-ref.js';
import type { DeepPopulateSettings } from '../../core/query/deep-populate.js';

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
  /** Methods Strapi answers with 405 here (see NOT_ALLOWED); not operations, so docs do not list them. */
  [NOT_ALLOWED]?: string[];
}

/**
 * The path item extension naming the methods Strapi refuses with `405 Method Not Allowed` (plain text): the
 * response validator reads a recorded 405 on them as documented, while docs pages show only real operations.
 */
export const NOT_ALLOWED = 'x-methods-not-allowed';

/** Examples from served content, per type: a page of entries, one entry, and a documentId that exists. */
export interface TypeExamples {
  readonly list?: unknown;
  readonly entry?: unknown;
  readonly documentId?: string;
}
export type ExamplesOf = (ct: ContentType) => TypeExamples | undefined;

/** How a type is named in a sentence: "article", "site setting"; acronyms and names in capitals stay as written. */
export function nounOf(ct: ContentType): { one: string; many: string; a: string } {
  const lower = (s: string) => (/^[A-Z0-9]{2,}\b/.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1));
  const one = lower(ct.displayName);
  const many = ct.pluralName.replace(/-/g, ' ');
  // "an article", "a user", "an FAQ": by sound, as near as spelling allows.
  const vowel =
    (/^(?:[aeio]|u(?!ni|se|su|sa|ti|r[aeiou])|hour|honou?r)/i.test(one) && !/^(?:eu|one)/i.test(one)) ||
    /^[AEFHILMNORSX][A-Z0-9]/.test(one);
  return { one, many, a: `${vowel ? 'an' : 'a'} ${one}` };
}

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

const json = (schemaName: string, description: string, example?: unknown): OpenAPIV3_1.ResponseObject => ({
  description,
  content: { 'application/json': { schema: ref(schemaName), ...(example === undefined ? {} : { example }) } },
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

const documentIdParam = (example = 'hw8dvqai65sh0rf7wo7fzgmw'): OpenAPIV3_1.ParameterObject => ({
  name: 'documentId',
  in: 'path',
  required: true,
  description: 'documentId of the document (a numeric id is not accepted here: it answers 404).',
  schema: { type: 'string', minLength: 1 },
  example,
});

function operation(ct: ContentType, kind: OperationKind, ctx: PathContext, fields: Omit<Operation, 'tags' | 'parameters'>): Operation {
  const { operationId, summary, description, requestBody, responses: answers } = fields;
  const parameters = operationParameters(ct, kind, ctx.model, ctx.names, ctx.populateDeep);
  // Written in reading order: what it is, what it takes, what it answers.
  return { tags: [ct.displayName], operationId, summary, description, parameters, requestBody, responses: answers };
}

interface PathContext {
  readonly model: ContentModel;
  readonly names: SchemaNames;
  readonly examples?: ExamplesOf;
  readonly populateDeep?: DeepPopulateSettings | null;
}

function collectionPaths(ct: ContentType, ctx: PathContext): Record<string, PathItem> {
  const n = ctx.names.type(ct.uid);
  const id = ct.singularName;
  const dp = ct.draftAndPublish;
  const noun = nounOf(ct);
  const ex = ctx.examples?.(ct);
  const list: PathItem = {
    get: operation(ct, 'find', ctx, {
      operationId: `${id}.find`,
      summary: `List ${noun.many}`,
      description: dp ? 'Published entries unless status=draft.' : undefined,
      responses: responses('find', { '200': json(n.listResponse, 'A page of entries.', ex?.list) }),
    }),
    post: operation(ct, 'create', ctx, {
      operationId: `${id}.create`,
      summary: `Create ${noun.a}`,
      description: dp
        ? 'Creates the draft and publishes it unless status=draft; the answer is the published version.'
        : undefined,
      requestBody: body(n.createInput, 'The new document under `data`.'),
      responses: responses('create', { '201': json(n.response, 'The created entry.', ex?.entry) }),
    }),
    [NOT_ALLOWED]: ['put', 'delete'],
  };
  const item: PathItem = {
    parameters: [documentIdParam(ex?.documentId)],
    get: operation(ct, 'findOne', ctx, {
      operationId: `${id}.findOne`,
      summary: `Get ${noun.a}`,
      responses: responses('findOne', { '200': json(n.response, 'The entry.', ex?.entry) }),
    }),
    put: operation(ct, 'update', ctx, {
      operationId: `${id}.update`,
      summary: `Update ${noun.a}`,
      description: dp
        ? 'Partial update of the draft, then published unless status=draft (the published version gets a new id).'
        : 'Partial update.',
      requestBody: body(n.updateInput, 'The attributes to change under `data`.'),
      responses: responses('update', { '200': json(n.response, 'The updated entry.', ex?.entry) }),
    }),
    delete: operation(ct, 'delete', ctx, {
      operationId: `${id}.delete`,
      summary: `Delete ${noun.a}`,
      description: 'Deletes the draft and published versions of one locale. Answers 204 even when nothing matched.',
      responses: responses('delete', { '204': { description: 'Deleted (no body).' } }),
    }),
    [NOT_ALLOWED]: ['post'],
  };
  return { [`/api/${ct.pluralName}`]: list, [`/api/${ct.pluralName}/{documentId}`]: item };
}

function singlePaths(ct: ContentType, ctx: PathContext): Record<string, PathItem> {
  const n = ctx.names.type(ct.uid);
  const id = ct.singularName;
  const noun = nounOf(ct).one;
  const ex = ctx.examples?.(ct);
  const item: PathItem = {
    get: operation(ct, 'find', ctx, {
      operationId: `${id}.find`,
      summary: `Get the ${noun}`,
      responses: responses('findOne', { '200': json(n.response, 'The document.', ex?.entry) }),
    }),
    put: operation(ct, 'update', ctx, {
      operationId: `${id}.update`,
      summary: `Create or update the ${noun}`,
      description: 'Creates the document when there is none, otherwise updates it (partial update).',
      requestBody: body(n.updateInput, 'The attributes to set under `data`.'),
      responses: responses('create', { '200': json(n.response, 'The document.', ex?.entry) }),
    }),
    delete: operation(ct, 'delete', ctx, {
      operationId: `${id}.delete`,
      summary: `Delete the ${noun}`,
      responses: responses('delete', { '204': { description: 'Deleted (no body).' } }),
    }),
    [NOT_ALLOWED]: ['post'],
  };
  return { [`/api/${ct.singularName}`]: item };
}

/**
 * Whether the project serves a core route (`GET`, `/api/articles/x`): a project whose route files declare fewer than
 * Strapi's defaults serves only those (a type without routes, `createCoreRouter({ only })`).
 */
export type ServedRoute = (method: string, path: string) => boolean;

const METHODS = ['get', 'post', 'put', 'delete'] as const;

/**
 * Every route of every type, in uid order; with `served`, only the operations the project's routes declare: a method
 * left out of a path that keeps others is a 405 there (listed as one), a path left without any is not there.
 */
export function buildPaths(
  model: ContentModel,
  names: SchemaNames,
  examples?: ExamplesOf,
  populateDeep?: DeepPopulateSettings | null,
  served?: ServedRoute,
): Record<string, PathItem> {
  const ctx: PathContext = { model, names, examples, populateDeep };
  const paths: Record<string, PathItem> = {};
  for (const ct of sortedTypes(model).filter((t) => !t.builtIn)) {
    Object.assign(paths, ct.kind === 'collectionType' ? collectionPaths(ct, ctx) : singlePaths(ct, ctx));
  }
  if (!served) return paths;
  for (const [path, item] of Object.entries(paths)) {
    const concrete = path.replace('{documentId}', 'documentId');
    const gone = METHODS.filter((m) => item[m] !== undefined && !served(m.toUpperCase(), concrete));
    if (gone.length === 0) continue;
    for (const m of gone) delete item[m];
    if (!METHODS.some((m) => item[m] !== undefined)) delete paths[path];
    // (a GET no route takes is Strapi's 404, not a 405: its catch-all GET route answers it)
    else item[NOT_ALLOWED] = [...(item[NOT_ALLOWED] ?? []), ...gone.filter((m) => m !== 'get')];
  }
  return paths;
}
