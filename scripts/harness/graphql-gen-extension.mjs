// Random reads of the root query fields a project's GraphQL extension adds (typeDefs + resolvers in register): the
// shadow-CRUD generator (graphql-gen.mjs) draws from the schema content-mock builds from the model alone, so a
// project's own queries were never asked. These come from the served schema's grammar: every argument by its type
// (values of the same name from the content where there are some), a random selection of the return type (unions
// and interfaces through inline fragments), and now and then a required argument left out (a validation error).
// Mutations of extensions are left out: they have side effects outside the content (mail, third-party calls).

/**
 * `served`: the schema both servers serve (graphql-js GraphQLSchema, built from Strapi's SDL); `base`: the one the
 * model alone gives; `dataset`: the pulled content; `graphql`: the graphql module. Returns `n` reads or none.
 */
export function extensionReads({ served, base, dataset, graphql, r, n }) {
  const { isNonNullType, isListType, isEnumType, isInputObjectType, isScalarType, isObjectType, isAbstractType, getNamedType } = graphql;
  const own = new Set(Object.keys(base.getQueryType().getFields()));
  const fields = Object.values(served.getQueryType().getFields()).filter((f) => !own.has(f.name));
  if (fields.length === 0) return [];

  // the content's scalar values by attribute name, across types and locales (a list of strings, a multi-select's
  // choices, lends its items)
  const byName = new Map();
  const add = (k, v) => {
    if (!byName.has(k)) byName.set(k, []);
    byName.get(k).push(v);
  };
  for (const ct of Object.values(dataset.contentTypes ?? {}))
    for (const byStatus of Object.values(ct.documents ?? {}))
      for (const list of Object.values(byStatus))
        for (const d of Array.isArray(list) ? list : list ? [list] : [])
          for (const [k, v] of Object.entries(d)) {
            if (v !== null && typeof v !== 'object') add(k, v);
            else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) for (const x of v) add(k, x);
          }
  const locales = (dataset.locales ?? []).map((l) => l.code);

  const lit = (v) => (typeof v === 'string' ? JSON.stringify(v) : String(v));
  function value(type, name, depth) {
    if (isNonNullType(type)) return value(type.ofType, name, depth);
    if (isListType(type)) return `[${Array.from({ length: r.int(0, 2) }, () => value(type.ofType, name, depth)).join(', ')}]`;
    if (isEnumType(type)) return r.pick(type.getValues()).name;
    if (isInputObjectType(type)) {
      if (depth > 2) return '{}';
      const parts = Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type) || r.next() < 0.5)
        .map((f) => `${f.name}: ${value(f.type, f.name, depth + 1)}`);
      return `{ ${parts.join(', ')} }`;
    }
    const named = type.name;
    const lower = name.toLowerCase();
    if (lower === 'locale' && locales.length && r.next() < 0.9) return lit(r.pick(locales));
    const seen = byName.get(name) ?? [];
    if (named === 'Int' || named === 'Long')
      return String(r.next() < 0.1 ? r.pick([-1, 0, 1000]) : seen.length && r.next() < 0.5 ? Number(r.pick(seen)) | 0 : r.int(1, 12));
    if (named === 'Float') return String(r.next() * 100);
    if (named === 'Boolean') return String(r.next() < 0.5);
    if (named === 'JSON') return r.pick(['{}', '[]', '"x"', '1']);
    if (seen.length && r.next() < 0.85) return lit(String(r.pick(seen)));
    return lit(r.pick(['zzz', '', 'en', '1']));
  }

  function selection(type, depth) {
    const t = getNamedType(type);
    if (isScalarType(t) || isEnumType(t)) return '';
    if (isAbstractType(t)) {
      const kinds = served.getPossibleTypes(t);
      const parts = r
        .sample(kinds, r.int(1, Math.min(3, kinds.length)))
        .map((k) => `... on ${k.name} { ${selection(k, depth + 1) || '__typename'} }`);
      return `__typename ${parts.join(' ')}`;
    }
    if (!isObjectType(t)) return '__typename';
    const candidates = Object.values(t.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type)));
    const leaves = candidates.filter((f) => isScalarType(getNamedType(f.type)) || isEnumType(getNamedType(f.type)));
    const nested = depth < 3 ? candidates.filter((f) => !leaves.includes(f)) : [];
    const picked = r.sample([...leaves, ...nested], r.int(1, Math.max(1, Math.min(6, leaves.length + nested.length))));
    const out = picked.map((f) => {
      const sub = selection(f.type, depth + 1);
      return sub ? `${f.name} { ${sub} }` : f.name;
    });
    return out.length ? out.join(' ') : '__typename';
  }

  return Array.from({ length: n }, () => {
    const field = r.pick(fields);
    const required = field.args.filter((a) => isNonNullType(a.type));
    // now and then a required argument left out: graphql-js's validation error is the answer
    const dropped = required.length && r.next() < 0.05 ? r.pick(required) : undefined;
    const args = field.args
      .filter((a) => a !== dropped && (isNonNullType(a.type) || r.next() < 0.6))
      .map((a) => `${a.name}: ${value(a.type, a.name, 0)}`);
    const sub = selection(field.type, 0);
    const body = `${field.name}${args.length ? `(${args.join(', ')})` : ''}${sub ? ` { ${sub} }` : ''}`;
    return { query: `query { ${body} }`, features: ['extension', ...(dropped ? ['error:required-arg'] : [])] };
  });
}
