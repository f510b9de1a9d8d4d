import { describe, expect, test } from 'vitest';
import { parseDate, parseDateTime, parseTime } from '../../src/core/query/strapi-dates.js';
import { titles } from './mini.js';

// What Strapi 5.54's database layer accepts in a filter on a datetime, date or time column (observed on real Strapi:
// `filters[createdAt][$gt]=<value>` answers 200 or 400 "Invalid format, expected a timestamp or an ISO date").
describe('datetime values', () => {
  test.each([
    ['2026', Date.UTC(2026, 0, 1)],
    ['2026-11', Date.UTC(2026, 10, 1)],
    ['20261124', Date.UTC(2026, 10, 24)],
    ['2026-11-24 10:00', Date.UTC(2026, 10, 24, 10)],
    ['2026-11-24T10:00:00+02:00', Date.UTC(2026, 10, 24, 8)],
    ['2026-001', Date.UTC(2026, 0, 1)],
    ['2026-W01-1', Date.UTC(2025, 11, 29)],
    ['1697795469000', 1697795469000],
    ['5 ', 5],
    ['-5', -5],
  ])('%s is accepted', (text, expected) => {
    expect(parseDateTime(text)).toBe(expected);
  });

  test.each([' 5', '12:00', 'abc', '2026-366', '2026-11-24T25:00', '1e3', '2024/01/02'])('%s is refused', (text) => {
    expect(parseDateTime(text)).toBeUndefined();
  });
});

describe('date and time values', () => {
  test.each([
    ['2024-02-29', { date: '2024-02-29' }],
    ['2024-01-10T10:00:00Z', { date: '2024-01-10' }],
    ['2024-13-45', { error: 'Invalid format, expected yyyy-MM-dd' }],
    ['2023-02-30', { error: 'Invalid date' }],
  ])('date %s', (text, expected) => {
    expect(parseDate(text)).toEqual(expected);
  });

  test.each([
    ['10:04:00', '10:04:00.000'],
    ['04:36:00.0', '04:36:00.000'],
    ['23:59:59.123', '23:59:59.123'],
    ['10:4', undefined],
    ['10:00', undefined],
    ['24:00:00', undefined],
  ])('time %s', (text, expected) => {
    expect(parseTime(text)).toBe(expected);
  });
});

describe('in a filter', () => {
  test('a datetime with a leading space is a 400, a timestamp in milliseconds is a value', async () => {
    await expect(titles('filters[createdAt][$gt]=%205')).rejects.toThrow('Invalid format, expected a timestamp or an ISO date');
    expect(await titles('filters[createdAt][$gt]=0&sort=id')).toHaveLength(5);
  });

  test('a date that does not exist names it', async () => {
    await expect(titles('filters[released][$eq]=2023-02-30')).rejects.toThrow('Invalid date');
  });
});
