import { routedTypes, type Attribute, type ContentModel, type ContentType, type ScalarAttribute } from '../../core/model/types.js';

/** One request of the derived suite, with the statuses that count as a correct answer. */
export interface CheckCase {
  readonly name: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly expect: readonly number[];
  readonly body?: unknown;
}

/** A few rows of each collection type, read from the target first: filters need real values, findOne real ids. */
export type Samples = ReadonlyMap<string, readonly Record<string, unknown>[]>;

export const UNKNOWN = 'contentMockUnknownField';
/** The name prefix of check's GraphQL cases (graphql-cases.ts): POSTs that read. */
export const GRAPHQL_CASE = 'graphql: ';
const UNKNOWN_DOCUMENT = 'contentmockunknowndocument0';
/** Scalars whose value the query string cannot carry faithfully, or that nothing may filter or sort on. */
const NOT_QUERYABLE = new Set(['json', 'blocks', 'password']);

const enc = encodeURIComponent;
export const routeOf = (type: ContentType): string => `/api/${type.kind === 'collectionType' ? type.pluralName : type.singularName}`;
const queryable = (a: Attribute): a is ScalarAttribute => a.kind === 'scalar' && !a.private && !NOT_QUERYABLE.has(a.type);
const populatable = (type: ContentType): Attribute[] => [...type.attributes.values()].filter((a) => a.kind !== 'scalar' && !a.private);

