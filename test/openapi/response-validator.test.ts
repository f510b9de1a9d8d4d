import { beforeAll, describe, expect, test } from 'vitest';
import { generateOpenApi } from '../../src/contract/openapi/generate.js';
import { createOperationMatcher } from '../../src/contract/openapi/match-operation.js';
import { createResponseValidator, type ResponseValidator } from '../../src/contract/openapi/response-validator.js';
import { goldenCases, loadKitModel, resolvePlaceholders, type GoldenCase } from './kit.js';
import { contentType, makeModel, relation, scalar } from './model-builder.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Mutable = { [key: string]: Json };

let validator: ResponseValidator;
let match: ReturnType<typeof createOperationMatcher>;
beforeAll(async () => {
  const document = generateOpenApi(await loadKitModel());
  validator = createResponseValidator(document);
  match = createOperationMatcher(document);
});

const cases = goldenCases();
const golden = (name: string): GoldenCase => {
  const c = cases.find((x) => x.name === name);
  if (c === undefined) throw new Error(`no golden case ${name}`);
  return c;
};

/** Walks a JSON path like `data.0.category` and returns the object holding the last key. */
function at(body: Json, path: string): { holder: Mutable | Json[]; key: string } {
  const keys = path.split('.');
  let node: Json = body;
  for (const k of keys.slice(0, -1)) {
    if (Array.isArray(node)) node = node[Number(k)];
    else if (typeof node === 'object' && node !== null) node = node[k];
    else throw new Error(`cannot walk ${path}`);
  }
  if (typeof node !== 'object' || node === null) throw new Error(`cannot walk ${path}`);
  return { holder: node, key: keys[keys.length - 1] };
}
const set = (path: string, value: Json) => (body: Json) => {
  const { holder, key } = at(body, path);
  if (Array.isArray(holder)) holder[Number(key)] = value;
  else holder[key] = value;
};
const remove = (path: string) => (body: Json) => {
  const { holder, key } = at(body, path);
  if (!Array.isArray(holder)) delete holder[key];
};

function validateMutated(name: string, mutate: (body: Json) => void) {
  const c = golden(name);
  const body = structuredClone(c.response) as Json;
  mutate(body);
  return validator.validate({ method: c.method, path: resolvePlaceholders(c.path), status: c.status, body });
}

