// The GraphQL generator's shapes drawn from the grammar rather than from the cases we thought of (stop 8's widening):
// - filters from the `<T>FiltersInput` types themselves: any number of keys, every operator of a scalar's
//   `<S>FilterInput` several at a time, `and`/`or`/`not` at any level and under relations and components, emptied
//   groups (`{}`, `and: []`, `or: [{}]`, `not: {}`) wherever an object may stand, lists inside lists under a relation;
// - the same relation or component selected twice under two aliases with their own arguments (two populates of one
//   attribute in one query);
// - several root fields in one read, each with an argument the server refuses (the order of several errors);
// - the HTTP envelope of a request: body fields of every kind, raw bodies, content types, GET parameters, and
//   automatic persisted queries;
// - mutation steps: several refusals in one input (a required value left out, a length, a bound, a pattern, an
//   email, a missing relation target, all at once), several mutations in one operation, and publish sequences across
//   documents (a draft-only document linked from a published one, then published, unpublished by a draft update,
//   deleted, each followed by reads of both sides).
import { createHash } from 'node:crypto';
import { GraphQLInputObjectType, GraphQLList, GraphQLNonNull } from 'graphql';

const unwrap = (t) => {
  while (t instanceof GraphQLNonNull || t instanceof GraphQLList) t = t.ofType;
  return t;
};
const lit = (v) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/**
 * `g`: the base generator's pieces this one draws on ({ schema, byName, byUid, model, r, apiTypes, scalarFilter,
 * jsonFilter, selection, rootName, documentIdOf, docsOf, wideData, wideScalar, locales, mutation, query }).
 */
