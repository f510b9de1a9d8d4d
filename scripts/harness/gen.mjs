// Request generator: reads and write sequences derived from a content model and the content both servers hold.
// Every request is { method, path, body?, auth: 'none'|'read'|'full'|'bad', features: [...], save?, phase }.
import { datasetRows, SCALARS } from './model.mjs';

const PAGE_VALUES = ['1', '2', '0', '-1', 'abc', '1.5', ''];
const ROOT_PARAMS = [
  ['page', PAGE_VALUES],
  ['pageSize', PAGE_VALUES],
  ['start', PAGE_VALUES],
  ['limit', PAGE_VALUES],
  ['_q', ['a', 'e', 'zzz', '', '1']],
  [
    'publicationFilter',
    [
      'never-published',
      'never-published-document',
      'has-published-version',
      'has-published-version-document',
      'modified',
      'unmodified',
      'published-without-draft',
      'published-with-draft',
      'nope',
      '',
    ],
  ],
  ['hasPublishedVersion', ['true', 'false', '1', 'maybe', '']],
  ['count', ['true', 'false']],
  ['ordering', ['desc', 'asc']],
];
import { NO_VALUE, Repeated, logicAnywhere, nestedPopulateString, prefixList, rewriteNode, sortObject } from './shapes.mjs';

