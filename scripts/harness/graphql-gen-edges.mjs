// Reads at the edges of the plugin's argument grammar that the other generators leave out (stop 12's widening), drawn
// from the schema's own types, never from what either server answers:
// - an optional argument given as `null`, literally or through a variable (filters, sort, pagination, status, locale,
//   hasPublishedVersion, publicationFilter; a relation field's own filters, sort and pagination);
// - the locale argument in the forms a client may send: `*`, empty, another letter case, a region, an unknown code,
//   on every kind of root and under its relations;
// - variables of every input type the root's arguments have, with values graphql-js coerces (a single value for a
//   list, an integer for a float, an ID as a number) or refuses (a missing or null required variable, a value of
//   another kind, an unknown input field, an enum given by another name); a default given, then overridden by null;
// - documents of several operations (queries, a mutation that changes nothing, a subscription the schema has no type
//   for, fragments shared between them), the one run picked by operationName or not picked;
// - the same root field under two aliases with their own status, locale and publication filter, each with relations
//   below (what a relation inherits is its own root's); fragments spread at the root (`fragment R on Query`) and
//   fragments spreading fragments.
// Every read is a query; the only mutation sent deletes a document that does not exist.
import { GraphQLEnumType, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLScalarType } from 'graphql';

const unwrap = (t) => {
  while (t instanceof GraphQLNonNull || t instanceof GraphQLList) t = t.ofType;
  return t;
};
const lit = (v) => (typeof v === 'string' ? JSON.stringify(v) : String(v));

/**
 * `g`: the base generator's pieces (graphql-gen.mjs `pieces`: { schema, apiTypes, query, mutation, locales,
 * selection, listArgs, publicationArgs, rootName, documentIdOf }); `r` its own stream. Returns `n` reads.
 */
