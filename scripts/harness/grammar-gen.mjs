// A second, independent REST read generator: request shapes sampled from the grammar of Strapi 5's Content API query
// parameters, not from a list of cases (gen.mjs + shapes.mjs are that list). Used by run.mjs with `--generator grammar`.
//
// ## The grammar (read from @strapi/core middlewares/query.js, @strapi/utils convert-query-params, content-api-constants,
// ## operators, validate/ and sanitize/ with their visitors, traverse/query-*, has-published-version-param,
// ## publication-filter; the core controllers in @strapi/core)
//
// qs level (koa `query` middleware: qs.parse(querystring, { strictNullHandling: true, arrayLimit: 100, depth: 20 })):
//   pair      := key ['=' value] ; pairs joined by '&' ; a key without '=' is null (strictNullHandling), `k=` is ''
//   key       := root ( '[' seg ']' )*   ; keys are percent-decoded first, so %5B/%5D are brackets too; `+` is a space
//   seg       := name | index | ''       ; `a[]=x` appends, `a[3]=x` is index 3 (sparse indexes are compacted:
//                                          `a[2]=x&a[7]=y` is ['x','y']), an index above arrayLimit (100) makes the
//                                          whole level an object with string keys ('101'); mixing names and indexes
//                                          makes an object too
//   depth     : beyond 20 bracket levels the rest of the key is kept as one literal segment
//   repeated  : `k=a&k=b` is ['a','b'] (`k[0]=a&k=b` likewise merges); a name repeated under an object merges
//   dots      : qs does not read `a.b` as a path (allowDots false): `filters.title=x` is a root key named so
//   empty key : `=x` and `&&` are dropped
//
// Content API level (ALLOWED_QUERY_PARAM_KEYS: filters sort fields populate status locale page pageSize start limit
// _q publicationFilter hasPublishedVersion pagination count ordering; anything else is dropped by sanitize, refused
// by validate when strictParams is on):
//   filters   := object | array-of-objects (empty objects dropped)
//   node      := { (attr: cond | '$and'|'$or': [node...] | index-object | '$not': node )* }
//   cond      := value (implicit $eq; a list is $in) | { op: value, ... } | { '$not': cond } | { '$and'|'$or': [cond] }
//                on a scalar; relation/component/media attr: node of the target (media: plugin::upload.file),
//                or an operator straight on the link (`filters[rel][$null]=true`, `filters[rel][id]=1`)
//                dynamic zones and morph relations are refused (ValidationError Invalid key), private/password too
//   op        := $eq $eqi $ne $nei $lt $lte $gt $gte $in $notIn $null $notNull $between $startsWith(i) $endsWith(i)
//                $contains(i) $notContains(i) — $in/$notIn/$between take a list (or a scalar / comma string);
//                $null/$notNull a boolean-like string; logical $and/$or/$not at any level, under attributes too
//   sort      := 'a' | 'a:desc' | 'a,b:asc' | ['a', 'b:desc'] | { a: 'desc' } | [{ a: 'asc' }] | nested path
//                'rel.comp.field:desc' | { rel: { field: 'asc' } }; order asc|desc (case-insensitive), empty segments
//                dropped; a field may be a relation/component/media path, never a dynamic zone
//   fields    := '*' | 'a' | 'a,b' | ['a', 'b'] (scalars only; relations refused)
//   populate  := '*' | 'a' | 'a,b' | 'a.b.c' | ['a', 'a.b'] | { attr: true|'*'|'false'|'0' | sub }
//   sub       := { fields, filters, sort, populate, count, ordering, page, pageSize, start, limit } on a relation/
//                component/media; on a dynamic zone (or morph) only { on: { 'cat.comp': true|sub } } or
//                { populate: '*' }; `count` on a to-many relation
//   pagination:= { page, pageSize, withCount } | { start, limit, withCount } (mixing the two is refused); top-level
//                page/pageSize/start/limit too (top-level and in pagination both: refused)
//   locale    := code | '*' | unknown code ; status := 'draft' | 'published' | other (refused)
//   publicationFilter, hasPublishedVersion ('true'|'false', else refused), _q, count, ordering
//
// Widened (s12): any operator on any attribute type (Strapi checks no operator against a type), $not of $not /
// $and / $or, relations and media filtered by id / documentId in every form, the file type's own attributes (caption,
// hash, provider, formats, focalPoint, related, folder, folderPath), `/api/upload/files` and `/api/upload/files/:id`
// reads with the whole grammar (populate related / folder), pagination mixes (start+page, pageSize+limit, top-level
// with pagination[...], withCount in both forms) and the same under a populate, locale x status on every type, and
// odd qs keys (%24 for $, lower-case %5b, double-encoded brackets, unbalanced brackets, [] after an operator).
//
// Widened (s17, `--generator grammar2` only: `grammar` seeds keep their meaning): the string / list / comma / dotted
// forms straight under a populated key (`populate[rel]=a`, `populate[rel][0]=a`, `populate[rel]=a.b`: qs gives a
// string or a list where the sub-object goes), `on` fragments that always carry fields / filters / sort / populate (and
// `on[x]` names no component, `on[c]` a literal), `count` on every link kind, populate filters rooted in
// `$and`/`$or`/`$not`, a bracket key holding a dot (`populate[rel.sub]`, `filters[rel.a][$eq]`, `sort[rel.a]`), the same
// root key repeated in another form (`fields=a&populate=*&fields=*`, `sort=a&sort[0]=b`), dotted and bracket keys of
// one parameter mixed (`pagination[page]=1&pagination.pageSize=2`), empty values at every level (`fields=`,
// `populate[rel][fields]=`, `sort[0]=`, `filters[a]=`), status x locale x populate together, the files route with
// nested populate / fragments / sort ties, and the users-permissions `/api/users` routes with the whole grammar.
// New features are named `g2:<where>:<shape>`.
//
// Each request records its shape features (`g:<where>:<shape>`) so a report can say which shapes differ.
import { datasetRows, SCALARS } from './model.mjs';
import { rng } from '../differential/rng.mjs';

