#!/usr/bin/env node
// Engine-only differential for list filters: two content-mock builds (this checkout and `--cli PATH`, e.g. an export
// of main) serve the same generated dataset (scripts/bench/generate-dataset.mjs); random list URLs (filters through
// scalars, relations, media and components, with $and/$or/$not, sorts, pages, status, locale, _q and
// publicationFilter) are asked of both and the answers compared byte for byte. Every `--writes-every` reads, the same
// PUT goes to both (timestamps differ between the two servers, so `updatedAt`/`publishedAt` are masked then).
//
// node scripts/bench/filter-differential.mjs --cli <other checkout>/bin/content-mock.js [--articles 2000] [--urls 3000]
//   [--seed 1] [--writes-every 50]
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import qs from 'qs';
import { generateDataset, prng } from './generate-dataset.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const other = opt('cli');
if (!other) {
  console.error('filter-differential: --cli PATH (the content-mock build to compare with) is required');
  process.exit(2);
}
const articles = Number(opt('articles', 2000));
const urls = Number(opt('urls', 3000));
const seed = Number(opt('seed', 1));
const writesEvery = Number(opt('writes-every', 0));

const dir = join(tmpdir(), 'content-mock-filter-diff');
mkdirSync(dir, { recursive: true });
const seedFile = join(dir, `seed-${articles}.json`);
const dataset = generateDataset({ articles });
writeFileSync(seedFile, JSON.stringify(dataset));
const fixtures = join(root, 'test', 'fixtures', 'kit');

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
const children = [];
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
async function start(cli) {
  const port = await freePort();
  const args = [cli, 'serve', '--schemas', join(fixtures, 'model'), '--seed', seedFile, '--config'];
  args.push(join(fixtures, 'content-mock.config.json'), '--memory', '--quiet', '--no-watch', '--no-cache', '--port', String(port));
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'ignore' });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${url}/api/articles?pagination[pageSize]=1`)).ok) return url;
    } catch {
      /* not up yet */
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  throw new Error(`${cli} did not start`);
}
const [ours, theirs] = await Promise.all([start(join(root, 'bin', 'content-mock.js')), start(resolve(other))]);

const rand = prng(seed);
const int = (n) => Math.floor(rand() * n);
const pick = (list) => list[int(list.length)];
const chance = (p) => rand() < p;
const rowsOf = (uid) => Object.values(dataset.contentTypes[uid].documents).flatMap((byStatus) => Object.values(byStatus).flat());
const names = (uid) => [...new Set(rowsOf(uid).map((r) => r.name))];
const categoryNames = names('api::category.category');
const tagNames = names('api::tag.tag');
const authorNames = names('api::author.author');
const documentIds = [...new Set(rowsOf('api::article.article').map((r) => r.documentId))];
const words = ['lorem', 'ipsum', 'dolor', 'Sit', 'AMET', 'elit', 'x', '', 'a', 'fr)', '%', '_'];

const numberOps = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$notIn', '$between', '$null', '$notNull'];
const textOps = [
  '$eq',
  '$ne',
  '$eqi',
  '$nei',
  '$contains',
  '$containsi',
  '$notContains',
  '$startsWith',
  '$endsWith',
  '$in',
  '$null',
  '$lt',
];
const numberValue = (max) => (chance(0.1) ? pick(['abc', '', '1e3', '-1', '0x10']) : String(int(max)));
const opValue = (op, value) => {
  if (op === '$in' || op === '$notIn') return [value(), value(), ...(chance(0.2) ? [value()] : [])];
  if (op === '$between') return [value(), value()];
  if (op === '$null' || op === '$notNull') return pick(['true', 'false']);
  return value();
};
const leaf = (ops, value) => {
  const op = pick(ops);
  if (chance(0.1)) return value();
  const out = { [op]: opValue(op, value) };
  return chance(0.08) ? { $not: out } : out;
};
const scalarConditions = [
  () => ({ views: leaf(numberOps, () => numberValue(10_000)) }),
  () => ({ rating: leaf(numberOps, () => (rand() * 5).toFixed(int(3))) }),
  () => ({ featured: leaf(['$eq', '$ne', '$in', '$null'], () => pick(['true', 'false', '1', '0', 't'])) }),
  () => ({ kind: leaf(textOps, () => pick(['news', 'review', 'opinion', 'other', 'NEWS'])) }),
  () => ({ title: leaf(textOps, () => pick(words)) }),
  () => ({ publishDate: leaf(['$gt', '$lt', '$eq', '$null', '$between'], () => `2025-0${1 + int(9)}-1${int(9)}`) }),
  () => ({ id: leaf(numberOps, () => numberValue(articles * 2.5)) }),
  () => ({ documentId: leaf(['$eq', '$in', '$ne'], () => pick(documentIds)) }),
  () => ({ locale: leaf(['$eq', '$ne', '$in'], () => pick(['en', 'fr', 'de'])) }),
  () => ({ slug: leaf(['$containsi', '$startsWith', '$null'], () => pick(words)) }),
  () => ({ metadata: leaf(['$null', '$notNull', '$containsi'], () => pick(words)) }),
];
const relationConditions = [
  () => ({ category: { name: leaf(textOps, () => pick(categoryNames)) } }),
  () => ({ category: leaf(['$null', '$notNull', '$eq', '$in'], () => String(1 + int(25))) }),
  () => ({ category: { id: leaf(numberOps, () => numberValue(25)) } }),
  () => ({ tags: { name: leaf(textOps, () => pick(tagNames)) } }),
  () => ({ tags: { id: leaf(['$in', '$eq', '$lt'], () => numberValue(110)) } }),
  () => ({ author: { name: leaf(textOps, () => pick(authorNames)) } }),
  () => ({ author: { articles: { views: leaf(numberOps, () => numberValue(10_000)) } } }),
  () => ({ localizations: { locale: leaf(['$eq', '$ne'], () => pick(['en', 'fr'])) } }),
  () => ({ localizations: { views: leaf(numberOps, () => numberValue(10_000)) } }),
  () => ({ cover: { name: leaf(textOps, () => pick(['mountains', 'city', 'portrait', 'x'])) } }),
  () => ({ cover: leaf(['$null', '$notNull'], () => 'true') }),
  () => ({ gallery: { mime: leaf(['$eq', '$containsi'], () => pick(['image/png', 'pdf', 'image'])) } }),
  () => ({ seo: { metaTitle: leaf(textOps, () => pick(words)) } }),
  () => ({ category: { articles: { tags: { name: leaf(['$eq', '$in'], () => pick(tagNames)) } } } }),
];
function condition(depth = 0) {
  const r = rand();
  if (depth < 2 && r < 0.12) return { $or: [condition(depth + 1), condition(depth + 1), ...(chance(0.3) ? [condition(depth + 1)] : [])] };
  if (depth < 2 && r < 0.18) return { $and: [condition(depth + 1), condition(depth + 1)] };
  if (depth < 2 && r < 0.22) return { $not: condition(depth + 1) };
  return (r < 0.6 ? pick(scalarConditions) : pick(relationConditions))();
}
let last;
function makeUrl() {
  // the same list again, another page (what the server keeps per narrowing)
  if (last && chance(0.25)) {
    last.pagination = { page: 1 + int(5), pageSize: 1 + int(40) };
    return `/api/articles?${qs.stringify(last, { encodeValuesOnly: true })}`;
  }
  const query = {};
  last = query;
  const filters = {};
  for (let n = 1 + int(3); n > 0; n--) Object.assign(filters, condition());
  query.filters = filters;
  if (chance(0.6)) query.sort = pick(['title:asc', 'views:desc', 'id', 'rating:desc,title', 'category.name', 'publishDate:asc', 'kind']);
  query.pagination = { page: 1 + int(chance(0.3) ? 20 : 3), pageSize: 1 + int(40) };
  if (chance(0.15)) query.status = 'draft';
  if (chance(0.15)) query.locale = pick(['fr', '*', 'en']);
  if (chance(0.05)) query._q = pick(words);
  if (chance(0.05)) query.publicationFilter = pick(['modified', 'never-published', 'has-published-version']);
  if (chance(0.1)) query.fields = ['title', 'views'];
  return `/api/articles?${qs.stringify(query, { encodeValuesOnly: true })}`;
}

let wrote = false;
const mask = (text) => (wrote ? text.replace(/"(updatedAt|publishedAt)":"[^"]*"/g, '"$1":"…"') : text);
const ask = async (base, path, init) => {
  const res = await fetch(base + path, init);
  return `${res.status} ${mask(await res.text())}`;
};
let same = 0;
const tally = { nonEmpty: 0 };
const different = [];
for (let i = 0; i < urls; i++) {
  if (writesEvery > 0 && i > 0 && i % writesEvery === 0) {
    const documentId = pick(documentIds);
    const data = chance(0.5)
      ? { views: int(10_000), kind: pick(['news', 'review', 'opinion']) }
      : { title: `${pick(words)} edited`, category: chance(0.5) ? null : undefined, tags: [] };
    const init = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ data }) };
    const path = `/api/articles/${documentId}${chance(0.5) ? '?status=draft' : ''}`;
    await Promise.all([ask(ours, path, init), ask(theirs, path, init)]);
    wrote = true;
  }
  const path = makeUrl();
  const [a, b] = await Promise.all([ask(ours, path), ask(theirs, path)]);
  const status = a.slice(0, 3);
  tally[status] = (tally[status] ?? 0) + 1;
  if (status === '200' && !a.includes('"data":[]')) tally.nonEmpty++;
  if (a === b) same++;
  else different.push({ path, ours: a.slice(0, 300), theirs: b.slice(0, 300) });
}
console.log(
  JSON.stringify(
    { articles, urls, seed, writesEvery, same, different: different.length, answers: tally, examples: different.slice(0, 5) },
    null,
    2,
  ),
);
process.exit(different.length > 0 ? 1 : 0);
