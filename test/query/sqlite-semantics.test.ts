import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../src/core/errors/strapi-errors.js';
import { findMany, parseQueryString } from '../../src/core/query/run-query.js';
import { ContentIndex } from '../../src/core/data/content-index.js';
import { miniData, miniIndex, OPTIONS, titles } from './mini.js';

// Rules found by differential testing against Strapi 5.54 on SQLite (scripts/differential.mjs): how values are
// stored decides what string operators, casts and sorts see.
describe('stored values as SQLite sees them', () => {
  test.each([
    ['string operators see a boolean as 1/0, not true/false', 'filters[inPrint][$containsi]=t', []],
    ['… so $contains 1 finds the true rows', 'filters[inPrint][$contains]=1', ['Alpha', 'delta_x']],
    ['$eqi compares the uncast text (f is not 0)', 'filters[inPrint][$eqi]=f', []],
    ['$nei on a boolean keeps every non-NULL row', 'filters[inPrint][$nei]=false', ['Alpha', 'beta', 'delta_x', 'Épsilon']],
    ['a datetime is epoch milliseconds to LIKE', 'filters[createdAt][$contains]=2025-01-03', []],
    ['a boolean operand outside true/t/1/false/f/0 is truthy', 'filters[inPrint][$eq]=yes', ['Alpha', 'delta_x']],
    ['a non-numeric id operand matches nothing (no cast, no error)', 'filters[id][$eq]=abc', []],
  ])('%s: %s', async (_name, query, expected) => {
    expect(await titles(query)).toEqual(expected);
  });

  // JSON columns have NUMERIC affinity: numbers stay numbers, a string is stored as its raw text.
  test.each([
    ['JSON numbers compare as numbers, before any text', 'filters[extra][$lt]=10', ['beta']],
    ['a JSON string is stored unquoted', 'filters[extra][$startsWith]=plain', ['Gamma 100%']],
    ['$eq on a JSON string matches its raw text', 'filters[extra][$eq]=plain text', ['Gamma 100%']],
    ['JSON sorts numbers first, then text by bytes', 'filters[extra][$notNull]=true&sort=extra', ['beta', 'Gamma 100%', 'Alpha']],
  ])('%s: %s', async (_name, query, expected) => {
    const base = await miniIndex();
    const data = miniData();
    const books = data.types['api::book.book'];
    books[1] = { ...books[1], extra: 7 };
    books[2] = { ...books[2], extra: 'plain text' };
    const index = new ContentIndex(base.model, data);
    const type = index.model.byRoute.get('books')!;
    expect(findMany(index, type, parseQueryString(query), OPTIONS).data.map((e) => e.title)).toEqual(expected);
  });
});

describe('sort and parameters', () => {
  test('a to-many sort orders by MIN ascending and MAX descending', async () => {
    const index = await miniIndex();
    const writers = index.model.byRoute.get('writers')!;
    const names = (q: string) => findMany(index, writers, parseQueryString(q), OPTIONS).data.map((e) => e.name);
    // Ann wrote Alpha + "Gamma 100%", bob wrote beta + Épsilon: bytes order A < G < b < É
    expect(names('sort=books.title:asc')).toEqual(['Ann', 'bob']);
    expect(names('sort=books.title:desc')).toEqual(['bob', 'Ann']);
  });
  test('the direction of a sort is trimmed', async () => {
    expect(await titles('sort=title: desc&fields[0]=title')).toEqual(['Épsilon', 'delta_x', 'beta', 'Gamma 100%', 'Alpha']);
  });
  test('an empty status reads drafts', async () => {
    expect(await titles('status=')).toEqual(['Zeta draft']);
  });
  test.each([
    ['a fractional page size', 'pagination[pageSize]=2.5', "Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: 2.5"],
    ['a fractional limit', 'pagination[limit]=1.5', "Invalid parameter at 'limit'. Expected integer >= 1 or -1, received: 1.5"],
    ['fields as an object', 'fields[title]=true', 'Invalid fields parameter. Expected a string or an array of strings'],
    ['a comma inside a fields list item', 'fields[0]=title,pages', 'Invalid fields parameter. Expected a string or an array of strings'],
    ['an empty field name', 'fields[0]=', 'Invalid key '],
    ['filters that are not an object', 'filters=abc', 'The filters parameter must be an object or an array'],
  ])('%s is a 400: %s', async (_name, query, message) => {
    const error = await titles(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(message);
  });
  test('locale on a type without i18n is a known key Strapi refuses (details.path set)', async () => {
    const error = await titles('sort=locale').catch((e: unknown) => e);
    expect((error as ValidationError).details).toEqual({ key: 'locale', path: 'locale', source: 'query', param: 'sort' });
  });
});
