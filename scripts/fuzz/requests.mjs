// Seeded hostile requests for content-mock, shared by the fuzz test (test/http/fuzz.test.ts, a few thousand) and
// the long run (scripts/fuzz.mjs, 100,000 and more). Every request is a client's doing: whatever it holds, the
// answer must be a 2xx-4xx, never a 5xx, and the server must stay up. Same seed → same requests.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rng } from '../differential/rng.mjs';

/** What the generator aims at: routes, attribute names per route, components, known documentIds. */
export function vocabularyOf(modelDir, datasetFile) {
  const types = [];
  const apiDir = join(modelDir, 'api');
  for (const api of readdirSync(apiDir)) {
    const ctDir = join(apiDir, api, 'content-types');
    for (const name of readdirSync(ctDir)) {
      const schema = JSON.parse(readFileSync(join(ctDir, name, 'schema.json'), 'utf8'));
      types.push({
        uid: `api::${api}.${name}`,
        route: schema.kind === 'singleType' ? schema.info.singularName : schema.info.pluralName,
        single: schema.kind === 'singleType',
        attributes: Object.entries(schema.attributes).map(([n, a]) => ({ name: n, ...a })),
      });
    }
  }
  const components = [];
  const compDir = join(modelDir, 'components');
  for (const category of readdirSync(compDir)) {
    for (const file of readdirSync(join(compDir, category))) {
      const schema = JSON.parse(readFileSync(join(compDir, category, file), 'utf8'));
      components.push({
        uid: `${category}.${file.replace(/\.json$/, '')}`,
        attributes: Object.entries(schema.attributes).map(([n, a]) => ({ name: n, ...a })),
      });
    }
  }
  const documentIds = [];
  if (datasetFile) {
    const dataset = JSON.parse(readFileSync(datasetFile, 'utf8'));
    for (const t of Object.values(dataset.contentTypes)) {
      for (const byStatus of Object.values(t.documents)) {
        for (const rows of Object.values(byStatus)) for (const row of [rows].flat()) if (row?.documentId) documentIds.push(row.documentId);
      }
    }
  }
  return { types, components, documentIds: [...new Set(documentIds)] };
}

const OPERATORS = [
  '$eq',
  '$eqi',
  '$ne',
  '$nei',
  '$lt',
  '$lte',
  '$gt',
  '$gte',
  '$in',
  '$notIn',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$null',
  '$notNull',
  '$between',
  '$or',
  '$and',
  '$not',
  '$nope',
  '$where',
  '$regex',
];
const NASTY_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '$',
  '',
  ' ',
  '0',
  '-1',
  'id',
  'documentId',
  'locale',
  'localizations',
  'createdAt',
  'publishedAt',
  'password',
  'createdBy',
  'updatedBy',
  '*',
  '[',
  ']',
  '%00',
  'a.b',
  'filters',
  'populate',
];
const NASTY_VALUES = [
  '',
  ' ',
  '0',
  '-0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '9007199254740993',
  '0x10',
  'true',
  'false',
  'null',
  'undefined',
  '*',
  '%',
  '_',
  '\\',
  "'",
  '"',
  '%00',
  '%ff',
  '%E2%80%A8',
  '%uD800',
  '..%2F..%2Fetc%2Fpasswd',
  '2025-13-45',
  '2025-01-01T00:00:00Z',
  'é',
  '😀',
  'a'.repeat(300),
  '[object Object]',
  '{}',
  '[]',
];

