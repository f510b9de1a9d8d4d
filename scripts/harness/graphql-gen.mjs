// Random GraphQL operations generated from the plugin's schema (the one content-mock builds, identical to Strapi's)
// and the content both servers hold: selections (scalars, relations with their own arguments, `_connection`s,
// components, dynamic zones through fragments), arguments (filters with every operator, sort, both pagination
// forms, status, locale, publication filters), aliases, named fragments, variables (any argument, at any depth, with
// defaults in the definition), `@include`/`@skip`, `__typename`, introspection, the plugins' own query fields,
// deliberate errors, and mutation steps (create, update, delete) each followed by reads of what they touched.
import {
  parseValue,
  valueFromASTUntyped,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLUnionType,
} from 'graphql';
import { makeGrammarShapes } from './graphql-gen-grammar.mjs';

const unwrap = (t) => {
  while (t instanceof GraphQLNonNull || t instanceof GraphQLList) t = t.ofType;
  return t;
};
const isList = (t) => (t instanceof GraphQLNonNull ? isList(t.ofType) : t instanceof GraphQLList);
const lit = (v) =>
  typeof v === 'string' ? JSON.stringify(v) : typeof v === 'number' || typeof v === 'boolean' || v === null ? String(v) : v;

/**
 * `dataset`: the pulled content (contentTypes[uid].documents[locale][draft|published]); `model`: the content model.
 * `wide`: mutation steps with every input kind (wideData, wideStep, widePluginStep); without it, the steps of the
 * runs before it (issue-25f's seeds 501/502 replay as they were). `grammar` (on unless false): stop 8's shapes drawn
 * from the grammar (graphql-gen-grammar.mjs) mixed in; false gives the operations of the generator before them.
 */