const NUMERIC = ['integer', 'biginteger', 'float', 'decimal'];
const STRINGY = ['string', 'text', 'richtext', 'email', 'uid', 'enumeration'];
const ORDERED = [...NUMERIC, 'date', 'datetime', 'time', 'timestamp', 'string', 'text', 'email', 'uid', 'enumeration'];
const STR_OPS = [
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
];
const ORD_OPS = ['$lt', '$lte', '$gt', '$gte', '$between'];
const ANY_OPS = ['$eq', '$ne', '$in', '$notIn', '$null', '$notNull'];
const MEDIA_ATTRS = {
  name: { type: 'string' },
  alternativeText: { type: 'text' },
  caption: { type: 'text' },
  focalPoint: { type: 'json' },
  width: { type: 'integer' },
  height: { type: 'integer' },
  formats: { type: 'json' },
  hash: { type: 'string' },
  ext: { type: 'string' },
  mime: { type: 'string' },
  size: { type: 'decimal' },
  url: { type: 'text' },
  previewUrl: { type: 'text' },
  provider: { type: 'string' },
  related: { type: 'relation', relation: 'morphToMany' },
  folder: { type: 'relation', relation: 'manyToOne', target: 'plugin::upload.folder', private: true },
  folderPath: { type: 'string', private: true },
};
const ALL_OPS = [
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
  '$null',
  '$notNull',
  '$between',
  '$contains',
  '$notContains',
  '$containsi',
  '$notContainsi',
  '$startsWith',
  '$startsWithi',
  '$endsWith',
  '$endsWithi',
];
const NOVAL = Symbol('no value');
const USER_ATTRS = {
  username: { type: 'string' },
  email: { type: 'email' },
  provider: { type: 'string' },
  password: { type: 'password', private: true },
  resetPasswordToken: { type: 'string', private: true },
  confirmed: { type: 'boolean' },
  blocked: { type: 'boolean' },
  role: { type: 'relation', relation: 'manyToOne', target: 'plugin::users-permissions.role' },
};
const ROLE_ATTRS = {
  name: { type: 'string' },
  description: { type: 'string' },
  type: { type: 'string' },
  users: { type: 'relation', relation: 'oneToMany', target: 'plugin::users-permissions.user' },
};

