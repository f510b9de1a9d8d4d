// A second, independent REST write generator: write requests sampled from the grammar of Strapi 5's Content API
// writes, not from a list of cases (gen.mjs's writeStep is that list: scalars sampled from the content, a few relation
// forms, no components, zones or media). Used by run.mjs with `--write-generator grammar`.
//
// ## The grammar (read from @strapi/core core-api/controller (collection-type, single-type), @strapi/utils
// ## validate/index (validateInput and its visitors), sanitize/, @strapi/core services/document-service
// ## (transform/data-ids, relations, components, dynamic zones, entity validator) and the koa body parser)
//
// request   := method route ['?' query] [body]
//   method  := POST (collection) | PUT (document or single type) | DELETE | PATCH, POST on a document (not routed)
//   route   := /api/<plural> | /api/<plural>/<documentId> (known, made by this sequence, unknown) | /api/<singular>
//   query   := locale (code | unknown | '*') , status (draft | published | other) , populate , fields , other keys
//              (the same query validation as reads: a bad one refuses the write before it is made)
// body      := JSON { data: payload } | { data: not-an-object } | {} | { data, extra root keys } | malformed JSON
//              | an empty body | a form-less text/plain body
// payload   := { member* } ; member := attribute ':' value | system key ':' any
//   system keys (validateInput: `id`, `documentId` are Invalid key; non-writable createdAt/updatedAt/publishedAt/
//   createdBy/updatedBy/locale/localizations are refused or dropped), unknown keys (Invalid key), private attributes
// value by attribute kind:
//   scalar    := a value of its type (bounds: min/max, minLength/maxLength, regex, enum, unique, required) | a value
//                of another JSON type | null ; json takes any JSON, blocks a list of block nodes
//   relation  := documentId | [documentId…] (shorthand) | { connect?, disconnect?, set? } where each is a list (or one)
//                of documentId | { documentId, locale?, status?, position? } | { id } ; position := { before|after:
//                documentId } | { start: true } | { end: true } ; a target that does not exist ; null ; []
//   media     := file id | [file id…] (multiple) | { id } | unknown id | null
//   component := { attribute values… [, id of an existing one] } | null ; repeatable: a list of those (min/max) ;
//                unknown keys inside ; a list for a single one, an object for a repeatable one
//   dynamiczone := [ { __component: one of its components | another component | unknown | missing, values… } ] |
//                not a list
//   nested system keys (publishedAt, locale, status, createdAt, data) inside a component or a relation's own object:
//                attributes of every content type (a relation's target) but of no component (drawn from `extra`)
// Each request records its shape features (`w:<where>:<shape>`) so a report says which shapes differ.
import { datasetRows, SCALARS } from './model.mjs';

const NUMERIC = ['integer', 'biginteger', 'float', 'decimal'];
const TEMPORAL = ['date', 'datetime', 'time', 'timestamp'];
const SYSTEM_KEYS = ['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale', 'localizations'];

// `extra`: a second random stream for the shapes added after the first figures (system keys inside components and
// relation objects): drawing them from it leaves every earlier seed's sequence as it was, only those bodies grow.
const NESTED_SYSTEM_KEYS = ['publishedAt', 'locale', 'status', 'createdAt', 'data'];

