import { describe, expect, test } from 'vitest';
import { StrapiError } from '../../src/core/errors/strapi-errors.js';
import { USER_UID } from '../../src/core/model/built-in-types.js';
import { findMany, findOne, parseQueryString } from '../../src/core/query/run-query.js';
import { miniIndex, OPTIONS } from './mini.js';

// Which mistake Strapi reports when a read holds several, and with which words and `at` path. Each expectation was
// observed on real Strapi 5.54 (the differential harness's classes, re-checked by hand on the same rules).

async function listError(query: string, route = 'books') {
  const index = await miniIndex();
  const type = route === 'users' ? index.model.contentTypes.get(USER_UID)! : index.model.byRoute.get(route)!;
  try {
    findMany(index, type, parseQueryString(query), OPTIONS);
  } catch (e) {
    if (e instanceof StrapiError) return { name: e.name, message: e.message, details: e.details };
    throw e;
  }
  return undefined;
}

const filtersKey = (key: string, path: string | null) => ({ key, path, source: 'query', param: 'filters' });

describe('invalid keys: the message, the path and which one wins', () => {
  test.each([
    // an operator under id/documentId (not attributes): no `at`
    ['filters[id][$foo]=x', 'Invalid key $foo', filtersKey('$foo', null)],
    ['filters[documentId][$exists]=x', 'Invalid key $exists', filtersKey('$exists', null)],
    // under a scalar: at the scalar
    ['filters[title][$regex]=x', 'Invalid key $regex at title', filtersKey('$regex', 'title')],
    // id inside a relation or component: at the relation, not at `writer.id`
    ['filters[writer][id][$foo]=x', 'Invalid key $foo at writer', filtersKey('$foo', 'writer')],
    ['filters[blurb][id][$exists]=x', 'Invalid key $exists at blurb', filtersKey('$exists', 'blurb')],
    // a private field: its own name is in the path
    ['filters[secret][$eq]=x', 'Invalid key secret', filtersKey('secret', 'secret')],
    ['filters[writer][books][secret]=x', 'Invalid key secret at writer.books.secret', filtersKey('secret', 'writer.books.secret')],
    // unknown keys anywhere are found before private fields anywhere (one whole pass each)
    ['filters[secret][$eq]=x&filters[title][$exists]=x', 'Invalid key $exists at title', filtersKey('$exists', 'title')],
    ['filters[$or][0][secret]=x&filters[$or][1][writer][nope]=x', 'Invalid key nope at writer', filtersKey('nope', 'writer')],
    // list items run side by side: the shallower mistake fails first, whatever its position
    ['filters[$or][0][title][$foo]=x&filters[$or][1][nope]=x', 'Invalid key nope', filtersKey('nope', null)],
    ['filters[$or][0][nope]=x&filters[$or][1][title][$foo]=x', 'Invalid key nope', filtersKey('nope', null)],
    // i18n's locale is a private field on a type without i18n
    ['fields[0]=title&filters[locale][$eq]=en', 'Invalid key locale', filtersKey('locale', 'locale')],
    // sort: a relation named with an order has the order read as a field of the target
    ['sort=writer:asc', 'Invalid key asc at writer', { key: 'asc', path: 'writer', source: 'query', param: 'sort' }],
    [
      'sort=writer.books.secret',
      'Invalid key secret at writer.books.secret',
      { key: 'secret', path: 'writer.books.secret', source: 'query', param: 'sort' },
    ],
    // fields: a relation is not a field
    ['fields[0]=writer', 'Invalid key writer', { key: 'writer', path: 'writer', source: 'query', param: 'fields' }],
    ['fields=title,', 'Invalid key ', { key: '', path: null, source: 'query', param: 'fields' }],
    // populate: a field that cannot be populated by its raw path, a private link by its attribute path
    [
      'populate[writer][populate][name]=true',
      'Invalid key name at writer.populate.name',
      { key: 'name', path: 'writer.populate.name', source: 'query', param: 'populate' },
    ],
    [
      'populate[writer][populate][updatedBy]=true',
      'Invalid key updatedBy at writer.updatedBy',
      { key: 'updatedBy', path: 'writer.updatedBy', source: 'query', param: 'populate' },
    ],
    ['populate[createdBy]=true', 'Invalid key createdBy', { key: 'createdBy', path: 'createdBy', source: 'query', param: 'populate' }],
    // inside populate, nested filters are validated from the populated type
    [
      'populate[writer][filters][books][secret]=x',
      'Invalid key secret at books.secret',
      { key: 'secret', path: 'books.secret', source: 'query', param: 'populate' },
    ],
  ])('%s', async (query, message, details) => {
    expect(await listError(query)).toEqual({ name: 'ValidationError', message, details });
  });

  test('a password is refused before a private field, and by name', async () => {
    expect(await listError('filters[$or][0][resetPasswordToken]=x&filters[$or][1][password]=x', 'users')).toMatchObject({
      message: 'Invalid key password',
    });
  });
});

describe('relations the caller may not read', () => {
  const noBooks = { ...OPTIONS, canRead: (uid: string) => uid !== 'api::book.book' };
  const error = async (query: string) => {
    const index = await miniIndex();
    try {
      findMany(index, index.model.byRoute.get('books')!, parseQueryString(query), noBooks);
    } catch (e) {
      return e instanceof StrapiError ? { message: e.message, details: e.details } : e;
    }
  };

  test.each([
    [
      'filters[writer][books][title]=x',
      'Invalid key books at writer.books',
      { key: 'books', path: 'writer.books', source: 'query', param: 'filters' },
    ],
    [
      'sort=writer.books.title',
      'Invalid key books at writer.books',
      { key: 'books', path: 'writer.books', source: 'query', param: 'sort' },
    ],
    // the sort's check belongs to the sort's validation: it comes before populate's
    [
      'sort=writer.books.title&populate[writer][filters][nope]=x',
      'Invalid key books at writer.books',
      { key: 'books', path: 'writer.books', source: 'query', param: 'sort' },
    ],
  ])('%s', async (query, message, details) => {
    expect(await error(query)).toEqual({ message, details });
  });
});