export function makeGrammarGenerator(model, dataset, settings, r, extraSeed = 0) {
  // a second stream for shapes added after seeds were first run (their other requests stay the same)
  const x = rng(extraSeed * 7907 + 11);
  // grammar2: the widened productions (a stream of their own for the choice of route)
  const wide = settings.wide === true;
  const w = rng(extraSeed * 15485863 + 5);
  const types = [...model.types.values()];
  const locales = (dataset.locales ?? []).map((l) => l.code);
  const rows = datasetRows(model, dataset);
  const schemaOf = (uid) =>
    uid === 'plugin::upload.file'
      ? { attributes: MEDIA_ATTRS }
      : uid === 'plugin::users-permissions.user'
        ? { attributes: { ...USER_ATTRS, ...(model.types.get(uid)?.attributes ?? {}) } }
        : uid === 'plugin::users-permissions.role'
          ? { attributes: ROLE_ATTRS }
          : (model.types.get(uid) ?? model.components.get(uid));
  const attrsOf = (uid) => schemaOf(uid)?.attributes ?? {};
  const targetOf = (a) =>
    a.type === 'relation' ? a.target : a.type === 'component' ? a.component : a.type === 'media' ? 'plugin::upload.file' : null;
  const chance = (p) => r.next() < p;
  /** values found under attribute name k anywhere in the dataset (rows and their nested members) */
  const valueCache = new Map();
  const valuesNamed = (k) => {
    if (valueCache.has(k)) return valueCache.get(k);
    const out = [];
    const walk = (v, depth) => {
      if (!v || typeof v !== 'object' || depth > 4 || out.length > 60) return;
      if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
      for (const [kk, x] of Object.entries(v)) {
        if (kk === k && (typeof x !== 'object' || x === null)) out.push(x);
        else walk(x, depth + 1);
      }
    };
    for (const list of rows.values()) for (const row of list) walk(row, 0);
    valueCache.set(k, out);
    return out;
  };
  const docIds = (uid) => [...new Set((rows.get(uid) ?? []).map((d) => d.documentId))];
  const mediaFiles = Array.isArray(dataset.media) ? dataset.media : Object.values(dataset.media ?? {});
  rows.set('plugin::upload.file', mediaFiles);

  // ---------- values
  const scalarValue = (k, a) => {
    const samples = valuesNamed(k).filter((x) => x !== null);
    const roll = r.next();
    if (roll < 0.06) return r.pick(['', ' ', 'null', 'true', '0', '-0', '1e2', 'ü', '%', '_', "'", '\\', 'a b', '日本']);
    if (roll < 0.08) return 'x'.repeat(r.pick([300, 3000]));
    if (samples.length && roll < 0.85) {
      const v = r.pick(samples);
      if (typeof v === 'string') {
        if (chance(0.2) && v.length > 3) return v.slice(0, r.int(1, Math.min(6, v.length)));
        if (chance(0.1)) return v.toUpperCase();
        if (['date', 'datetime', 'timestamp'].includes(a.type) && chance(0.3))
          return r.pick([v.slice(0, 10), v.slice(0, 7), v.slice(0, 4), v.replace('T', ' ')]);
      }
      return String(v);
    }
    if (NUMERIC.includes(a.type)) return String(r.pick([0, 1, 2, -1, 1.5, 10, 99999]));
    if (a.type === 'boolean') return r.pick(['true', 'false', '1', '0', 't', 'f']);
    if (a.type === 'date') return r.pick(['2020-01-01', '2030-12-31']);
    if (['datetime', 'timestamp'].includes(a.type)) return r.pick(['2020-01-01T00:00:00.000Z', '2030-01-01', '1700000000000']);
    if (a.type === 'time') return r.pick(['12:00', '12:00:00', '00:00:00.000']);
    if (a.type === 'enumeration' && a.enum?.length) return r.pick(a.enum);
    return r.pick(['a', 'e', 'lorem', 'Z']);
  };
  const opValue = (k, a, op, f) => {
    if (op === '$null' || op === '$notNull') {
      f.push(`g:op:${op}`);
      return r.pick(['true', 'false', 'true', '1', '0', '', 't', NOVAL]);
    }
    if (op === '$in' || op === '$notIn' || op === '$between') {
      const n = op === '$between' ? 2 : r.int(1, 3);
      const list = Array.from({ length: n }, () => scalarValue(k, a));
      const form = r.pick(['list', 'list', 'list', 'scalar', 'comma', 'sparse', 'empty-brackets']);
      f.push(`g:op:${op}:${form}`);
      if (form === 'scalar') return list[0];
      if (form === 'comma') return list.join(',');
      if (form === 'sparse') return { __sparse: list };
      if (form === 'empty-brackets') return { __push: list };
      return list;
    }
    f.push(`g:op:${op}`);
    if (chance(0.05)) {
      f.push('g:op-value:list');
      return [scalarValue(k, a), scalarValue(k, a)];
    }
    return scalarValue(k, a);
  };
  const opsFor = (a) => [
    ...ANY_OPS,
    ...(STRINGY.includes(a.type) || a.type === 'json' || a.type === 'blocks' ? STR_OPS : []),
    ...(ORDERED.includes(a.type) ? ORD_OPS : []),
  ];

  // ---------- filters
  const systemAttrs = (uid) => {
    const out = { id: { type: 'integer' } };
    if (uid === 'plugin::upload.file')
      Object.assign(out, { documentId: { type: 'string' }, createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' } });
    if (model.types.get(uid)) {
      Object.assign(out, { documentId: { type: 'string' }, createdAt: { type: 'datetime' }, updatedAt: { type: 'datetime' } });
      if (model.types.get(uid).draftAndPublish || chance(0.3)) out.publishedAt = { type: 'datetime' };
      if (model.types.get(uid).localized || chance(0.2)) out.locale = { type: 'string' };
    }
    return out;
  };
  const scalarCond = (k, a, f, depth) => {
    const roll = r.next();
    if (roll < 0.15) {
      f.push('g:filter:implicit-eq');
      return chance(0.15) ? (f.push('g:filter:implicit-list'), [scalarValue(k, a), scalarValue(k, a)]) : scalarValue(k, a);
    }
    if (roll < 0.22 && depth < 4) {
      f.push('g:filter:$not-on-attr');
      if (chance(0.25)) {
        const l = r.pick(['$and', '$or', '$not']);
        f.push(`g:filter:$not-${l}-on-attr`);
        return { $not: l === '$not' ? { $not: scalarCond(k, a, f, depth + 2) } : { [l]: [scalarCond(k, a, f, depth + 2)] } };
      }
      return { $not: scalarCond(k, a, f, depth + 1) };
    }
    if (roll < 0.28 && depth < 4) {
      const l = r.pick(['$and', '$or']);
      f.push(`g:filter:${l}-on-attr`);
      const items = [scalarCond(k, a, f, depth + 1), scalarCond(k, a, f, depth + 1)].filter((x) => x && typeof x === 'object');
      return { [l]: items.length ? items : [{ $eq: scalarValue(k, a) }] };
    }
    if (roll < 0.3) {
      f.push('g:filter:unknown-op');
      return { [r.pick(['$regex', '$exists', '$like', 'eq', '$Eq', '$jsonSupersetOf'])]: scalarValue(k, a) };
    }
    const out = {};
    const offType = chance(0.12);
    if (offType) f.push(`g:op:off-type:${a.type}`);
    for (const op of r.sample(offType ? ALL_OPS : opsFor(a), chance(0.15) ? 2 : 1)) out[op] = opValue(k, a, op, f);
    return out;
  };
  const filterNode = (uid, depth, f) => {
    const attrs = attrsOf(uid);
    const entries = [...Object.entries(attrs), ...Object.entries(systemAttrs(uid))];
    const node = {};
    const n = chance(0.25) ? 2 : 1;
    for (let i = 0; i < n; i++) {
      const roll = r.next();
      if (roll < 0.12 && depth < 3) {
        const l = r.pick(['$and', '$or']);
        const items = [filterNode(uid, depth + 1, f), filterNode(uid, depth + 1, f)].slice(0, r.int(1, 2));
        const form = r.pick(['list', 'list', 'index-object', 'overflow-object', 'single-object']);
        f.push(`g:filter:${l}:${form}:depth${depth}`);
        node[l] =
          form === 'index-object'
            ? { __sparse: items }
            : form === 'overflow-object'
              ? Object.fromEntries(items.map((x, j) => [String(101 + j), x]))
              : form === 'single-object'
                ? items[0]
                : items;
        continue;
      }
      if (roll < 0.18 && depth < 3) {
        f.push(`g:filter:$not:depth${depth}`);
        const form = r.pick(['node', 'node', 'node', 'list', '$not', '$or', '$and']);
        f.push(`g:filter:$not:${form}`);
        node.$not =
          form === 'list'
            ? [filterNode(uid, depth + 1, f)]
            : form === '$not'
              ? { $not: filterNode(uid, depth + 1, f) }
              : form === 'node'
                ? filterNode(uid, depth + 1, f)
                : { [form]: [filterNode(uid, depth + 1, f), filterNode(uid, depth + 1, f)] };
        continue;
      }
      if (roll < 0.2) {
        f.push('g:filter:unknown-attr');
        node[r.pick(['nope', 'password', 'createdBy', 'updatedBy', 'localizations', '$foo', ''])] = { $eq: 'x' };
        continue;
      }
      if (!entries.length) continue;
      const [k, a] = r.pick(entries);
      const target = targetOf(a);
      if (a.type === 'relation' && !a.target) {
        f.push('g:filter:morph');
        node[k] = r.pick([{ id: { $notNull: 'true' } }, { $null: 'true' }]);
      } else if (a.private && a.type === 'relation') {
        f.push('g:filter:private-relation');
        node[k] = { id: { $eq: '1' } };
      } else if (a.type === 'dynamiczone') {
        f.push('g:filter:dynamiczone');
        node[k] = { id: { $notNull: 'true' } };
      } else if (target) {
        const sub = r.next();
        const kind = a.type === 'relation' ? (target.startsWith('plugin::users') ? 'user-relation' : 'relation') : a.type;
        if (sub < 0.15) {
          f.push(`g:filter:${kind}:op-on-link`);
          node[k] = r.pick([{ $null: r.pick(['true', 'false']) }, { $notNull: 'true' }, { $eq: '1' }, { id: { $in: ['1', '2'] } }]);
        } else if (sub < 0.27 && target !== null) {
          // a link filtered by its target's id or documentId, in every form
          const ids = docIds(target);
          const d = ids.length ? r.pick(ids) : 'nope';
          const form = r.pick([
            'id',
            'id-eq',
            'id-list',
            'id-word',
            'documentId',
            'documentId-eq',
            'documentId-in',
            'documentId-null',
            'documentId-$not',
            'both',
          ]);
          f.push(`g:filter:${kind}:by-${form}`);
          node[k] = {
            id: r.pick(['1', '2', String(r.int(1, 20))]),
            'id-eq': { id: { $eq: r.pick(['1', '3']) } },
            'id-list': { id: [r.pick(['1', '2']), '3'] },
            'id-word': { id: { $eq: r.pick(['x', d]) } },
            documentId: { documentId: d },
            'documentId-eq': { documentId: { $eq: d } },
            'documentId-in': { documentId: { $in: [d, ...ids.slice(0, 1)] } },
            'documentId-null': { documentId: { [r.pick(['$null', '$notNull'])]: 'true' } },
            'documentId-$not': { $not: { documentId: d } },
            both: { id: { $gt: '0' }, documentId: { $ne: d } },
          }[form];
          if (form === 'id') node[k] = { id: node[k] };
        } else if (sub < 0.22) {
          f.push(`g:filter:${kind}:scalar-on-link`);
          node[k] = r.pick(['1', ...docIds(target).slice(0, 2)].filter(Boolean));
        } else if (depth < 3) {
          f.push(`g:filter:${kind}:depth${depth}`);
          node[k] = filterNode(target, depth + 1, f);
        } else node[k] = { id: { $notNull: 'true' } };
      } else if (a.private || a.type === 'password') {
        f.push('g:filter:private');
        node[k] = { $eq: 'x' };
      } else {
        f.push(`g:filter:type:${a.type}`);
        node[k] = scalarCond(k, a, f, 0);
      }
    }
    return node;
  };
  const filtersParam = (uid, f) => {
    const roll = r.next();
    if (roll < 0.08) {
      f.push('g:filters:array');
      return [filterNode(uid, 0, f), ...(chance(0.5) ? [filterNode(uid, 0, f)] : [])];
    }
    if (roll < 0.12) {
      f.push('g:filters:scalar');
      return r.pick(['', 'x', NOVAL, '1']);
    }
    return filterNode(uid, 0, f);
  };

  // ---------- sort
  const sortableScalars = (uid) => [
    ...Object.entries(attrsOf(uid))
      .filter(([, a]) => SCALARS.includes(a.type) && !a.private && a.type !== 'password')
      .map(([k]) => k),
    'id',
    ...(model.types.get(uid) ? ['createdAt', 'updatedAt', 'documentId', 'publishedAt'] : []),
  ];
  const sortPath = (uid, depth, f) => {
    const links = Object.entries(attrsOf(uid)).filter(([, a]) => targetOf(a));
    if (depth < 3 && links.length && chance(0.35)) {
      const [k, a] = r.pick(links);
      f.push(`g:sort:path:${a.type}`);
      return [k, ...sortPath(targetOf(a), depth + 1, f)];
    }
    const roll = r.next();
    if (roll < 0.04) {
      f.push('g:sort:odd-field');
      const dz = Object.entries(attrsOf(uid)).find(([, a]) => a.type === 'dynamiczone' || a.type === 'json' || a.private);
      return [dz ? dz[0] : r.pick(['nope', 'password', '*'])];
    }
    return [r.pick(sortableScalars(uid))];
  };
  const dir = (f) => {
    const d = chance(0.97) ? r.pick(['', '', 'asc', 'desc', 'DESC', 'Asc', ' desc', 'desc ', '']) : 'up';
    if (d === 'up') f.push('g:sort:bad-order');
    return d;
  };
  const sortParam = (uid, f) => {
    const item = () => {
      const p = sortPath(uid, 0, f).join('.');
      const d = dir(f);
      return d ? `${p}:${d}` : p;
    };
    const roll = r.next();
    if (roll < 0.25) return (f.push('g:sort:string'), item());
    if (roll < 0.4) return (f.push('g:sort:comma'), [item(), item(), ...(chance(0.2) ? ['', ' '] : [])].join(chance(0.2) ? ', ' : ','));
    if (roll < 0.55)
      return (f.push('g:sort:list'), [item(), item()].slice(0, r.int(1, 2)).concat(chance(0.15) ? [`${item()},${item()}`] : []));
    if (roll < 0.8) {
      const objItem = () => {
        const p = sortPath(uid, 0, f);
        return p.reduceRight((acc, k) => ({ [k]: acc }), dir(f) || 'asc');
      };
      const form = r.pick(['object', 'list-of-objects', 'list-of-objects', 'mixed-list']);
      f.push(`g:sort:${form}`);
      if (form === 'object') return objItem();
      if (form === 'mixed-list') return [item(), objItem()];
      return [objItem(), ...(chance(0.4) ? [objItem()] : [])];
    }
    if (roll < 0.88) return (f.push('g:sort:dotted-object'), { [sortPath(uid, 0, f).join('.')]: dir(f) || 'desc' });
    f.push('g:sort:edge');
    return r.pick([':desc', 'id:', ',', '', 'id:asc:desc', NOVAL, { id: '' }, { id: { '': 'asc' } }]);
  };

  // ---------- fields
  const fieldsParam = (uid, f) => {
    const names = Object.entries(attrsOf(uid))
      .filter(([, a]) => SCALARS.includes(a.type))
      .map(([k]) => k);
    const all = [...names, ...Object.keys(systemAttrs(uid))];
    const roll = r.next();
    if (roll < 0.1) return (f.push('g:fields:*'), '*');
    if (roll < 0.3) return (f.push('g:fields:string'), r.pick(all));
    if (roll < 0.5) return (f.push('g:fields:comma'), r.sample(all, r.int(2, 3)).join(chance(0.3) ? ', ' : ','));
    if (roll < 0.85) return (f.push('g:fields:list'), r.sample(all, r.int(1, 3)));
    f.push('g:fields:odd');
    const link = Object.entries(attrsOf(uid)).find(([, a]) => !SCALARS.includes(a.type));
    return r.pick([[link?.[0] ?? 'nope'], ['nope'], ['', 'id'], ['*', 'id'], 'id,,', { 0: 'id', a: 'b' }, NOVAL]);
  };

  // ---------- populate
  const links = (uid) => Object.entries(attrsOf(uid)).filter(([, a]) => ['relation', 'component', 'media', 'dynamiczone'].includes(a.type));
  const dotPath = (uid, depth) => {
    const l = links(uid);
    if (!l.length) return [];
    const [k, a] = r.pick(l);
    const t = targetOf(a);
    return [k, ...(t && depth < 3 && chance(0.5) ? dotPath(t, depth + 1) : [])];
  };
  /** grammar2: a populate filter rooted in a logical operator, nested up to three deep */
  const wideLogicalFilter = (t, f) => {
    const form = r.pick(['$or', '$and', '$not', '$not-$or', '$or-$not', '$and-$or']);
    f.push(`g2:filters-logical:${form}`);
    const n = () => filterNode(t, 2, f);
    if (form === '$not') return { $not: n() };
    if (form === '$not-$or') return { $not: { $or: [n(), n()] } };
    if (form === '$or-$not') return { $or: [{ $not: n() }, n()] };
    if (form === '$and-$or') return { $and: [{ $or: [n(), n()] }, n()] };
    return { [form]: [n(), n()] };
  };
  /** grammar2: a string, list, comma list or dotted path straight under a populated key (qs: no sub-object) */
  const wideUnderKey = (t, a, depth, f) => {
    const tl = t ? links(t).map(([k]) => k) : [];
    const ts = t
      ? Object.entries(attrsOf(t))
          .filter(([, x]) => SCALARS.includes(x.type))
          .map(([k]) => k)
      : [];
    const pool = [...tl, ...tl, ...ts.slice(0, 2), 'nope', 'populate', 'fields', '*'];
    const form = r.pick(['name', 'list', 'list', 'comma', 'dotted', 'list-with-*', 'indexed-one']);
    f.push(`g2:populate:${a.type}:under-key:${form}`);
    if (form === 'name') return r.pick(pool);
    if (form === 'comma') return r.sample(pool, 2).join(',');
    if (form === 'dotted') {
      if (!t || !tl.length) return 'nope.nope';
      const k = r.pick(tl);
      const t2 = targetOf(attrsOf(t)[k]);
      return [k, ...(t2 && chance(0.6) ? dotPath(t2, depth + 1) : [])].join('.');
    }
    if (form === 'list-with-*') return ['*', r.pick(pool)];
    if (form === 'indexed-one') return { __indexed: [r.pick(pool)] };
    return r.sample(pool, r.int(1, 2));
  };
  /** grammar2: a dynamic zone's populate with fragments that carry every sub-parameter, and their odd forms */
  const wideZone = (a, depth, f) => {
    const form = r.pick(['on-full', 'on-full', 'on-full', 'on-unknown', 'on-literal', 'on+populate', 'on+fields', 'on-list', 'on-empty']);
    f.push(`g2:populate:dz:${form}`);
    const frag = (c) => {
      const out = {};
      const sch = { type: 'component', component: c };
      for (const k2 of r.sample(['fields', 'filters', 'sort', 'populate'], r.int(1, 3))) {
        f.push(`g2:populate:dz:on-${k2}`);
        if (k2 === 'fields') out.fields = fieldsParam(c, f);
        else if (k2 === 'filters') out.filters = chance(0.4) ? wideLogicalFilter(c, f) : filterNode(c, 1, f);
        else if (k2 === 'sort') out.sort = sortParam(c, f);
        else out.populate = links(c).length && depth < 2 ? populateParam(c, depth + 1, f) : r.pick(['*', 'nope']);
      }
      if (chance(0.1)) {
        out.count = 'true';
        f.push('g2:populate:dz:on-count');
      }
      void sch;
      return out;
    };
    const comps = r.sample(a.components, r.int(1, a.components.length));
    if (form === 'on-unknown')
      return {
        on: {
          [r.pick(['x', 'nope.nope', comps[0].split('.')[1] ?? 'x'])]: r.pick([true, '', NOVAL, { fields: ['id'] }]),
          [comps[0]]: frag(comps[0]),
        },
      };
    if (form === 'on-literal') return { on: Object.fromEntries(comps.map((c) => [c, r.pick(['*', 'true', 'false', '', NOVAL, '1'])])) };
    if (form === 'on+populate') return { on: { [comps[0]]: frag(comps[0]) }, populate: r.pick(['*', 'x']) };
    if (form === 'on+fields')
      return { on: { [comps[0]]: frag(comps[0]) }, [r.pick(['fields', 'sort', 'filters'])]: r.pick(['id', ['id'], { id: '1' }]) };
    if (form === 'on-list') return { on: r.pick([comps, comps.join(','), comps[0]]) };
    if (form === 'on-empty') return { on: r.pick(['', NOVAL, {}]) };
    return { on: Object.fromEntries(comps.map((c) => [c, frag(c)])) };
  };
  const subPopulate = (uid, k, a, depth, f) => {
    if (a.type === 'dynamiczone') {
      if (wide && chance(0.45)) return wideZone(a, depth, f);
      const roll = r.next();
      if (roll < 0.5) {
        f.push('g:populate:dz:on');
        return {
          on: Object.fromEntries(
            r
              .sample(a.components, r.int(1, a.components.length))
              .map((c) => [c, chance(0.4) ? true : subPopulate(c, null, { type: 'component', component: c }, depth + 1, f)]),
          ),
        };
      }
      if (roll < 0.7) return (f.push('g:populate:dz:populate-*'), { populate: '*' });
      if (roll < 0.8) return (f.push('g:populate:dz:fields'), { fields: ['id'] });
      if (roll < 0.9) return (f.push('g:populate:dz:populate-name'), { populate: r.pick(['x', ['a']]) });
      return (f.push('g:populate:dz:literal'), r.pick([true, '*', 'true', '1']));
    }
    const t = targetOf(a);
    if (wide && chance(0.18)) return wideUnderKey(t, a, depth, f);
    const roll = r.next();
    if (roll < 0.2) return (f.push(`g:populate:${a.type}:literal`), r.pick([true, '*', 'true', 'false', '0', '1', 't', NOVAL, '']));
    const sub = {};
    const kind = a.type;
    if (wide && chance(0.1)) {
      sub.count = r.pick(['true', 'false', '1', '']);
      f.push(`g2:populate:${kind}:count${['oneToMany', 'manyToMany', 'manyWay'].includes(a.relation) ? '' : '-not-to-many'}`);
    }
    if (wide && chance(0.12)) {
      sub.filters = wideLogicalFilter(t, f);
      f.push(`g2:populate:${kind}:filters-logical`);
    }
    if (wide && chance(0.06)) {
      const k2 = r.pick(['fields', 'sort', 'filters', 'populate']);
      sub[k2] = r.pick(['', NOVAL]);
      f.push(`g2:populate:${kind}:empty-${k2}`);
    }
    if (chance(0.35)) {
      sub.fields = fieldsParam(t, f);
      f.push(`g:populate:${kind}:fields`);
    }
    if (chance(0.3)) {
      sub.filters = filterNode(t, 1, f);
      f.push(`g:populate:${kind}:filters`);
    }
    if (chance(0.25)) {
      sub.sort = sortParam(t, f);
      f.push(`g:populate:${kind}:sort`);
    }
    if (kind === 'relation' && ['oneToMany', 'manyToMany', 'manyWay'].includes(a.relation) && chance(0.15)) {
      sub.count = r.pick(['true', 'false', '1']);
      f.push('g:populate:count');
    }
    if (chance(0.12)) {
      const p = r.pick([
        ['limit', r.pick(['1', '2', '0', '-1', 'x'])],
        ['start', r.pick(['1', '0', '-1'])],
        ['page', r.pick(['1', '2', '0'])],
        ['pageSize', r.pick(['1', '2', '0'])],
        ['ordering', r.pick(['asc', 'desc'])],
      ]);
      sub[p[0]] = p[1];
      f.push(`g:populate:${kind}:${p[0]}`);
      if (chance(0.25)) {
        const [k2, v2] = r.pick([
          ['start', '0'],
          ['page', '1'],
          ['limit', '2'],
          ['pageSize', '1'],
        ]);
        if (k2 !== p[0]) {
          sub[k2] = v2;
          f.push(`g:populate:mixed-pagination:${p[0]}+${k2}`);
        }
      }
      if (chance(0.1)) {
        sub.pagination = r.pick([
          { page: '1', pageSize: '1' },
          { start: '1', limit: '1' },
          { page: '1', limit: '1' },
        ]);
        f.push('g:populate:pagination-object');
      }
    }
    if (depth < 2 && t && links(t).length && chance(0.35)) {
      sub.populate = populateParam(t, depth + 1, f);
      f.push(`g:populate:${kind}:nested`);
    }
    if (chance(0.03)) {
      sub.on = { x: true };
      f.push(`g:populate:${kind}:on-non-dz`);
    }
    return Object.keys(sub).length ? sub : chance(0.5) ? {} : true;
  };
  function populateParam(uid, depth, f) {
    const l = links(uid);
    const roll = r.next();
    if (!l.length) return (f.push('g:populate:no-links'), r.pick(['*', 'nope', { nope: true }]));
    if (roll < 0.1) return (f.push(`g:populate:*:depth${depth}`), '*');
    if (roll < 0.2) return (f.push('g:populate:string'), r.pick(l)[0]);
    if (roll < 0.3)
      return (
        f.push('g:populate:comma'),
        r
          .sample(l, r.int(1, 3))
          .map(([k]) => k)
          .join(chance(0.3) ? ' , ' : ',')
      );
    if (roll < 0.45) {
      const items = Array.from({ length: r.int(1, 3) }, () => dotPath(uid, 0).join('.'));
      const form = r.pick(['list', 'comma', 'list']);
      f.push(`g:populate:dot-${form}`);
      return form === 'comma' ? items.join(',') : items;
    }
    if (roll < 0.5) {
      f.push('g:populate:odd');
      return r.pick([
        ['*'],
        ['*', l[0][0]],
        '*,' + l[0][0],
        [l[0][0], { [l[0][0]]: true }],
        { '*': true },
        { 0: l[0][0] },
        NOVAL,
        '',
        'nope',
      ]);
    }
    const out = {};
    for (const [k, a] of r.sample(l, r.int(1, Math.min(3, l.length)))) out[k] = subPopulate(uid, k, a, depth, f);
    f.push(`g:populate:object:depth${depth}`);
    if (wide && chance(0.08)) {
      const p = dotPath(uid, 0);
      if (p.length > 1) {
        out[p.join('.')] = r.pick([true, '*', { fields: ['id'] }, { populate: '*' }]);
        f.push('g2:populate:dotted-key-in-brackets');
      }
    }
    if (wide && chance(0.05)) {
      out[r.pick(['nope', 'id', 'documentId', 'createdBy', 'localizations', ''])] = r.pick([true, { fields: ['id'] }]);
      f.push('g2:populate:unknown-key');
    }
    return out;
  }

  // ---------- pagination & root parameters
  const pageVal = () =>
    chance(0.75) ? r.pick(['1', '2', '3', '1', '4', '100', '01', ' 2', '2.0']) : r.pick(['0', '-1', '1.5', 'abc', '', '101', NOVAL, '1e1']);
  const paginationParams = (q, f) => {
    const roll = r.next();
    if (roll < 0.35) {
      q.pagination = { page: pageVal(), pageSize: pageVal() };
      f.push('g:pagination:page');
    } else if (roll < 0.6) {
      q.pagination = { start: pageVal(), limit: pageVal() };
      f.push('g:pagination:offset');
    } else if (roll < 0.75) {
      const k = r.pick([
        ['page', 'pageSize'],
        ['start', 'limit'],
      ]);
      q[k[0]] = pageVal();
      if (chance(0.6)) q[k[1]] = pageVal();
      f.push(`g:pagination:top-level-${k[0]}`);
    } else if (roll < 0.85) {
      q.pagination = { [r.pick(['page', 'limit', 'pageSize'])]: pageVal(), withCount: r.pick(['false', 'true', '0', 'no', NOVAL]) };
      f.push('g:pagination:withCount');
    } else if (roll < 0.92) {
      const form = r.pick([
        'page+limit',
        'start+page',
        'pageSize+limit',
        'pageSize+start',
        'page+start+limit',
        'top+pagination',
        'top-mixed',
      ]);
      f.push(`g:pagination:mixed:${form}`);
      if (form === 'page+limit') q.pagination = { page: pageVal(), limit: pageVal() };
      else if (form === 'start+page') q.pagination = { start: pageVal(), page: pageVal() };
      else if (form === 'pageSize+limit') q.pagination = { pageSize: pageVal(), limit: pageVal() };
      else if (form === 'pageSize+start') q.pagination = { pageSize: pageVal(), start: pageVal() };
      else if (form === 'page+start+limit') q.pagination = { page: pageVal(), start: pageVal(), limit: pageVal() };
      else if (form === 'top+pagination') {
        q[r.pick(['page', 'pageSize', 'start', 'limit'])] = pageVal();
        q.pagination = { [r.pick(['page', 'pageSize', 'start', 'limit'])]: pageVal() };
      } else {
        q[r.pick(['page', 'pageSize'])] = pageVal();
        q[r.pick(['start', 'limit'])] = pageVal();
      }
      if (chance(0.3)) q.pagination = { ...(typeof q.pagination === 'object' ? q.pagination : {}), withCount: r.pick(['true', 'false']) };
    } else {
      q.pagination = r.pick(['1', NOVAL, ['1'], { page: { x: '1' } }]);
      f.push('g:pagination:odd');
    }
  };

  // ---------- qs rendering with its own variations
  const enc = (s, f) => {
    let e = encodeURIComponent(s);
    if (/%20/.test(e) && chance(0.5)) {
      e = e.replace(/%20/g, '+');
      f.push('g:qs:plus');
    }
    return e;
  };
  const render = (q, f) => {
    const pairs = [];
    const bracketStyle = chance(0.1) ? 'encoded' : 'raw';
    if (bracketStyle === 'encoded') f.push('g:qs:encoded-brackets');
    const keyOf = (segs) => {
      const [root, ...rest] = segs;
      const name = (s) => encodeURIComponent(s).replace(/%24/g, '$');
      const k = name(root) + rest.map((s) => `[${name(s)}]`).join('');
      return bracketStyle === 'encoded' ? k.replace(/\[/g, '%5B').replace(/\]/g, '%5D') : k;
    };
    const walk = (v, segs) => {
      if (v === undefined) return;
      if (v === NOVAL) return pairs.push(keyOf(segs));
      if (v && typeof v === 'object' && v.__sparse) {
        f.push('g:qs:sparse-index');
        let i = r.int(1, 3);
        for (const x of v.__sparse) {
          walk(x, [...segs, String(i)]);
          i += r.int(1, 5);
        }
        return;
      }
      if (v && typeof v === 'object' && v.__indexed) {
        // every index written out: past arrayLimit (100) qs makes an object keyed by index of the whole level
        v.__indexed.forEach((x, i) => walk(x, [...segs, String(i)]));
        return;
      }
      if (v && typeof v === 'object' && v.__push) {
        f.push('g:qs:empty-brackets');
        for (const x of v.__push) pairs.push(`${keyOf(segs)}${bracketStyle === 'encoded' ? '%5B%5D' : '[]'}=${enc(String(x), f)}`);
        return;
      }
      if (Array.isArray(v)) {
        const scalars = v.every((x) => typeof x === 'string');
        const roll = r.next();
        if (scalars && v.length > 0 && roll < 0.2) {
          f.push('g:qs:repeated-key');
          for (const x of v) pairs.push(`${keyOf(segs)}=${enc(x, f)}`);
          return;
        }
        if (scalars && v.length > 0 && roll < 0.3) {
          f.push('g:qs:empty-brackets');
          for (const x of v) pairs.push(`${keyOf(segs)}${bracketStyle === 'encoded' ? '%5B%5D' : '[]'}=${enc(x, f)}`);
          return;
        }
        if (roll < 0.35 && v.length > 0) {
          walk({ __sparse: v }, segs);
          return;
        }
        v.forEach((x, i) => walk(x, [...segs, String(i)]));
        return;
      }
      if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) walk(x, [...segs, k]);
        return;
      }
      pairs.push(`${keyOf(segs)}=${enc(String(v), f)}`);
    };
    for (const [k, v] of Object.entries(q)) walk(v, [k]);
    // qs-level additions: empty pairs and keys, a dotted root key, a very deep key, a key repeated with a scalar
    if (chance(0.04)) {
      pairs.splice(r.int(0, pairs.length), 0, r.pick(['', '=', '=x', '&', '[]=x', '%5B%5D=1']));
      f.push('g:qs:empty-key');
    }
    if (chance(0.03)) {
      pairs.push(r.pick(['filters.id.$eq=1', 'sort.id=asc', 'populate.x=true', 'pagination.page=2']));
      f.push('g:qs:dotted-key');
    }
    if (chance(0.02)) {
      pairs.push(`filters${'[$and][0]'.repeat(r.int(9, 12))}[id][$gt]=0`);
      f.push('g:qs:depth-overflow');
    }
    if (pairs.length && chance(0.05)) {
      // an odd spelling of one pair's key: %24 for $, lower-case %5b, double-encoded brackets, an unbalanced bracket,
      // [] after the last segment
      const i = r.int(0, pairs.length - 1);
      const [k0, ...v0] = pairs[i].split('=');
      const form = r.pick(['%24', '%5b', '%255B', 'unbalanced', 'trailing-[]', 'space-in-key']);
      f.push(`g:qs:odd-key:${form}`);
      const k1 =
        form === '%24'
          ? k0.replace(/\$/g, '%24')
          : form === '%5b'
            ? k0.replace(/\[/g, '%5b').replace(/\]/g, '%5d')
            : form === '%255B'
              ? k0.replace(/\[/, '%255B').replace(/\]/, '%255D')
              : form === 'unbalanced'
                ? k0.replace(/\]$/, '')
                : form === 'trailing-[]'
                  ? `${k0}[]`
                  : k0.replace(/\[/, '[ ');
      pairs[i] = [k1, ...v0].join('=');
    }
    if (chance(0.03) && Object.keys(q).length) {
      const k = r.pick(Object.keys(q));
      pairs.push(`${k}=${r.pick(['', 'x', '1', '*'])}`);
      f.push(`g:qs:root-repeated:${k}`);
    }
    return pairs.join('&');
  };

  const authPick = () => {
    const roll = r.next();
    return roll < 0.4 ? 'none' : roll < 0.75 ? 'read' : roll < 0.98 ? 'full' : 'bad';
  };

  // the upload plugin's file routes: the file type read with the whole grammar (a stream of its own)
  const FILE = 'plugin::upload.file';
  function readFiles() {
    const f = [];
    const q = {};
    let path = '/api/upload/files';
    const roll = x.next();
    if (roll < 0.25) {
      path += '/' + (mediaFiles.length && x.next() < 0.85 ? String(x.pick(mediaFiles).id) : x.pick(['0', '999', 'x']));
      f.push('g:route:upload-findOne');
    } else if (roll < 0.35) {
      path += '/page';
      f.push('g:route:upload-findPage');
    } else f.push('g:route:upload-find');
    if (chance(0.5)) q.filters = filtersParam(FILE, f);
    if (chance(0.4)) q.sort = sortParam(FILE, f);
    if (chance(0.3)) q.fields = fieldsParam(FILE, f);
    if (chance(0.45)) {
      q.populate = r.pick([
        'related',
        '*',
        'folder',
        ['related'],
        { related: true },
        { related: { populate: '*' } },
        { related: { on: {} } },
        'related,folder',
        { folder: true },
        { related: { fields: ['id'] } },
        ...(wide
          ? [
              { related: { populate: '*' }, folder: { fields: ['name'] } },
              { related: { on: { x: true } } },
              { related: { on: Object.fromEntries(types.slice(0, 2).map((t) => [t.uid, { fields: ['id'] }])) } },
              { related: { populate: { [links(types[0]?.uid ?? '')[0]?.[0] ?? 'x']: true } } },
              { folder: { populate: '*' } },
              { folder: { fields: ['name', 'path'] } },
              { related: { sort: 'id:desc' } },
              { related: { filters: { id: { $gt: '0' } } } },
              { related: { count: 'true' } },
              ['related', 'folder'],
              'related.x',
              { related: '' },
              ['*', 'related'],
            ]
          : []),
      ]);
      f.push(`g:upload:populate:${JSON.stringify(q.populate)}`);
    }
    if (chance(0.3)) paginationParams(q, f);
    if (chance(0.05)) {
      q[r.pick(['locale', 'status'])] = r.pick(['draft', 'en', '*']);
      f.push('g:upload:locale-or-status');
    }
    const s = [Object.keys(q).length ? render(q, f) : '', ...(wide && chance(0.3) ? wideExtras(FILE, q, f) : [])].filter(Boolean).join('&');
    return { method: 'GET', path: path + (s ? `?${s}` : ''), auth: authPick(), features: [...new Set(f)] };
  }

  /** grammar2: pairs added after a query is rendered: a root key again in another form, dotted and bracket keys of one
   * parameter mixed, a bracket segment holding a dot, empty values */
  const wideExtras = (uid, q, f) => {
    const out = [];
    const e = (v) => encodeURIComponent(v);
    const l = links(uid);
    const scal = sortableScalars(uid);
    if (chance(0.12)) {
      // the same root key again in another form: qs merges both (`fields=a&fields=*` is ['a', '*'])
      const k = r.pick(['fields', 'fields', 'sort', 'populate']);
      const v =
        k === 'fields'
          ? r.pick([['*'], [r.pick(scal)], [`0]=${r.pick(scal)}`]])
          : k === 'sort'
            ? r.pick([[r.pick(scal)], [`0]=${r.pick(scal)}:desc`], [`${r.pick(scal)}]=desc`]])
            : r.pick([['*'], l.length ? [r.pick(l)[0]] : ['*'], l.length ? [`${r.pick(l)[0]}]=true`] : ['*']]);
      const [val] = v;
      if (val.includes(']=')) out.push(`${k}[${val.split(']=')[0]}]=${e(val.split(']=')[1])}`);
      else out.push(`${k}=${e(val)}`);
      if (!(k in q) && chance(0.7)) out.unshift(`${k}=${e(k === 'populate' ? (l.length ? r.pick(l)[0] : '*') : r.pick(scal))}`);
      f.push(`g2:qs:repeated-root:${k}${k in q ? '' : ':twice'}`);
    }
    if (chance(0.06)) {
      const form = r.pick(['pagination', 'filters', 'sort', 'populate']);
      f.push(`g2:qs:dotted-and-brackets:${form}`);
      if (form === 'pagination') out.push(`pagination[page]=${r.pick(['1', '2'])}`, `pagination.pageSize=${r.pick(['1', '2'])}`);
      else if (form === 'filters') out.push(`filters[id][$gt]=0`, `filters.id.$lt=${r.pick(['5', '100'])}`);
      else if (form === 'sort') out.push(`sort[0]=${e(r.pick(scal))}`, `sort.1=id`);
      else if (l.length) out.push(`populate[${r.pick(l)[0]}]=true`, `populate.${r.pick(l)[0]}=true`);
    }
    if (chance(0.06) && l.length) {
      // a bracket segment holding a dot: Strapi reads a dotted name as one key at that level
      const withTarget = l.filter(([, a]) => targetOf(a));
      const form = r.pick(['filters', 'sort', 'sort-list', 'fields']);
      f.push(`g2:qs:dot-in-brackets:${form}`);
      if (withTarget.length) {
        const [k, a] = r.pick(withTarget);
        const t = targetOf(a);
        const s2 = sortableScalars(t);
        const leaf = s2.length ? r.pick(s2) : 'id';
        if (form === 'filters') out.push(`filters[${k}.${leaf}][$${r.pick(['eq', 'null', 'notNull'])}]=${r.pick(['1', 'true', 'x'])}`);
        else if (form === 'sort') out.push(`sort[${k}.${leaf}]=${r.pick(['asc', 'desc'])}`);
        else if (form === 'sort-list') out.push(`sort[0]=${e(`${k}.${leaf}:desc`)}`);
        else out.push(`fields[0]=${e(`${k}.${leaf}`)}`);
      }
    }
    if (chance(0.08)) {
      const k = r.pick([
        'fields=',
        'sort=',
        'populate=',
        'filters=',
        'fields[0]=',
        'sort[0]=',
        'populate[0]=',
        'locale=',
        'status=',
        'filters[id]=',
        'pagination=',
      ]);
      out.push(k);
      f.push(`g2:qs:empty-value:${k.replace('=', '')}`);
    }
    return out;
  };
  // the users-permissions plugin's user routes: the user type read with the whole grammar
  const USER = 'plugin::users-permissions.user';
  function readUsers() {
    const f = [];
    const q = {};
    let path = '/api/users';
    const roll = w.next();
    if (roll < 0.25) {
      path += '/' + w.pick(['1', '2', '999', 'x']);
      f.push('g2:route:users-findOne');
    } else if (roll < 0.35) {
      path += '/count';
      f.push('g2:route:users-count');
    } else f.push('g2:route:users-find');
    if (chance(0.5)) q.filters = filtersParam(USER, f);
    if (chance(0.4)) q.sort = sortParam(USER, f);
    if (chance(0.3)) q.fields = fieldsParam(USER, f);
    if (chance(0.4)) {
      q.populate = r.pick(['*', 'role', ['role'], { role: true }, { role: { fields: ['name'] } }, { role: { populate: '*' } }, 'nope']);
      f.push(`g2:users:populate:${JSON.stringify(q.populate)}`);
    }
    if (chance(0.3)) paginationParams(q, f);
    if (chance(0.1)) {
      q[r.pick(['locale', 'status', '_q'])] = r.pick(['draft', 'en', '*', 'a']);
      f.push('g2:users:locale-status-q');
    }
    const s = [render(q, f), ...(chance(0.3) ? wideExtras(USER, q, f) : [])].filter(Boolean).join('&');
    return { method: 'GET', path: path + (s ? `?${s}` : ''), auth: authPick(), features: [...new Set(f)] };
  }

  function read() {
    if (wide && w.next() < 0.04) return readUsers();
    if (mediaFiles.length && x.next() < (wide ? 0.08 : 0.05)) return readFiles();
    const t = r.pick(types);
    const f = [];
    const q = {};
    let path = `/api/${t.route}`;
    let list = t.kind === 'collectionType';
    if (list && chance(0.15)) {
      const ids = docIds(t.uid);
      path += '/' + (ids.length && chance(0.9) ? r.pick(ids) : r.pick(['nope', '0', '1']));
      list = false;
      f.push('g:route:findOne');
    } else f.push(`g:route:${t.kind === 'singleType' ? 'single' : 'find'}`);
    const p = (x) => chance(x);
    if (p(list ? 0.6 : 0.15)) q.filters = filtersParam(t.uid, f);
    if (p(list ? 0.45 : 0.1)) q.sort = sortParam(t.uid, f);
    if (p(0.3)) q.fields = fieldsParam(t.uid, f);
    if (p(0.5)) q.populate = populateParam(t.uid, 0, f);
    if (p(list ? 0.35 : 0.05)) paginationParams(q, f);
    if (p(t.localized ? 0.5 : 0.12)) {
      q.locale = r.pick(
        [...locales, ...locales, '*', 'xx', '', 'EN', NOVAL, ['en'], 'all', ...locales.map((l) => l.toUpperCase())].filter(
          (x) => x !== undefined,
        ),
      );
      f.push(
        `g:locale:${typeof q.locale === 'string' && locales.includes(q.locale) ? 'code' : String(q.locale === NOVAL ? 'novalue' : JSON.stringify(q.locale))}`,
      );
    }
    if (p(t.draftAndPublish ? 0.4 : 0.12)) {
      q.status = r.pick(['draft', 'published', 'draft', 'DRAFT', '', NOVAL, ['draft'], 'modified', { draft: 'true' }]);
      f.push(`g:status:${q.status === NOVAL ? 'novalue' : JSON.stringify(q.status)}`);
    }
    if (p(0.08)) {
      const [k, vals] = r.pick([
        ['_q', ['a', 'e', '', 'ZZZ', ' ', '%']],
        [
          'publicationFilter',
          ['never-published', 'has-published-version', 'modified', 'unmodified', 'published-without-draft', 'published-with-draft', 'x'],
        ],
        ['hasPublishedVersion', ['true', 'false', 'x', '']],
        ['count', ['true', 'false']],
        ['ordering', ['asc', 'desc']],
        ['foo', ['1']],
        ['publicationState', ['preview', 'live']],
      ]);
      q[k] = r.pick(vals);
      f.push(`g:root:${k}`);
    }
    if (wide && chance(0.1)) {
      // status x locale x populate together
      q.populate ??= populateParam(t.uid, 0, f);
      q.status = r.pick(['draft', 'published']);
      q.locale = r.pick([...locales, '*', 'xx']);
      f.push(`g2:combo:status-${q.status}:locale-${locales.includes(q.locale) ? 'code' : q.locale}:populate`);
    }
    let s = render(q, f);
    if (wide) s = [s, ...wideExtras(t.uid, q, f)].filter(Boolean).join('&');
    // arrayLimit overflow: a list of more than 100 indexed entries (populate, fields, an operator's list), drawn from a
    // stream of its own so that the other requests of a seed stay what they were without it
    if (x.next() < 0.015) {
      const n = x.pick([101, 102, 150]);
      const form = x.pick(['populate', 'fields', '$in']);
      const l = links(t.uid);
      const key = form === 'populate' && l.length ? 'populate' : form === '$in' ? 'filters[id][$in]' : 'fields';
      const names = key === 'populate' ? l.map(([k]) => k) : key === 'fields' ? Object.keys(systemAttrs(t.uid)) : null;
      const items = Array.from({ length: n }, (_, i) => (names ? names[i % names.length] : String(i + 1)));
      s = [s, ...items.map((v, i) => `${key}[${i}]=${encodeURIComponent(v)}`)].filter(Boolean).join('&');
      f.push(`g:qs:array-limit-overflow:${key}`);
    }
    return { method: 'GET', path: path + (s ? `?${s}` : ''), auth: authPick(), features: [...new Set(f)] };
  }
  return { read };
}