export function qs(obj, prefix = '') {
  const parts = [];
  const name = (key) => encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']');
  const walk = (v, key) => {
    if (v === undefined) return;
    if (v === NO_VALUE) parts.push(name(key));
    else if (v instanceof Repeated) v.values.forEach((x) => walk(x, key));
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${key}[${i}]`));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, key ? `${key}[${k}]` : k);
    else parts.push(`${name(key)}=${encodeURIComponent(String(v))}`);
  };
  walk(obj, prefix);
  return parts.join('&');
}

const NUMERIC = ['integer', 'biginteger', 'float', 'decimal'];
const STRINGY = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
const OPS_ALL = ['$eq', '$ne', '$in', '$notIn', '$null', '$notNull'];
const OPS_STR = [
  '$eqi',
  '$nei',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
  '$lt',
  '$gt',
];
const OPS_ORD = ['$lt', '$lte', '$gt', '$gte', '$between'];

export function makeGenerator(model, dataset, settings, r) {
  const types = [...model.types.values()];
  const collections = types.filter((t) => t.kind === 'collectionType');
  const locales = (dataset.locales ?? []).map((l) => l.code);
  const rest = settings.rest ?? {};
  // rows of each type, every locale and status
  const rows = datasetRows(model, dataset);
  const docIdsOf = (uid) => [...new Set((rows.get(uid) ?? []).map((d) => d.documentId))];
  const attrsOf = (target) => (model.types.get(target) ?? model.components.get(target))?.attributes ?? {};
  const visible = (a) => !a.private && a.type !== 'password';
  const valuesAt = (uid, path) => {
    // values found at a path of attribute names in the rows of uid (following populated relations/components)
    const out = [];
    const walk = (v, i) => {
      if (v == null) return;
      if (Array.isArray(v)) return v.forEach((x) => walk(x, i));
      if (i === path.length) {
        out.push(v);
        return;
      }
      if (typeof v === 'object') walk(v[path[i]], i + 1);
    };
    for (const row of rows.get(uid) ?? []) walk(row, 0);
    return out;
  };

  // ---- values
  const mutateString = (s) => {
    if (typeof s !== 'string' || !s) return r.pick(['a', 'Z', '', '%', '_']);
    const i = r.int(0, Math.max(0, s.length - 3));
    const sub = s.slice(i, i + r.int(1, 6));
    return r.pick([sub, sub.toUpperCase(), sub.toLowerCase(), s, s.toUpperCase(), s.slice(0, 3)]);
  };
  const sampleValue = (attr, samples) => {
    const v = samples.length ? r.pick(samples) : null;
    if (r.next() < 0.08) return r.pick(['abc', '', '1e3', '-1', 'true', '2020-13-45', '12:00', 'null', '0x10', ' 5']);
    if (v === null || typeof v === 'object') {
      if (NUMERIC.includes(attr.type)) return String(r.int(-5, 1000));
      if (attr.type === 'boolean') return r.pick(['true', 'false', '1', '0']);
      if (attr.type === 'date') return '2022-06-15';
      if (attr.type === 'datetime' || attr.type === 'timestamp') return '2022-06-15T10:00:00.000Z';
      if (attr.type === 'time') return '12:30:00';
      return 'lorem';
    }
    if (typeof v === 'number') return String(r.pick([v, v, v + 1, v - 1, v / 2]));
    if (typeof v === 'boolean') return String(v);
    if (attr.type === 'date' || attr.type === 'datetime' || attr.type === 'timestamp' || attr.type === 'time') {
      return r.pick([v, v, v.slice(0, 10), v.slice(0, 4), v.replace('.000', '')]);
    }
    return v;
  };

  // ---- filters
  const filterableScalars = (attrs) => Object.entries(attrs).filter(([, a]) => SCALARS.includes(a.type) && a.type !== 'password');
  const condition = (uid, attrs, path, depth) => {
    const roll = r.next();
    const rels = Object.entries(attrs).filter(([, a]) => a.type === 'relation' && !a.target.startsWith('plugin::'));
    const comps = Object.entries(attrs).filter(([, a]) => a.type === 'component');
    const medias = Object.entries(attrs).filter(([, a]) => a.type === 'media');
    if (depth < 2 && roll < 0.2 && rels.length) {
      const [k, a] = r.pick(rels);
      return { feature: `deep:relation`, f: { [k]: condition(a.target, attrsOf(a.target), [...path, k], depth + 1).f }, tag: `${k}` };
    }
    if (depth < 2 && roll < 0.3 && comps.length) {
      const [k, a] = r.pick(comps);
      return { feature: 'deep:component', f: { [k]: condition(a.component, attrsOf(a.component), [...path, k], depth + 1).f } };
    }
    if (roll < 0.33 && medias.length) {
      const [k] = r.pick(medias);
      return {
        feature: 'media',
        f: { [k]: r.pick([{ name: { $containsi: 'a' } }, { mime: { $eq: 'image/png' } }, { id: { $notNull: true } }, { $null: 'true' }]) },
      };
    }
    if (roll < 0.36)
      return { feature: 'invalid-field', f: { [r.pick(['nope', 'password', 'secretCode', 'internalNote', 'note'])]: { $eq: 'x' } } };
    if (roll < 0.38)
      return {
        feature: 'invalid-operator',
        f: {
          [r.pick(
            filterableScalars(attrs)
              .map(([k]) => k)
              .concat(['id']),
          )]: { [r.pick(['$foo', '$regex', '$exists'])]: 'x' },
        },
      };
    let entries = filterableScalars(attrs);
    entries = entries.concat([
      ['id', { type: 'integer' }],
      ['documentId', { type: 'string' }],
      ['createdAt', { type: 'datetime' }],
      ['updatedAt', { type: 'datetime' }],
      ['publishedAt', { type: 'datetime' }],
    ]);
    if (model.types.get(uid)?.localized) entries.push(['locale', { type: 'string' }]);
    if (!model.types.get(uid)) entries = entries.filter(([k]) => !['documentId', 'createdAt', 'updatedAt', 'publishedAt'].includes(k));
    const [k, a] = r.pick(entries);
    const samples = valuesAt(model.types.get(uid) ? uid : null, [k]);
    const realSamples = path.length ? [] : samples;
    const ops = [
      ...OPS_ALL,
      ...(STRINGY.includes(a.type) ? OPS_STR : []),
      ...(NUMERIC.includes(a.type) || ['date', 'datetime', 'time', 'timestamp', 'string'].includes(a.type) ? OPS_ORD : []),
      ...(a.type === 'json' || a.type === 'blocks' ? ['$containsi', '$contains'] : []),
    ];
    const op = r.next() < 0.25 ? null : r.pick(ops);
    const val = () => sampleValue(a, realSamples.length ? realSamples : samples);
    let v;
    if (op === '$in' || op === '$notIn') v = [val(), val()].slice(0, r.int(1, 2));
    else if (op === '$between') v = [val(), val()];
    else if (op === '$null' || op === '$notNull') v = r.pick(['true', 'false', 'true']);
    else if (op && /contains|With/.test(op)) v = mutateString(val());
    else v = val();
    return { feature: `op:${op ?? 'implicit'}:${a.type}`, f: { [k]: op ? { [op]: v } : v } };
  };
  const filterTree = (uid, depth = 0) => {
    const features = [];
    const node = () => {
      const c = condition(uid, model.types.get(uid).attributes, [], 0);
      features.push(c.feature);
      return c.f;
    };
    const roll = r.next();
    let f;
    if (roll < 0.15 && depth < 1) {
      features.push('logic:$or');
      f = { $or: [node(), node()] };
    } else if (roll < 0.25) {
      features.push('logic:$and');
      f = { $and: [node(), node()] };
    } else if (roll < 0.3) {
      features.push('logic:$not');
      f = { $not: node() };
    } else if (roll < 0.32) {
      features.push('invalid:$or-object');
      f = { $or: node() };
    } else {
      f = node();
      if (r.next() < 0.3) Object.assign(f, node());
    }
    return { f, features };
  };

  // ---- sort / pagination / fields / populate
  const sortable = (attrs) =>
    Object.entries(attrs)
      .filter(([, a]) => SCALARS.includes(a.type) && !['json', 'blocks', 'password'].includes(a.type))
      .map(([k]) => k)
      .concat(['id', 'createdAt', 'updatedAt', 'publishedAt', 'documentId']);
  /** Sort paths through relations, components and media, to any depth (`a.b.c:desc`). */
  const deepSortPath = (attrs, depth = 0) => {
    const links = Object.entries(attrs).filter(([, a]) => ['relation', 'component', 'media'].includes(a.type));
    if (depth >= 3 || !links.length || r.next() < 0.35) return r.pick(sortable(attrs));
    const [k, a] = r.pick(links);
    const target = a.type === 'relation' ? a.target : a.type === 'component' ? a.component : 'plugin::upload.file';
    const inner = a.type === 'media' ? { name: { type: 'string' }, mime: { type: 'string' }, size: { type: 'decimal' } } : attrsOf(target);
    return `${k}.${deepSortPath(inner, depth + 1)}`;
  };
  const sortParam = (t) => {
    const fields = sortable(t.attributes);
    const dir = () => r.pick(['', ':asc', ':desc', ':DESC', ':ASC']);
    const roll = r.next();
    const rels = Object.entries(t.attributes).filter(
      ([, a]) => a.type === 'relation' && !a.target.startsWith('plugin::') && !['oneToMany', 'manyToMany'].includes(a.relation),
    );
    if (roll < 0.3) return { v: r.pick(fields) + dir(), feature: 'sort:string' };
    if (roll < 0.5) return { v: [r.pick(fields) + dir(), r.pick(fields) + dir(), 'id:asc'], feature: 'sort:array' };
    if (roll < 0.6) return { v: `${r.pick(fields)},${r.pick(fields)}:desc`, feature: 'sort:comma' };
    if (roll < 0.7) return { v: [{ [r.pick(fields)]: r.pick(['asc', 'desc']) }], feature: 'sort:object' };
    if (roll < 0.8 && rels.length) {
      const [k, a] = r.pick(rels);
      return { v: [`${k}.${r.pick(sortable(attrsOf(a.target)))}${dir()}`, 'id'], feature: 'sort:relation' };
    }
    if (roll < 0.85) {
      const comps = Object.entries(t.attributes).filter(([, a]) => a.type === 'component' && !a.repeatable);
      if (comps.length) {
        const [k, a] = r.pick(comps);
        return { v: `${k}.${r.pick(sortable(attrsOf(a.component)))}`, feature: 'sort:component' };
      }
    }
    if (roll < 0.88) return { v: r.pick(['nope', 'id:sideways', 'password', ':asc', 'title:asc:desc']), feature: 'sort:invalid' };
    if (roll < 0.92) return { v: `${deepSortPath(t.attributes)}${dir()}`, feature: 'sort:deep' };
    if (roll < 0.97) return { v: sortObject(deepSortPath(t.attributes), '', r), feature: 'sort:object-deep' };
    return { v: r.pick(fields), feature: 'sort:string' };
  };
  const paginationParam = () => {
    const edge = () => r.pick([0, 1, 2, 3, -1, 'abc', 1.5, rest.maxLimit ?? 100, (rest.maxLimit ?? 100) + 1, 1000, '']);
    const roll = r.next();
    if (roll < 0.35)
      return { v: { page: r.next() < 0.6 ? r.int(1, 4) : edge(), pageSize: r.next() < 0.6 ? r.int(1, 7) : edge() }, feature: 'page' };
    if (roll < 0.6)
      return { v: { start: r.next() < 0.7 ? r.int(0, 8) : edge(), limit: r.next() < 0.7 ? r.int(1, 7) : edge() }, feature: 'offset' };
    if (roll < 0.7)
      return {
        v: { page: r.int(1, 3), ...(r.next() < 0.5 ? { withCount: r.pick(['false', 'true', 'no']) } : { limit: 2 }) },
        feature: 'page-mixed',
      };
    if (roll < 0.8) return { v: { withCount: r.pick(['false', 'true']), pageSize: r.int(1, 4) }, feature: 'withCount' };
    return { v: { page: edge() }, feature: 'page-edge' };
  };
  const fieldsParam = (attrs) => {
    const names = Object.entries(attrs)
      .filter(([, a]) => SCALARS.includes(a.type))
      .map(([k]) => k);
    const roll = r.next();
    if (roll < 0.6) return { v: r.sample(names, r.int(1, 3)), feature: 'fields:array' };
    if (roll < 0.75) return { v: r.sample(names, 2).join(','), feature: 'fields:comma' };
    if (roll < 0.85) return { v: [r.pick(Object.keys(attrs)), 'documentId'], feature: 'fields:any-attr' };
    return { v: [r.pick(['nope', 'id', 'locale', 'publishedAt', '*'])], feature: 'fields:special' };
  };
  const populatable = (attrs) =>
    Object.entries(attrs).filter(([, a]) => ['relation', 'media', 'component', 'dynamiczone'].includes(a.type));
  const populateObject = (attrs, depth, features) => {
    const out = {};
    for (const [k, a] of r.sample(populatable(attrs), r.int(1, 3))) {
      const roll = r.next();
      if (a.type === 'dynamiczone') {
        if (roll < 0.5) {
          features.push('populate:dz-on');
          out[k] = {
            on: Object.fromEntries(
              r.sample(a.components, r.int(1, a.components.length)).map((c) => [
                c,
                r.pick([
                  true,
                  { populate: '*' },
                  {
                    fields: r.sample(
                      Object.keys(attrsOf(c)).filter((x) => SCALARS.includes(attrsOf(c)[x].type)),
                      1,
                    ),
                  },
                ]),
              ]),
            ),
          };
        } else {
          features.push('populate:dz');
          out[k] = r.pick([true, { populate: '*' }]);
        }
        continue;
      }
      const target = a.type === 'relation' ? a.target : a.type === 'component' ? a.component : 'plugin::upload.file';
      const tAttrs = attrsOf(target);
      if (roll < 0.3) {
        out[k] = true;
        features.push(`populate:${a.type}`);
        continue;
      }
      if (roll < 0.36) {
        // a literal where an object is expected: a wildcard walks the target's schema, a falsy one drops the key
        out[k] = r.pick(['*', 'false', '0', 't']);
        features.push('populate:attr-literal');
        continue;
      }
      const sub = {};
      if (r.next() < 0.4 && Object.keys(tAttrs).length) {
        sub.fields = r.sample(
          Object.entries(tAttrs)
            .filter(([, x]) => SCALARS.includes(x.type))
            .map(([n]) => n),
          2,
        );
        features.push('populate:fields');
      }
      if (a.type === 'relation' && r.next() < 0.3) {
        sub.sort = r.pick(sortable(tAttrs)) + r.pick([':asc', ':desc']);
        features.push('populate:sort');
      } else if (r.next() < 0.1) {
        // on any populated level, through its relations, components and media too
        sub.sort = deepSortPath(tAttrs) + r.pick(['', ':desc']);
        features.push('populate:sort-deep');
      } else if (r.next() < 0.05) {
        sub.sort = sortObject(deepSortPath(tAttrs), '', r);
        features.push('populate:sort-object');
      }
      if (a.type === 'relation' && r.next() < 0.3 && model.types.get(target)) {
        sub.filters = condition(target, tAttrs, [], 1).f;
        features.push('populate:filters');
        if (r.next() < 0.25) {
          const l = logicAnywhere(sub.filters, r);
          sub.filters = r.next() < 0.5 ? l.f : { [r.pick(['$and', '$or', '$not'])]: l.f };
          features.push(`populate:${l.feature}`);
        }
      }
      if (a.type === 'relation' && ['oneToMany', 'manyToMany'].includes(a.relation) && r.next() < 0.15) {
        out[k] = { count: true };
        features.push('populate:count');
        continue;
      }
      if (a.type === 'relation' && model.types.get(target)?.localized && r.next() < 0.15) {
        sub.populate = r.pick([{ localizations: true }, 'localizations', { localizations: { fields: ['locale'] } }]);
        features.push('populate:localizations');
      } else if (depth < 1 && r.next() < 0.4 && populatable(tAttrs).length) {
        const roll2 = r.next();
        const s2 = roll2 < 0.25 ? nestedPopulateString(dotPaths(tAttrs), r) : undefined;
        sub.populate = s2 ? s2.v : roll2 < 0.45 ? '*' : populateObject(tAttrs, depth + 1, features);
        features.push(s2 ? s2.feature : 'populate:nested');
      }
      out[k] = Object.keys(sub).length ? sub : true;
      features.push(`populate:${a.type}`);
    }
    if (r.next() < 0.05) {
      // qs turns `populate[0]=a&populate[b]=…` into an object with an index key
      out[r.pick(['0', '1', 'true', 'f'])] = r.pick(['x', true, { zzz: true }]);
      features.push('populate:boolean-like-key');
    }
    return out;
  };
  /** Populate dot paths from a level, three segments deep at most. */
  const dotPaths = (attrs, prefix = '', depth = 0) => {
    const out = [];
    for (const [k, a] of populatable(attrs)) {
      out.push(prefix + k);
      const t2 = a.type === 'relation' ? a.target : a.type === 'component' ? a.component : null;
      if (t2 && depth < 2) out.push(...dotPaths(attrsOf(t2), `${prefix}${k}.`, depth + 1));
    }
    return out;
  };
  const populateParam = (attrs) => {
    const features = [];
    const names = populatable(attrs).map(([k]) => k);
    const roll = r.next();
    if (!names.length) return { v: r.pick(['*', 'nope']), features: ['populate:none-available'] };
    if (roll < 0.15) return { v: '*', features: ['populate:*'] };
    if (roll < 0.25) return { v: r.sample(names, 2).join(','), features: ['populate:comma'] };
    if (roll < 0.35) return { v: r.sample(names, r.int(1, 2)), features: ['populate:array'] };
    if (roll < 0.45) {
      const paths = dotPaths(attrs);
      if (paths.length && r.next() < 0.5) {
        const p = prefixList(paths, r);
        if (p) return { v: p.v, features: [p.feature] };
      }
      if (paths.length) return { v: r.sample(paths, r.int(1, 3)), features: ['populate:dot-path'] };
    }
    if (roll < 0.48) return { v: r.pick(['nope', 'localizations', 'createdBy', '**']), features: ['populate:invalid'] };
    if (roll < 0.52) {
      // a list mixing names and objects (a client appending `populate=x` to a qs-built object)
      const items = [r.pick(names), populateObject(attrs, 0, features)];
      if (r.next() < 0.3) items.push(r.pick(names));
      return { v: r.next() < 0.5 ? items : items.reverse(), features: [...features, 'populate:mixed-list'] };
    }
    return { v: populateObject(attrs, 0, features), features };
  };

  const authPick = () => {
    const roll = r.next();
    return roll < 0.45 ? 'none' : roll < 0.8 ? 'read' : roll < 0.97 ? 'full' : 'bad';
  };
  const routeOf = (t) => `/api/${t.route}`;

  // ---- reads
  function read() {
    const roll0 = r.next();
    if (roll0 < 0.01) return { method: 'GET', path: '/api/i18n/locales', auth: authPick(), features: ['i18n-locales'] };
    if (roll0 < 0.02)
      return {
        method: 'GET',
        path: `/api/upload/files?${qs(r.next() < 0.5 ? { sort: 'id:asc' } : { filters: { mime: { $contains: 'image' } } })}`,
        auth: authPick(),
        features: ['upload-files'],
      };
    const t = r.pick(types);
    const q = {};
    const features = [];
    let path = routeOf(t);
    if (t.kind === 'collectionType' && r.next() < 0.15) {
      const ids = docIdsOf(t.uid);
      path += '/' + (ids.length && r.next() < 0.85 ? r.pick(ids) : r.pick(['nope123', '1', 'x'.repeat(24)]));
      features.push('findOne');
    } else features.push(t.kind === 'singleType' ? 'single' : 'find');
    if (r.next() < 0.02) {
      path = path.replace(/\/api\/(\w)/, (m, c) => `/api/${c.toUpperCase()}`);
      features.push('path:case');
    }
    const isList = features.includes('find');
    if (t.localized ? r.next() < 0.6 : r.next() < 0.08) {
      q.locale = r.pick([...locales, ...locales, '*', 'xx', 'all']);
      features.push(`locale:${['*', 'xx', 'all'].includes(q.locale) ? q.locale : 'code'}`);
    }
    if (t.draftAndPublish ? r.next() < 0.5 : r.next() < 0.08) {
      q.status = r.pick(['draft', 'published', 'published', 'draft', 'modified', '']);
      features.push(`status:${q.status}`);
    }
    if (isList && r.next() < 0.55) {
      const f = filterTree(t.uid);
      q.filters = f.f;
      features.push(...f.features);
    } else if (!isList && r.next() < 0.1) {
      const f = filterTree(t.uid);
      q.filters = f.f;
      features.push('filters-on-one', ...f.features);
    }
    if (isList && r.next() < 0.5) {
      const s = sortParam(t);
      q.sort = s.v;
      features.push(s.feature);
    }
    if (isList && r.next() < 0.4) {
      const p = paginationParam();
      q.pagination = p.v;
      features.push(`pagination:${p.feature}`);
    }
    if (r.next() < 0.3) {
      const f = fieldsParam(t.attributes);
      q.fields = f.v;
      features.push(f.feature);
    }
    if (r.next() < 0.45) {
      const p = populateParam(t.attributes);
      q.populate = p.v;
      features.push(...p.features);
    }
    if (r.next() < 0.02) {
      q[r.pick(['foo', 'filter', 'limit', 'publicationState'])] = '1';
      features.push('invalid:unknown-param');
    }
    // every other root parameter the Content API allows (@strapi/utils ALLOWED_QUERY_PARAM_KEYS), with values it
    // reads and values it refuses: top-level pagination keys, the search, the publication filters, count, ordering
    if (r.next() < 0.06) {
      const [key, values] = r.pick(ROOT_PARAMS);
      q[key] = r.pick(values);
      features.push(`root:${key}`);
    }
    let shaped = q;
    if (shaped.filters && typeof shaped.filters === 'object' && r.next() < 0.12) {
      const l = logicAnywhere(shaped.filters, r);
      shaped = { ...shaped, filters: l.f };
      features.push(l.feature);
    }
    // a grammar rewrite of any node: lists for scalars and back, keys without values, empty values, repeated keys
    for (let n = r.next() < 0.25 ? r.int(1, 2) : 0; n > 0; n--) {
      const w = rewriteNode(shaped, r);
      shaped = w.q;
      features.push(w.feature);
    }
    const s = qs(shaped);
    return { method: 'GET', path: path + (s ? '?' + s : ''), auth: authPick(), features };
  }

  // ---- writes
  let counter = 0;
  const created = []; // { uid, name, locales }
  const scalarData = (t, base) => {
    const data = {};
    const attrs = t.attributes;
    for (const [k, a] of Object.entries(attrs)) {
      if (!SCALARS.includes(a.type) || a.private) continue;
      if (r.next() < 0.5 && !a.required) continue;
      let v = base?.[k];
      if (v === undefined) {
        const samples = valuesAt(t.uid, [k]).filter((x) => x !== null);
        v = samples.length ? r.pick(samples) : null;
      }
      if ((a.unique || a.type === 'uid') && typeof v === 'string') v = a.regex ? v : `${v}-${++counter}`;
      if (a.unique && typeof v === 'number') v = v + 1000 + ++counter;
      if (a.type === 'uid' && v == null) v = `new-${++counter}`;
      if (v == null && a.type === 'string') v = `value ${++counter}`;
      if (v == null && NUMERIC.includes(a.type)) v = a.min ?? 1;
      if (v == null && a.type === 'enumeration') v = a.enum[0];
      if (v == null && a.type === 'boolean') v = true;
      data[k] = v;
    }
    return data;
  };
  const invalidTweak = (t, data, features) => {
    const attrs = Object.entries(t.attributes).filter(([, a]) => SCALARS.includes(a.type));
    // a type without scalar attributes (components and relations only): an unknown key is its invalid input
    if (attrs.length === 0) {
      data.nope = 1;
      features.push('invalid:unknown-key');
      return;
    }
    const [k, a] = r.pick(attrs);
    const roll = r.next();
    if (roll < 0.2 && a.required) {
      delete data[k];
      features.push(`invalid:missing-required:${a.type}`);
      return;
    }
    if (roll < 0.4 && NUMERIC.includes(a.type)) {
      data[k] = r.pick(['abc', a.max !== undefined ? Number(a.max) + 1 : 1e20, a.min !== undefined ? Number(a.min) - 1 : -1e20, 1.5, '12']);
      features.push(`invalid:number:${a.type}`);
      return;
    }
    if (roll < 0.55 && ['date', 'datetime', 'time', 'timestamp'].includes(a.type)) {
      data[k] = r.pick(['2020-13-01', 'not a date', '25:00', '2020-01-01', '10:00', 1700000000000]);
      features.push(`invalid:temporal:${a.type}`);
      return;
    }
    if (roll < 0.65 && a.type === 'enumeration') {
      data[k] = 'not-in-enum';
      features.push('invalid:enum');
      return;
    }
    if (roll < 0.75 && (a.maxLength || a.minLength || a.regex)) {
      data[k] = a.maxLength ? 'x'.repeat(Number(a.maxLength) + 1) : a.minLength ? 'x' : 'does not match';
      features.push('invalid:string-constraint');
      return;
    }
    if (roll < 0.85 && a.unique) {
      const s = valuesAt(t.uid, [k]).filter((x) => x != null);
      if (s.length) {
        data[k] = r.pick(s);
        features.push('invalid:unique');
        return;
      }
    }
    if (roll < 0.9) {
      data.nope = 1;
      features.push('invalid:unknown-key');
      return;
    }
    if (roll < 0.95) {
      data[k] = { nested: true };
      features.push(`invalid:object-for:${a.type}`);
      return;
    }
    data[k] = null;
    features.push(`null:${a.type}${a.required ? ':required' : ''}`);
  };
  const relationOps = (t, features) => {
    const rels = Object.entries(t.attributes).filter(([, a]) => a.type === 'relation' && !a.target.startsWith('plugin::'));
    const data = {};
    for (const [k, a] of r.sample(rels, r.int(0, 2))) {
      const target = model.types.get(a.target);
      const ids = docIdsOf(a.target);
      if (!ids.length) continue;
      const ref = () => {
        const id = r.pick(ids);
        return target.localized && r.next() < 0.5 ? { documentId: id, locale: r.pick(locales) } : r.next() < 0.3 ? id : { documentId: id };
      };
      const many = ['oneToMany', 'manyToMany'].includes(a.relation);
      const roll = r.next();
      if (roll < 0.3) {
        data[k] = { connect: many ? [ref(), ref()] : [ref()] };
        features.push(`rel:connect:${a.relation}`);
      } else if (roll < 0.45 && many) {
        const x = ref();
        data[k] = {
          connect: [
            {
              ...(typeof x === 'string' ? { documentId: x } : x),
              position: r.pick([{ start: true }, { end: true }, { before: r.pick(ids) }, { after: r.pick(ids) }]),
            },
          ],
        };
        features.push(`rel:position:${a.relation}`);
      } else if (roll < 0.6) {
        data[k] = { disconnect: [ref()] };
        features.push(`rel:disconnect:${a.relation}`);
      } else if (roll < 0.75) {
        data[k] = { set: many ? [ref(), ref()] : [ref()] };
        features.push(`rel:set:${a.relation}`);
      } else if (roll < 0.85) {
        data[k] = many ? [r.pick(ids)] : r.pick(ids);
        features.push(`rel:shorthand:${a.relation}`);
      } else if (roll < 0.9) {
        data[k] = { connect: ['nope-not-an-id'] };
        features.push('rel:unknown-id');
      } else {
        data[k] = null;
        features.push(`rel:null:${a.relation}`);
      }
    }
    return data;
  };
  const readsAfter = (t, name) => {
    const out = [];
    const q = { populate: '*' };
    if (t.kind === 'singleType') {
      out.push({
        method: 'GET',
        path: `${routeOf(t)}?${qs({ ...q, ...(t.draftAndPublish ? { status: r.pick(['draft', 'published']) } : {}) })}`,
        auth: 'full',
        features: ['after-write'],
      });
      return out;
    }
    if (name)
      out.push({
        method: 'GET',
        path: `${routeOf(t)}/${name}?${qs({ ...q, ...(t.draftAndPublish ? { status: r.pick(['draft', 'published']) } : {}), ...(t.localized && r.next() < 0.5 ? { locale: r.pick(locales) } : {}) })}`,
        auth: 'full',
        features: ['after-write'],
      });
    out.push({
      method: 'GET',
      path: `${routeOf(t)}?${qs({ sort: ['id:desc'], pagination: { pageSize: 5 }, populate: '*', ...(t.draftAndPublish ? { status: r.pick(['draft', 'published']) } : {}), ...(t.localized ? { locale: r.pick(locales) } : {}) })}`,
      auth: 'full',
      features: ['after-write'],
    });
    return out;
  };
  function writeStep() {
    const t = r.pick(types);
    const features = [];
    const steps = [];
    const auth = r.next() < 0.8 ? 'full' : r.pick(['none', 'read']);
    const roll = r.next();
    const q = {};
    if (t.localized && r.next() < 0.5) {
      q.locale = r.pick(locales);
      features.push('locale');
    }
    if (t.draftAndPublish && r.next() < 0.5) {
      q.status = r.pick(['draft', 'published']);
      features.push(`status:${q.status}`);
    }
    const s = () => {
      const x = qs(q);
      return x ? '?' + x : '';
    };
    if (t.kind === 'singleType') {
      if (roll < 0.8) {
        const data = { ...scalarData(t), ...relationOps(t, features) };
        if (r.next() < 0.3) invalidTweak(t, data, features);
        steps.push({ method: 'PUT', path: routeOf(t) + s(), body: { data }, auth, features: ['write:single-put', ...features] });
      } else steps.push({ method: 'DELETE', path: routeOf(t) + s(), auth, features: ['write:single-delete', ...features] });
      return [...steps, ...readsAfter(t)];
    }
    const mine = created.filter((c) => c.uid === t.uid);
    if (roll < 0.45 || (!mine.length && roll < 0.6)) {
      const name = `d${++counter}`;
      const data = { ...scalarData(t), ...relationOps(t, features) };
      if (r.next() < 0.25) invalidTweak(t, data, features);
      steps.push({ method: 'POST', path: routeOf(t) + s(), body: { data }, auth, save: name, features: ['write:create', ...features] });
      created.push({ uid: t.uid, name });
      return [...steps, ...readsAfter(t, `{{${name}}}`)];
    }
    const existing = r.next() < 0.5 && mine.length ? `{{${r.pick(mine).name}}}` : r.pick(docIdsOf(t.uid));
    if (!existing) return [];
    const name = existing.startsWith('{{') ? existing.slice(2, -2) : null;
    const path = `${routeOf(t)}/${existing}`;
    if (roll < 0.85) {
      const data =
        r.next() < 0.8
          ? { ...Object.fromEntries(Object.entries(scalarData(t)).filter(() => r.next() < 0.4)), ...relationOps(t, features) }
          : {};
      if (r.next() < 0.2) invalidTweak(t, data, features);
      if (t.localized && q.locale && r.next() < 0.5) features.push('write:new-locale?');
      steps.push({ method: 'PUT', path: path + s(), body: { data }, auth, features: ['write:update', ...features] });
    } else {
      steps.push({ method: 'DELETE', path: path + s(), auth, features: ['write:delete', ...features] });
    }
    return [...steps, ...readsAfter(t, existing)];
  }
  return { read, writeStep };
}
