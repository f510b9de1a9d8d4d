import type { Attribute, ContentModel } from '../../core/model/types.js';
import { shownFileField, shownSystemScalars, showsLocalizations } from '../../core/model/private-attributes.js';
import type { ContentIndex } from '../../core/data/content-index.js';
import type { Status } from '../../core/query/linked-rows.js';
import { emptyNode, LOCALIZATIONS, type PopulateNode } from '../../core/query/populate.js';
import { fieldOf, MEDIA_COLUMNS, scalarTypeOf, scopeBehind, type Scope } from '../../core/query/scope.js';
import { missingRelation, type Conditional } from './conditions.js';
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
  /** Findings that depend on what the caller may read, settled later by probing the target. */
  readonly conditional: Conditional[];
}

/** Scalar columns an entry of a scope shows when `fields` selects nothing in particular. */
function defaultScalars(scope: Scope, model: ContentModel): string[] {
  // Upload files carry every column Strapi's file table has (url included): a media object without them is broken.
  // The project's privateAttributes hide some of them.
  if (scope.kind === 'media') return Object.keys(MEDIA_COLUMNS).filter((k) => shownFileField(model, k));
  if (scope.kind === 'component') {
    return ['id', ...[...scope.component.attributes.values()].filter((a) => a.kind === 'scalar' && !a.private).map((a) => a.name)];
  }
  const type = scope.type;
  const system = ['id', 'documentId', ...shownSystemScalars(type)];
  return [...system, ...[...type.attributes.values()].filter((a) => a.kind === 'scalar' && !a.private).map((a) => a.name)];
}

/** Whether a key of an entry is a scalar column of its scope (system column, scalar attribute, media column). */
function isScalarKey(scope: Scope, key: string): boolean {
  const field = fieldOf(scope, key);
  return field !== undefined && scalarTypeOf(field) !== undefined;
}

function checkFields(
  scope: Scope,
  entry: Record<string, unknown>,
  node: PopulateNode,
  path: string,
  out: Violation[],
  model: ContentModel,
): void {
  if (node.fields === null) {
    // Media records carry extra provider keys: only missing columns are checked on them.
    for (const name of defaultScalars(scope, model)) {
      if (!(name in entry))
        out.push({
          rule: 'fields',
          path: child(path, name),
          message: 'is missing: every scalar field is returned when `fields` is not given',
        });
    }
    return;
  }
  // Strapi adds the columns a (nested) sort orders by to the selected ones, so the sort column shows too.
  const sortColumns = node.sort.filter((t) => t.path.length === 1).map((t) => t.path[0]);
  const selected = new Set(['id', ...(scope.kind === 'component' ? [] : ['documentId']), ...node.fields, ...sortColumns]);
  for (const name of node.fields) {
    if (!(name in entry)) out.push({ rule: 'fields', path: child(path, name), message: `is missing although \`fields\` selects it` });
  }
  for (const key of Object.keys(entry)) {
    if (!selected.has(key) && isScalarKey(scope, key)) {
      out.push({ rule: 'fields', path: child(path, key), message: `is present but \`fields\` selects only ${[...selected].join(', ')}` });
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

function populatedKeys(scope: Scope): Array<Attribute | typeof LOCALIZATIONS> {
  if (scope.kind === 'media') return [];
  const attrs = [...(scope.kind === 'type' ? scope.type.attributes : scope.component.attributes).values()].filter(
    (a) => a.kind !== 'scalar' && !a.private,
  );
  return scope.kind === 'type' && showsLocalizations(scope.type) ? [...attrs, LOCALIZATIONS] : attrs;
}

/**
 * Checks one rendered entry against what the request asked for: the scalars `fields` selects, every populated
 * relation, media, component and dynamic zone present (and nothing unpopulated), recursively.
 */
export function checkEntry(ctx: EntryContext, scope: Scope, value: unknown, node: PopulateNode, path: string): void {
  if (!isPlainObject(value)) return; // the schema check reports the wrong type
  checkFields(scope, value, node, path, ctx.out, ctx.index.model);
  checkPublication(ctx, scope, value, path);
  for (const target of populatedKeys(scope)) {
    const name = target === LOCALIZATIONS ? LOCALIZATIONS : target.name;
    const sub = node.populate.get(name);
    const here = child(path, name);
    if (!sub) {
      if (name in value) ctx.out.push({ rule: 'populate', path: here, message: 'is present but was not populated' });
      continue;
    }
    if (!(name in value)) {
      const violation: Violation = { rule: 'populate', path: here, message: 'was populated but is missing' };
      // Strapi leaves out, silently, relations to types the caller may not read: only the target can say which.
      if (target !== LOCALIZATIONS && target.kind === 'relation' && ctx.index.model.contentTypes.has(target.target)) {
        ctx.conditional.push(missingRelation(target.target, violation));
      } else ctx.out.push(violation);
      continue;
    }
    const v = value[name];
    if (name === LOCALIZATIONS) {
      // the other locales of the entry: never its own (a `count` there is not Strapi's: i18n lists them anyway)
      if (sub.count && isPlainObject(v) && typeof v.count === 'number') continue;
      if (Array.isArray(v) && typeof value.locale === 'string') {
        v.forEach((item, i) => {
          if (isPlainObject(item) && item.locale === value.locale)
            ctx.out.push({ rule: 'populate', path: child(child(here, i), 'locale'), message: `is the entry's own locale ${item.locale}` });
        });
      }
    } else if (sub.count) {
      if (!isPlainObject(v) || typeof v.count !== 'number')
        ctx.out.push({ rule: 'populate', path: here, message: 'must be {count: <number>} with populate[…][count]=true' });
      continue;
    }
    checkPopulated(ctx, scope, target, v, sub, here);
  }
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