/** One generator per seed: call `next()` for a request `{ method, path, headers, body }`. */
export function hostileRequests(vocabulary, seed) {
  const r = rng(seed);
  const { types, components, documentIds } = vocabulary;
  const collections = types.filter((t) => !t.single);
  const attrName = (t) => (r.next() < 0.85 && t.attributes.length ? r.pick(t.attributes).name : r.pick(NASTY_KEYS));
  const scalar = () =>
    r.pick([
      () => r.pick(NASTY_VALUES),
      () => String(r.int(-5, 50)),
      () => r.pick(documentIds) ?? 'x',
      () => encodeURIComponent(r.pick(NASTY_VALUES)),
    ])();
  const enc = (s) => (r.next() < 0.7 ? encodeURIComponent(s) : s);

  /** `prefix[a][b]=v` pairs for a random nested structure. */
  function nested(prefix, depth, makeKey) {
    if (depth <= 0 || r.next() < 0.3) return [`${prefix}=${enc(scalar())}`];
    const out = [];
    for (let i = r.int(1, 3); i > 0; i--) {
      const key = r.next() < 0.15 ? String(r.int(0, 3)) : makeKey();
      out.push(...nested(`${prefix}[${enc(key)}]`, depth - 1, makeKey));
    }
    return out;
  }

  function queryFor(type) {
    const parts = [];
    const keyOf = () => (r.next() < 0.5 ? r.pick(OPERATORS) : attrName(r.pick(types)));
    const n = r.int(0, 5);
    for (let i = 0; i < n; i++) {
      switch (r.int(0, 11)) {
        case 0:
        case 1:
          parts.push(...nested(`filters[${enc(attrName(type))}]`, r.int(1, 6), keyOf));
          break;
        case 2:
          parts.push(`sort=${enc(`${attrName(type)}${r.pick(['', ':asc', ':desc', ':sideways', '.name', '.id:desc'])}`)}`);
          break;
        case 3:
          parts.push(...nested('sort', r.int(1, 3), () => attrName(type)));
          break;
        case 4:
          parts.push(r.next() < 0.5 ? `fields=${enc(attrName(type))}` : `fields[${r.int(0, 2)}]=${enc(attrName(type))}`);
          break;
        case 5:
          parts.push(`populate=${enc(r.pick(['*', attrName(type), `${attrName(type)}.${attrName(r.pick(types))}`, '**', '']))}`);
          break;
        case 6:
          parts.push(
            ...nested(`populate[${enc(attrName(type))}]`, r.int(1, 8), () =>
              r.pick([
                'populate',
                'filters',
                'sort',
                'fields',
                'on',
                'count',
                attrName(r.pick(types)),
                r.pick(components.map((c) => c.uid)),
              ]),
            ),
          );
          break;
        case 7:
          parts.push(`pagination[${r.pick(['page', 'pageSize', 'start', 'limit', 'withCount', 'nope'])}]=${enc(scalar())}`);
          break;
        case 8:
          parts.push(
            `${r.pick(['locale', 'status', '_q', 'hasPublishedVersion', 'publicationFilter', 'count', 'ordering'])}=${enc(scalar())}`,
          );
          break;
        case 9:
          parts.push(`${enc(r.pick(NASTY_KEYS))}${r.pick(['', '[]', '[0]', '[a][b]'])}=${enc(scalar())}`);
          break;
        case 10:
          parts.push(r.pick(['filters[$or][0]', 'filters', 'populate[', 'sort]]', '&&&', '=', '%', '%%', '[]=1', 'a[=1', 'filters[a]]=1']));
          break;
        default:
          parts.push(`filters${'[$or][0]'.repeat(r.int(1, 30))}[${enc(attrName(type))}]=1`);
      }
    }
    return parts.length ? `?${parts.join('&')}` : '';
  }

  function valueFor(attribute, depth) {
    if (depth > 4 || !attribute) return r.pick([null, 1, 'x', true, [], {}, { toString: 1 }]);
    const doc = () => r.pick([r.pick(documentIds), 'nope', 1, -1, null, { toString: 1, valueOf: 1 }, { $ne: null }, ['x'], 1e308]);
    switch (attribute.type) {
      case 'relation':
      case 'media':
        return r.pick([
          () => doc(),
          () => [doc(), doc()],
          () => ({ documentId: doc() }),
          () => ({ id: doc() }),
          () => ({
            [r.pick(['connect', 'disconnect', 'set', 'nope'])]: r.pick([
              [{ documentId: doc(), position: { [r.pick(['before', 'after', 'start', 'end'])]: doc() } }],
              doc(),
              [doc()],
              { documentId: doc() },
            ]),
          }),
          () => ({ connect: [{ documentId: doc(), locale: r.pick(['en', 'fr', 7, null]) }], disconnect: [doc()] }),
        ])();
      case 'component': {
        const c = components.find((x) => x.uid === attribute.component);
        const one = () => (c ? bodyFor(c.attributes, depth + 1) : {});
        return attribute.repeatable ? r.pick([[one(), one()], one(), 'x', null]) : r.pick([one(), [one()], 'x', null]);
      }
      case 'dynamiczone':
        return r.pick([
          () => [
            {
              __component: r.pick([...attribute.components, 'nope.nope', { toString: 1 }, 1, null]),
              ...bodyFor(r.pick(components).attributes, depth + 1),
            },
          ],
          () => 'x',
          () => [null, 1, []],
        ])();
      case 'json':
        return r.pick([{ a: [1, { b: null }] }, 'x', 1, null, [1, 2], { __proto__: 1 }]);
      case 'blocks':
        return r.pick([[{ type: 'paragraph', children: [{ type: 'text', text: 'x' }] }], [{ type: 'nope' }], 'x', null, [null]]);
      default:
        return r.pick([
          () => r.pick(NASTY_VALUES),
          () => r.int(-1e9, 1e9),
          () => r.next(),
          () => true,
          () => null,
          () => [],
          () => ({}),
          () => ({ toString: 1 }),
          () => 'x'.repeat(r.int(0, 5000)),
        ])();
    }
  }

  function bodyFor(attributes, depth = 0) {
    const data = {};
    for (let i = r.int(0, 5); i > 0; i--) {
      const attribute = r.next() < 0.85 && attributes.length ? r.pick(attributes) : undefined;
      data[attribute ? attribute.name : r.pick(NASTY_KEYS)] = valueFor(attribute, depth);
    }
    return data;
  }

  function write(type) {
    const docPath = type.single ? `/api/${type.route}` : `/api/${type.route}${r.next() < 0.5 ? '' : `/${enc(r.pick(documentIds) ?? 'x')}`}`;
    const method = type.single
      ? r.pick(['PUT', 'DELETE', 'POST'])
      : docPath.split('/').length > 3
        ? r.pick(['PUT', 'DELETE', 'PUT'])
        : 'POST';
    const body = r.pick([
      () => JSON.stringify({ data: bodyFor(type.attributes) }),
      () => JSON.stringify({ data: bodyFor(type.attributes) }),
      () => JSON.stringify({ data: bodyFor(type.attributes) }),
      () => JSON.stringify(r.pick([null, 1, 'x', [], { data: null }, { data: [] }, { data: 'x' }, { nope: {} }])),
      () =>
        r.pick([
          '{',
          '{"data":',
          '\u0000',
          '{"data":{}}'.repeat(2),
          '[1,2',
          '{"data":{"title":"\\ud800"}}',
          `{"data":{"title":${'['.repeat(200)}`,
        ]),
      () => `data[${enc(attrName(type))}]=${enc(scalar())}`,
    ])();
    const type_ = body.startsWith('data[')
      ? 'application/x-www-form-urlencoded'
      : r.pick(['application/json', 'application/json', 'text/plain', 'application/json; charset=latin1', 'application/vnd.api+json']);
    return { method, path: docPath + queryFor(type), headers: { 'content-type': type_ }, body };
  }

  function plugin() {
    return r.pick([
      () => ({ method: 'GET', path: `/api/upload/files${queryFor(collections[0])}` }),
      () => ({ method: 'GET', path: `/api/upload/files/${enc(scalar())}` }),
      () => ({ method: 'GET', path: `/uploads/${enc(r.pick(['..', '.', '%2e%2e%2fdb.json', 'x'.repeat(300), '.incoming-x', scalar()]))}` }),
      () => ({ method: 'GET', path: `/api/i18n/locales${queryFor(collections[0])}` }),
      () => ({ method: 'GET', path: `/api/users${queryFor(collections[0])}` }),
      () => ({ method: 'GET', path: `/api/users/${enc(scalar())}` }),
      () => ({ method: 'GET', path: '/api/users/me' }),
      () => ({
        method: 'POST',
        path: '/api/auth/local',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: valueFor(undefined, 0), password: valueFor(undefined, 0) }),
      }),
      () => ({
        method: 'POST',
        path: '/api/auth/local/register',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: valueFor(undefined, 0),
          email: r.pick(['a@b.co', 'x', 1, null, { toString: 1 }]),
          password: valueFor(undefined, 0),
          [r.pick(NASTY_KEYS)]: 1,
        }),
      }),
      () => {
        const boundary = 'fuzz';
        const body = `--${boundary}\r\nContent-Disposition: form-data; name="${r.pick(['files', 'fileInfo', 'x'])}"; filename="${r.pick(['a.txt', '', 'x'.repeat(300), '../a', 'a\u0000b'])}"\r\nContent-Type: text/plain\r\n\r\n${'y'.repeat(r.int(0, 50))}${r.next() < 0.5 ? `\r\n--${boundary}--\r\n` : ''}`;
        return {
          method: 'POST',
          path: '/api/upload',
          headers: { 'content-type': `multipart/form-data; boundary=${r.pick([boundary, '', 'other'])}` },
          body,
        };
      },
    ])();
  }

  // Mostly the public role (so the content is reached); sometimes a token nobody issued, which is a 401 anywhere.
  const auth = () =>
    r.next() < 0.85
      ? undefined
      : r.pick([
          'Bearer nope',
          'Bearer a.b.c',
          'Basic x',
          'Bearer',
          'Bearer  ',
          `Bearer ${'x'.repeat(500)}`,
          'Bearer eyJhbGciOiJub25lIn0.eyJpZCI6MX0.',
          'Bearer eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2ln',
        ]);

  return {
    next() {
      const type = r.pick(types);
      let req;
      const roll = r.next();
      if (roll < 0.55) {
        const path = type.single
          ? `/api/${type.route}`
          : r.next() < 0.7
            ? `/api/${type.route}`
            : `/api/${type.route}/${enc(r.pick(documentIds) ?? 'x')}`;
        req = { method: r.pick(['GET', 'GET', 'GET', 'HEAD']), path: path + queryFor(type) };
      } else if (roll < 0.85) req = write(type);
      else req = plugin();
      const headers = { ...(req.headers ?? {}) };
      const authorization = auth();
      if (authorization) headers.authorization = authorization;
      if (r.next() < 0.1) headers['strapi-response-format'] = 'v4';
      return { ...req, headers };
    },
  };
}