export function makeGraphqlGenerator({ schema, built, dataset, model, r, wide = false, grammar = true }) {
  const query = schema.getQueryType().getFields();
  const mutation = schema.getMutationType().getFields();
  const apiTypes = built.types.filter(
    (t) => t.modelType === 'contentType' && model.contentTypes.has(t.uid) && !t.uid.startsWith('plugin::'),
  );
  // the plugins' content types with query fields of their own (files, locales, users, roles, workflows…)
  const pluginTypes = built.types.filter((t) => t.modelType === 'contentType' && !apiTypes.includes(t));
  const byName = built.byName;
  let writing = false;
  // a read with a deep chain of relations (Strapi sets no depth limit unless configured): set per read
  let deep = false;
  const deepest = 9;
  const byUid = new Map(built.types.map((t) => [t.uid, t]));
  const locales = (dataset.locales ?? []).map((l) => l.code);
  const docsOf = (uid) => {
    const ct = dataset.contentTypes?.[uid];
    const out = [];
    for (const [locale, byStatus] of Object.entries(ct?.documents ?? {}))
      for (const [status, list] of Object.entries(byStatus))
        for (const d of Array.isArray(list) ? list : list ? [list] : []) out.push({ ...d, __locale: locale, __status: status });
    return out;
  };
  const valuesOf = (uid, field) =>
    docsOf(uid)
      .map((d) => d[field])
      .filter((v) => v !== undefined && v !== null && typeof v !== 'object');
  const rootName = (t, kind) => {
    const lower = (s) => s[0].toLowerCase() + s.slice(1);
    const plural = t.name.slice(0, t.name.length - pascal(t.singularName).length) + pascal(t.pluralName);
    return kind === 'one' ? lower(t.name) : kind === 'conn' ? `${lower(plural)}_connection` : lower(plural);
  };

  // ---- filters
  const OPS_STRING = [
    'eq',
    'eqi',
    'ne',
    'nei',
    'startsWith',
    'endsWith',
    'contains',
    'notContains',
    'containsi',
    'notContainsi',
    'null',
    'notNull',
    'in',
    'notIn',
  ];
  const OPS_NUM = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'null', 'notNull', 'in', 'notIn', 'between'];
  function scalarFilter(uid, field, scalar, depth = 0, vars = undefined) {
    const vals = valuesOf(uid, field);
    // a value of the scalar's own form (an invalid one now and then: the validation error is the answer)
    const random = () => {
      if (r.next() < 0.03) return 'zzz';
      const pad = (n) => String(n).padStart(2, '0');
      const day = `20${pad(r.int(18, 27))}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
      const time = `${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}.000`;
      if (scalar === 'DateTime') return `${day}T${time}Z`;
      if (scalar === 'Date') return day;
      if (scalar === 'Time') return time;
      return 'zzz';
    };
    const v = () =>
      vals.length && r.next() < 0.8
        ? r.pick(vals)
        : scalar === 'Int' || scalar === 'Float' || scalar === 'Long'
          ? r.int(0, 5000)
          : scalar === 'Boolean'
            ? r.next() < 0.5
            : random();
    const piece = (s) => (typeof s === 'string' && s.length > 3 ? s.slice(r.int(0, 2), r.int(3, s.length)) : s);
    // every operator the scalar's FilterInput has (Strapi gives each scalar all of them: `containsi` on an Int,
    // `between` on a Boolean), most often the ones that suit the scalar
    const input = schema.getType(`${scalar}FilterInput`);
    const all = input ? Object.keys(input.getFields()) : OPS_STRING;
    const suited = scalar === 'String' || scalar === 'ID' ? OPS_STRING : scalar === 'Boolean' ? ['eq', 'ne', 'null', 'notNull'] : OPS_NUM;
    // after writes, each side's new documents have random documentIds: which of them an order or text comparison keeps
    // is chance, so such a filter on documentId is left out then, as documentId is from sorts (see sortFor)
    const sameOnBothSides = ['eq', 'eqi', 'ne', 'nei', 'in', 'notIn', 'null', 'notNull', 'and', 'or', 'not'];
    const allowed = (ops) => (writing && field === 'documentId' ? ops.filter((o) => sameOnBothSides.includes(o)) : ops);
    const op = r.next() < 0.12 ? r.pick(allowed(all)) : r.pick(allowed(suited));
    // an operand: a literal, now and then `null`, or a variable of the operator's own input type (at any depth)
    // a list operand comes as its literal text ({ text })
    const operand = (value, opName) => {
      const text = typeof value === 'object' && value !== null ? value.text : lit(value);
      const x = r.next();
      if (x < 0.03) return 'null';
      if (vars && x < 0.15 && input) {
        const type = input.getFields()[opName]?.type;
        if (type) {
          const name = `o${nextVar()}`;
          vars.defs.push(`$${name}: ${type}`);
          vars.values[name] = r.next() < 0.1 ? null : valueFromASTUntyped(parseValue(String(text)));
          return `$${name}`;
        }
      }
      return text;
    };
    if (op === 'and' || op === 'or') {
      if (depth > 1) return `{ eq: ${lit(v())} }`;
      const items = Array.from({ length: r.int(0, 2) }, () => scalarFilter(uid, field, scalar, depth + 1, vars));
      return `{ ${op}: ${items.length === 1 && r.next() < 0.3 ? items[0] : `[${items.join(', ')}]`} }`;
    }
    if (op === 'not') return depth > 1 ? `{ null: false }` : `{ not: ${scalarFilter(uid, field, scalar, depth + 1, vars)} }`;
    if (op === 'null' || op === 'notNull') return `{ ${op}: ${operand(r.next() < 0.7, op)} }`;
    if (op === 'in' || op === 'notIn') {
      // a single value where a list is expected is a list of one (input coercion)
      if (r.next() < 0.15) return `{ ${op}: ${operand(v(), op)} }`;
      return `{ ${op}: ${operand({ text: `[${Array.from({ length: r.int(0, 3) }, () => lit(v())).join(', ')}]` }, op)} }`;
    }
    if (op === 'between') {
      const a = [v(), v()].sort((x, y) => (x < y ? -1 : 1));
      if (r.next() < 0.1) return `{ between: ${lit(a[0])} }`;
      return `{ between: ${operand({ text: `[${a.map(lit).join(', ')}]` }, op)} }`;
    }
    if (['startsWith', 'endsWith', 'contains', 'notContains', 'containsi', 'notContainsi'].includes(op))
      return `{ ${op}: ${operand(scalar === 'String' || scalar === 'ID' ? piece(v()) : v(), op)} }`;
    return `{ ${op}: ${operand(v(), op)} }`;
  }
  /** A JSON field's filter: JSON operands of each form (Strapi compares the column's text). */
  function jsonFilter() {
    const op = r.pick(['eq', 'ne', 'null', 'notNull', 'contains', 'notContains', 'in']);
    if (op === 'null' || op === 'notNull') return `{ ${op}: ${r.next() < 0.7} }`;
    const value = r.pick(['"zzz"', '1', 'true', '{ a: 1 }', '[1, "x"]', 'null']);
    return `{ ${op}: ${op === 'in' ? `[${value}]` : value} }`;
  }
  function filtersFor(t, depth = 0, vars = undefined) {
    const input = schema.getType(`${t.name}FiltersInput`);
    if (!input) return undefined;
    const fields = input.getFields();
    const parts = [];
    const n = r.int(1, 2);
    const used = new Set();
    for (let i = 0; i < n; i++) {
      const name = r.pick(Object.keys(fields));
      // a key given twice is a validation error: now and then only
      if (used.has(name) && r.next() < 0.9) continue;
      used.add(name);
      const ft = unwrap(fields[name].type);
      if (name === 'and' || name === 'or') {
        if (depth > 2) continue;
        const items = Array.from({ length: r.pick([0, 1, 2, 2, 3]) }, () => filtersFor(t, depth + 1, vars) ?? '{}');
        parts.push(`${name}: [${items.join(', ')}]`);
      } else if (name === 'not') {
        if (depth > 2) continue;
        const a = filtersFor(t, depth + 1, vars);
        if (a) parts.push(`not: ${a}`);
      } else if (ft.name.endsWith('FiltersInput') && !ft.name.endsWith('FilterInput')) {
        const target = byName.get(ft.name.slice(0, -'FiltersInput'.length));
        if (target && depth < 2) {
          const sub = filtersFor(target, depth + 1, vars);
          if (sub) parts.push(`${name}: ${sub}`);
        }
      } else if (ft.name.endsWith('FilterInput')) {
        const scalar = ft.name.slice(0, -'FilterInput'.length);
        if (scalar === 'JSON') {
          if (r.next() < 0.5) parts.push(`${name}: ${jsonFilter()}`);
          continue;
        }
        parts.push(`${name}: ${scalarFilter(t.uid, name, scalar, 0, vars)}`);
      }
    }
    return parts.length ? `{ ${parts.join(', ')} }` : undefined;
  }
  function sortFor(t, nested) {
    const scal = t.attributes
      .filter((a) => !a.common.private && (a.kind === 'scalar' || a.kind === 'enum') && a.scalar !== 'JSON')
      .map((a) => a.name);
    // after writes, documents made on each side have their own random documentIds: their order by documentId is noise;
    // so it is for the plugins' rows each side makes at its own boot (roles, their permissions, locales)
    const ownRows = /^plugin::(users-permissions\.(role|permission)|i18n\.locale)$/.test(t.uid);
    const keys = [...scal, ...(t.modelType === 'contentType' && !writing && !ownRows ? ['documentId'] : [])];
    if (r.next() < 0.05) keys.push('notAField');
    // a path through a relation or component to one of its scalars (at the root only: on a relation or component
    // field, Strapi 5.54's load fails with an SqliteError whose SQL text the mock does not reproduce)
    for (const a of nested ? [] : t.attributes) {
      if (r.next() > 0.15) continue;
      const target = a.kind === 'relation' ? byUid.get(a.target) : a.kind === 'component' ? byUid.get(a.component) : undefined;
      const leaf = target?.attributes.find((x) => (x.kind === 'scalar' || x.kind === 'enum') && x.scalar !== 'JSON' && !x.common.private);
      if (leaf) keys.push(`${a.name}.${leaf.name}`);
    }
    const x = r.next();
    if (x < 0.05) return '[]';
    const one = () => JSON.stringify(`${r.pick(keys)}${r.pick(['', ':asc', ':desc', ':ASC', ':DESC'])}`);
    // a single string is a list of one (GraphQL input coercion)
    if (x < 0.15) return one();
    return `[${Array.from({ length: r.int(1, 3) }, one).join(', ')}]`;
  }
  function paginationArg() {
    const x = r.next();
    if (x < 0.08)
      return r.pick([
        '{}',
        '{ page: 0 }',
        '{ pageSize: 0 }',
        '{ limit: 0 }',
        '{ start: -1 }',
        '{ page: 2 }',
        '{ start: 2 }',
        '{ limit: 500 }',
        '{ page: -1, pageSize: 2 }',
        '{ pageSize: 200 }',
      ]);
    if (x < 0.35) return `{ page: ${r.int(1, 3)}, pageSize: ${r.int(1, 6)} }`;
    if (x < 0.7) return `{ start: ${r.int(0, 6)}, limit: ${r.pick([1, 2, 3, 5, 10, -1])} }`;
    if (x < 0.8) return `{ pageSize: ${r.int(1, 4)} }`;
    if (x < 0.85) return `{ page: 1, limit: 2 }`;
    return `{ limit: ${r.int(1, 4)} }`;
  }
  function listArgs(t, nested, vars = undefined) {
    const a = [];
    if (r.next() < 0.45) {
      const f = grammar && r.next() < 0.5 ? shapes().filters(t, 0, vars) : filtersFor(t, 0, vars);
      if (f) a.push(`filters: ${f}`);
    }
    if (r.next() < 0.45) a.push(`sort: ${sortFor(t, nested)}`);
    if (r.next() < 0.35) a.push(`pagination: ${paginationArg()}`);
    if (!nested) a.push(...publicationArgs(t));
    return a;
  }
  function publicationArgs(t) {
    const a = [];
    if (r.next() < 0.3) a.push(`status: ${r.pick(['DRAFT', 'PUBLISHED'])}`);
    if (t.localized && r.next() < 0.4) a.push(`locale: ${JSON.stringify(r.next() < 0.9 ? r.pick(locales) : 'xx')}`);
    if (r.next() < 0.08) a.push(`hasPublishedVersion: ${r.next() < 0.5}`);
    else if (r.next() < 0.05)
      a.push(`publicationFilter: ${r.pick(['NEVER_PUBLISHED', 'HAS_PUBLISHED_VERSION', 'MODIFIED', 'UNMODIFIED'])}`);
    return a;
  }

  // ---- selections
  function selection(type, depth, frags, vars) {
    const fields = type.getFields();
    const t = byName.get(type.name);
    const out = [];
    if (r.next() < 0.08) out.push('__typename');
    const objects = Object.keys(fields).filter((n) => {
      const inner = unwrap(fields[n].type);
      return (inner instanceof GraphQLObjectType || inner instanceof GraphQLUnionType) && inner.name !== 'GenericMorph';
    });
    const chain = deep && depth >= 2 && objects.length ? r.pick(objects) : undefined;
    for (const [name, f] of Object.entries(fields)) {
      const inner = unwrap(f.type);
      if (inner instanceof GraphQLScalarType || inner instanceof GraphQLEnumType) {
        if (name === 'documentId' || name === 'id') out.push(name);
        else if (r.next() < 0.5) out.push(`${name}${vars ? directive(vars) : ''}`);
        continue;
      }
      // now and then a deep chain, one relation or component a level past the usual two
      if (deep && depth >= 2) {
        if (name !== chain || depth >= deepest) continue;
      } else if (depth >= 2 || r.next() < 0.6) continue;
      if (inner.name === 'GenericMorph') continue;
      const args =
        f.args.length && r.next() < 0.5 && byName.get(inner.name.replace(/RelationResponseCollection$/, ''))
          ? listArgs(byName.get(inner.name.replace(/RelationResponseCollection$/, '')), true, vars)
          : [];
      const given = vars ? args.map((a) => asVariable(a, f, vars)) : args;
      const head = `${r.next() < 0.1 ? `a${r.int(1, 99)}: ` : ''}${name}${given.length ? `(${given.join(', ')})` : ''}${vars ? directive(vars) : ''}`;
      // the same attribute again under another alias, with arguments of its own: two populates of one attribute
      if (grammar && r.next() < 0.08 && !(inner instanceof GraphQLUnionType)) {
        const target = byName.get(inner.name.replace(/RelationResponseCollection$/, ''));
        const more = f.args.length && target ? listArgs(target, true, vars) : [];
        const node = inner.name.endsWith('RelationResponseCollection') ? unwrap(inner.getFields().nodes.type) : inner;
        const sub = selection(node, depth + 1, frags, vars);
        const again = `b${r.int(1, 99)}: ${name}${more.length ? `(${more.join(', ')})` : ''}`;
        out.push(inner.name.endsWith('RelationResponseCollection') ? `${again} { nodes { ${sub} } }` : `${again} { ${sub} }`);
      }
      if (inner instanceof GraphQLUnionType) {
        const members = inner.getTypes().filter((m) => m.name !== 'Error');
        const parts = [
          '__typename',
          ...r.sample(members, r.int(0, members.length)).map((m) => `... on ${m.name} { ${selection(m, depth + 1, frags, vars)} }`),
        ];
        out.push(`${head} { ${parts.join(' ')} }`);
      } else if (inner.name.endsWith('RelationResponseCollection')) {
        const node = unwrap(inner.getFields().nodes.type);
        out.push(`${head} { nodes { ${selection(node, depth + 1, frags, vars)} } }`);
      } else if (inner instanceof GraphQLObjectType) {
        if (r.next() < 0.15 && t) {
          // the name is taken before the fragment's own selection may add fragments
          const at = frags.push('') - 1;
          const fname = `F${at}`;
          frags[at] = `fragment ${fname} on ${inner.name} { ${selection(inner, depth + 1, frags, vars)} }`;
          out.push(`${head} { ...${fname} }`);
        } else out.push(`${head} { ${selection(inner, depth + 1, frags, vars)} }`);
      }
    }
    if (!out.length) out.push(Object.keys(fields).find((n) => n === 'documentId' || n === 'id') ?? '__typename');
    // inline fragments on the object type itself: with the type condition, without it, or under a directive
    if (out.length > 1 && r.next() < 0.06) {
      const cut = r.int(1, out.length - 1);
      const moved = out.splice(cut, out.length - cut);
      const form = r.pick(['typed', 'bare', 'directive']);
      const head = form === 'bare' ? '...' : form === 'directive' && vars ? `...${directive(vars, true)}` : `... on ${type.name}`;
      out.push(`${head} { ${moved.join(' ')} }`);
    }
    return out.join(' ');
  }

  /**
   * `vars` collects the variables of one operation ({ defs: [], values: {} }); sometimes an argument's literal moves
   * into a variable of the argument's type (its value the literal's), or into the definition's default.
   */
  let nVar = 0;
  const nextVar = () => nVar++;
  function asVariable(arg, field, vars) {
    if (r.next() > 0.25) return arg;
    const at = arg.indexOf(': ');
    const name = arg.slice(0, at),
      literal = arg.slice(at + 2);
    if (literal.includes('$')) return arg;
    const def = field.args.find((a) => a.name === name);
    if (!def) return arg;
    const v = `v${nVar++}`;
    const value = valueFromASTUntyped(parseValue(literal));
    if (r.next() < 0.2) vars.defs.push(`$${v}: ${def.type} = ${literal}`);
    else {
      vars.defs.push(`$${v}: ${def.type}`);
      vars.values[v] = value;
    }
    return `${name}: $${v}`;
  }
  function directive(vars, always = false) {
    if (!always && r.next() > 0.04) return '';
    const v = `b${nVar++}`;
    vars.defs.push(`$${v}: Boolean!`);
    vars.values[v] = r.next() < 0.5;
    return ` @${r.pick(['include', 'skip'])}(if: $${v})`;
  }

  /** An introspection query or a bare `__typename`. */
  function introspection() {
    const names = Object.keys(schema.getTypeMap()).filter((n) => !n.startsWith('__'));
    return r.pick([
      '{ __typename }',
      '{ __schema { queryType { name } mutationType { name } subscriptionType { name } } }',
      `{ __type(name: ${JSON.stringify(r.pick(names))}) { name kind description fields { name args { name defaultValue } type { name kind ofType { name kind } } } inputFields { name defaultValue } enumValues { name } possibleTypes { name } } }`,
      `{ __type(name: "NotAType") { name } }`,
    ]);
  }

  const documentIdOf = (t) => {
    const docs = docsOf(t.uid);
    return docs.length && r.next() < 0.9 ? r.pick(docs).documentId : 'nonexistentdocumentid0000';
  };

  /** One read: { query, variables, features }. */
  function read() {
    if (r.next() < 0.02) return { query: introspection(), features: ['introspection'] };
    if (grammar && r.next() < 0.05) {
      const several = shapes().refusals();
      if (several) return several;
    }
    if (grammar && r.next() < 0.03) {
      // a plain valid query (no variables nor fragments) in an HTTP envelope of its own
      const t = r.pick(apiTypes);
      const field = rootName(t, t.kind === 'singleType' ? 'one' : 'many');
      if (query[field] && (t.kind === 'singleType' || query[field].args.length)) {
        const frags = [];
        const sel = selection(schema.getType(t.name), 1, frags);
        if (!frags.length) return shapes().envelope(`{ ${field} { ${sel} } }`);
      }
    }
    const t = pluginTypes.length && r.next() < (grammar ? 0.08 : 0.04) ? r.pick(pluginTypes) : r.pick(apiTypes);
    const frags = [];
    deep = r.next() < 0.03;
    const features = [];
    const withVars = r.next() < 0.3 ? { defs: [], values: {} } : undefined;
    const kind = t.kind === 'singleType' ? 'one' : r.pick(['one', 'many', 'many', 'conn']);
    const field = rootName(t, kind);
    if (!query[field]) return read();
    const type = byName.get(t.name) && schema.getType(t.name);
    let args = [];
    let vars = {},
      varDefs = [];
    if (kind === 'one') {
      if (t.kind === 'collectionType') {
        if (r.next() < 0.4) {
          varDefs.push('$id: ID!');
          vars.id = documentIdOf(t);
          args.push('documentId: $id');
          features.push('variables');
        } else args.push(`documentId: ${JSON.stringify(documentIdOf(t))}`);
      }
      args.push(...publicationArgs(t));
    } else args = listArgs(t, false, withVars);
    if (withVars) args = args.map((a) => asVariable(a, query[field], withVars));
    let sel = selection(type, 0, frags, withVars);
    if (kind === 'conn') {
      const info = r.sample(['total', 'page', 'pageSize', 'pageCount', '__typename'], r.int(1, 4));
      // the nodes may go only where they hold no fragment spread nor variable (both would then be unused)
      const bare = !/\.\.\.F|\$/.test(sel);
      const parts = [!bare || r.next() < 0.9 ? `nodes { ${sel} }` : '', r.next() < 0.7 ? `pageInfo { ${info.join(' ')} }` : ''].filter(
        Boolean,
      );
      sel = parts.length ? parts.join(' ') : `nodes { ${sel} }`;
    }
    let body = `${field}${args.length ? `(${args.join(', ')})` : ''} { ${sel} }`;
    if (r.next() < 0.15) {
      features.push('aliases');
      const t2 = r.pick(apiTypes);
      const f2 = rootName(t2, t2.kind === 'singleType' ? 'one' : 'many');
      if (query[f2] && (t2.kind === 'singleType' || query[f2].args.length)) {
        const a2 = t2.kind === 'singleType' ? publicationArgs(t2) : listArgs(t2, false, withVars);
        body = `first: ${body} second: ${f2}${a2.length ? `(${a2.join(', ')})` : ''} { ${selection(schema.getType(t2.name), 1, frags, withVars)} }`;
      }
    }
    if (frags.length) features.push('fragments');
    // deliberate errors
    const e = r.next();
    if (withVars) {
      varDefs.push(...withVars.defs);
      Object.assign(vars, withVars.values);
      if (withVars.defs.length) features.push('variables');
    }
    const bad =
      e >= 0.08 && e < 0.11 ? r.pick(['arg', 'undefined-var', 'fragment', 'unused-var', 'directive', 'type', 'two-anonymous']) : '';
    if (bad === 'arg') body = body.replace(/^(\w+)(\(|)/, (_, f, p) => `${f}(bogus: 1${p ? ', ' : ')'}`);
    else if (bad === 'undefined-var') body = body.replace(/ \{ /, ' @include(if: $nope) { ');
    else if (bad === 'fragment') body = body.replace(/ \{ /, ' { ...Nope ');
    else if (bad === 'unused-var') varDefs.push('$unused: Int');
    else if (bad === 'directive') body = body.replace(/ \{ /, ' @nope { ');
    else if (bad === 'type') body = body.replace(/^(\w+)(\(|)/, (_, f, p) => `${f}(pagination: { page: "x" }${p ? ', ' : ')'}`);
    if (bad) features.push(`error:${bad}`);
    let text = `query${varDefs.length ? ` Q(${varDefs.join(', ')})` : ''} { ${body} }${frags.length ? ' ' + frags.join(' ') : ''}`;
    if (bad === 'two-anonymous') text = `${text} { __typename }`;
    // a document of several operations, one picked by operationName (or none named: an error)
    let operationName;
    if (!bad && e >= 0.11 && e < 0.14) {
      features.push('operationName');
      const named = text.startsWith('query Q') ? text : text.replace(/^query /, 'query Q ');
      text = `${named} query Other { __typename }`;
      operationName = r.pick(['Q', 'Q', 'Other', undefined, 'Missing']);
    }
    if (e < 0.03) {
      features.push('error:syntax');
      text = text.slice(0, Math.max(5, Math.floor(text.length * r.next())));
    } else if (e < 0.06) {
      features.push('error:unknown-field');
      text = text.replace('{ ', '{ notAField ');
    } else if (e < 0.08 && varDefs.length) {
      features.push('error:variable');
      vars.id = 42.5;
    }
    return { query: text, variables: Object.keys(vars).length ? vars : undefined, ...(operationName ? { operationName } : {}), features };
  }

  // ---- writes
  function scalarValue(t, a) {
    const vals = valuesOf(t.uid, a.name);
    const attr = model.contentTypes.get(t.uid)?.attributes.get(a.name);
    const unique = attr?.kind === 'scalar' && (attr.unique || attr.type === 'uid');
    let v = vals.length
      ? r.pick(vals)
      : a.kind === 'enum'
        ? r.pick(a.values)
        : a.scalar === 'Int' || a.scalar === 'Long'
          ? r.int(1, 100)
          : a.scalar === 'Float'
            ? r.int(1, 100) / 4
            : a.scalar === 'Boolean'
              ? r.next() < 0.5
              : a.scalar === 'String'
                ? `text ${r.int(1, 999)}`
                : undefined;
    if (unique && typeof v === 'string') v = `${v.replace(/[^a-z0-9-]/gi, '').slice(0, 20) || 'x'}-${r.int(1000, 9999)}`;
    if (attr?.kind === 'scalar' && attr.type === 'email') v = `u${r.int(1000, 99999)}@example.com`;
    return v;
  }
  function dataFor(t) {
    if (wide) return wideData(t, 0);
    const parts = [];
    for (const a of t.attributes) {
      if (!a.common.writable || a.common.private) continue;
      if (a.kind !== 'scalar' && a.kind !== 'enum') continue;
      if (
        ['publishedAt', 'locale'].includes(a.name) ||
        a.scalar === 'JSON' ||
        a.scalar === 'DateTime' ||
        a.scalar === 'Date' ||
        a.scalar === 'Time'
      )
        continue;
      if (!a.common.required && r.next() < 0.4) continue;
      const v = scalarValue(t, a);
      if (v === undefined) continue;
      parts.push(`${a.name}: ${a.kind === 'enum' ? v : lit(v)}`);
    }
    // relations by documentId, sometimes
    for (const a of t.attributes) {
      if (a.kind !== 'relation' || !a.common.writable || r.next() < 0.7) continue;
      const target = built.types.find((x) => x.uid === a.target);
      if (!target || !model.contentTypes.has(target.uid)) continue;
      const ids = [...new Set(docsOf(target.uid).map((d) => d.documentId))];
      if (!ids.length) continue;
      parts.push(
        a.toMany
          ? `${a.name}: [${r
              .sample(ids, r.int(0, 2))
              .map((x) => JSON.stringify(x))
              .join(', ')}]`
          : `${a.name}: ${JSON.stringify(r.pick(ids))}`,
      );
    }
    return `{ ${parts.join(', ')} }`;
  }
  /** A mutation step: the mutation and the reads that follow it. `{{name}}` marks a documentId a create saved. */
  function writeStep(n) {
    writing = true;
    if (wide && grammar) {
      const x = r.next();
      const made =
        x < 0.1 ? shapes().publishChain(n) : x < 0.16 ? shapes().refusalStep() : x < 0.21 ? shapes().severalMutations() : undefined;
      if (made) return made;
    }
    if (wide) {
      const x = r.next();
      if (x < 0.1) return pluginStep(n);
      if (x < 0.16) return widePluginStep(n);
      if (x < 0.3) return wideStep(n);
    }
    if (r.next() < 0.12) return pluginStep(n);
    const t = r.pick(apiTypes);
    const frags = [];
    const sel = selection(schema.getType(t.name), 1, frags);
    const tail = frags.length ? ' ' + frags.join(' ') : '';
    const steps = [];
    const pub = () => (r.next() < 0.4 ? `status: ${r.pick(['DRAFT', 'PUBLISHED'])}, ` : '');
    const loc = () => (t.localized && r.next() < 0.3 ? `locale: ${JSON.stringify(r.pick(locales))}, ` : '');
    const name = `w${n}`;
    if (t.kind === 'collectionType' && mutation[`create${t.name}`] && r.next() < 0.5) {
      steps.push({
        query: `mutation { create${t.name}(${pub()}${loc()}data: ${dataFor(t)}) { ${sel} } }`,
        save: name,
        features: ['mutation:create'],
      });
      steps.push({
        query: `query Q($id: ID!) { ${rootName(t, 'one')}(documentId: $id${t.draftAndPublish ? ', status: DRAFT' : ''}) { ${sel} } }`,
        variables: { id: `{{${name}}}` },
        features: ['after-write'],
      });
      if (r.next() < 0.4)
        steps.push({
          query: `mutation { update${t.name}(documentId: "{{${name}}}", ${pub()}data: ${dataFor(t)}) { ${sel} } }`,
          features: ['mutation:update'],
        });
      if (r.next() < 0.3)
        steps.push({ query: `mutation { delete${t.name}(documentId: "{{${name}}}") { documentId } }`, features: ['mutation:delete'] });
    } else if (mutation[`update${t.name}`]) {
      const id = t.kind === 'collectionType' ? `documentId: ${JSON.stringify(documentIdOf(t))}, ` : '';
      steps.push({
        query: `mutation { update${t.name}(${id}${pub()}${loc()}data: ${dataFor(t)}) { ${sel} } }`,
        features: ['mutation:update'],
      });
    } else return writeStep(n);
    steps.push({
      query: `{ ${t.kind === 'collectionType' ? rootName(t, 'conn') : rootName(t, 'one')} { ${t.kind === 'collectionType' ? `nodes { ${sel} } pageInfo { total }` : sel} } }`,
      features: ['after-write'],
    });
    return steps.map((s) => ({ ...s, query: s.query + tail }));
  }
  /**
   * A mutation of the users & permissions or upload plugin: user create/update/delete (by the id a create saved, or
   * one that does not exist), file info update and delete, and the auth mutations' error paths (their successes answer
   * random JWTs).
   */
  function pluginStep(n) {
    const name = `p${n}`;
    const fileIds = (dataset.media ?? []).map((f) => String(f.id));
    const fileId = () => (fileIds.length && r.next() < 0.85 ? r.pick(fileIds) : String(r.int(900, 999)));
    const userSel = `data { documentId username email confirmed blocked${r.next() < 0.5 ? ' role { name type }' : ''} }`;
    const fileSel = `documentId name alternativeText caption${r.next() < 0.5 ? ' url mime' : ''}`;
    const x = r.next();
    if (x < 0.3) {
      // the plugin's user mutations take the numeric id, which only registration's payload shows (UsersPermissionsMe)
      const who = `u${n}x${r.int(100, 999)}`;
      const steps = [
        {
          query: `mutation { register(input: { username: ${lit(who)}, email: ${lit(`${who}@example.com`)}, password: "secret123" }) { user { id documentId username email confirmed blocked${r.next() < 0.5 ? ' role { name type }' : ''} } } }`,
          save: name,
          features: ['mutation:plugin', 'mutation:register'],
        },
      ];
      if (r.next() < 0.5)
        steps.push({
          query: `mutation { updateUsersPermissionsUser(id: "{{${name}_id}}", data: { ${r.next() < 0.5 ? `username: ${lit(`${who}b`)}` : 'blocked: true'}${r.next() < 0.3 ? ', role: "1"' : ''} }) { ${userSel} } }`,
          features: ['mutation:plugin', 'mutation:update-user'],
        });
      if (r.next() < 0.7)
        steps.push({
          query: `mutation { deleteUsersPermissionsUser(id: "{{${name}_id}}") { ${userSel} } }`,
          features: ['mutation:plugin', 'mutation:delete-user'],
        });
      if (r.next() < 0.3)
        steps.push({
          query: `mutation { createUsersPermissionsUser(data: { username: ${lit(`${who}c`)}, email: ${lit(`${who}c@example.com`)}, password: "secret123", role: "1" }) { ${userSel} } }`,
          features: ['mutation:plugin', 'mutation:create-user'],
        });
      return steps;
    }
    if (x < 0.38)
      return [{ query: `mutation { deleteUsersPermissionsUser(id: "${r.int(900, 999)}") { ${userSel} } }`, features: ['mutation:plugin'] }];
    if (x < 0.55) {
      // roles: made in this run get ids from 3 on (1 and 2 are Strapi's two); 2 is the public role
      const roleId = () => String(r.pick([1, 2, 3, 4, 5, 99]));
      const y = r.next();
      const data = () =>
        r
          .sample(
            [`name: ${lit(`Role ${n} ${r.int(1, 99)}`)}`, `description: ${lit(`about ${n}`)}`, `type: ${lit(`type_${n}`)}`],
            r.int(0, 3),
          )
          .join(', ');
      const step =
        y < 0.45
          ? `createUsersPermissionsRole(data: { ${data()} }) { ok }`
          : y < 0.75
            ? `updateUsersPermissionsRole(id: "${roleId()}", data: { ${data()} }) { ok }`
            : `deleteUsersPermissionsRole(id: "${roleId()}") { ok }`;
      return [
        { query: `mutation { ${step} }`, features: ['mutation:plugin', 'mutation:role'] },
        { query: `{ usersPermissionsRoles { name description type } }`, features: ['after-write'] },
      ];
    }
    if (x < 0.72) {
      const info = r.sample(['name', 'alternativeText', 'caption'], r.int(0, 3)).map((k) => `${k}: ${lit(`${k} ${r.int(1, 99)}`)}`);
      return [
        {
          query: `mutation { updateUploadFile(id: "${fileId()}"${r.next() < 0.9 ? `, info: { ${info.join(', ')} }` : ''}) { ${fileSel} } }`,
          features: ['mutation:plugin', 'mutation:update-file'],
        },
        { query: `{ uploadFiles(sort: ["id"]) { ${fileSel} } }`, features: ['after-write'] },
      ];
    }
    if (x < 0.8)
      return [
        { query: `mutation { deleteUploadFile(id: "${fileId()}") { ${fileSel} } }`, features: ['mutation:plugin', 'mutation:delete-file'] },
      ];
    if (x < 0.9)
      return [
        {
          query: `mutation { login(input: { identifier: "nobody${r.int(1, 99)}@example.com", password: "wrong-pass" }) { jwt user { username } } }`,
          features: ['mutation:plugin', 'mutation:login'],
        },
      ];
    return [
      {
        query: `mutation { emailConfirmation(confirmation: ${lit(r.next() < 0.8 ? `code${r.int(1, 999)}` : '')}) { jwt user { username } } }`,
        features: ['mutation:plugin', 'mutation:email-confirmation'],
      },
    ];
  }

  // ---- wide writes: every kind of `<T>Input` field, the mutations' other arguments, inputs Strapi refuses
  const mediaIds = (dataset.media ?? []).map((f) => String(f.id));
  const mediaId = () => (mediaIds.length && r.next() < 0.85 ? r.pick(mediaIds) : String(r.int(900, 999)));
  const idsOf = (uid) => [...new Set(docsOf(uid).map((d) => d.documentId))];
  /** A value for a scalar field: the content's, a generated one, or (rarely) one of the wrong kind. */
  function wideScalar(t, a) {
    const x = r.next();
    if (a.kind === 'enum') {
      // the schema's names for the values (a value that is no GraphQL name is renamed)
      const type = unwrap(schema.getType(`${t.name}Input`)?.getFields()[a.name]?.type ?? schema.getType('String'));
      const names = type instanceof GraphQLEnumType ? type.getValues().map((v) => v.name) : [];
      return x < 0.04 || !names.length ? 'NOT_A_VALUE' : r.pick(names);
    }
    if (x < 0.015) return a.scalar === 'String' ? String(r.int(1, 9)) : lit('not a ' + a.scalar.toLowerCase());
    // dates and times: mostly valid, a few the scalars refuse (validation) or the database reads another way
    const odd = x > 0.95;
    if (a.scalar === 'JSON')
      return r.pick(['{ a: 1, b: [true, null] }', '[1, "two", { three: 3 }]', '"text"', '42', 'null', '{ nested: { deep: "x" } }']);
    if (a.scalar === 'DateTime')
      return lit(
        odd
          ? r.pick(['2024-05-06', 'yesterday'])
          : r.pick(['2024-05-06T07:08:09.000Z', '2020-01-01T00:00:00Z', '2031-12-31T23:59:59.999Z']),
      );
    if (a.scalar === 'Date') return lit(odd ? r.pick(['2024-02-30', '2024-05-06T07:08:09.000Z']) : r.pick(['2024-05-06', '1999-12-31']));
    if (a.scalar === 'Time') return lit(odd ? r.pick(['12:00', '25:00:00']) : r.pick(['07:08:09', '23:59:59.999', '00:00:00.000']));
    const v = t.modelType === 'contentType' ? scalarValue(t, a) : undefined;
    if (typeof v === 'number' || typeof v === 'boolean') return JSON.stringify(v);
    if (v !== undefined && a.scalar !== 'Int' && a.scalar !== 'Float' && a.scalar !== 'Boolean') return lit(v);
    return a.scalar === 'Int' || a.scalar === 'Long'
      ? String(r.int(-5, 1000))
      : a.scalar === 'Float'
        ? String(r.int(-50, 5000) / 8)
        : a.scalar === 'Boolean'
          ? String(r.next() < 0.5)
          : lit(`text ${r.int(1, 999)}`);
  }
  /** An input object for a content type or component: scalars, enums, media, relations, components, zones. */
  function wideData(t, depth, omit = undefined) {
    const parts = [];
    for (const a of t.attributes) {
      if (!a.common.writable || a.common.private || ['publishedAt', 'locale', 'localizations', 'id', 'documentId'].includes(a.name))
        continue;
      if (omit?.has(a.name)) continue;
      if (!a.common.required && r.next() < 0.45) continue;
      const v = wideField(t, a, depth);
      if (v !== undefined) parts.push(`${a.name}: ${v}`);
    }
    return `{ ${parts.join(', ')} }`;
  }
  function wideField(t, a, depth) {
    if (a.kind === 'scalar' || a.kind === 'enum') {
      if (a.kind === 'scalar' && ['createdAt', 'updatedAt'].includes(a.name)) return undefined;
      return wideScalar(t, a);
    }
    if (a.kind === 'media') {
      if (r.next() < 0.1) return 'null';
      return a.multiple ? `[${Array.from({ length: r.int(0, 2) }, () => lit(mediaId())).join(', ')}]` : lit(mediaId());
    }
    if (a.kind === 'relation') {
      const ids = idsOf(a.target);
      const x = r.next();
      // a documentId that does not exist, a list where one is expected (or the reverse), the REST connect form
      // (an object where the schema has [ID]: a validation error)
      if (x < 0.05) return lit('nosuchdocumentid000000000');
      if (x < 0.08) return a.toMany ? `{ connect: [${lit(ids[0] ?? 'x')}] }` : `[${lit(ids[0] ?? 'x')}]`;
      if (!ids.length) return undefined;
      if (!a.toMany) return x < 0.15 ? 'null' : lit(r.pick(ids));
      return `[${r
        .sample(ids, r.int(0, 3))
        .map((d) => lit(d))
        .join(', ')}]`;
    }
    if (a.kind === 'component') {
      const c = byUid.get(a.component);
      if (!c || depth > 2) return undefined;
      if (r.next() < 0.08) return 'null';
      if (!a.repeatable) return r.next() < 0.05 ? `[${wideData(c, depth + 1)}]` : wideData(c, depth + 1);
      return `[${Array.from({ length: r.int(0, 3) }, () => wideData(c, depth + 1)).join(', ')}]`;
    }
    if (a.kind === 'dynamiczone') {
      const items = Array.from({ length: r.int(0, 3) }, () => {
        const c = byUid.get(r.pick(a.components));
        if (!c) return undefined;
        const body = wideData(c, depth + 1)
          .slice(1, -1)
          .trim();
        const y = r.next();
        // the plugin's zone input reads `__typename`; `__component` (REST's key), an unknown type or none fail
        const tag =
          y < 0.8
            ? `__typename: ${lit(c.name)}`
            : y < 0.88
              ? `__component: ${lit(c.uid)}`
              : y < 0.94
                ? `__typename: "ComponentNoSuchThing"`
                : '';
        return `{ ${[tag, body].filter(Boolean).join(', ')} }`;
      }).filter(Boolean);
      return `[${items.join(', ')}]`;
    }
    return undefined;
  }
  /**
   * Mutations beyond create-read-update: delete with a locale (collection and single types), a new locale of a
   * document (update with `locale`), the data as a variable (sometimes of the wrong type), arguments of the wrong
   * kind, a missing document.
   */
  function wideStep(n) {
    const t = r.pick(apiTypes);
    const frags = [];
    const sel = selection(schema.getType(t.name), 1, frags);
    const tail = frags.length ? ' ' + frags.join(' ') : '';
    const collection = t.kind === 'collectionType';
    const docId = () => (r.next() < 0.9 ? documentIdOf(t) : 'nosuchdocumentid000000000');
    const idArg = () => (collection ? `documentId: ${lit(docId())}, ` : '');
    const otherLocale = () => lit(r.pick([...locales, 'xx', 'en-US']));
    const steps = [];
    const x = r.next();
    if (x < 0.3 && mutation[`delete${t.name}`]) {
      const args = [collection ? `documentId: ${lit(docId())}` : '', t.localized && r.next() < 0.6 ? `locale: ${otherLocale()}` : '']
        .filter(Boolean)
        .join(', ');
      steps.push({
        query: `mutation { delete${t.name}${args ? `(${args})` : ''} { documentId } }`,
        features: ['mutation:delete'],
        bare: true,
      });
    } else if (x < 0.55 && t.localized && mutation[`update${t.name}`]) {
      steps.push({
        query: `mutation { update${t.name}(${idArg()}locale: ${otherLocale()}, ${r.next() < 0.4 ? `status: ${r.pick(['DRAFT', 'PUBLISHED'])}, ` : ''}data: ${wideData(t, 0)}) { ${sel} } }`,
        features: ['mutation:update', 'mutation:locale'],
      });
    } else if (x < 0.85) {
      const op = collection && mutation[`create${t.name}`] && r.next() < 0.5 ? 'create' : 'update';
      if (!mutation[`${op}${t.name}`]) return writeStep(n);
      const y = r.next();
      // the data as a variable: the input object, or a value of the wrong type (coercion fails before any resolver)
      const data = y < 0.75 ? valueFromASTUntyped(parseValue(wideData(t, 0))) : y < 0.88 ? 'not an object' : { nosuchfield: 1 };
      const header = `mutation M($data: ${t.name}Input!${t.draftAndPublish ? ', $status: PublicationStatus' : ''})`;
      const args = `${op === 'update' ? idArg() : ''}${t.draftAndPublish ? 'status: $status, ' : ''}data: $data`;
      steps.push({
        query: `${header} { ${op}${t.name}(${args}) { ${sel} } }`,
        variables: { data, ...(t.draftAndPublish && r.next() < 0.6 ? { status: r.pick(['DRAFT', 'PUBLISHED', 'draft']) } : {}) },
        features: [`mutation:${op}`, 'mutation:variables'],
      });
    } else {
      // arguments of the wrong kind or missing: graphql-js's validation errors
      const bad = r.pick([
        collection ? `update${t.name}(documentId: 12, data: {})` : `update${t.name}(data: [])`,
        `update${t.name}(${idArg()}status: LIVE, data: {})`,
        collection ? `update${t.name}(data: {})` : `update${t.name}(${idArg()}data: { nosuchfield: 1 })`,
        collection ? `delete${t.name}(documentId: null)` : `update${t.name}(data: null)`,
      ]);
      if (!mutation[bad.slice(0, bad.indexOf('('))]) return writeStep(n);
      steps.push({ query: `mutation { ${bad} { documentId } }`, features: ['mutation:invalid'], bare: true });
    }
    steps.push({
      query: `{ ${collection ? rootName(t, 'conn') : rootName(t, 'one')}${t.localized && r.next() < 0.5 ? `(locale: ${lit(r.pick(locales))})` : ''} { ${collection ? `nodes { ${sel} } pageInfo { total }` : sel} } }`,
      features: ['after-write'],
    });
    // a step that selects no entry takes no fragment (an unused one fails validation)
    return steps.map(({ bare, ...s }) => ({ ...s, query: bare ? s.query : s.query + tail }));
  }
  /**
   * The users & permissions mutations the other steps leave out: a login that succeeds (its user, not its random
   * JWT), forgotPassword, resetPassword and changePassword with codes and passwords that fail, a user made with
   * missing or taken fields, and a role's data of the wrong shape.
   */
  function widePluginStep(n) {
    const name = `q${n}`;
    const who = `v${n}x${r.int(100, 999)}`;
    const x = r.next();
    if (x < 0.3)
      return [
        {
          query: `mutation { register(input: { username: ${lit(who)}, email: ${lit(`${who}@example.com`)}, password: "secret123" }) { user { username email confirmed } } }`,
          features: ['mutation:plugin', 'mutation:register'],
        },
        {
          query: `mutation { login(input: { identifier: ${lit(r.next() < 0.5 ? who : `${who}@example.com`)}, password: ${lit(r.next() < 0.7 ? 'secret123' : 'wrong-pass')}${r.next() < 0.2 ? ', provider: "github"' : ''} }) { user { username email confirmed blocked role { name } } } }`,
          features: ['mutation:plugin', 'mutation:login'],
        },
      ];
    if (x < 0.45)
      return [
        {
          query: `mutation { register(input: { username: ${lit(r.next() < 0.5 ? who : '')}, email: ${lit(r.pick([`${who}@example.com`, 'not-an-email', '']))}, password: ${lit(r.pick(['secret123', '12', '']))} }) { user { username } } }`,
          features: ['mutation:plugin', 'mutation:register'],
        },
      ];
    if (x < 0.55)
      return [
        {
          query: `mutation { forgotPassword(email: ${lit(r.pick(['nobody@example.com', 'not-an-email', '']))}) { ok } }`,
          features: ['mutation:plugin'],
        },
      ];
    if (x < 0.7) {
      const pw = r.pick(['newpass123', 'x']);
      return [
        {
          query: `mutation { resetPassword(password: ${lit(pw)}, passwordConfirmation: ${lit(r.next() < 0.7 ? pw : 'other123')}, code: ${lit(r.pick(['nosuchcode', '']))}) { user { username } } }`,
          features: ['mutation:plugin'],
        },
      ];
    }
    if (x < 0.8)
      return [
        {
          query: `mutation { changePassword(currentPassword: "secret123", password: "newpass123", passwordConfirmation: ${lit(r.next() < 0.5 ? 'newpass123' : 'other')}) { user { username } } }`,
          features: ['mutation:plugin'],
        },
      ];
    if (x < 0.92) {
      const fields = r.sample(
        [
          `username: ${lit(who)}`,
          `email: ${lit(`${who}@example.com`)}`,
          'password: "secret123"',
          'role: "1"',
          'confirmed: true',
          'blocked: false',
        ],
        r.int(0, 6),
      );
      return [
        {
          query: `mutation { createUsersPermissionsUser(data: { ${fields.join(', ')} }) { data { username email confirmed blocked role { name } } } }`,
          features: ['mutation:plugin', 'mutation:create-user'],
        },
        { query: `{ usersPermissionsUsers(sort: ["username"]) { username email confirmed blocked } }`, features: ['after-write'] },
      ];
    }
    return [
      {
        query: `mutation { createUsersPermissionsRole(data: { name: ${lit(`Role ${name}`)}, permissions: ${r.pick(['[]', '["1"]', '"x"'])} }) { ok } }`,
        features: ['mutation:plugin', 'mutation:role'],
      },
      { query: `{ usersPermissionsRoles { name description type } }`, features: ['after-write'] },
    ];
  }
  let grammarShapes;
  function shapes() {
    grammarShapes ??= makeGrammarShapes({
      schema,
      byName,
      byUid,
      model,
      r,
      apiTypes,
      query,
      mutation,
      locales,
      scalarFilter,
      jsonFilter,
      selection,
      rootName,
      documentIdOf,
      docsOf,
      scalarValue,
      wideData,
      wideField,
      wideScalar,
    });
    return grammarShapes;
  }
  // the pieces other generators draw on (graphql-gen-edges.mjs), each with the stream of its caller's generator
  const pieces = { schema, apiTypes, query, mutation, locales, selection, listArgs, publicationArgs, rootName, documentIdOf };
  return { read, writeStep, pieces };
}

export function pascal(text) {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+|(?<=[0-9])(?=[A-Za-z])|(?<=[A-Za-z])(?=[0-9])/)
    .filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1).toLowerCase()).join('');
}