export function makeGrammarShapes(g) {
  const { schema, byName, byUid, model, r } = g;
  const EMPTIED = [
    '{}',
    '{ and: [] }',
    '{ or: [] }',
    '{ and: [{}] }',
    '{ or: [{}] }',
    '{ not: {} }',
    '{ not: { and: [] } }',
    '{ or: [{ and: [] }] }',
  ];

  /** A scalar's filter with one to three of its operators (now and then none: `{}`). */
  function scalarFilters(uid, field, scalar, vars) {
    const k = r.pick([0, 1, 1, 1, 2, 2, 3]);
    if (k === 0) return '{}';
    const seen = new Map();
    for (let i = 0; i < k * 2 && seen.size < k; i++) {
      const one = g.scalarFilter(uid, field, scalar, 0, vars);
      const body = one.slice(1, -1).trim();
      const key = body.slice(0, body.indexOf(':'));
      if (!seen.has(key)) seen.set(key, body);
    }
    return `{ ${[...seen.values()].join(', ')} }`;
  }

  /** A `<T>FiltersInput` value drawn from the input type's own fields, `depth` levels down. */
  function filters(t, depth, vars) {
    const input = schema.getType(`${t.name}FiltersInput`);
    if (!(input instanceof GraphQLInputObjectType)) return '{}';
    if (depth > 0 && r.next() < 0.08) return r.pick(EMPTIED);
    const fields = input.getFields();
    const names = Object.keys(fields);
    const n = r.pick([0, 1, 1, 2, 2, 3]);
    const parts = new Map();
    for (let i = 0; i < n * 2 && parts.size < n; i++) {
      const name = r.pick(names);
      if (parts.has(name)) continue;
      const ft = unwrap(fields[name].type);
      const deeper = depth < 4 && r.next() < 1 / (depth + 1);
      if (name === 'and' || name === 'or') {
        if (!deeper) continue;
        const items = Array.from({ length: r.pick([0, 1, 1, 2, 3]) }, () => filters(t, depth + 1, vars));
        // a single object where the list is expected is a list of one (input coercion)
        parts.set(name, items.length === 1 && r.next() < 0.2 ? items[0] : `[${items.join(', ')}]`);
      } else if (name === 'not') {
        if (deeper) parts.set(name, filters(t, depth + 1, vars));
      } else if (ft.name.endsWith('FiltersInput')) {
        const target = byName.get(ft.name.slice(0, -'FiltersInput'.length));
        if (target && deeper) parts.set(name, filters(target, depth + 1, vars));
      } else if (ft.name === 'JSONFilterInput') parts.set(name, g.jsonFilter());
      else if (ft.name.endsWith('FilterInput')) parts.set(name, scalarFilters(t.uid, name, ft.name.slice(0, -'FilterInput'.length), vars));
    }
    return parts.size ? `{ ${[...parts].map(([k, v]) => `${k}: ${v}`).join(', ')} }` : '{}';
  }

  /** Reads with several root fields, each with an argument the server refuses or may refuse. */
  function refusals() {
    const bad = ['{ page: 1, start: 0 }', '{ page: 0 }', '{ pageSize: -1 }', '{ start: -2, limit: 2 }', '{ limit: 0 }', '{ page: -1 }'];
    const parts = [];
    const n = r.int(2, 4);
    for (let i = 0; i < n; i++) {
      const t = r.pick(g.apiTypes);
      const kind = t.kind === 'singleType' ? 'one' : r.pick(['many', 'conn']);
      const field = g.rootName(t, kind);
      if (!g.query[field]) continue;
      const args = [];
      const x = r.next();
      if (t.kind === 'collectionType') {
        if (x < 0.45) args.push(`pagination: ${r.pick(bad)}`);
        else if (x < 0.65) args.push(`sort: ${lit(r.pick(['notAField', 'documentId:sideways', 'title:up', '']))}`);
        else if (x < 0.85) args.push(`filters: ${filters(t, 0)}`);
      }
      if (t.localized && r.next() < 0.3) args.push(`locale: ${lit(r.pick(['xx', ...g.locales]))}`);
      if (r.next() < 0.2) args.push(`status: ${r.pick(['DRAFT', 'PUBLISHED'])}`);
      const frags = [];
      const sel = g.selection(schema.getType(t.name), 1, frags);
      if (frags.length) continue;
      const body = kind === 'conn' ? `nodes { ${sel} } pageInfo { total pageSize }` : sel;
      parts.push(`r${i}: ${field}${args.length ? `(${args.join(', ')})` : ''} { ${body} }`);
    }
    if (parts.length < 2) return undefined;
    return { query: `{ ${parts.join(' ')} }`, features: ['grammar:refusals'] };
  }

  // ---- the HTTP envelope (Apollo Server 4 behind Strapi's body parser): each field of a POST body of every JSON kind,
  // raw bodies (empty, a list, a scalar, malformed), content types, a GET's parameters (given twice, invalid JSON, not
  // objects), a mutation by GET, and automatic persisted queries (a hash alone, unknown or sent before with its query,
  // a wrong hash, other versions)
  const sent = [];
  const sha = (text) => createHash('sha256').update(text).digest('hex');
  function envelope(valid) {
    const x = r.next();
    const preflight = { 'apollo-require-preflight': 'true' };
    const json = (body, headers = { 'content-type': 'application/json' }) => ({ method: 'POST', body: JSON.stringify(body), headers });
    const pq = (hash, version = 1) => ({ persistedQuery: { version, sha256Hash: hash } });
    let http;
    if (x < 0.35) {
      // persisted queries: a query sent with its hash is kept once it validates; later asked by its hash alone
      const y = r.next();
      if (y < 0.3 || sent.length === 0) {
        const query = r.next() < 0.9 ? valid : `${valid.slice(0, -1)} nope }`;
        sent.push(query);
        http = json({ query, extensions: pq(r.next() < 0.92 ? sha(query) : sha(`${query} `)) });
      } else if (y < 0.75) {
        const query = r.next() < 0.8 ? r.pick(sent) : valid;
        const ext = pq(sha(query));
        http =
          r.next() < 0.5
            ? json({ extensions: ext })
            : { method: 'GET', search: `extensions=${encodeURIComponent(JSON.stringify(ext))}`, headers: preflight };
      } else
        http = json({
          ...(r.next() < 0.5 ? { query: valid } : {}),
          extensions: r.pick([
            pq(sha(valid), 2),
            pq(sha(valid), '1'),
            { persistedQuery: 'x' },
            { persistedQuery: { version: 1 } },
            { persistedQuery: null },
            pq(5),
          ]),
        });
    } else if (x < 0.7) {
      // a POST body's fields, each of a kind drawn from JSON's
      const kinds = { missing: undefined, null: null, string: 'x', number: 5, list: [1], object: {}, false: false };
      const field = (options) => r.pick(options);
      const body = {};
      const query = field(['valid', 'valid', 'valid', 'missing', 'null', 'number', 'object', 'false', 'empty', 'document']);
      if (query !== 'missing')
        body.query =
          query === 'valid' ? valid : query === 'empty' ? '' : query === 'document' ? { kind: 'Document', definitions: [] } : kinds[query];
      for (const name of ['variables', 'extensions', 'operationName']) {
        const kind = r.next() < 0.6 ? 'missing' : field(['null', 'string', 'number', 'list', 'object', 'false']);
        if (kind !== 'missing') body[name] = kinds[kind];
      }
      http = json(body);
    } else if (x < 0.85) {
      const raw = r.pick([
        '',
        '[]',
        `[${JSON.stringify({ query: valid })}]`,
        '"x"',
        '5',
        'null',
        '{bad',
        ' {}',
        JSON.stringify({ query: valid }),
      ]);
      const type = r.pick(['application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined]);
      const headers = { ...(type ? { 'content-type': type } : {}), ...(r.next() < 0.5 ? preflight : {}) };
      http = {
        method: 'POST',
        body: type === 'application/x-www-form-urlencoded' && r.next() < 0.5 ? `query=${encodeURIComponent(valid)}` : raw,
        headers,
      };
    } else {
      const params = [`query=${encodeURIComponent(r.next() < 0.9 ? valid : 'mutation { __typename }')}`];
      const extra = r.pick(['twice', 'operationName', 'variables', 'extensions', 'none']);
      if (extra === 'twice') params.push(params[0]);
      else if (extra === 'operationName') params.push('operationName=A', ...(r.next() < 0.5 ? ['operationName=B'] : []));
      else if (extra !== 'none') params.push(`${extra}=${encodeURIComponent(r.pick(['notjson', 'null', '[1]', '5', '{}', '{"a":1}']))}`);
      http = { method: 'GET', search: r.sample(params, params.length).join('&'), headers: r.next() < 0.85 ? preflight : {} };
    }
    return { query: valid, http, features: ['grammar:http'] };
  }

  // ---- writes

  /** A value the content type's rules refuse for `a` (undefined where it has none). */
  function refused(t, a) {
    const attr = model.contentTypes.get(t.uid)?.attributes.get(a.name);
    if (!attr) return undefined;
    const options = [];
    if (attr.required) options.push('null');
    if (attr.kind === 'scalar') {
      if (attr.maxLength !== undefined) options.push(lit('x'.repeat(attr.maxLength + 1 + r.int(0, 3))));
      if (attr.minLength !== undefined && attr.minLength > 0) options.push(lit('y'.repeat(Math.max(0, attr.minLength - 1))));
      if (attr.max !== undefined && ['integer', 'biginteger', 'float', 'decimal'].includes(attr.type))
        options.push(String(attr.type === 'biginteger' ? lit(String(attr.max + 1)) : attr.max + 1));
      if (attr.min !== undefined && ['integer', 'biginteger', 'float', 'decimal'].includes(attr.type))
        options.push(String(attr.type === 'biginteger' ? lit(String(attr.min - 1)) : attr.min - 1));
      if (attr.regex) options.push(lit('!! no match ~'));
      if (attr.type === 'email') options.push(lit('not-an-email'));
      if (attr.unique) {
        const taken = g
          .docsOf(t.uid)
          .map((d) => d[a.name])
          .filter((v) => typeof v === 'string' || typeof v === 'number');
        if (taken.length) options.push(lit(r.pick(taken)));
      }
    }
    if (attr.kind === 'relation') options.push(a.toMany ? `[${lit('nosuchdocumentid000000000')}]` : lit('nosuchdocumentid000000000'));
    if (attr.kind === 'media') options.push(a.multiple ? '["99999"]' : '"99999"');
    return options.length ? r.pick(options) : undefined;
  }

  /** An input with two or more values the content type refuses, beside valid ones. */
  function refusedData(t) {
    const fields = t.attributes.filter(
      (a) => a.common.writable && !a.common.private && !['publishedAt', 'locale', 'localizations', 'id', 'documentId'].includes(a.name),
    );
    const bad = new Map();
    for (const a of r.sample(fields, fields.length)) {
      if (bad.size >= r.int(2, 4)) break;
      const v = refused(t, a);
      if (v !== undefined) bad.set(a.name, v);
    }
    if (bad.size < 2) return undefined;
    const good = g.wideData(t, 0, new Set(bad.keys())).slice(1, -1).trim();
    const parts = [...bad].map(([k, v]) => `${k}: ${v}`);
    // the refused values and the valid ones in one random order
    const all = r.sample([...parts, ...(good ? [good] : [])], parts.length + (good ? 1 : 0));
    return `{ ${all.join(', ')} }`;
  }

  /** A create or update with several refusals in its input; then a read of the type. */
  function refusalStep() {
    const candidates = g.apiTypes.filter((t) => g.mutation[`update${t.name}`]);
    if (!candidates.length) return undefined;
    const t = r.pick(candidates);
    const data = refusedData(t);
    if (!data) return undefined;
    const collection = t.kind === 'collectionType';
    const create = collection && g.mutation[`create${t.name}`] && r.next() < 0.6;
    const id = collection && !create ? `documentId: ${lit(g.documentIdOf(t))}, ` : '';
    const status = t.draftAndPublish && r.next() < 0.5 ? `status: ${r.pick(['DRAFT', 'PUBLISHED'])}, ` : '';
    return [
      {
        query: `mutation { ${create ? 'create' : 'update'}${t.name}(${id}${status}data: ${data}) { documentId } }`,
        features: ['mutation:refusals'],
      },
      {
        query: `{ ${collection ? `${g.rootName(t, 'conn')} { pageInfo { total } }` : `${g.rootName(t, 'one')} { documentId }`} }`,
        features: ['after-write'],
      },
    ];
  }

  /**
   * An input the content type accepts as far as the generator knows (required values, some others; no deliberate
   * mistakes), without the attributes in `omit`, with `extra` (a `key: value` text) added.
   */
  function cleanData(t, omit = new Set(), extra = '') {
    const parts = [];
    for (const a of t.attributes) {
      if (!a.common.writable || a.common.private || omit.has(a.name)) continue;
      if (['publishedAt', 'locale', 'localizations', 'id', 'documentId', 'createdAt', 'updatedAt'].includes(a.name)) continue;
      if (!a.common.required && r.next() < 0.7) continue;
      let v;
      if (a.kind === 'enum') v = g.wideScalar(t, a);
      else if (a.kind === 'scalar') {
        const plain = ['String', 'Int', 'Long', 'Float', 'Boolean'].includes(a.scalar) ? g.scalarValue(t, a) : undefined;
        v = plain !== undefined ? lit(plain) : g.wideScalar(t, a);
      } else if (a.kind === 'component' && a.common.required) v = g.wideField(t, a, 0);
      if (v !== undefined && v !== 'NOT_A_VALUE') parts.push(`${a.name}: ${v}`);
    }
    if (extra) parts.push(extra);
    return `{ ${parts.join(', ')} }`;
  }

  /** Two to three mutations in one operation (run one after another), by the content's documentIds. */
  function severalMutations() {
    const parts = [];
    for (let i = 0; i < r.int(2, 3); i++) {
      const t = r.pick(g.apiTypes);
      const collection = t.kind === 'collectionType';
      const x = r.next();
      const id = collection ? `documentId: ${lit(r.next() < 0.85 ? g.documentIdOf(t) : 'nosuchdocumentid000000000')}, ` : '';
      if (x < 0.45 && collection && g.mutation[`create${t.name}`])
        parts.push(
          `m${i}: create${t.name}(data: ${r.next() < 0.3 ? (refusedData(t) ?? g.wideData(t, 0)) : g.wideData(t, 0)}) { documentId }`,
        );
      else if (x < 0.85 && g.mutation[`update${t.name}`])
        parts.push(
          `m${i}: update${t.name}(${id}${t.draftAndPublish && r.next() < 0.4 ? `status: ${r.pick(['DRAFT', 'PUBLISHED'])}, ` : ''}data: ${g.wideData(t, 0)}) { documentId }`,
        );
      else if (collection && g.mutation[`delete${t.name}`]) parts.push(`m${i}: delete${t.name}(${id.slice(0, -2)}) { documentId }`);
    }
    if (parts.length < 2) return undefined;
    const t = r.pick(g.apiTypes);
    return [
      { query: `mutation { ${parts.join(' ')} }`, features: ['mutation:several'] },
      {
        query: `{ ${t.kind === 'collectionType' ? `${g.rootName(t, 'conn')}(status: ${r.pick(['DRAFT', 'PUBLISHED'])}) { nodes { documentId } pageInfo { total } }` : `${g.rootName(t, 'one')} { documentId }`} }`,
        features: ['after-write'],
      },
    ];
  }

  /**
   * A draft-only document linked from a published one, then published; the link read from both sides after each
   * step (Strapi keeps a published entry's links to drafts out of its published version until the target is
   * published, and syncs them on the target's publish). Now and then the target is unpublished through a draft-only
   * update, the owner republished, or the target deleted.
   */
  function publishChain(n) {
    const pairs = [];
    for (const t of g.apiTypes) {
      if (!t.draftAndPublish || t.kind !== 'collectionType' || !g.mutation[`create${t.name}`]) continue;
      for (const a of t.attributes) {
        if (a.kind !== 'relation' || !a.common.writable || a.common.private) continue;
        const u = byUid.get(a.target);
        if (u && g.apiTypes.includes(u) && u.draftAndPublish && u.kind === 'collectionType' && g.mutation[`create${u.name}`])
          pairs.push([t, a, u]);
      }
    }
    if (!pairs.length) return undefined;
    const [t, a, u] = r.pick(pairs);
    const B = `k${n}b`,
      A = `k${n}a`;
    const loc = t.localized && u.localized && r.next() < 0.3 ? r.pick(g.locales) : undefined;
    const locArg = loc ? `locale: ${lit(loc)}, ` : '';
    const link = a.toMany ? `[${r.next() < 0.5 ? `"{{${B}}}", ${lit(g.documentIdOf(u))}` : `"{{${B}}}"`}]` : `"{{${B}}}"`;
    const inverse = u.attributes.find((x) => x.kind === 'relation' && x.common.writable && !x.common.private && x.target === t.uid);
    const relSel = (field) =>
      `${field} { documentId ${u.attributes.find((x) => x.kind === 'scalar' && !x.common.private && x.name !== 'documentId' && x.scalar === 'String')?.name ?? ''} }`;
    const ownerRead = (status) => ({
      query: `{ ${g.rootName(t, 'one')}(documentId: "{{${A}}}"${loc ? `, locale: ${lit(loc)}` : ''}, status: ${status}) { documentId ${relSel(a.name)} } }`,
      features: ['after-write', 'grammar:publish-chain'],
    });
    const targetRead = (status) => ({
      query: `{ ${g.rootName(u, 'one')}(documentId: "{{${B}}}"${loc ? `, locale: ${lit(loc)}` : ''}, status: ${status}) { documentId${inverse ? ` ${inverse.name} { documentId }` : ''} } }`,
      features: ['after-write', 'grammar:publish-chain'],
    });
    const steps = [
      {
        query: `mutation { create${u.name}(${locArg}status: DRAFT, data: ${cleanData(u)}) { documentId } }`,
        save: B,
        features: ['mutation:create', 'grammar:publish-chain'],
      },
      {
        query: `mutation { create${t.name}(${locArg}status: PUBLISHED, data: ${cleanData(t, new Set([a.name]), `${a.name}: ${link}`)}) { documentId ${relSel(a.name)} } }`,
        save: A,
        features: ['mutation:create', 'grammar:publish-chain'],
      },
      ownerRead('PUBLISHED'),
      ownerRead('DRAFT'),
      {
        query: `mutation { update${u.name}(documentId: "{{${B}}}", ${locArg}status: PUBLISHED, data: {}) { documentId } }`,
        features: ['mutation:publish', 'grammar:publish-chain'],
      },
      ownerRead('PUBLISHED'),
      targetRead('PUBLISHED'),
    ];
    const x = r.next();
    if (x < 0.3) {
      // the owner changed as a draft, then republished: the draft's links are copied to the published version
      steps.push(
        {
          query: `mutation { update${t.name}(documentId: "{{${A}}}", ${locArg}status: DRAFT, data: { ${a.name}: ${a.toMany ? '[]' : 'null'} }) { documentId } }`,
          features: ['mutation:update', 'grammar:publish-chain'],
        },
        ownerRead('PUBLISHED'),
        {
          query: `mutation { update${t.name}(documentId: "{{${A}}}", ${locArg}status: PUBLISHED, data: {}) { documentId } }`,
          features: ['mutation:publish', 'grammar:publish-chain'],
        },
        ownerRead('PUBLISHED'),
        targetRead('DRAFT'),
      );
    } else if (x < 0.55 && g.mutation[`delete${u.name}`]) {
      steps.push(
        {
          query: `mutation { delete${u.name}(documentId: "{{${B}}}"${loc ? `, locale: ${lit(loc)}` : ''}) { documentId } }`,
          features: ['mutation:delete', 'grammar:publish-chain'],
        },
        ownerRead('PUBLISHED'),
        ownerRead('DRAFT'),
      );
    } else if (x < 0.75) {
      // a second owner, published while the target is published: both lists of the target's inverse side
      const C = `k${n}c`;
      steps.push(
        {
          query: `mutation { create${t.name}(${locArg}status: ${r.pick(['DRAFT', 'PUBLISHED'])}, data: ${cleanData(t, new Set([a.name]), `${a.name}: ${a.toMany ? `["{{${B}}}"]` : `"{{${B}}}"`}`)}) { documentId } }`,
          save: C,
          features: ['mutation:create', 'grammar:publish-chain'],
        },
        targetRead('PUBLISHED'),
        targetRead('DRAFT'),
        ownerRead('PUBLISHED'),
      );
    }
    return steps;
  }

  return { filters, refusals, envelope, refusalStep, severalMutations, publishChain };
}
