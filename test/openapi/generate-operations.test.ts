import type { OpenAPIV3_1 } from 'openapi-types';
import { beforeAll, describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { documentReader, type Schema } from './document-reader.js';
import { loadKitModel } from './kit.js';

let doc: OpenAPIV3_1.Document;
let r: ReturnType<typeof documentReader>;
beforeAll(async () => {
  doc = generateOpenApi(await loadKitModel());
  r = documentReader(doc);
});
const schema = (name: string) => r.schema(name);
const props = (name: string) => r.props(name);
const op = (path: string, method: 'get' | 'post' | 'put' | 'delete') => r.op(path, method);
const paramNames = (o: OpenAPIV3_1.OperationObject) => r.paramNames(o);
const param = (o: OpenAPIV3_1.OperationObject, name: string) => r.param(o, name);

describe('paths', () => {
  test('collection types get GET/POST on the list and GET/PUT/DELETE on {documentId}; single types GET/PUT/DELETE', () => {
    const methods = Object.fromEntries(
      Object.entries(doc.paths ?? {})
        .filter(([path]) => !/^\/api\/(auth|users|upload|i18n)\b/.test(path))
        .map(([path, item]) => [path, Object.keys(item ?? {}).filter((k) => k !== 'parameters' && !k.startsWith('x-')).sort()]),
    );
    expect(methods).toEqual({
      '/api/articles': ['get', 'post'],
      '/api/articles/{documentId}': ['delete', 'get', 'put'],
      '/api/authors': ['get', 'post'],
      '/api/authors/{documentId}': ['delete', 'get', 'put'],
      '/api/categories': ['get', 'post'],
      '/api/categories/{documentId}': ['delete', 'get', 'put'],
      '/api/global': ['delete', 'get', 'put'],
      '/api/homepage': ['delete', 'get', 'put'],
      '/api/secrets': ['get', 'post'],
      '/api/secrets/{documentId}': ['delete', 'get', 'put'],
      '/api/tags': ['get', 'post'],
      '/api/tags/{documentId}': ['delete', 'get', 'put'],
    });
  });

  test('the plugin routes the mock serves are documented (users & permissions, upload, i18n)', () => {
    expect(Object.keys(doc.paths ?? {}).filter((p) => /^\/api\/(auth|users|upload|i18n)\b/.test(p))).toEqual([
      '/api/auth/local',
      '/api/auth/local/register',
      '/api/auth/forgot-password',
      '/api/auth/reset-password',
      '/api/auth/change-password',
      '/api/auth/refresh',
      '/api/auth/logout',
      '/api/auth/email-confirmation',
      '/api/auth/send-email-confirmation',
      '/api/users-permissions/roles',
      '/api/users-permissions/roles/{id}',
      '/api/users/me',
      '/api/users/count',
      '/api/users',
      '/api/users/{id}',
      '/api/upload/files',
      '/api/upload/files/page',
      '/api/upload/files/{id}',
      '/api/upload',
      '/api/i18n/locales',
    ]);
  });

  test('summaries name the type in the singular: "Create an article", "List articles", "Get the global"', () => {
    expect(op('/api/articles', 'get').summary).toBe('List articles');
    expect(op('/api/articles', 'post').summary).toBe('Create an article');
    expect(op('/api/tags/{documentId}', 'put').summary).toBe('Update a tag');
    expect(op('/api/global', 'get').summary).toBe('Get the global');
  });

  test('methods Strapi refuses (405, plain text) are not operations: listed once per path under x-methods-not-allowed', () => {
    const refused = (path: string) => (doc.paths?.[path] as Record<string, unknown>)['x-methods-not-allowed'];
    expect(refused('/api/articles')).toEqual(['put', 'delete']);
    expect(refused('/api/articles/{documentId}')).toEqual(['post']);
    expect(refused('/api/global')).toEqual(['post']);
    expect(doc.info.description).toContain('405 Method Not Allowed');
    const notAllowed = doc.components?.responses?.MethodNotAllowed as OpenAPIV3_1.ResponseObject;
    expect(Object.keys(notAllowed.content ?? {})).toEqual(['text/plain']);
  });

  test('documentId is a plain string path parameter, not a UUID', () => {
    const item = doc.paths?.['/api/articles/{documentId}'];
    expect(item?.parameters).toEqual([expect.objectContaining({ name: 'documentId', in: 'path', required: true, schema: { type: 'string', minLength: 1 } })]);
    expect(JSON.stringify(doc)).not.toContain('"uuid"');
  });

  test('statuses per operation: 200/201/204 plus the error envelope answers', () => {
    const statuses = (o: OpenAPIV3_1.OperationObject) => Object.keys(o.responses ?? {});
    expect(statuses(op('/api/articles', 'get'))).toEqual(['200', '400', '401', '403', '500']);
    expect(statuses(op('/api/articles', 'post'))).toEqual(['201', '400', '401', '403', '500']);
    expect(statuses(op('/api/articles/{documentId}', 'get'))).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(statuses(op('/api/articles/{documentId}', 'put'))).toEqual(['200', '400', '401', '403', '404', '500']);
    expect(statuses(op('/api/articles/{documentId}', 'delete'))).toEqual(['204', '400', '401', '403', '500']);
    expect(statuses(op('/api/global', 'get'))).toEqual(['200', '400', '401', '403', '404', '500']);
    const deleted = op('/api/articles/{documentId}', 'delete').responses?.['204'] as OpenAPIV3_1.ResponseObject;
    expect(deleted.content).toBeUndefined();
    expect(op('/api/articles', 'get').responses?.['200']).toEqual({
      description: 'A page of entries.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ArticleListResponse' } } },
    });
  });

  test('public access or a bearer API token', () => {
    expect(doc.security).toEqual([{}, { bearerAuth: [] }]);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('query parameters', () => {
  test('locale only on localized types, status only on draft & publish types', () => {
    expect(paramNames(op('/api/articles', 'get'))).toEqual([
      'fields', 'populate', 'filters', 'sort', 'pagination.page', 'pagination.pageSize', 'pagination.start',
      'pagination.limit', 'pagination.withCount', 'search', 'locale', 'status', 'responseFormat',
    ]);
    expect(paramNames(op('/api/authors', 'get'))).not.toContain('locale');
    expect(paramNames(op('/api/authors', 'get'))).not.toContain('status');
    expect(paramNames(op('/api/global', 'get'))).toEqual(['fields', 'populate', 'locale', 'responseFormat']);
    expect(paramNames(op('/api/homepage', 'get'))).toEqual(['fields', 'populate', 'status', 'responseFormat']);
    expect(paramNames(op('/api/articles/{documentId}', 'delete'))).toEqual(['locale']);
  });

  test('sort, fields and populate enumerate what each type allows', () => {
    const list = op('/api/articles', 'get');
    const sortItems = (param(list, 'sort').schema as Schema).items as Schema;
    expect(sortItems.enum).toEqual(expect.arrayContaining(['title', 'title:asc', 'title:desc', 'views:desc', 'locale:asc', 'documentId']));
    expect(sortItems.enum).not.toContain('category');
    expect(sortItems.enum).not.toContain('blocks');
    const fieldItems = (param(list, 'fields').schema as Schema).items as Schema;
    expect(fieldItems.enum).toEqual(['*', 'id', 'documentId', 'title', 'slug', 'description', 'body', 'content', 'views', 'rating', 'featured', 'publishDate', 'kind', 'metadata', 'createdAt', 'updatedAt', 'publishedAt', 'locale']);
    const populate = param(list, 'populate');
    expect((populate.schema as Schema).items).toEqual({ type: 'string', enum: ['*', 'category', 'author', 'tags', 'cover', 'gallery', 'seo', 'blocks', 'localizations'] });
    expect(populate.description).toContain('populate[category][fields][0]=name');
    expect(populate.description).toContain('[count]=true');
    const authorPopulate = (param(op('/api/authors', 'get'), 'populate').schema as Schema).items as Schema;
    expect(authorPopulate.enum).toEqual(['*', 'avatar', 'articles']);
  });

  test('filters are a deepObject with per-field properties, relations and components nested', () => {
    const filters = param(op('/api/articles', 'get'), 'filters');
    expect(filters).toMatchObject({ style: 'deepObject', explode: true, schema: { $ref: '#/components/schemas/ArticleFilters' } });
    const fields = props('ArticleFilters');
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(['id', 'documentId', 'title', 'views', 'category', 'seo', 'cover', 'locale', '$and', '$or', '$not']));
    expect(fields.blocks).toBeUndefined();
    expect(fields.category.$ref).toBe('#/components/schemas/CategoryFilters');
    expect(fields.seo.$ref).toBe('#/components/schemas/SharedSeoComponentFilters');
    expect(fields.views).toEqual({ anyOf: [{ type: 'integer' }, { $ref: '#/components/schemas/IntegerFilter' }] });
    expect(fields.kind).toEqual({ anyOf: [{ type: 'string', enum: ['news', 'review', 'opinion'] }, { $ref: '#/components/schemas/StringFilter' }] });
    expect(Object.keys(props('StringFilter'))).toEqual(expect.arrayContaining(['$eq', '$eqi', '$containsi', '$in', '$between', '$null', '$not']));
    expect(props('IntegerFilter').$contains).toBeUndefined();
  });

  test('pagination parameters use the bracket names Strapi reads', () => {
    expect(Object.values(doc.components?.parameters ?? {}).map((p) => ('name' in p ? p.name : ''))).toEqual([
      'pagination[page]', 'pagination[pageSize]', 'pagination[start]', 'pagination[limit]', 'pagination[withCount]', '_q', 'Strapi-Response-Format',
    ]);
  });
});

describe('write bodies', () => {
  test('POST and PUT take {data} with the create (required listed) and update (nothing required) inputs', () => {
    const body = (o: OpenAPIV3_1.OperationObject) => (o.requestBody as OpenAPIV3_1.RequestBodyObject).content['application/json'].schema;
    expect(body(op('/api/articles', 'post'))).toEqual({ type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/ArticleCreateInput' } } });
    expect(body(op('/api/articles/{documentId}', 'put'))).toEqual({ type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/ArticleUpdateInput' } } });
    expect(schema('ArticleCreateInput').required).toEqual(['title']);
    expect(schema('ArticleUpdateInput').required).toBeUndefined();
    expect(schema('ArticleCreateInput').additionalProperties).toBe(false);
  });

  test('relations accept documentId, id, {documentId}, lists and {connect, disconnect, set} with positions', () => {
    const input = props('ArticleCreateInput');
    expect(input.category.oneOf).toEqual([{ $ref: '#/components/schemas/RelationTarget' }, { $ref: '#/components/schemas/RelationOperations' }, { type: 'null' }]);
    expect(input.tags.oneOf).toEqual([
      { type: 'array', items: { $ref: '#/components/schemas/RelationTarget' } },
      { $ref: '#/components/schemas/RelationOperations' },
      { type: 'null' },
    ]);
    expect(Object.keys(props('RelationOperations'))).toEqual(['connect', 'disconnect', 'set']);
    expect(JSON.stringify(schema('RelationConnectItem'))).toContain('"before"');
    expect(input.cover.oneOf).toEqual([{ $ref: '#/components/schemas/MediaInput' }, { type: 'null' }]);
    expect(input.gallery).toMatchObject({ type: ['array', 'null'], items: { $ref: '#/components/schemas/MediaInput' } });
    expect(input.seo.oneOf).toEqual([{ $ref: '#/components/schemas/SharedSeoComponentInput' }, { type: 'null' }]);
    expect((input.blocks.items as Schema).discriminator).toMatchObject({ propertyName: '__component' });
  });
});