export function makeWriteGrammarGenerator(model, dataset, settings, r, extra) {
  const nestedKey = (where, features) => {
    if (!extra || extra.next() >= 0.05) return undefined;
    const key = extra.pick(NESTED_SYSTEM_KEYS);
    features.push(`w:${where}:system-key:${key}`);
    const value =
      key === 'locale'
        ? extra.pick([...(dataset.locales ?? []).map((l) => l.code), 'xx'])
        : key === 'status'
          ? 'draft'
          : key === 'data'
            ? {}
            : extra.pick([null, '2024-01-01T00:00:00.000Z']);
    return [key, value];
  };
  const types = [...model.types.values()];
  const locales = (dataset.locales ?? []).map((l) => l.code);
  const rows = datasetRows(model, dataset);
  const mediaIds = (dataset.media ?? []).map((m) => m.id).filter((id) => typeof id === 'number');
  const chance = (p) => r.next() < p;
  const docIdsOf = (uid) => [...new Set((rows.get(uid) ?? []).map((d) => d.documentId))];
  const routeOf = (t) => `/api/${t.route}`;
  const created = []; // { uid, name }
  let counter = 0;

  /** ids of existing component instances under attribute `name` of a type's rows (to update one in place) */
  const componentIds = (t, name) => {
    const out = [];
    for (const row of rows.get(t.uid) ?? []) for (const c of [row[name]].flat()) if (c && typeof c.id === 'number') out.push(c.id);
    return out;
  };

  // ---- scalar values: valid ones of the type, near and past its bounds, and of other JSON types
  const text = () =>
    r.pick(['plain text', 'Ünïcödé ✓', '', ' padded ', 'a'.repeat(r.int(1, 300)), 'quote " and \\ slash', `word ${++counter}`]);
  const validScalar = (a) => {
    switch (a.type) {
      case 'string':
      case 'text':
      case 'richtext':
      case 'password': {
        if (a.regex) return null;
        const min = Number(a.minLength ?? 0);
        const max = Number(a.maxLength ?? 40);
        return 'v'.repeat(Math.max(min, Math.min(max, r.int(min, Math.max(min, Math.min(max, 30)))))) || text();
      }
      case 'email':
        return `user${++counter}@example.com`;
      case 'uid':
        return `slug-${++counter}-${r.int(0, 9999)}`;
      case 'enumeration':
        return r.pick(a.enum ?? ['x']);
      case 'integer':
        return r.int(Number(a.min ?? -50), Number(a.max ?? 50)) + (a.unique ? 100000 + ++counter : 0);
      case 'biginteger':
        return r.pick(['9007199254740993', '12', 42]);
      case 'float':
      case 'decimal':
        return r.pick([1.5, 0, -2.25, 3]) + (a.unique ? ++counter : 0);
      case 'boolean':
        return r.pick([true, false]);
      case 'date':
        return r.pick(['2024-02-29', '2023-01-01']);
      case 'datetime':
      case 'timestamp':
        return r.pick(['2024-02-29T10:00:00.000Z', '2023-06-01T00:00:00Z']);
      case 'time':
        return r.pick(['10:00', '23:59:59', '08:30:00.000']);
      case 'json':
        return r.pick([{ a: 1, b: [true, null] }, [1, 'two'], 'a string', 12, null, { nested: { deep: { x: 'y' } } }]);
      case 'blocks':
        return [{ type: 'paragraph', children: [{ type: 'text', text: `block ${++counter}` }] }];
      default:
        return text();
    }
  };
  /** a value of the type, named as such (a string under a regex has none here: it is sent as null and named so) */
  const valid = (a) => {
    const v = validScalar(a);
    return [v, v === null ? 'null' : 'valid'];
  };
  /** a value for a scalar: [value, feature] */
  const scalarValue = (a) => {
    const roll = r.next();
    if (roll < 0.6) return valid(a);
    if (roll < 0.7) return [null, a.required ? 'null-required' : 'null'];
    if (roll < 0.82) {
      // near and past its bounds
      if (NUMERIC.includes(a.type) && (a.min !== undefined || a.max !== undefined))
        return [r.pick([a.min, a.max, Number(a.min ?? 0) - 1, Number(a.max ?? 0) + 1].filter((x) => x !== undefined)), 'bound'];
      if (a.maxLength !== undefined || a.minLength !== undefined)
        return [r.pick(['x'.repeat(Number(a.maxLength ?? 5) + 1), 'x'.repeat(Math.max(0, Number(a.minLength ?? 1) - 1))]), 'length'];
      if (a.regex) return [r.pick(['does not match', '']), 'regex'];
      if (a.type === 'enumeration') return [r.pick(['not-in-enum', '', (a.enum ?? [])[0]?.toUpperCase?.() ?? 'X']), 'enum'];
      if (a.type === 'uid') return [r.pick(['Has Spaces', 'ok_chars.~-', 'ünï']), 'uid-chars'];
      if (a.type === 'email') return [r.pick(['not an email', 'a@b', '']), 'email'];
      if (TEMPORAL.includes(a.type))
        return [
          r.pick(['2024-13-01', '2024-02-30', 'not a date', '25:00', '1700000000000', 1700000000000, '2024-01-01T25:00:00Z']),
          'temporal',
        ];
      if (a.unique) {
        const taken = (rows.get(a.__type) ?? []).map((d) => d[a.__name]).filter((v) => v != null);
        if (taken.length) return [r.pick(taken), 'unique-taken'];
      }
      return valid(a);
    }
    // a value of another JSON type
    return [r.pick(['12', 12, 1.5, true, 'true', [], ['a'], { a: 1 }, '']), 'other-type'];
  };

  // ---- links
  const refTo = (target, features) => {
    const ids = docIdsOf(target.uid);
    const mine = created.filter((c) => c.uid === target.uid).map((c) => `{{${c.name}}}`);
    const pool = [...ids, ...mine];
    if (!pool.length || chance(0.06)) {
      features.push('w:rel:unknown-target');
      return r.pick(['nope-not-a-document', 'a'.repeat(24)]);
    }
    const documentId = r.pick(pool);
    const roll = r.next();
    if (roll < 0.4) return documentId;
    if (roll < 0.55) {
      const row = (rows.get(target.uid) ?? []).find((d) => d.documentId === documentId);
      if (row && typeof row.id === 'number') {
        features.push('w:rel:by-id');
        return { id: row.id };
      }
      return { documentId };
    }
    const ref = { documentId };
    const system = nestedKey('rel', features);
    if (system) ref[system[0]] = system[1];
    if (target.localized && chance(0.5)) {
      ref.locale = r.pick([...locales, 'xx']);
      features.push('w:rel:locale');
    }
    if (target.draftAndPublish && chance(0.3)) {
      ref.status = r.pick(['draft', 'published', 'nope']);
      features.push('w:rel:status');
    }
    return ref;
  };
  const relationValue = (a, features) => {
    const target = model.types.get(a.target);
    if (!target) return undefined;
    const many = /ToMany$/.test(a.relation ?? '') || a.relation === 'manyWay';
    const list = (n) => Array.from({ length: n }, () => refTo(target, features));
    const roll = r.next();
    if (roll < 0.15) {
      features.push(`w:rel:shorthand:${many ? 'many' : 'one'}`);
      return many ? list(r.int(0, 3)).map((x) => (typeof x === 'object' && x.documentId ? x.documentId : x)) : refTo(target, features);
    }
    if (roll < 0.22) {
      features.push('w:rel:null');
      return null;
    }
    if (roll < 0.27) {
      features.push('w:rel:bad-shape');
      return r.pick([{ connect: 5 }, { nope: [] }, { connect: [{}] }, { connect: [{ documentId: 5 }] }, 7, true]);
    }
    const ops = {};
    for (const op of ['connect', 'disconnect', 'set']) {
      if (!chance(op === 'connect' ? 0.6 : 0.3)) continue;
      let items = list(many ? r.int(0, 3) : r.int(1, 2));
      if (op === 'connect' && many && chance(0.35)) {
        items = items.map((x) => {
          const ref = typeof x === 'string' ? { documentId: x } : { ...x };
          const others = docIdsOf(target.uid);
          ref.position = r.pick([
            { start: true },
            { end: true },
            ...(others.length ? [{ before: r.pick(others) }, { after: r.pick(others) }] : []),
            { before: 'nope-not-linked' },
          ]);
          return ref;
        });
        features.push('w:rel:position');
      }
      ops[op] = chance(0.15) && items.length === 1 ? items[0] : items;
      features.push(`w:rel:${op}:${many ? 'many' : 'one'}`);
    }
    if (Object.keys(ops).length === 0) {
      features.push('w:rel:empty-ops');
    } else if (Object.keys(ops).length > 1) features.push('w:rel:ops-combined');
    return ops;
  };
  const mediaValue = (a, features) => {
    const roll = r.next();
    const id = () => (mediaIds.length && chance(0.9) ? r.pick(mediaIds) : 987654);
    if (roll < 0.1) {
      features.push('w:media:null');
      return null;
    }
    if (roll < 0.2) {
      features.push('w:media:object');
      return a.multiple ? [{ id: id() }] : { id: id() };
    }
    if (roll < 0.27) {
      features.push('w:media:bad');
      return r.pick(['not-a-file', true, { url: '/x.png' }]);
    }
    features.push(`w:media:ids:${a.multiple ? 'many' : 'one'}`);
    if (a.multiple) return chance(0.15) ? id() : Array.from({ length: r.int(0, 3) }, id);
    return chance(0.1) ? [id()] : id();
  };

  // ---- components and zones
  const componentValue = (uid, depth, features, existingIds = []) => {
    const c = model.components.get(uid);
    if (!c) return {};
    const out = {};
    if (existingIds.length && chance(0.3)) {
      out.id = r.pick(existingIds);
      features.push('w:comp:existing-id');
    } else if (chance(0.05)) {
      out.id = 999999;
      features.push('w:comp:unknown-id');
    }
    Object.assign(out, membersOf(c.attributes, depth + 1, features, { uid, kind: 'component' }));
    const system = nestedKey('comp', features);
    if (system && !Object.hasOwn(c.attributes ?? {}, system[0])) out[system[0]] = system[1];
    if (chance(0.04)) {
      out.nope = 1;
      features.push('w:comp:unknown-key');
    }
    return out;
  };
  const attributeValue = (holder, name, a, depth, features) => {
    if (SCALARS.includes(a.type) || a.type === 'json') {
      const [v, kind] = scalarValue({ ...a, __type: holder.uid, __name: name });
      features.push(`w:scalar:${a.type}:${kind}`);
      return v;
    }
    if (a.type === 'relation') return a.target?.startsWith('plugin::') ? undefined : relationValue(a, features);
    if (a.type === 'media') return mediaValue(a, features);
    if (a.type === 'component') {
      if (depth > 2) return undefined;
      const ids = holder.kind === 'component' ? [] : componentIds(holder, name);
      const roll = r.next();
      if (roll < 0.08) {
        features.push('w:comp:null');
        return null;
      }
      if (roll < 0.13) {
        features.push('w:comp:wrong-shape');
        return a.repeatable ? componentValue(a.component, depth, features, ids) : [componentValue(a.component, depth, features, ids)];
      }
      features.push(`w:comp:${a.repeatable ? 'repeatable' : 'single'}`);
      if (!a.repeatable) return componentValue(a.component, depth, features, ids);
      const n = r.int(Math.max(0, Number(a.min ?? 0) - 1), Math.min(4, Number(a.max ?? 3) + 1));
      return Array.from({ length: n }, () => componentValue(a.component, depth, features, ids));
    }
    if (a.type === 'dynamiczone') {
      if (chance(0.06)) {
        features.push('w:zone:not-a-list');
        return { __component: (a.components ?? [])[0] };
      }
      const all = [...model.components.keys()];
      return Array.from({ length: r.int(0, 3) }, () => {
        const roll = r.next();
        let uid = r.pick(a.components ?? all);
        if (roll < 0.06) {
          features.push('w:zone:missing-component');
          const { __component, ...rest } = { __component: uid, ...componentValue(uid, depth, features) };
          return rest;
        }
        if (roll < 0.12) {
          uid = chance(0.5) ? 'nope.nothing' : r.pick(all.filter((x) => !(a.components ?? []).includes(x)).concat(uid));
          features.push('w:zone:other-component');
        } else features.push('w:zone:entry');
        return { __component: uid, ...componentValue(uid, depth, features) };
      });
    }
    return undefined;
  };
  /** members of a payload: some attributes of the holder (every required one most of the time) */
  const membersOf = (attributes, depth, features, holder) => {
    const out = {};
    for (const [name, a] of Object.entries(attributes ?? {})) {
      const required = a.required === true;
      if (!(required ? chance(0.9) : chance(depth === 0 ? 0.45 : 0.5))) continue;
      if (a.private) features.push('w:private-attribute');
      const v = attributeValue(holder, name, a, depth, features);
      if (v !== undefined) out[name] = v;
    }
    return out;
  };
  const payloadFor = (t, features) => {
    const data = membersOf(t.attributes, 0, features, t);
    if (chance(0.08)) {
      const key = r.pick(SYSTEM_KEYS);
      const rowsOf = rows.get(t.uid) ?? [];
      data[key] =
        key === 'id'
          ? (rowsOf[0]?.id ?? 1)
          : key === 'locale'
            ? r.pick([...locales, 'xx'])
            : key === 'documentId'
              ? (rowsOf[0]?.documentId ?? 'x')
              : key === 'localizations'
                ? []
                : '2024-01-01T00:00:00.000Z';
      features.push(`w:system-key:${key}`);
    }
    if (chance(0.04)) {
      data[r.pick(['nope', '__component', 'attributes', 'data'])] = r.pick([1, 'x', {}]);
      features.push('w:unknown-key');
    }
    return data;
  };
  /** the body around a payload: { data } mostly, other shapes sometimes */
  const bodyFor = (data, features) => {
    const roll = r.next();
    if (roll < 0.9) return { body: { data } };
    if (roll < 0.93) {
      features.push('w:body:extra-root-key');
      return { body: { data, meta: { x: 1 } } };
    }
    if (roll < 0.96) {
      const other = r.pick([null, [], 'text', 5, [data]]);
      features.push(`w:body:data-${other === null ? 'null' : Array.isArray(other) ? 'list' : typeof other}`);
      return { body: { data: other } };
    }
    if (roll < 0.975) {
      features.push('w:body:no-data');
      return { body: chance(0.5) ? {} : data };
    }
    if (roll < 0.99) {
      features.push('w:body:malformed-json');
      return { rawBody: '{"data": {', contentType: 'application/json' };
    }
    features.push('w:body:empty');
    return { rawBody: '', contentType: 'application/json' };
  };
  const queryFor = (t, features) => {
    const q = [];
    if (t.localized && chance(0.4)) {
      q.push(['locale', r.pick([...locales, ...locales, 'xx', '*'])]);
      features.push('w:query:locale');
    }
    if (t.draftAndPublish && chance(0.35)) {
      q.push(['status', r.pick(['draft', 'published', 'published', 'nope'])]);
      features.push('w:query:status');
    }
    if (chance(0.2)) {
      const links = Object.entries(t.attributes).filter(([, a]) => ['relation', 'component', 'media', 'dynamiczone'].includes(a.type));
      q.push(['populate', chance(0.5) || !links.length ? '*' : r.pick(links)[0]]);
      features.push('w:query:populate');
    }
    if (chance(0.1)) {
      const scalars = Object.entries(t.attributes).filter(([, a]) => SCALARS.includes(a.type) && !a.private);
      if (scalars.length) q.push(['fields', r.pick(scalars)[0]]);
      features.push('w:query:fields');
    }
    if (chance(0.04)) {
      q.push([r.pick(['filters[id]', 'sort', 'nope']), '1']);
      features.push('w:query:read-param');
    }
    return q.length
      ? '?' + q.map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`).join('&')
      : '';
  };
  const readsAfter = (t, documentId, query) => {
    // what a write left: the document as each side now holds it, every link and component one level down
    const deep = Object.entries(t.attributes)
      .filter(([, a]) => ['relation', 'component', 'media', 'dynamiczone'].includes(a.type))
      .map(([k, a]) => `populate[${k}]${a.type === 'dynamiczone' || a.type === 'component' ? '[populate]=*' : '=true'}`)
      .join('&');
    const status = t.draftAndPublish ? `status=${r.pick(['draft', 'published'])}` : '';
    const locale = /locale=([^&]*)/.exec(query)?.[1];
    const params = [deep || 'populate=*', status, locale && locale !== '*' ? `locale=${locale}` : ''].filter(Boolean).join('&');
    const path = t.kind === 'singleType' ? routeOf(t) : `${routeOf(t)}/${documentId}`;
    const out = [{ method: 'GET', path: `${path}?${params}`, auth: 'full', features: ['w:after'] }];
    if (t.kind !== 'singleType')
      out.push({
        method: 'GET',
        path: `${routeOf(t)}?sort=id:desc&pagination[pageSize]=3&${params}`,
        auth: 'full',
        features: ['w:after-list'],
      });
    return out;
  };

  function writeStep() {
    const t = r.pick(types);
    const features = [];
    const auth = chance(0.85) ? 'full' : r.pick(['none', 'read']);
    if (auth !== 'full') features.push(`w:auth:${auth}`);
    const query = queryFor(t, features);
    const send = (method, path, withBody, extra = {}) => {
      const step = { method, path: path + query, auth, features: [...features], ...extra };
      if (withBody) {
        const bodyFeatures = [];
        const shaped = bodyFor(payloadFor(t, bodyFeatures), bodyFeatures);
        Object.assign(step, shaped);
        step.features.push(...bodyFeatures);
      }
      return step;
    };
    if (t.kind === 'singleType') {
      if (chance(0.85)) return [send('PUT', routeOf(t), true, { features: ['w:single-put', ...features] }), ...readsAfter(t, null, query)];
      return [send('DELETE', routeOf(t), false, { features: ['w:single-delete', ...features] }), ...readsAfter(t, null, query)];
    }
    const mine = created.filter((c) => c.uid === t.uid);
    const roll = r.next();
    if (roll < 0.4 || (!mine.length && roll < 0.55)) {
      const name = `w${++counter}`;
      created.push({ uid: t.uid, name });
      const step = send('POST', routeOf(t), true, { save: name });
      step.features.unshift('w:create');
      return [step, ...readsAfter(t, `{{${name}}}`, query)];
    }
    const known = docIdsOf(t.uid);
    const target =
      mine.length && chance(0.5) ? `{{${r.pick(mine).name}}}` : known.length && chance(0.95) ? r.pick(known) : 'nope-not-a-document';
    const path = `${routeOf(t)}/${target}`;
    if (roll < 0.85) {
      const step = send('PUT', path, true);
      step.features.unshift('w:update');
      return [step, ...readsAfter(t, target, query)];
    }
    if (roll < 0.97) {
      const step = send('DELETE', path, false);
      step.features.unshift('w:delete');
      return [step, ...readsAfter(t, target, query)];
    }
    const step = send(r.pick(['PATCH', 'POST']), path, true);
    step.features.unshift('w:unrouted-method');
    return [step];
  }
  return { writeStep };
}