describe('the order of the checks', () => {
  test.each([
    // keys before status
    ['status=modified&fields[0]=nope', 'Invalid key nope'],
    ['status=modified&filters[secret]=x', 'Invalid key secret'],
    // the pagination form before status; status before start/limit; start/limit before the sort's order
    ['status=modified&pagination[page]=1&pagination[limit]=2', 'Cannot use both page & offset pagination in the same query'],
    ['sort=id:sideways&pagination[page]=3&pagination[limit]=2', 'Cannot use both page & offset pagination in the same query'],
    ['status=modified&pagination[start]=1.5', "Invalid parameter at 'status'. Expected 'published' or 'draft', received: modified"],
    ['sort=title:up&pagination[start]=1.5', "Invalid parameter at 'start'. Expected integer >= 0, received: 1.5"],
    // page/pageSize become start/limit first: `start` is checked, then `limit`
    ['pagination[page]=abc&pagination[pageSize]=1.5', "Invalid parameter at 'start'. Expected integer >= 0, received: NaN"],
    ['pagination[page]=4&pagination[pageSize]=1.5', "Invalid parameter at 'start'. Expected integer >= 0, received: 4.5"],
    ['pagination[start]=abc&pagination[limit]=1.5', "Invalid parameter at 'start'. Expected integer >= 0, received: NaN"],
    ['pagination[start]=2&pagination[limit]=1.5', "Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: 1.5"],
    // what only the database finds (a 500 in Strapi) comes after the conversion's checks
    ['filters[$or][title]=x&sort=id:sideways', 'Invalid order. order can only be one of asc|desc|ASC|DESC'],
    [
      'filters[$or][title]=x&pagination[start]=2&pagination[limit]=1.5',
      "Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: 1.5",
    ],
    // the database orders, then filters, then selects (`processState`), and a sort it cannot run fails when the query
    // runs: a filter value it cannot read comes first (a field path is the validator's, earlier still)
    ['sort=title.x&filters[updatedAt][$eq]=nope', 'Invalid format, expected a timestamp or an ISO date'],
    ['filters[updatedAt][$in][0]=0x10&fields=', 'Invalid format, expected a timestamp or an ISO date'],
    ['fields[0]=title.y&sort=title.x', 'Invalid key title.y'],
    // a filters string is refused by the conversion
    ['filters=', 'The filters parameter must be an object or an array'],
    ['filters=abc&pagination[start]=1.5', "Invalid parameter at 'start'. Expected integer >= 0, received: 1.5"],
    // withCount is read last
    ['status=modified&pagination[withCount]=x', "Invalid parameter at 'status'. Expected 'published' or 'draft', received: modified"],
    ['pagination[withCount]=TRUE', 'Invalid withCount parameter. Expected "t","1","true","false","0","f"'],
  ])('%s', async (query, message) => {
    expect((await listError(query))?.message).toBe(message);
  });

  test('a database-only failure is a 400 naming it, after every other check', async () => {
    const error = await listError('filters[$or][title]=x&pagination[withCount]=x');
    expect(error?.name).toBe('ValidationError');
    expect(error?.message).toMatch(/\$or/);
    const sortThroughScalar = await listError('sort=title.nope');
    expect(sortThroughScalar?.name).toBe('ValidationError');
  });
});

describe('queries Strapi accepts', () => {
  test.each([
    ['an empty sort field sorts nothing', 'sort=:asc'],
    ['an empty sort segment with any order', 'sort=:sideways,title'],
    ['an empty order in an object', 'sort[title]='],
    ['extra order parts after the first', 'sort=title:asc:desc'],
    ['status as a sort key on a draft & publish type', 'sort=status:asc'],
    // operands the validators do not walk are dropped by the conversion when nothing valid is left in them
    ['an unknown key in a $or object', 'filters[$or][nope][$eq]=x'],
    ['an object operand of $eq', 'filters[title][$eq][x]=1'],
    ['a bare filters key', 'filters'],
  ])('%s: %s', async (_name, query) => {
    expect(await listError(query)).toBeUndefined();
  });

  test('a fractional page gives the page Strapi computes from start and limit', async () => {
    const index = await miniIndex();
    const result = findMany(
      index,
      index.model.byRoute.get('books')!,
      parseQueryString('pagination[page]=1.5&pagination[pageSize]=2'),
      OPTIONS,
    );
    expect(result.meta.pagination).toEqual({ page: 1, pageSize: 2, pageCount: 3, total: 5 });
    expect(result.data.map((e) => e.title)).toEqual(['beta', 'Gamma 100%']);
  });

  test("findOne's documentId replaces a top-level documentId filter", async () => {
    const index = await miniIndex();
    const type = index.model.byRoute.get('books')!;
    const [first, second] = index.rows(type.uid).filter((r) => r.publishedAt !== null);
    const entry = findOne(index, type, first.documentId, parseQueryString(`filters[documentId]=${second.documentId}`), OPTIONS);
    expect(entry?.documentId).toBe(first.documentId);
  });

  test('findOne validates keys before status too', async () => {
    const index = await miniIndex();
    const type = index.model.byRoute.get('books')!;
    expect(() => findOne(index, type, 'x', parseQueryString('status=modified&fields[0]=nope'), OPTIONS)).toThrow('Invalid key nope');
  });
});