function filterValue(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

/**
 * A populated list narrowed by its own options: `populate[a][sort]` and `populate[a][filters]` on a scalar of what it
 * holds (shown with `fields`), so the checker can see the related rows' order and that each one passes the filter.
 */
function populateNarrowingCases(model: ContentModel, r: string, base: string, a: Attribute, ok: readonly number[]): CheckCase[] {
  const inner =
    a.kind === 'relation'
      ? model.contentTypes.get(a.target)
      : a.kind === 'component' && a.repeatable
        ? model.components.get(a.component)
        : undefined;
  const many = (a.kind === 'relation' && a.toMany) || a.kind === 'component';
  if (!inner || !many) return [];
  const scalars = [...inner.attributes.values()].filter(queryable);
  const text = scalars.find((x) => ['string', 'text', 'email', 'uid', 'enumeration'].includes(x.type));
  const cases: CheckCase[] = [];
  const p = `populate[${enc(a.name)}]`;
  for (const x of scalars.slice(0, 2)) {
    const url = `${base}?${p}[sort]=${enc(x.name)}:desc&${p}[fields][0]=${enc(x.name)}`;
    cases.push({ name: `${r}: populate ${a.name} sort ${x.name}:desc`, method: 'GET', url, expect: ok });
  }
  if (text) {
    const url = `${base}?${p}[filters][${enc(text.name)}][$containsi]=e&${p}[fields][0]=${enc(text.name)}`;
    cases.push({ name: `${r}: populate ${a.name} filters ${text.name}`, method: 'GET', url, expect: ok });
  }
  return cases;
}

/** Cases every type gets, list or single: populate of each attribute, fields, locales, statuses, bad keys. */
function shapeCases(model: ContentModel, type: ContentType, base: string, ok: readonly number[]): CheckCase[] {
  const r = type.kind === 'collectionType' ? type.pluralName : type.singularName;
  const cases: CheckCase[] = [
    { name: `${r}: plain`, method: 'GET', url: base, expect: ok },
    { name: `${r}: populate=*`, method: 'GET', url: `${base}?populate=*`, expect: ok },
  ];
  for (const a of populatable(type)) {
    cases.push({ name: `${r}: populate ${a.name}`, method: 'GET', url: `${base}?populate[0]=${enc(a.name)}`, expect: ok });
    if (a.kind === 'component' || a.kind === 'dynamiczone') {
      cases.push({ name: `${r}: populate ${a.name} deep`, method: 'GET', url: `${base}?populate[${enc(a.name)}][populate]=*`, expect: ok });
    }
  }
  for (const a of populatable(type)) cases.push(...populateNarrowingCases(model, r, base, a, ok));
  if (type.localized) {
    cases.push({ name: `${r}: populate localizations`, method: 'GET', url: `${base}?populate[0]=localizations`, expect: ok });
    for (const l of model.locales)
      cases.push({ name: `${r}: locale=${l.code}`, method: 'GET', url: `${base}?locale=${enc(l.code)}`, expect: ok });
  }
  if (type.draftAndPublish) {
    for (const s of ['draft', 'published'])
      cases.push({ name: `${r}: status=${s}`, method: 'GET', url: `${base}?status=${s}`, expect: ok });
  }
  for (const a of type.attributes.values()) {
    if (a.kind === 'scalar' && !a.private)
      cases.push({ name: `${r}: fields ${a.name}`, method: 'GET', url: `${base}?fields[0]=${enc(a.name)}`, expect: ok });
  }
  cases.push(
    { name: `${r}: unknown field in fields → 400`, method: 'GET', url: `${base}?fields[0]=${UNKNOWN}`, expect: [400] },
    { name: `${r}: unknown populate → 400`, method: 'GET', url: `${base}?populate=${UNKNOWN}`, expect: [400] },
  );
  return cases;
}

function collectionCases(model: ContentModel, type: ContentType, sample: readonly Record<string, unknown>[]): CheckCase[] {
  const r = type.pluralName;
  const base = routeOf(type);
  const cases = shapeCases(model, type, base, [200]);
  if (type.localized) cases.push({ name: `${r}: locale=*`, method: 'GET', url: `${base}?locale=*`, expect: [200] });
  cases.push(
    { name: `${r}: page 2 of 2`, method: 'GET', url: `${base}?pagination[page]=2&pagination[pageSize]=2`, expect: [200] },
    { name: `${r}: offset 1, limit 2`, method: 'GET', url: `${base}?pagination[start]=1&pagination[limit]=2`, expect: [200] },
    { name: `${r}: withCount=false`, method: 'GET', url: `${base}?pagination[withCount]=false`, expect: [200] },
    { name: `${r}: unknown sort → 400`, method: 'GET', url: `${base}?sort=${UNKNOWN}:asc`, expect: [400] },
    { name: `${r}: unknown filter → 400`, method: 'GET', url: `${base}?filters[${UNKNOWN}][$eq]=x`, expect: [400] },
    { name: `${r}: unknown documentId → 404`, method: 'GET', url: `${base}/${UNKNOWN_DOCUMENT}`, expect: [404] },
  );
  for (const a of type.attributes.values()) {
    if (!queryable(a)) continue;
    for (const dir of ['asc', 'desc'])
      cases.push({ name: `${r}: sort ${a.name}:${dir}`, method: 'GET', url: `${base}?sort=${enc(a.name)}:${dir}`, expect: [200] });
    const value = sample.map((row) => filterValue(row[a.name])).find((v) => v !== undefined);
    if (value !== undefined)
      cases.push({
        name: `${r}: filter ${a.name} $eq`,
        method: 'GET',
        url: `${base}?filters[${enc(a.name)}][$eq]=${enc(value)}`,
        expect: [200],
      });
    cases.push({ name: `${r}: filter ${a.name} $null`, method: 'GET', url: `${base}?filters[${enc(a.name)}][$null]=true`, expect: [200] });
  }
  for (const a of type.attributes.values()) {
    // Strapi refuses (400 Invalid key) filters through a relation to a type the caller may not read; check asks the target.
    if (a.kind !== 'relation' || a.private || !model.contentTypes.has(a.target)) continue;
    cases.push({
      name: `${r}: filter through ${a.name}`,
      method: 'GET',
      url: `${base}?filters[${enc(a.name)}][id][$notNull]=true`,
      expect: [200],
    });
  }
  const documentId = sample.map((row) => row.documentId).find((d): d is string => typeof d === 'string');
  if (documentId) {
    const one = `${base}/${enc(documentId)}`;
    cases.push(
      { name: `${r}: findOne`, method: 'GET', url: one, expect: [200] },
      { name: `${r}: findOne populate=*`, method: 'GET', url: `${one}?populate=*`, expect: [200] },
    );
    if (type.draftAndPublish) cases.push({ name: `${r}: findOne status=draft`, method: 'GET', url: `${one}?status=draft`, expect: [200] });
    if (type.localized)
      for (const l of model.locales)
        cases.push({ name: `${r}: findOne locale=${l.code}`, method: 'GET', url: `${one}?locale=${enc(l.code)}`, expect: [200, 404] });
  }
  return cases;
}

/** The read-only suite: every endpoint and every query parameter over every attribute the model has. */
export function buildSuite(model: ContentModel, samples: Samples): CheckCase[] {
  const cases: CheckCase[] = [];
  const types = routedTypes(model).sort((a, b) => (a.uid < b.uid ? -1 : 1));
  for (const type of types) {
    if (type.kind === 'collectionType') cases.push(...collectionCases(model, type, samples.get(type.uid) ?? []));
    else cases.push(...shapeCases(model, type, routeOf(type), [200, 404]));
  }
  return cases;
}