describe('mutated Strapi answers are rejected, with a JSON path to the problem', () => {
  test.each([
    ['a wrong scalar type', 'sort-title-default-direction', set('data.0.title', 123), '$.data[0].title', 'must be string or null'],
    ['a missing id', 'sort-title-default-direction', remove('data.1.id'), '$.data[1].id', 'is required but missing'],
    ['a missing documentId', 'sort-title-default-direction', remove('data.2.documentId'), '$.data[2].documentId', 'is required but missing'],
    ['a made-up key in a closed entry', 'sort-title-default-direction', set('data.0.madeUp', 1), '$.data[0].madeUp', 'is not allowed: the schema lists no such property'],
    ['a password leaking into a findOne', 'crud-minimal-get-published', set('data.password', 'x'), '$.data.password', 'is not allowed'],
    ['a numeric documentId', 'sort-title-default-direction', set('data.0.documentId', 7), '$.data[0].documentId', 'must be string'],
    ['a date that is not yyyy-MM-dd', 'populate-star', set('data.0.publishDate', '10/05/2024'), '$.data[0].publishDate', 'must match format "date"'],
    ['an enumeration value not in the schema', 'populate-star', set('data.0.kind', 'rumor'), '$.data[0].kind', 'must be one of ["news","review","opinion",null]'],
    ['a wrong type inside a populated relation', 'populate-object-true', set('data.0.category.name', 5), '$.data[0].category.name', 'must be string or null'],
    ['a made-up key inside a populated relation', 'populate-object-true', set('data.0.category.madeUp', 5), '$.data[0].category.madeUp', 'is not allowed'],
    ['a populated relation without id', 'populate-object-true', remove('data.0.category.id'), '$.data[0].category.id', 'is required but missing'],
    ['a to-one relation given a string', 'populate-object-true', set('data.0.category', 'abc'), '$.data[0].category', 'must be object or null'],
    ['a to-many relation given null', 'populate-array-form', set('data.0.tags', null), '$.data[0].tags', 'must be array or object'],
    ['a count that is not a number', 'populate-count-relation', set('data.0.tags', { count: 'one' }), '$.data[0].tags.count', 'must be integer'],
    ['a media file with an unknown key', 'populate-media-single', set('data.1.cover.sizeInBytes', 5), '$.data[1].cover.sizeInBytes', 'is not allowed'],
    ['a media format with a numeric url', 'populate-media-single', set('data.1.cover.formats.thumbnail.url', 5), '$.data[1].cover.formats.thumbnail.url', 'must be string'],
    ['a component with a wrong type', 'populate-component', set('data.0.seo.metaTitle', false), '$.data[0].seo.metaTitle', 'must be string or null'],
    ['a zone item with a made-up key', 'single-homepage-populate-blocks', set('data.blocks.0.madeUp', 1), '$.data.blocks[0].madeUp', 'is not allowed'],
    ['a locale on a type that is not localized', 'populate-star-authors', set('data.0.locale', 'en'), '$.data[0].locale', 'is not allowed'],
    ['a non-integer page', 'sort-title-default-direction', set('meta.pagination.page', 'one'), '$.meta.pagination.page', 'must be integer'],
    ['meta without pagination on a list', 'sort-title-default-direction', set('meta', {}), '$.meta.pagination', 'is required but missing'],
    ['a findOne meta that is not empty', 'single-global-get', set('meta.pagination', {}), '$.meta.pagination', 'is not allowed'],
    ['an error envelope without message', 'errors-findone-unknown-documentid', remove('error.message'), '$.error.message', 'is required but missing'],
    ['an error envelope whose data is not null', 'errors-findone-unknown-documentid', set('data', {}), '$.data', 'must be null'],
    ['an error envelope with a made-up key', 'errors-findone-unknown-documentid', set('error.code', 'E1'), '$.error.code', 'is not allowed'],
    ['an error status that disagrees with the HTTP status', 'errors-findone-unknown-documentid', set('error.status', 400), '$.error.status', 'must be 404'],
    ['an error envelope with details that are not an object', 'errors-findone-unknown-documentid', set('error.details', 'none'), '$.error.details', 'must be object'],
  ] as const)('%s', (_title, name, mutate, path, message) => {
    expect(validateMutated(name, () => undefined)).toMatchObject({ ok: true });
    const result = validateMutated(name, mutate);
    expect(result.ok).toBe(false);
    expect(result.errors).toContainEqual({ path, message: expect.stringContaining(message) });
  });

  test('a dynamic-zone entry of a component the zone does not declare passes (Strapi returns what a draft stored); a declared one is held to its own fields', () => {
    const undeclared = { id: 99, __component: 'shared.seo', metaTitle: 'stored before the zone changed' };
    expect(validateMutated('single-homepage-populate-blocks', set('data.blocks.0', undeclared))).toMatchObject({ ok: true });
    const result = validateMutated('single-homepage-populate-blocks', set('data.blocks.0', { id: 1, __component: 'shared.quote', title: 5 }));
    expect(result.errors).toContainEqual({ path: '$.data.blocks[0].title', message: expect.stringContaining('must be string') });
  });

  test('a oneOf failure is reported once, at the branch the value was meant for', () => {
    const result = validateMutated('populate-object-true', set('data.0.category.name', 5));
    expect(result.errors).toEqual([{ path: '$.data[0].category.name', message: 'must be string or null' }]);
  });
});

