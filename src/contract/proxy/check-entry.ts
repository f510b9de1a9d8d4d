import type { Attribute } from '../../core/model/types.js';
import type { ContentIndex } from '../../core/data/content-index.js';
import type { Status } from '../../core/query/linked-rows.js';
import { emptyNode, LOCALIZATIONS, type PopulateNode } from '../../core/query/populate.js';
import { fieldOf, scalarTypeOf, scopeBehind, type Scope } from '../../core/query/scope.js';
import { checkListOrder } from './check-order.js';
import { checkFilters, compileScopeFilters } from './check-filters.js';
import { populatableKeys, renderedScalarKeys } from './expected-keys.js';
import type { Violation } from './violation.js';
import { isPlainObject } from '../../core/is-plain-object.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const child = (path: string, key: string | number): string =>
  typeof key === 'number' ? `${path}[${key}]` : IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

export interface EntryContext {
  readonly index: ContentIndex;
  /** The request's status: populated relations follow it, as the top-level entries do. */
  readonly status: Status;
  readonly out: Violation[];
}

/** Whether a key of an entry is a scalar column of its scope (system column, scalar attribute, media column). */
function isScalarKey(scope: Scope, key: string): boolean {
  const field = fieldOf(scope, key);
  return field !== undefined && scalarTypeOf(field) !== undefined;
}

/** The scalar keys the engine renders for the node must all be there; with `fields`, no other scalar column. */
function checkFields(ctx: EntryContext, scope: Scope, entry: Record<string, unknown>, node: PopulateNode, path: string): void {
  const expected = renderedScalarKeys(ctx.index, scope, node);
  const why = node.fields === null ? 'every scalar field is returned when `fields` is not given' : 'although `fields` selects it';
  for (const name of expected) {
    if (!(name in entry)) ctx.out.push({ rule: 'fields', path: child(path, name), message: `is missing: ${why}` });
  }
  // Media records carry extra provider keys: only missing columns are checked on them without `fields`.
  if (node.fields === null) return;
  const selected = new Set(expected);
  for (const key of Object.keys(entry)) {
    if (!selected.has(key) && isScalarKey(scope, key)) {
      ctx.out.push({ rule: 'fields', path: child(path, key), message: `is present but \`fields\` selects only ${expected.join(', ')}` });
    }
  }
}

/** Publication state of an entry against the request's status, on draft & publish types only. */
function checkPublication(ctx: EntryContext, scope: Scope, entry: Record<string, unknown>, path: string): void {
  if (scope.kind !== 'type' || !('publishedAt' in entry)) return;
  if (!scope.type.draftAndPublish) {
    // Without draft & publish every write stamps publishedAt: a null one is no version Strapi keeps.
    if (entry.publishedAt === null)
      ctx.out.push({
        rule: 'publication',
        path: child(path, 'publishedAt'),
        message: `must be set: ${scope.type.uid} has no draft & publish, every version is published`,
      });
    return;
  }
  const draft = entry.publishedAt === null;
  if (draft !== (ctx.status === 'draft')) {
    const message =
      ctx.status === 'draft'
        ? 'must be null: status=draft returns draft versions'
        : 'must be set: without status=draft only published versions are returned';
    ctx.out.push({ rule: 'publication', path: child(path, 'publishedAt'), message });
  }
}

/**
 * Checks one rendered entry against what the request asked for: the scalars `fields` selects, every populated
 * relation, media, component and dynamic zone present (and nothing unpopulated), recursively.
 */
export function checkEntry(ctx: EntryContext, scope: Scope, value: unknown, node: PopulateNode, path: string): void {
  if (!isPlainObject(value)) return; // the schema check reports the wrong type
  checkFields(ctx, scope, value, node, path);
  checkPublication(ctx, scope, value, path);
  for (const name of populatableKeys(ctx.index, scope)) {
    const sub = node.populate.get(name);
    const here = child(path, name);
    if (!sub) {
      if (name in value) ctx.out.push({ rule: 'populate', path: here, message: 'is present but was not populated' });
      continue;
    }
    if (!(name in value)) {
      ctx.out.push({ rule: 'populate', path: here, message: 'was populated but is missing' });
      continue;
    }
    const v = value[name];
    const target = name === LOCALIZATIONS ? LOCALIZATIONS : attributeOf(scope, name);
    if (!target) continue;
    if (target === LOCALIZATIONS) {
      // the other locales of the entry: never its own (a `count` there is not Strapi's: i18n lists them anyway)
      if (sub.count && isPlainObject(v) && typeof v.count === 'number') continue;
      if (Array.isArray(v) && typeof value.locale === 'string') {
        v.forEach((item, i) => {
          if (isPlainObject(item) && item.locale === value.locale)
            ctx.out.push({ rule: 'populate', path: child(child(here, i), 'locale'), message: `is the entry's own locale ${item.locale}` });
        });
      }
    } else if (sub.count && target.kind !== 'media') {
      // (a media field is no relation to count: Strapi answers its files, harness cmspatas grammar2 seed 1953)
      if (!isPlainObject(v) || typeof v.count !== 'number')
        ctx.out.push({ rule: 'populate', path: here, message: 'must be {count: <number>} with populate[…][count]=true' });
      continue;
    }
    checkPopulated(ctx, scope, target, v, sub, here);
  }
}

