import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ContentModel } from '../../src/core/model/types.js';
import { loadModel } from '../../src/project/load-model.js';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { validateDocument } from '../../src/contract/openapi/validate-document.js';
import { createResponseValidator } from '../../src/contract/openapi/response-validator.js';
import { generateTypes } from '../../src/contract/types/generate-types.js';
import { createServer, type MockServer } from '../../src/mock/create-server.js';

// A model whose types and components are named like the document's own schemas (test/fixtures/models/clashing-names):
// types `error`, `error-response`, `error-list`, `upload-file`, `user` (beside the users & permissions user),
// `response`, `list-meta`, `string-filter`, `shared-seo-component`, and components `error.response`, `shared.seo`,
// `upload.file`. Every item keeps one family of names, none shared, and built-in names never move.
const dir = join(import.meta.dirname, '..', 'fixtures', 'models', 'clashing-names');
let doc: OpenAPIV3_1.Document;
let model: ContentModel;
let server: MockServer;
let url: string;
beforeAll(async () => {
  model = await loadModel(dir, { locales: [{ code: 'en', name: 'English', isDefault: true }] });
  doc = generateOpenApi(model);
  server = await createServer({ schemas: dir, config: join(dir, 'content-mock.config.json'), memory: true, seedIfEmpty: true });
  ({ url } = await server.listen(0, '127.0.0.1'));
});
afterAll(() => server.close());

const schemas = () => doc.components?.schemas ?? {};
const props = (name: string) => Object.keys((schemas()[name] as OpenAPIV3_1.SchemaObject).properties ?? {});

test('the document is valid (swagger-parser and every schema compiled)', async () => {
  await expect(validateDocument(doc)).resolves.toBeUndefined();
});

test('built-in schemas keep their names and shapes', () => {
  expect(props('ErrorResponse')).toEqual(['data', 'error']);
  expect(props('UploadFile')).toContain('url');
  expect(props('ListMeta')).toEqual(['pagination']);
  expect(schemas().StringFilter).toBeDefined();
});

test('a type whose names meet a built-in or an earlier item takes its whole family under a free base', () => {
  // api::error-list sorts before api::error: its single response is ErrorListResponse
  expect(props('ErrorList')).toContain('label');
  expect(props('ErrorDocument')).toContain('code');
  for (const suffix of ['CreateInput', 'UpdateInput', 'Filters', 'ListResponse', 'Response']) expect(schemas()[`ErrorDocument${suffix}`]).toBeDefined();
  expect(props('ErrorResponseDocument')).toContain('message');
  expect(props('UploadFileDocument')).toContain('media');
  expect(props('ListMetaDocument')).toContain('total');
  expect(props('StringFilterDocument')).toContain('pattern');
  // api::user.user sorts before the plugin's user, which yields
  expect(props('User')).toContain('nickname');
  expect(props('UserDocument')).toContain('email');
  expect(props('Response')).toContain('body');
  expect(props('ResponseResponse')).toEqual(['data', 'meta']);
  expect(props('SharedSeoComponent')).toContain('title');
  expect(props('SharedSeo2Component')).toContain('metaTitle');
  expect(props('ErrorResponseComponent')).toEqual(['id', 'status', 'message']);
  expect(props('UploadFileComponent')).toContain('caption');
});

test('operations point at their own type', () => {
  const ok = (path: string) =>
    (doc.paths?.[path]?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject).content?.['application/json'].schema;
  expect(ok('/api/errors')).toEqual({ $ref: '#/components/schemas/ErrorDocumentListResponse' });
  expect(ok('/api/error-lists')).toEqual({ $ref: '#/components/schemas/ErrorListListResponse' });
  expect(ok('/api/response')).toEqual({ $ref: '#/components/schemas/ResponseResponse' });
});

test('the served document and docs page answer, and served answers validate against it', async () => {
  const served = await fetch(`${url}/openapi.json`);
  expect(served.status).toBe(200);
  const document = (await served.json()) as OpenAPIV3_1.Document;
  expect((await fetch(`${url}/docs`)).status).toBe(200);
  const validator = createResponseValidator(document);
  const token = 'clash-full-access-key-0123456789abcdef';
  for (const path of ['/api/errors?populate=*', '/api/upload-files?populate=*', '/api/user-accounts', '/api/response?populate=*']) {
    const res = await fetch(url + path, { headers: { authorization: `Bearer ${token}` } });
    const result = validator.validate({ method: 'GET', path, status: res.status, body: await res.json() });
    expect([path, result.ok, result.ok ? [] : result.errors]).toEqual([path, true, []]);
  }
});

test('types name each item by its uid: one registry entry each', () => {
  const text = generateTypes(model);
  for (const uid of ['api::error.error', 'api::user.user', 'plugin::users-permissions.user', 'shared.seo', 'error.response'])
    expect(text.split(`  ${JSON.stringify(uid)}: {`).length - 1).toBe(1);
});
