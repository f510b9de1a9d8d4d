// "A new URL per request" (issue 26's definition of cold): for each benchmarked query, a generator of URLs of the
// same shape that differ from one request to the next, so nothing the server keeps by URL (its parsed query strings,
// rows rendered for a query shape, the filtered list of a filter value) can answer for the engine. What varies:
//   list              the page and the page size (20–30 rows: 25 on average);
//   filter+sort+page  the `views` bound, the order of the `$in` kinds and the page;
//   deep filter       the category and the two tags of the `$in`;
//   populate=* (25)   the page, and populate=* written as its eight attributes (localizations included) in one of
//                     their 40,320 orders: the first URL's answer is populate=*'s bytes (the bench checks it), the
//                     others hold the same entries, their populated attributes in the order asked;
//   findOne+populate  the document and the order of its three populate keys (six query strings: the parse of each
//                     is kept, the document's rendered row is not).
// Rows kept as their scalars' JSON (a list without populate or fields) are kept per row, whatever the URL: the list's
// new-URL figure still reads them (a data cache, valid until the row's table changes).
// Deterministic: the i-th URL of a query is the same on every run (a small seeded PRNG).
import { prng } from './generate-dataset.mjs';

/** The attributes populate=* populates on the kit's article, as populate keys. */
export const ARTICLE_POPULATE = ['category', 'author', 'tags', 'cover', 'gallery', 'seo', 'blocks', 'localizations'];

export const shuffled = (list, rand) => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
};

/**
 * Per query key (list, filter, deep, populate, findOne), a function of a request counter giving its URL's path. The
 * URL of counter 0 is the query's representative (the ceiling answers its bytes): the average page size, the first
 * order. `targets`: pickQueryTargets(dataset).
 */
export function newUrlMakers(targets) {
  const { categoryNames, tagNames, documentIds, publishedRows } = targets;
  const enc = encodeURIComponent;
  let listPairs;
  const maker = (seed, make) => {
    const rand = prng(seed);
    const int = (n) => Math.floor(rand() * n);
    return (i) => make(i, int, rand);
  };
  return {
    list: maker(1, (i, int, rand) => {
      if (i === 0) return '/api/articles?pagination[page]=1&pagination[pageSize]=25';
      // every (page, size) pair once before any comes again: thousands of requests apart, more than the server keeps
      listPairs ??= shuffled(
        Array.from({ length: Math.floor(publishedRows / 30) * 11 }, (_, n) => [1 + Math.floor(n / 11), 20 + (n % 11)]),
        rand,
      );
      const [page, size] = listPairs[i % listPairs.length];
      return `/api/articles?pagination[page]=${page}&pagination[pageSize]=${size}`;
    }),
    filter: maker(2, (i, int) => {
      const kinds = ['news', 'review', 'opinion'];
      const a = i === 0 ? 0 : int(3);
      const b = i === 0 ? 1 : (a + 1 + int(2)) % 3;
      const views = i === 0 ? 1000 : 500 + int(1001);
      return (
        `/api/articles?filters[views][$gt]=${views}&filters[kind][$in][0]=${kinds[a]}&filters[kind][$in][1]=${kinds[b]}` +
        `&sort=title:asc&pagination[page]=${i === 0 ? 3 : 1 + int(5)}&pagination[pageSize]=25`
      );
    }),
    deep: maker(3, (i, int) => {
      const category = categoryNames[i === 0 ? 0 : int(categoryNames.length)];
      const t1 = i === 0 ? 0 : int(tagNames.length);
      const t2 = (t1 + 1 + (i === 0 ? 0 : int(tagNames.length - 1))) % tagNames.length;
      return `/api/articles?filters[category][name][$eq]=${enc(category)}&filters[tags][name][$in][0]=${enc(tagNames[t1])}&filters[tags][name][$in][1]=${enc(tagNames[t2])}`;
    }),
    populate: maker(4, (i, int, rand) => {
      const keys = i === 0 ? ARTICLE_POPULATE : shuffled(ARTICLE_POPULATE, rand);
      const pages = Math.floor(publishedRows / 25);
      return `/api/articles?${keys.map((k) => `populate[${k}]=true`).join('&')}&pagination[pageSize]=25&pagination[page]=${1 + (i === 0 ? 0 : int(pages))}`;
    }),
    findOne: maker(5, (i, int, rand) => {
      const keys = ['populate[category]=true', 'populate[tags]=true', 'populate[seo][populate]=*'];
      const documentId = documentIds[i === 0 ? 0 : int(documentIds.length)];
      return `/api/articles/${documentId}?${(i === 0 ? keys : shuffled(keys, rand)).join('&')}`;
    }),
  };
}
