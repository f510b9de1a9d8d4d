import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MockServer } from '../../src/mock/create-server.js';
import { KIT_TOKEN, startKitServer } from '../helpers/kit.js';

// HTTP-level rules on the kit's localized `article` type (the mini fixture has no i18n). Every expectation is
// computed from a plain listing of the same data, never copied from an answer.
type Row = { id: number; documentId: string; locale: string; title?: string };
type Body = { data: unknown; error?: { message: string; details: Record<string, unknown> }; meta?: { pagination: { total: number } } };

let server: MockServer;
let url: string;
const get = async (path: string): Promise<{ status: number; body: Body }> => {
  const res = await fetch(url + path, { headers: { authorization: `Bearer ${KIT_TOKEN}` } });
  return { status: res.status, body: (await res.json()) as Body };
};
const rows = async (path: string): Promise<Row[]> => (await get(path)).body.data as Row[];
/** Every published article row, all locales. */
const allRows = () => rows('/api/articles?locale=*&fields[0]=locale&fields[1]=title&pagination[pageSize]=100&sort=id:asc');

beforeAll(async () => ({ server, url } = await startKitServer()));
afterAll(() => server.close());

describe('localizations as a join in filters and sort', () => {
  test('filters[localizations][locale] keeps the rows whose document has a row in that locale, any status', async () => {
    const all = await allRows();
    // the join links every row of the document, drafts included
    const drafts = await rows('/api/articles?locale=*&status=draft&fields[0]=locale&pagination[pageSize]=100');
    const defaultLocale = (await rows('/api/articles?fields[0]=locale&pagination[pageSize]=1'))[0].locale;
    const other = all.find((r) => r.locale !== defaultLocale)!.locale;
    const docsWithOther = new Set([...all, ...drafts].filter((r) => r.locale === other).map((r) => r.documentId));
    const expected = all.filter((r) => r.locale === defaultLocale && docsWithOther.has(r.documentId)).map((r) => r.id);
    const got = await rows(
      `/api/articles?filters[localizations][locale][$eq]=${other}&fields[0]=locale&pagination[pageSize]=100&sort=id:asc`,
    );
    expect(got.map((r) => r.id)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });

  test('sort through localizations is accepted and keeps the same rows', async () => {
    const plain = await rows('/api/articles?fields[0]=title&pagination[pageSize]=100&sort=id:asc');
    const { status, body } = await get('/api/articles?fields[0]=title&pagination[pageSize]=100&sort=localizations.title:asc');
    expect(status).toBe(200);
    expect((body.data as Row[]).map((r) => r.id).sort((a, b) => a - b)).toEqual(plain.map((r) => r.id));
  });
});

describe('a top-level filters[locale] replaces the locale parameter', () => {
  test('without a locale parameter it selects that locale, not the default one', async () => {
    const all = await allRows();
    const locale = all[all.length - 1].locale;
    const expected = all.filter((r) => r.locale === locale).map((r) => r.id);
    expect(
      (await rows(`/api/articles?filters[locale][$eq]=${locale}&fields[0]=locale&pagination[pageSize]=100&sort=id:asc`)).map((r) => r.id),
    ).toEqual(expected);
  });

  test('it wins over an explicit locale parameter', async () => {
    const all = await allRows();
    const locales = [...new Set(all.map((r) => r.locale))];
    expect(locales.length).toBeGreaterThan(1);
    const [a, b] = locales;
    const expected = all.filter((r) => r.locale === b).map((r) => r.id);
    expect(
      (await rows(`/api/articles?locale=${a}&filters[locale][$eq]=${b}&fields[0]=locale&pagination[pageSize]=100&sort=id:asc`)).map(
        (r) => r.id,
      ),
    ).toEqual(expected);
  });
});

describe('populated localizations leave out every row of the batch (i18n: id NOT IN the loaded rows)', () => {
  test("a page holding two locales of one document does not list them as each other's localizations", async () => {
    const all = await allRows();
    const byDoc = new Map<string, Row[]>();
    for (const r of all) byDoc.set(r.documentId, [...(byDoc.get(r.documentId) ?? []), r]);
    const [x, y] = [...byDoc.values()].find((list) => list.length >= 3)!.map((r) => r.locale);
    const page = await rows(
      `/api/articles?locale[0]=${x}&locale[1]=${y}&fields[0]=locale&populate[localizations][fields][0]=locale&pagination[pageSize]=100&sort=id:asc`,
    );
    const pageIds = new Set(page.map((r) => r.id));
    for (const entry of page as (Row & { localizations: Row[] })[]) {
      const expected = (byDoc.get(entry.documentId) ?? [])
        .filter((r) => !pageIds.has(r.id))
        .map((r) => r.id)
        .sort((p, q) => p - q);
      expect(entry.localizations.map((r) => r.id).sort((p, q) => p - q)).toEqual(expected);
    }
  });
});
