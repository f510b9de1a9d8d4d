import { invalidKey, ValidationError } from '../errors/strapi-errors.js';
import { ServiceKeyRefusal } from './query-errors.js';
import { fieldOf, hiddenKeyPath, scalarTypeOf, type Scope } from './scope.js';
import { isPlainObject } from '../is-plain-object.js';

/**
 * The scalar fields a `fields` parameter selects, or null for all of them. `id` and `documentId` are added when
 * the entry is rendered, whatever was asked.
 */
/**
 * `internal`: the document service's fields (private scalars are selected there). `converted`: the list reaches
 * Strapi's converter without the content API's sanitizer before it, so a comma item is split there.
 */
export function parseFields(scope: Scope, raw: unknown, parent: string | null, internal = false, converted = internal): string[] | null {
  if (raw === undefined || raw === null) return null;
  // Strapi splits a string on commas; a list must hold plain names (no commas) and an object is refused.
  const shape = () => new ValidationError('Invalid fields parameter. Expected a string or an array of strings', {});
  let names: unknown[];
  if (typeof raw === 'string') names = raw.split(',');
  else if (Array.isArray(raw)) {
    // the sanitizer drops the empty items (`fields[0]`, no value) last: a list of strings had its comma items
    // split into nested lists first (refused below), another list reaches the converter, which splits them
    const allStrings = raw.every((v) => typeof v === 'string');
    // the document service has no sanitizer: its converter is handed the empty items and refuses a list that is not
    // all strings (edtech: a controller passing `ctx.query` with `fields[0]` to entityService.findMany)
    if (internal && !allStrings) throw shape();
    const kept = raw.filter((v) => v !== null && v !== undefined);
    // (what only the converter meets, the document service's or a core service's call, has its comma items split)
    if (kept.some((v) => typeof v !== 'string' || (allStrings && v.includes(',') && !converted))) throw shape();
    names = (kept as string[]).flatMap((v) => v.split(','));
  } else if (isPlainObject(raw)) throw shape();
  else names = [raw];
  // a list with empty items was not walked by the validators: a private field in it is selected, and the answer's
  // sanitizer drops it (harness private-attributes-302); a relational one is refused at its path whatever the type and
  // the caller (probes/fields-empty-item-path.json, fields-empty-item-full.json; harness REST webstudio-907), an
  // unknown one at none (probes/shop-request-shapes-2, shop-service-params; harness kit/shop/links-mini-301/401).
  // They are the document service's validators' refusals, before its status.
  const validated = !Array.isArray(raw) || raw.every((v) => typeof v === 'string');
  const out: string[] = [];
  for (const item of names) {
    if (typeof item !== 'string') throw shape();
    const name = item.trim();
    if (name === '*') return null;
    // every table has a locale column, i18n or not: the document service selects it (null on a type without i18n)
    if (internal && name === 'locale' && scope.kind === 'type' && !scope.type.attributes.has('locale')) {
      if (!out.includes(name)) out.push(name);
      continue;
    }
    // An empty name is an unknown key (`fields[0]=`); Strapi crashes on a bare `fields=`, the mock says why.
    const field = fieldOf(scope, name);
    // the document service's validators refuse what the controller's did not walk: its error names the key alone
    // (harness shop-303: before the database's `$or must be an array`)
    if (!validated && (!field || !scalarTypeOf(field)))
      throw new ServiceKeyRefusal(`Invalid key ${name}`, { key: name, path: field ? name : null });
    if (!field) throw invalidKey(name, { parent, path: hiddenKeyPath(scope, name, parent) ?? undefined, source: 'query', param: 'fields' });
    const path = parent ? `${parent}.${name}` : name;
    const hidden = field.kind === 'attribute' && field.attribute.private === true && !internal;
    if (hidden && !validated && scalarTypeOf(field)) continue;
    if (!scalarTypeOf(field) || hidden) {
      throw invalidKey(name, { parent, path, source: 'query', param: 'fields' });
    }
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * `fields` naming columns before a `*` (`fields=publishedAt&fields=*`, `fields=name,*`): Strapi's converter keeps the
 * list (`id, documentId, publishedAt, *`), so each row shows those columns first and every other one after, in the
 * table's order (harness kit grammar2 seed 1951: a tag's `publishedAt` right after its ids). Undefined when no name
 * comes before the first `*`.
 */
export function starLead(raw: unknown): string[] | undefined {
  const items =
    typeof raw === 'string' ? [raw] : Array.isArray(raw) && raw.every((v) => typeof v === 'string') ? (raw as string[]) : undefined;
  if (!items) return undefined;
  const names = items.flatMap((item) => item.split(',')).map((name) => name.trim());
  const star = names.indexOf('*');
  if (star <= 0) return undefined;
  return [...new Set(['id', 'documentId', ...names.slice(0, star)])];
}

/**
 * Strapi's query builder selects DISTINCT rows when a query joins other tables, and then adds the ORDER BY
 * columns to the SELECT list (`processSelect`), so a sorted column shows in the answer even when `fields` leaves it
 * out. A populated relation, media or component is always loaded through a join table; a top-level query joins
 * when its filters reach through a relation, component or media. A sort through a relation (a dotted path) takes
 * the deep-sort path instead, which numbers rows rather than selecting DISTINCT ones: nothing is added then.
 */
export function withSortColumns(
  fields: string[] | null,
  sort: readonly { path: readonly string[]; rank?: true }[],
  joined: boolean,
): string[] | null {
  if (fields === null || !joined || sort.length === 0 || sort.some((term) => term.path.length > 1)) return fields;
  // the `status` rank is an expression, not a column: it adds nothing to the answer
  const added = sort
    .filter((term) => !term.rank)
    .map((term) => term.path[0])
    .filter((name) => !fields.includes(name));
  return added.length === 0 ? fields : [...new Set(added), ...fields];
}

/**
 * The columns an entry shows first when its query joins (see withSortColumns): its sort's own columns, in order.
 * A sort through a relation takes the deep-sort path (no DISTINCT): none then.
 */
export function sortLead(sort: readonly { path: readonly string[]; rank?: true }[], joined: boolean): string[] | undefined {
  if (!joined || sort.length === 0 || sort.some((term) => term.path.length > 1)) return undefined;
  const lead = [...new Set(sort.filter((term) => !term.rank).map((term) => term.path[0]))];
  return lead.length > 0 ? lead : undefined;
}

/** Whether a filters object reaches through a relation, component or media (a join in Strapi's query). */
export function filtersJoin(scope: Scope, filters: unknown): boolean {
  if (Array.isArray(filters)) return filters.some((item) => filtersJoin(scope, item));
  if (!isPlainObject(filters)) return false;
  return Object.entries(filters).some(([key, value]) => {
    if (key === '$and' || key === '$or' || key === '$not') return filtersJoin(scope, value);
    if (key.startsWith('$')) return false;
    const field = fieldOf(scope, key);
    return field !== undefined && field.kind === 'attribute' && field.attribute.kind !== 'scalar';
  });
}
