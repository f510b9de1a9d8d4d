import { describe, expect, test } from 'vitest';
import { PaginationError, ValidationError } from '../../src/core/errors/strapi-errors.js';
import { findMany, parseQueryString } from '../../src/core/query/run-query.js';
import { miniIndex, OPTIONS, titles } from './mini.js';

describe('sort', () => {
  test.each([
    ['default direction is asc; strings by bytes (upper case first)', 'sort=title', ['Alpha', 'Gamma 100%', 'beta', 'delta_x', 'Épsilon']],
    [':asc suffix', 'sort=title:asc', ['Alpha', 'Gamma 100%', 'beta', 'delta_x', 'Épsilon']],
    [':desc', 'sort=title:desc', ['Épsilon', 'delta_x', 'beta', 'Gamma 100%', 'Alpha']],
    ['direction in any case', 'sort=title:DESC', ['Épsilon', 'delta_x', 'beta', 'Gamma 100%', 'Alpha']],
    ['NULLs first ascending, ties in id order', 'sort=pages', ['Gamma 100%', 'Épsilon', 'Alpha', 'beta', 'delta_x']],
    ['NULLs last descending', 'sort=pages:desc', ['beta', 'delta_x', 'Alpha', 'Épsilon', 'Gamma 100%']],
    ['comma list', 'sort=pages:desc,title:desc', ['delta_x', 'beta', 'Alpha', 'Épsilon', 'Gamma 100%']],
    ['array', 'sort[0]=pages:desc&sort[1]=title:desc', ['delta_x', 'beta', 'Alpha', 'Épsilon', 'Gamma 100%']],
    ['object', 'sort[title]=desc', ['Épsilon', 'delta_x', 'beta', 'Gamma 100%', 'Alpha']],
    ['array of objects', 'sort[0][pages]=desc&sort[1][id]=desc', ['delta_x', 'beta', 'Alpha', 'Épsilon', 'Gamma 100%']],
    ['booleans: false before true, NULL first', 'sort=inPrint,id', ['Gamma 100%', 'beta', 'Épsilon', 'Alpha', 'delta_x']],
    ['dates', 'sort=released:desc', ['Épsilon', 'beta', 'Alpha', 'delta_x', 'Gamma 100%']],
    ['decimals', 'sort=price', ['delta_x', 'Épsilon', 'Alpha', 'Gamma 100%', 'beta']],
    ['a relation by dot path', 'sort=writer.name:desc,id:asc', ['beta', 'Épsilon', 'Alpha', 'Gamma 100%', 'delta_x']],
    ['a relation by object path', 'sort[writer][name]=asc', ['delta_x', 'Alpha', 'Gamma 100%', 'beta', 'Épsilon']],
  ])('%s: %s', async (_name, query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  test.each([
    ['an unknown field', 'sort=nope', 'Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'sort' }],
    ['a relation without a field', 'sort=writer', 'Invalid key writer', { key: 'writer', path: 'writer', source: 'query', param: 'sort' }],
    ['a dynamic zone', 'sort=body', 'Invalid key body', { key: 'body', path: 'body', source: 'query', param: 'sort' }],
    ['a private field', 'sort=secret', 'Invalid key secret', { key: 'secret', path: 'secret', source: 'query', param: 'sort' }],
    ['a bad direction', 'sort=title:up', 'Invalid order. order can only be one of asc|desc|ASC|DESC', {}],
  ])('%s is a 400', async (_name, query, message, details) => {
    const error = await titles(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(message);
    expect((error as ValidationError).details).toEqual(details);
  });
});

async function meta(query: string, limits = OPTIONS.limits) {
  const index = await miniIndex();
  const result = findMany(index, index.model.byRoute.get('books')!, parseQueryString(query), { ...OPTIONS, limits });
  return { meta: result.meta.pagination, count: result.data.length };
}

describe('pagination', () => {
  test.each([
    ['defaults', '', { page: 1, pageSize: 25, pageCount: 1, total: 5 }, 5],
    ['page and pageSize', 'pagination[page]=2&pagination[pageSize]=2', { page: 2, pageSize: 2, pageCount: 3, total: 5 }, 2],
    ['last partial page', 'pagination[page]=3&pagination[pageSize]=2', { page: 3, pageSize: 2, pageCount: 3, total: 5 }, 1],
    ['page past the end', 'pagination[page]=9&pagination[pageSize]=2', { page: 9, pageSize: 2, pageCount: 3, total: 5 }, 0],
    ['page 0 becomes 1', 'pagination[page]=0&pagination[pageSize]=2', { page: 1, pageSize: 2, pageCount: 3, total: 5 }, 2],
    ['pageSize 0 becomes 1', 'pagination[pageSize]=0', { page: 1, pageSize: 1, pageCount: 5, total: 5 }, 1],
    ['pageSize above maxLimit is clamped', 'pagination[pageSize]=1000', { page: 1, pageSize: 100, pageCount: 1, total: 5 }, 5],
    ['a pageSize that is not a number becomes maxLimit', 'pagination[pageSize]=abc', { page: 1, pageSize: 100, pageCount: 1, total: 5 }, 5],
    ['start and limit', 'pagination[start]=1&pagination[limit]=2', { start: 1, limit: 2, total: 5 }, 2],
    ['limit -1 gives one row', 'pagination[limit]=-1', { start: 0, limit: 1, total: 5 }, 1],
    ['limit 0 gives one row', 'pagination[limit]=0', { start: 0, limit: 1, total: 5 }, 1],
    ['negative start becomes 0', 'pagination[start]=-3&pagination[limit]=2', { start: 0, limit: 2, total: 5 }, 2],
    ['start past the end', 'pagination[start]=50', { start: 50, limit: 25, total: 5 }, 0],
    ['withCount=false drops total and pageCount', 'pagination[withCount]=false&pagination[pageSize]=2', { page: 1, pageSize: 2 }, 2],
    ['withCount=0 in offset mode', 'pagination[withCount]=0&pagination[limit]=2', { start: 0, limit: 2 }, 2],
    ['unknown pagination keys are ignored', 'pagination[foo]=1', { page: 1, pageSize: 25, pageCount: 1, total: 5 }, 5],
  ])('%s', async (_name, query, expected, count) => {
    expect(await meta(query)).toEqual({ meta: expected, count });
  });

  test('config: defaultLimit and maxLimit', async () => {
    expect(await meta('', { defaultLimit: 2, maxLimit: 3, withCount: true })).toEqual({
      meta: { page: 1, pageSize: 2, pageCount: 3, total: 5 },
      count: 2,
    });
    expect(await meta('pagination[pageSize]=10', { defaultLimit: 2, maxLimit: 3, withCount: true })).toEqual({
      meta: { page: 1, pageSize: 3, pageCount: 2, total: 5 },
      count: 3,
    });
    expect(await meta('', { defaultLimit: 25, maxLimit: null, withCount: false })).toEqual({ meta: { page: 1, pageSize: 25 }, count: 5 });
  });

  test.each([
    [
      'mixing page and offset',
      'pagination[page]=1&pagination[start]=0',
      PaginationError,
      'Cannot use both page & offset pagination in the same query',
    ],
    [
      'a page that is not a number',
      'pagination[page]=abc',
      ValidationError,
      "Invalid parameter at 'start'. Expected integer >= 0, received: NaN",
    ],
    [
      'page outside pagination[]',
      'page=2',
      ValidationError,
      'Invalid pagination parameters. Cannot use both page-based (page, pageSize) and offset-based (start, limit) pagination in the same query.',
    ],
    [
      'a bad withCount',
      'pagination[withCount]=maybe',
      ValidationError,
      'Invalid withCount parameter. Expected "t","1","true","false","0","f"',
    ],
  ])('%s is a 400', async (_name, query, kind, message) => {
    const error = await meta(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(kind);
    expect((error as Error).message).toBe(message);
  });
});