describe('which operation and status a response is checked against', () => {
  test.each([
    ['GET', '/api/articles', 'GET /api/articles'],
    ['GET', '/api/articles?populate=*&filters[title][$eq]=a/b', 'GET /api/articles'],
    ['get', '/api/articles/hw8dvqai65sh0rf7wo7fzgmw', 'GET /api/articles/{documentId}'],
    ['PUT', '/api/articles/1', 'PUT /api/articles/{documentId}'],
    ['GET', '/api/global?locale=fr', 'GET /api/global'],
    ['POST', '/api/global', 'POST /api/global'],
  ])('%s %s → %s', (method, path, expected) => {
    const found = match(method, path);
    expect(found && `${found.method.toUpperCase()} ${found.template}`).toBe(expected);
  });

  test('path parameters are decoded', () => {
    expect(match('GET', '/api/articles/a%20b')?.params).toEqual({ documentId: 'a b' });
  });

  test.each([
    ['GET', '/api/nope'],
    ['GET', '/api/articles/abc/extra'],
    ['PATCH', '/api/articles/abc'],
    ['BREW', '/api/articles'],
  ])('%s %s matches nothing', (method, path) => {
    expect(match(method, path)).toBeUndefined();
    expect(validator.validate({ method, path, status: 404, body: null })).toMatchObject({ ok: false, errors: [{ path: '$', message: expect.stringContaining('no documented operation') }] });
  });

  test('an undocumented status is an error', () => {
    expect(validator.validate({ method: 'GET', path: '/api/articles', status: 418, body: {} })).toEqual({
      ok: false,
      errors: [{ path: '$', message: 'status 418 is not documented for GET /api/articles' }],
      operation: 'GET /api/articles',
    });
  });

  test('204 must have no body', () => {
    expect(validator.validate({ method: 'DELETE', path: '/api/articles/x', status: 204, body: null }).ok).toBe(true);
    expect(validator.validate({ method: 'DELETE', path: '/api/articles/x', status: 204, body: '' }).ok).toBe(true);
    expect(validator.validate({ method: 'DELETE', path: '/api/articles/x', status: 204, body: { data: null } })).toMatchObject({
      ok: false,
      errors: [{ path: '$', message: expect.stringContaining('has no body') }],
    });
  });

  test('405 answers are plain text', () => {
    expect(validator.validate({ method: 'POST', path: '/api/global', status: 405, body: 'Method Not Allowed', contentType: 'text/plain; charset=utf-8' }).ok).toBe(true);
    expect(validator.validate({ method: 'PUT', path: '/api/articles', status: 405, body: 'Method Not Allowed' }).ok).toBe(true);
    expect(validator.validate({ method: 'PUT', path: '/api/articles', status: 405, body: { error: 1 }, contentType: 'application/json' })).toMatchObject({
      ok: false,
      errors: [{ path: '$', message: expect.stringContaining('application/json is not documented') }],
    });
  });

  test('a JSON answer with no body is an error', () => {
    expect(validator.validate({ method: 'GET', path: '/api/articles', status: 200, body: undefined })).toMatchObject({
      ok: false,
      errors: [{ path: '$', message: 'status 200 of GET /api/articles must have a body' }],
    });
  });

  test('validateSchema checks one component schema by name', () => {
    expect(validator.validateSchema('RelationCount', { count: 2 })).toEqual({ ok: true, errors: [] });
    expect(validator.validateSchema('RelationCount', { count: -1 })).toMatchObject({ ok: false, errors: [{ path: '$.count', message: 'must be >= 0' }] });
    expect(validator.validateSchema('Nope', {})).toMatchObject({ ok: false, errors: [{ path: '$', message: 'no component schema named Nope' }] });
  });
});

test('a relation target with an attribute named `count` is still told apart from a { count } answer', () => {
  const model = makeModel([
    contentType('post', [relation('box', 'api::box.box', false)]),
    contentType('box', [scalar('count', 'integer')]),
  ]);
  const v = createResponseValidator(generateOpenApi(model));
  const page = { pagination: { page: 1, pageSize: 25 } };
  const list = (box: Json) => ({ data: [{ id: 1, documentId: 'p1', box }], meta: page });
  const check = (box: Json) => v.validate({ method: 'GET', path: '/api/posts', status: 200, body: list(box) });
  expect(check({ id: 2, documentId: 'b2', count: 5 })).toMatchObject({ ok: true });
  expect(check({ count: 1 })).toMatchObject({ ok: true });
  expect(check(null)).toMatchObject({ ok: true });
  expect(check({ id: 2, documentId: 'b2', count: 'five' })).toMatchObject({ ok: false });
});
