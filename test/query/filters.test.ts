import { describe, expect, test } from 'vitest';
import { ValidationError } from '../../src/core/errors/strapi-errors.js';
import { titles } from './mini.js';

// One row per operator and form: the query string a frontend sends → the titles Strapi (on SQLite) returns.
describe('filters', () => {
  test.each([
    ['implicit $eq', 'filters[title]=beta', ['beta']],
    ['$eq is case-sensitive', 'filters[title][$eq]=BETA', []],
    ['$eq with a list behaves as $in', 'filters[title][$eq][0]=Alpha&filters[title][$eq][1]=beta', ['Alpha', 'beta']],
    ['$eqi folds ASCII case', 'filters[title][$eqi]=BETA', ['beta']],
    ['$ne excludes NULL rows, as SQL does', 'filters[genre][$ne]=novel', ['beta', 'Gamma 100%']],
    ['$nei', 'filters[genre][$nei]=NOVEL', ['beta', 'Gamma 100%']],
    ['$lt on integers (string operand cast)', 'filters[pages][$lt]=100', ['Épsilon']],
    ['$lte', 'filters[pages][$lte]=100', ['Alpha', 'Épsilon']],
    ['$gt', 'filters[pages][$gt]=100', ['beta', 'delta_x']],
    ['$gte on decimals', 'filters[price][$gte]=15.25', ['beta', 'Gamma 100%']],
    ['$lte on dates', 'filters[released][$lte]=2024-01-10', ['Alpha', 'delta_x']],
    ['$gte on datetimes', 'filters[createdAt][$gte]=2025-01-02T00:00:00.000Z', ['delta_x']],
    ['$in', 'filters[genre][$in][0]=essay&filters[genre][$in][1]=poetry', ['beta', 'Gamma 100%']],
    ['$in with one scalar', 'filters[genre][$in]=essay', ['beta']],
    ['$notIn excludes NULL rows', 'filters[genre][$notIn][0]=novel', ['beta', 'Gamma 100%']],
    ['$contains is ASCII case-insensitive (SQLite LIKE)', 'filters[title][$contains]=ALP', ['Alpha']],
    ['$contains keeps % literal', 'filters[title][$contains]=%25', ['Gamma 100%']],
    ['$contains keeps _ literal', 'filters[title][$contains]=_', ['delta_x']],
    ['$contains does not fold non-ASCII', 'filters[title][$contains]=épsilon', []],
    ['$notContains', 'filters[title][$notContains]=a', ['Épsilon']],
    ['$containsi', 'filters[title][$containsi]=GAMMA', ['Gamma 100%']],
    ['$notContainsi (É is not E to SQLite)', 'filters[title][$notContainsi]=E', ['Alpha', 'Gamma 100%', 'Épsilon']],
    ['$startsWith', 'filters[title][$startsWith]=b', ['beta']],
    ['$startsWithi', 'filters[title][$startsWithi]=D', ['delta_x']],
    ['$endsWith', 'filters[title][$endsWith]=A', ['Alpha', 'beta']],
    ['$endsWithi', 'filters[title][$endsWithi]=X', ['delta_x']],
    ['$null=true', 'filters[genre][$null]=true', ['delta_x']],
    ['$null=false', 'filters[pages][$null]=false', ['Alpha', 'beta', 'delta_x', 'Épsilon']],
    ['$notNull=true', 'filters[price][$notNull]=true', ['Alpha', 'beta', 'Gamma 100%', 'Épsilon']],
    ['$notNull=false', 'filters[price][$notNull]=false', ['delta_x']],
    ['$between is inclusive', 'filters[pages][$between][0]=50&filters[pages][$between][1]=100', ['Alpha', 'Épsilon']],
    ['booleans: true', 'filters[inPrint][$eq]=true', ['Alpha', 'delta_x']],
    ['booleans: 1', 'filters[inPrint]=1', ['Alpha', 'delta_x']],
    ['$not on a field excludes NULL rows', 'filters[inPrint][$not][$eq]=true', ['beta', 'Épsilon']],
    ['$not at the root', 'filters[$not][inPrint][$eq]=true', ['beta', 'Épsilon']],
    ['$or', 'filters[$or][0][pages][$lt]=60&filters[$or][1][genre][$eq]=poetry', ['Gamma 100%', 'Épsilon']],
    ['$and', 'filters[$and][0][pages][$eq]=250&filters[$and][1][inPrint][$eq]=true', ['delta_x']],
    [
      'nested logic',
      'filters[$or][0][$and][0][genre]=novel&filters[$or][0][$and][1][pages][$gt]=60&filters[$or][1][title]=beta',
      ['Alpha', 'beta'],
    ],
    ['id', 'filters[id][$in][0]=1&filters[id][$in][1]=3', ['Alpha', 'Gamma 100%']],
    ['through a relation', 'filters[writer][name][$eq]=Ann', ['Alpha', 'Gamma 100%']],
    ['a relation with no link is NULL', 'filters[writer][$null]=true', ['delta_x']],
    ['the inverse side', 'filters[writer][books][title][$eq]=Alpha', ['Alpha', 'Gamma 100%']],
    ['json equals its text', 'filters[extra][$notNull]=true', ['Alpha']],
  ])('%s: %s', async (_name, query, expected) => {
    expect(await titles(`${query}&sort=id:asc`)).toEqual(expected);
  });

  test.each([
    ['an unknown field', 'filters[nope][$eq]=1', 'Invalid key nope', { key: 'nope', path: null, source: 'query', param: 'filters' }],
    [
      'an unknown operator',
      'filters[title][$foo]=1',
      'Invalid key $foo at title',
      { key: '$foo', path: 'title', source: 'query', param: 'filters' },
    ],
    [
      'operators are case-sensitive',
      'filters[title][$EQ]=1',
      'Invalid key $EQ at title',
      { key: '$EQ', path: 'title', source: 'query', param: 'filters' },
    ],
    ['a dynamic zone', 'filters[body][text][$eq]=1', 'Invalid key body', { key: 'body', path: 'body', source: 'query', param: 'filters' }],
    [
      'a private field',
      'filters[secret][$eq]=1',
      'Invalid key secret',
      { key: 'secret', path: 'secret', source: 'query', param: 'filters' },
    ],
    [
      'a field under a relation',
      'filters[writer][nope]=1',
      'Invalid key nope at writer',
      { key: 'nope', path: 'writer', source: 'query', param: 'filters' },
    ],
  ])('%s is a 400 ValidationError with Strapi details', async (_name, query, message, details) => {
    const error = await titles(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(message);
    expect((error as ValidationError).details).toEqual(details);
  });

  test.each([
    ['a word in a number filter', 'filters[pages][$eq]=abc'],
    ['an empty number', 'filters[pages][$eq]='],
    ['the string null in a number filter', 'filters[pages][$eq]=null'],
    ['$or given an object', 'filters[$or][pages][$lt]=100'],
    ['$between with one value', 'filters[pages][$between][0]=1'],
  ])('where real Strapi answers 500, content-mock answers 400: %s', async (_name, query) => {
    const error = await titles(query).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message.length).toBeGreaterThan(10);
  });
});