function attributeOf(scope: Scope, name: string): Attribute | undefined {
  const field = fieldOf(scope, name);
  return field?.kind === 'attribute' ? field.attribute : undefined;
}

/** A populated list must hold only rows its own `filters` keep, in the order its own `sort` gives. */
function checkPopulatedList(
  ctx: EntryContext,
  scope: Scope,
  list: readonly unknown[],
  node: PopulateNode,
  at: (i: number) => string,
): void {
  if (node.filtersGiven !== undefined) {
    const predicate = compileScopeFilters(ctx.index, scope, node.filtersGiven, node.fields);
    if (predicate) checkFilters(predicate, list, at, ctx.out, 'populate[…][filters]');
  }
  if (node.sort.length > 0) checkListOrder(ctx.index, scope, node, node.sort, list, at, ctx.out, 'populate[…][sort]');
}

function checkPopulated(
  ctx: EntryContext,
  scope: Scope,
  target: Attribute | typeof LOCALIZATIONS,
  v: unknown,
  node: PopulateNode,
  path: string,
): void {
  const items = Array.isArray(v) ? v : v === null ? [] : [v];
  const at = (i: number) => (Array.isArray(v) ? child(path, i) : path);
  if (target === LOCALIZATIONS) {
    items.forEach((item, i) => checkEntry(ctx, scope, item, node, at(i)));
    if (Array.isArray(v)) checkPopulatedList(ctx, scope, v, node, at);
    return;
  }
  if (target.kind === 'dynamiczone') {
    items.forEach((item, i) => {
      if (!isPlainObject(item) || typeof item.__component !== 'string') return;
      const component = ctx.index.model.components.get(item.__component);
      // Without `on` the node lists every component (Strapi stores ones a zone does not declare); with `on`, only
      // the listed components are returned.
      const zoneNode = node.zone?.get(item.__component);
      if (node.zone && !zoneNode) {
        ctx.out.push({
          rule: 'populate',
          path: child(at(i), '__component'),
          message: `is ${JSON.stringify(item.__component)}, which populate[…][on] does not list (${[...node.zone.keys()].join(', ')})`,
        });
        return;
      }
      if (!component || !zoneNode) return;
      const { __component: _ignored, ...rest } = item;
      checkEntry(ctx, { kind: 'component', component }, rest, zoneNode, at(i));
    });
    return;
  }
  const inner = scopeBehind(ctx.index, target);
  if (!inner) return;
  // Relation lists may show several locale rows of one document without their locale: only ids are unique there.
  if (Array.isArray(v)) checkDuplicates(v, path, ctx.out, false);
  items.forEach((item, i) => checkEntry(ctx, inner, item, node ?? emptyNode(), at(i)));
  // a to-one relation shows the first row its filters keep: that one must pass them too
  checkPopulatedList(ctx, inner, items, node, at);
}

/**
 * A list never holds the same row twice: rows are told apart by id, and (`byDocument`) by documentId within a
 * locale, draft and published versions never sharing a list. `byDocument` must be false where rows of several
 * locales may show without their `locale` key. `path` is the list's own JSON path.
 */
export function checkDuplicates(list: readonly unknown[], path: string, out: Violation[], byDocument: boolean): void {
  const ids = new Map<unknown, number>();
  const documents = new Map<string, number>();
  list.forEach((row, i) => {
    if (!isPlainObject(row)) return;
    const firstId = row.id === undefined ? undefined : ids.get(row.id);
    const documentKey =
      typeof row.documentId === 'string' && (byDocument || typeof row.locale === 'string')
        ? `${row.documentId}\u0000${String(row.locale ?? '')}`
        : undefined;
    const firstDocument = documentKey === undefined ? undefined : documents.get(documentKey);
    if (firstId !== undefined)
      out.push({ rule: 'duplicate', path: child(path, i), message: `repeats the row at [${firstId}] (id ${JSON.stringify(row.id)})` });
    else if (firstDocument !== undefined)
      out.push({
        rule: 'duplicate',
        path: child(path, i),
        message: `repeats document ${String(row.documentId)}${row.locale === undefined ? '' : ` (${String(row.locale)})`} of [${firstDocument}]`,
      });
    if (row.id !== undefined && firstId === undefined) ids.set(row.id, i);
    if (documentKey !== undefined && firstDocument === undefined) documents.set(documentKey, i);
  });
}