export function edgeReads(g, r, n) {
  const { schema, apiTypes, query, mutation, locales } = g;
  // mostly forms the locale scalar lets through (an unknown code is its validation error)
  const localeForm = () => {
    const x = r.next();
    if (x < 0.4 || !locales.length) return r.pick(locales.length ? locales : ['*']);
    if (x < 0.65) return '*';
    if (x < 0.8) return '';
    if (x < 0.9) return r.pick(locales).toUpperCase();
    return r.pick(['xx', 'all', `${r.pick(locales)}-XX`]);
  };
  let nVar = 0;

  /** A root field of `t` of `kind` with its arguments and a selection (no fragments: `frags` collects them). */
  function rootRead(t, kind, frags, vars, extra = []) {
    const field = g.rootName(t, kind);
    if (!query[field]) return undefined;
    const args = [];
    if (kind === 'one' && t.kind === 'collectionType') args.push(`documentId: ${lit(g.documentIdOf(t))}`);
    if (kind !== 'one') args.push(...g.listArgs(t, false));
    else args.push(...g.publicationArgs(t));
    args.push(...extra);
    const sel = g.selection(schema.getType(t.name), 1, frags, vars);
    const body = kind === 'conn' ? `nodes { ${sel} } pageInfo { total page pageSize pageCount }` : sel;
    return { field, args, body };
  }
  const kindOf = (t) => (t.kind === 'singleType' ? 'one' : r.pick(['one', 'many', 'conn']));
  const print = ({ field, args, body }, alias = '') =>
    `${alias ? `${alias}: ` : ''}${field}${args.length ? `(${args.join(', ')})` : ''} { ${body} }`;
  const named = (key) => (a) => a.startsWith(`${key}:`);

  /** Optional arguments given as null (literally or by a variable), at the root and on relation fields. */
  function nulls() {
    const t = r.pick(apiTypes);
    const kind = kindOf(t);
    const frags = [];
    const vars = { defs: [], values: {} };
    const field = g.rootName(t, kind);
    if (!query[field]) return undefined;
    const optional = query[field].args.filter((a) => !(a.type instanceof GraphQLNonNull)).map((a) => a.name);
    const made = rootRead(t, kind, frags, vars);
    if (!made || !optional.length) return undefined;
    for (const name of r.sample(optional, r.int(1, Math.min(3, optional.length)))) {
      made.args = made.args.filter((a) => !named(name)(a));
      if (r.next() < 0.3) {
        const v = `n${nVar++}`;
        const type = query[field].args.find((a) => a.name === name).type;
        // a variable given null, left out (its default, if any), or with a default overridden by null
        const x = r.next();
        if (x < 0.4) (vars.defs.push(`$${v}: ${type}`), (vars.values[v] = null));
        else if (x < 0.7) vars.defs.push(`$${v}: ${type}`);
        else (vars.defs.push(`$${v}: ${type} = ${r.pick(['null', defaultFor(type)])}`), (vars.values[v] = null));
        made.args.push(`${name}: $${v}`);
      } else made.args.push(`${name}: null`);
    }
    // a relation field's own arguments as null
    made.body = made.body.replace(/(?<![@\w])(\w+)\(([^()]*)\) \{/, (all, f, args) => {
      const free = ['filters', 'sort', 'pagination'].filter((k) => !args.includes(`${k}:`));
      return r.next() < 0.5 || !free.length ? all : `${f}(${r.pick(free)}: null, ${args}) {`;
    });
    return doc([print(made)], frags, vars, ['edge:null']);
  }
  function defaultFor(type) {
    const inner = unwrap(type);
    if (inner.name === 'PublicationStatus') return r.pick(['DRAFT', 'PUBLISHED']);
    if (inner.name === 'PaginationArg') return '{ limit: 2 }';
    if (inner.name === 'I18NLocaleCode') return lit(r.pick(locales.length ? locales : ['en']));
    if (inner.name === 'PublicationFilter') return r.pick(inner.getValues().map((v) => v.name));
    if (inner.name === 'Boolean') return 'true';
    if (type instanceof GraphQLList || (type instanceof GraphQLNonNull && type.ofType instanceof GraphQLList)) return '["documentId"]';
    return '{}';
  }

  /** The locale argument in the forms a client may send, at the root (and inherited by its localizations). */
  function localeForms() {
    const localized = apiTypes.filter((t) => t.localized);
    if (!localized.length) return undefined;
    const t = r.pick(localized);
    const kind = kindOf(t);
    const frags = [];
    const made = rootRead(t, kind, frags, undefined);
    if (!made) return undefined;
    made.args = made.args.filter((a) => !named('locale')(a));
    // a variable's value is not checked against the locale codes (the scalar's parseValue takes any): half by one
    const vars = r.next() < 0.5 ? { defs: ['$loc: I18NLocaleCode'], values: { loc: localeForm() } } : undefined;
    made.args.push(`locale: ${vars ? '$loc' : lit(localeForm())}`);
    const sortable = schema
      .getType(t.name)
      .getFields()
      .localizations?.args.some((a) => a.name === 'sort');
    if (r.next() < 0.5 && !made.body.includes('localizations'))
      made.body += ` localizations${sortable && r.next() < 0.3 ? `(sort: ["locale"])` : ''} { documentId locale }`;
    return doc([print(made)], frags, vars, ['edge:locale']);
  }

  /** A value for an input type: `ok` one graphql-js accepts, else a mistake of the kind drawn. */
  function valueOf(type, t, depth = 0) {
    if (type instanceof GraphQLNonNull) return valueOf(type.ofType, t, depth);
    if (type instanceof GraphQLList) return r.next() < 0.2 ? valueOf(type.ofType, t, depth) : [valueOf(type.ofType, t, depth)];
    if (type instanceof GraphQLEnumType) return r.pick(type.getValues()).name;
    if (type instanceof GraphQLInputObjectType) {
      if (type.name === 'PaginationArg') return r.pick([{ page: 1, pageSize: 2 }, { start: 1, limit: 3 }, { limit: 2 }, {}]);
      const fields = type.getFields();
      const out = {};
      for (const name of r.sample(Object.keys(fields), depth > 1 ? 0 : r.int(0, 2))) {
        const inner = unwrap(fields[name].type);
        if (inner.name.endsWith('FiltersInput') && depth > 0) continue;
        out[name] = valueOf(fields[name].type, t, depth + 1);
      }
      return out;
    }
    if (type instanceof GraphQLScalarType) {
      if (type.name === 'Int' || type.name === 'Long') return r.int(0, 5);
      if (type.name === 'Float') return r.pick([1, 2.5]);
      if (type.name === 'Boolean') return r.next() < 0.5;
      if (type.name === 'ID') return g.documentIdOf(t);
      if (type.name === 'I18NLocaleCode') return r.pick(locales.length ? locales : ['en']);
      if (type.name === 'DateTime') return '2024-01-02T03:04:05.000Z';
      if (type.name === 'Date') return '2024-01-02';
      if (type.name === 'JSON') return { a: 1 };
      return 'a';
    }
    return null;
  }
  /** A value graphql-js refuses (or coerces) for `type`. */
  function wrongOf(type) {
    const inner = unwrap(type);
    const options = [];
    if (type instanceof GraphQLNonNull) options.push(undefined, null);
    if (inner instanceof GraphQLEnumType) options.push(inner.getValues()[0].name.toLowerCase(), 5, 'NOT_A_VALUE');
    if (inner instanceof GraphQLInputObjectType) options.push('text', [{}], { nosuchfield: 1 }, 5);
    if (inner instanceof GraphQLScalarType) {
      if (['Int', 'Long', 'Float'].includes(inner.name)) options.push('5', 2.5, true, 2 ** 40);
      else if (inner.name === 'Boolean') options.push('true', 1);
      else if (inner.name === 'ID') options.push(12, 1.5, true);
      else options.push(5, { a: 1 }, ['x']);
    }
    return options.length ? r.pick(options) : null;
  }

  /** Every argument of a root given by a variable of its type; now and then one value refused or coerced. */
  function variables() {
    const t = r.pick(apiTypes);
    const kind = kindOf(t);
    const field = g.rootName(t, kind);
    if (!query[field]) return undefined;
    const frags = [];
    const defs = [];
    const values = {};
    const args = [];
    const wrong = r.next() < 0.5 ? r.pick(query[field].args).name : undefined;
    for (const a of query[field].args) {
      if (!(a.type instanceof GraphQLNonNull) && a.name !== wrong && r.next() < 0.4) continue;
      const v = `x${nVar++}`;
      defs.push(`$${v}: ${a.type}`);
      args.push(`${a.name}: $${v}`);
      if (a.name === wrong) {
        const w = wrongOf(a.type);
        if (w !== undefined) values[v] = w;
      } else values[v] = a.name === 'filters' ? {} : a.name === 'sort' ? r.pick(['documentId', ['documentId:desc']]) : valueOf(a.type, t);
    }
    // a variable the operation does not define (ignored by graphql-js)
    if (r.next() < 0.1) values.notDefined = 1;
    const sel = g.selection(schema.getType(t.name), 1, frags);
    const body = kind === 'conn' ? `nodes { ${sel} } pageInfo { total }` : sel;
    const text = `query V${defs.length ? `(${defs.join(', ')})` : ''} { ${field}${args.length ? `(${args.join(', ')})` : ''} { ${body} } }${frags.length ? ` ${frags.join(' ')}` : ''}`;
    return { query: text, variables: values, features: ['edge:variables', ...(wrong ? ['edge:variables-wrong'] : [])] };
  }

  /** A document of several operations, the one run picked by operationName (or not). */
  function operations() {
    const frags = [];
    const ops = [];
    const names = [];
    for (let i = 0; i < r.int(2, 3); i++) {
      const t = r.pick(apiTypes);
      const made = rootRead(t, kindOf(t), frags, undefined);
      if (!made) continue;
      names.push(`Op${i}`);
      ops.push(`query Op${i} { ${print(made)} }`);
    }
    const deletable = apiTypes.filter((t) => t.kind === 'collectionType' && mutation[`delete${t.name}`]);
    if (deletable.length && r.next() < 0.4) {
      const t = r.pick(deletable);
      names.push('Change');
      ops.push(`mutation Change { delete${t.name}(documentId: "nosuchdocumentid000000000") { documentId } }`);
    }
    if (r.next() < 0.1) {
      names.push('Watch');
      ops.push('subscription Watch { __typename }');
    }
    if (ops.length < 2) return undefined;
    // a fragment on Query shared by two operations
    if (r.next() < 0.3) {
      frags.push('fragment Shared on Query { __typename }');
      ops[0] = ops[0].replace(/\{ /, '{ ...Shared ');
      ops[1] = ops[1].replace(/\{ /, '{ ...Shared ');
    }
    const operationName = r.pick([...names, ...names, undefined, 'Missing', '']);
    return {
      query: [...ops, ...frags].join(' '),
      ...(operationName !== undefined ? { operationName } : {}),
      features: ['edge:operations'],
    };
  }

  /** The same root field under two aliases with their own status, locale and publication filter. */
  function twinRoots() {
    const drafted = apiTypes.filter((x) => x.draftAndPublish);
    const t = r.pick(drafted.length && r.next() < 0.8 ? drafted : apiTypes);
    const kind = t.kind === 'singleType' ? 'one' : r.pick(['many', 'conn', 'one']);
    const frags = [];
    const parts = [];
    for (const alias of ['a', 'b']) {
      const made = rootRead(t, kind, frags, undefined);
      if (!made) return undefined;
      made.args = made.args.filter((a) => !['status', 'locale', 'publicationFilter', 'hasPublishedVersion'].some((k) => named(k)(a)));
      if (t.draftAndPublish) made.args.push(`status: ${alias === 'a' ? 'DRAFT' : 'PUBLISHED'}`);
      if (t.localized && r.next() < 0.5) made.args.push(`locale: ${lit(r.pick(locales))}`);
      if (t.draftAndPublish && r.next() < 0.3)
        made.args.push(`publicationFilter: ${r.pick(['MODIFIED', 'UNMODIFIED', 'HAS_PUBLISHED_VERSION', 'NEVER_PUBLISHED'])}`);
      parts.push(print(made, alias));
    }
    return doc(parts, frags, undefined, ['edge:twin-roots']);
  }

  /** Root fields spread from a fragment on Query, which spreads another. */
  function rootFragments() {
    const frags = [];
    const t = r.pick(apiTypes);
    const made = rootRead(t, kindOf(t), frags, undefined);
    if (!made) return undefined;
    const u = r.pick(apiTypes);
    const other = rootRead(u, kindOf(u), frags, undefined);
    frags.push(`fragment R on Query { ${print(made, 'r1')}${other ? ' ...S' : ''} }`);
    if (other) frags.push(`fragment S on Query { ${print(other, 's1')} __typename }`);
    const text = r.next() < 0.5 ? `{ ...R }` : `query { ... on Query { ...R } }`;
    return { query: `${text} ${frags.join(' ')}`, features: ['edge:root-fragments'] };
  }

  function doc(parts, frags, vars, features) {
    const defs = vars?.defs.length ? `(${vars.defs.join(', ')})` : '';
    return {
      query: `query${defs ? ` E${defs}` : ''} { ${parts.join(' ')} }${frags.length ? ` ${frags.join(' ')}` : ''}`,
      ...(vars && Object.keys(vars.values).length ? { variables: vars.values } : {}),
      features,
    };
  }

  const makers = [nulls, nulls, localeForms, localeForms, variables, variables, operations, twinRoots, twinRoots, rootFragments];
  const out = [];
  for (let tries = 0; out.length < n && tries < n * 5; tries++) {
    const made = r.pick(makers)();
    if (made) out.push(made);
  }
  return out;
}
