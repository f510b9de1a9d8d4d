// Read-only requests, generated deterministically from a seed. Every request is a plain GET path (qs bracket syntax,
// values URL-encoded). Grouped so the summary can say where differences cluster.
import { rng } from './rng.mjs';

const e = encodeURIComponent;
const A1 = 'hw8dvqai65sh0rf7wo7fzgmw',
  A3 = 'kpla6nj5hiv4bpes9opi2ord',
  A4 = 'j9ba3d3c06o0hfihsqar1ptw';
const AUTHOR_ALAN = 'z2sbgs8ge2g9tj40yztcmqtt',
  CAT_TECH = 'c8tll7118alwlbneibhkmurg',
  TAG_GQL = 'vi8clpdf2l4x8nutyc5tczcv';

// candidate values per scalar field of article (and a few of the other types)
const VALUES = {
  title: ['Hello World', 'hello', 'STRAPI', 'Zebra Crossing', 'é', 'o', 'the'],
  slug: ['hello-world', 'hello', 'the-', 'ing'],
  description: ['a', 'the', 'Article', 'draft'],
  content: ['the', '#', 'a'],
  views: ['2000', '894', '4353', '0', '3071'],
  rating: ['2.5', '3.3', '0.5', '4', '2.03'],
  featured: ['true', 'false', '1', '0', 't', 'f'],
  publishDate: ['2024-05-10', '2024-03-01', '2024-12-25'],
  kind: ['news', 'review', 'Review', 'opinion'],
  metadata: ['5', 'plain string metadata', '11', 'readingTime'],
  id: ['2', '17', '40', '8'],
  documentId: [A1, A4, 'xx14', 'w'],
  createdAt: ['2025-01-01T00:05:00.000Z', '2025-01-01T00:20:00.000Z', '2025-01-01T00:11:00.000Z'],
  updatedAt: ['2025-01-01T00:05:00.000Z', '2025-01-01T01:01:00.000Z'],
  publishedAt: ['2025-01-01T00:05:01.000Z', '2025-01-01T00:20:01.000Z'],
  locale: ['fr', 'en', 'FR', 'de'],
};
const SCALAR_OPS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
];
const NULL_OPS = ['$null', '$notNull'];
const LIST_OPS = ['$in', '$notIn', '$between'];

const list = (type, ...params) => `/api/${type}?${params.filter(Boolean).join('&')}`;
const page100 = 'pagination[pageSize]=100';

export function readCases(seed) {
  const r = rng(seed);
  const out = [];
  const add = (group, path) => out.push({ group, method: 'GET', path });

  // --- every operator on every scalar field ---------------------------------------------------------------------
  for (const [field, vals] of Object.entries(VALUES)) {
    const show = ['id', 'documentId'].includes(field) ? 'title' : field;
    const base = [`sort=id:asc`, `fields[0]=${show}`, page100, field === 'locale' ? 'locale=*' : ''];
    for (const op of SCALAR_OPS) add('filter-ops', list('articles', `filters[${field}][${op}]=${e(r.pick(vals))}`, ...base));
    for (const op of NULL_OPS) add('filter-ops', list('articles', `filters[${field}][${op}]=${r.pick(['true', 'false'])}`, ...base));
    for (const op of LIST_OPS) {
      const [a, b] = r.sample(vals, 2).sort();
      add('filter-ops', list('articles', `filters[${field}][${op}][0]=${e(a)}`, `filters[${field}][${op}][1]=${e(b)}`, ...base));
    }
    add('filter-ops', list('articles', `filters[${field}]=${e(r.pick(vals))}`, ...base));
    add('filter-ops', list('articles', 'status=draft', `filters[${field}][$not][$eq]=${e(r.pick(vals))}`, ...base));
  }
  // other types' scalars: email, uid on a non-localized type, string with unique
  for (const op of [...SCALAR_OPS, '$null', '$notNull']) {
    add(
      'filter-ops',
      list(
        'authors',
        `filters[email][${op}]=${e(op.includes('ull') ? 'true' : r.pick(['example.com', 'ada@example.com', '.org', 'A']))}`,
        'sort=id:asc',
        'fields[0]=email',
      ),
    );
    add(
      'filter-ops',
      list(
        'categories',
        `filters[slug][${op}]=${e(op.includes('ull') ? 'false' : r.pick(['travel', 'food', 'y', 'T']))}`,
        'sort=id:asc',
        'fields[0]=slug',
      ),
    );
  }

  // --- logical combinations -------------------------------------------------------------------------------------
  const leaf = () => {
    const field = r.pick(['title', 'views', 'rating', 'featured', 'kind', 'publishDate', 'description']);
    const op = r.pick(['$eq', '$ne', '$gt', '$lt', '$containsi', '$null', '$in']);
    if (op === '$null') return [[`[${field}][$null]`, r.pick(['true', 'false'])]];
    if (op === '$in') return r.sample(VALUES[field], 2).map((v, i) => [`[${field}][$in][${i}]`, v]);
    return [[`[${field}][${op}]`, r.pick(VALUES[field])]];
  };
  const tree = (depth) => {
    const kind = depth <= 0 ? 'leaf' : r.pick(['leaf', '$and', '$or', '$not', 'implicit']);
    if (kind === 'leaf') return leaf();
    if (kind === '$not') return tree(depth - 1).map(([k, v]) => [`[$not]${k}`, v]);
    if (kind === 'implicit') return [...tree(depth - 1), ...tree(depth - 1)];
    const n = r.int(1, 3);
    const parts = [];
    for (let i = 0; i < n; i++) for (const [k, v] of tree(depth - 1)) parts.push([`[${kind}][${i}]${k}`, v]);
    return parts;
  };
  for (let i = 0; i < 50; i++) {
    const pairs = tree(r.int(1, 3));
    add(
      'logic',
      list(
        'articles',
        ...pairs.map(([k, v]) => `filters${k}=${e(v)}`),
        r.pick(['', 'status=draft', 'locale=*']),
        'sort=id:asc',
        'fields[0]=title',
        page100,
      ),
    );
  }

  // --- deep filters: relations both ways, components, media ---------------------------------------------------
  const deep = [
    ['articles', 'filters[category][name][$eq]=travel'],
    ['articles', 'filters[category][slug][$startsWith]=t'],
    ['articles', 'filters[category][id][$in][0]=1&filters[category][id][$in][1]=3'],
    ['articles', `filters[category][documentId][$ne]=${CAT_TECH}`],
    ['articles', 'filters[category][$null]=true'],
    ['articles', 'filters[category][$notNull]=true'],
    ['articles', 'filters[category][id][$null]=true'],
    ['articles', 'filters[category][name][$null]=true'],
    ['articles', 'filters[category]=1'],
    ['articles', 'filters[category][id]=2'],
    ['articles', 'filters[tags][name][$eq]=testing'],
    ['articles', 'filters[tags][name][$ne]=testing'],
    ['articles', 'filters[tags][name][$notIn][0]=testing'],
    ['articles', 'filters[tags][$null]=true'],
    ['articles', 'filters[tags][id][$null]=true'],
    ['articles', 'filters[tags][id][$notNull]=true'],
    ['articles', 'filters[tags][name][$not][$eq]=testing'],
    ['articles', 'filters[$not][tags][name][$eq]=testing'],
    ['articles', 'filters[tags][name][$containsi]=S&filters[tags][name][$startsWith]=T'],
    ['articles', 'filters[$and][0][tags][name][$eq]=GraphQL&filters[$and][1][tags][name][$eq]=databases'],
    ['articles', `filters[tags][documentId][$eq]=${TAG_GQL}`],
    ['articles', 'filters[author][email][$endsWith]=.org'],
    ['articles', 'filters[author][email][$null]=true'],
    ['articles', `filters[author][documentId]=${AUTHOR_ALAN}`],
    ['articles', 'filters[author][articles][views][$gt]=4500'],
    ['articles', 'filters[category][articles][tags][name][$eq]=rest'],
    ['articles', 'filters[seo][metaTitle][$containsi]=seo'],
    ['articles', 'filters[seo][metaDescription][$null]=true'],
    ['articles', 'filters[seo][$null]=true'],
    ['articles', 'filters[seo][$notNull]=true'],
    ['articles', 'filters[seo][id][$notNull]=true'],
    ['articles', 'filters[seo][links][label][$containsi]=link'],
    ['articles', 'filters[seo][links][url][$null]=false'],
    ['articles', 'filters[seo][links][$null]=true'],
    ['articles', 'filters[seo][shareImage][name][$eq]=portrait.png'],
    ['articles', 'filters[cover][name][$eq]=mountains.png'],
    ['articles', 'filters[cover][mime][$startsWith]=image'],
    ['articles', 'filters[cover][width][$gt]=500'],
    ['articles', 'filters[cover][$notNull]=true'],
    ['articles', 'filters[cover][id][$eq]=2'],
    ['articles', 'filters[gallery][name][$endsWith]=.txt'],
    ['articles', 'filters[gallery][$null]=true'],
    ['articles', 'filters[gallery][ext][$in][0]=.png'],
    ['articles', 'filters[localizations][locale][$eq]=fr'],
    ['articles', 'filters[localizations][title][$containsi]=strapi'],
    ['articles', 'filters[localizations][$null]=true'],
    ['articles', 'locale=fr&filters[localizations][locale][$eq]=de'],
    ['articles', 'status=draft&filters[category][name][$eq]=Technology'],
    ['articles', 'status=draft&filters[tags][name][$eq]=GraphQL'],
    ['articles', 'locale=fr&filters[tags][name][$eq]=testing'],
    ['articles', 'locale=fr&filters[category][$null]=true'],
    ['categories', 'filters[articles][title][$containsi]=the'],
    ['categories', 'filters[articles][$null]=true'],
    ['categories', 'filters[articles][id][$null]=true'],
    ['categories', 'filters[articles][kind][$eq]=news'],
    ['categories', 'filters[articles][publishedAt][$null]=true'],
    ['categories', 'filters[articles][locale][$eq]=fr'],
    ['categories', 'status=draft&filters[articles][views][$gt]=4600'],
    ['authors', 'filters[articles][tags][name][$eq]=rest'],
    ['authors', 'filters[avatar][$null]=true'],
    ['authors', 'filters[avatar][name][$eq]=portrait.png'],
    ['authors', 'filters[articles][$notNull]=true'],
    ['authors', 'filters[articles][featured][$eq]=true&filters[articles][kind][$eq]=news'],
    ['tags', 'filters[articles][title][$eq]=Hello World'],
    ['tags', 'filters[articles][$null]=true'],
    ['tags', 'filters[articles][category][name][$eq]=travel'],
    ['tags', 'filters[articles][id][$gt]=60'],
    ['global', 'filters[defaultSeo][metaTitle][$null]=false'],
    ['global', 'filters[favicon][$null]=true'],
    ['global', 'filters[siteName][$eq]=nope'],
    ['homepage', 'filters[heading][$null]=false'],
    ['homepage', 'filters[blocks][title][$eq]=x'],
  ];
  for (const [type, f] of deep) {
    const show = type === 'articles' ? 'title' : type === 'global' ? 'siteName' : type === 'homepage' ? 'heading' : 'name';
    add('deep', list(type, f, 'sort=id:asc', `fields[0]=${show}`, type === 'global' || type === 'homepage' ? '' : page100));
  }
  return [...out, ...moreReadCases(r)];
}

import { moreReadCases } from './reads-more.mjs';
