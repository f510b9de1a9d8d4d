import { isDeepStrictEqual } from 'node:util';
import type { Attribute, ContentType } from '../../core/model/types.js';
import type { Row } from '../../core/data/types.js';
import { isDraftRow } from '../../core/data/content-index.js';
import { refsOf } from '../../core/data/link-refs.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { keptComponent } from '../../core/write/kept-components.js';
import { orderComponentIds } from '../../core/write/component-order.js';
import type { Attributes } from '../../core/model/types.js';
import type { Runtime } from '../runtime.js';

// `event.params.data` of the database lifecycles as Strapi's document service hands its writes to the query engine
// (core/dist/services/document-service: entries.ts, transform/relations, draft-and-publish.ts, internationalization.ts):
// relations and media as row ids (`{ set: [{ id }] }`, `{ connect: [{ id }], disconnect: [{ id }] }`), the locale and
// publishedAt the service set, the timestamps the database's subscriber adds, components as `{ id, __pivot }`, a
// dynamic zone `[]` when the data has none. Measured with probe s12 on Strapi 5.54.

type Data = Record<string, unknown>;
type Ref = { id: number; position?: unknown };

/** The row a write acts for: its locale (null on a type without i18n) and the status the service writes. */
export interface WriteSource {
  readonly locale: string | null;
  readonly status: 'draft' | 'published' | undefined;
}

export function writeSource(rt: Runtime, type: ContentType, params: Data): WriteSource {
  const locale = type.localized
    ? typeof params.locale === 'string' && params.locale !== '' && params.locale !== '*'
      ? params.locale
      : rt.model.defaultLocale
    : null;
  // a draft & publish write is of the draft (the service publishes after); otherwise the status asked, if any
  const status = type.draftAndPublish ? 'draft' : params.status === 'draft' || params.status === 'published' ? params.status : undefined;
  return { locale, status };
}

/** The row ids a document a relation names stands for (Strapi's getRelationIds: target locale and statuses). */
function targetIds(rt: Runtime, source: ContentType, from: WriteSource, targetUid: string, relation: Data): number[] {
  const target = rt.model.contentTypes.get(targetUid);
  if (!target || typeof relation.documentId !== 'string') return [];
  const locale = !target.localized
    ? undefined
    : source.localized
      ? from.locale
      : typeof relation.locale === 'string'
        ? relation.locale
        : (from.locale ?? rt.model.defaultLocale);
  const statuses: ('draft' | 'published')[] = !target.draftAndPublish
    ? ['published']
    : source.draftAndPublish && from.status !== undefined
      ? [from.status]
      : relation.status === 'published'
        ? ['published']
        : relation.status !== undefined
          ? ['draft']
          : source.draftAndPublish
            ? ['draft']
            : ['draft', 'published'];
  const rows = rt.store.index.documentRows(targetUid, relation.documentId).filter((r) => locale === undefined || r.locale === locale);
  return statuses.flatMap((s) => rows.filter((r) => !target.draftAndPublish || isDraftRow(r) === (s === 'draft')).map((r) => r.id));
}

/** One relation item (a documentId, an id, `{ documentId, locale, status, position }`, `{ id }`) as row ids. */
function refsOfItem(rt: Runtime, type: ContentType, from: WriteSource, attribute: Attribute, item: unknown): Ref[] {
  if (item === null || item === undefined) return [];
  if (typeof item === 'number' || (typeof item === 'string' && /^\d+$/.test(item))) return [{ id: Number(item) }];
  const relation: Data | undefined = typeof item === 'string' ? { documentId: item } : isPlainObject(item) ? item : undefined;
  if (!relation) return [];
  const position = relation.position === undefined ? {} : { position: relation.position };
  if (typeof relation.documentId !== 'string') return relation.id === undefined ? [] : [{ id: Number(relation.id), ...position }];
  if (attribute.kind !== 'relation') return [];
  return targetIds(rt, type, from, attribute.target, relation).map((id) => ({ id, ...position }));
}

/** A relation or media value in the query engine's words (Strapi's mapRelation: shorthands wrapped in `set`). */
function relationValue(rt: Runtime, type: ContentType, from: WriteSource, attribute: Attribute, value: unknown): unknown {
  const refs = (v: unknown) => (Array.isArray(v) ? v : [v]).flatMap((item) => refsOfItem(rt, type, from, attribute, item));
  if (value === null || value === undefined) return value;
  if (Array.isArray(value) || typeof value !== 'object') return { set: refs(value) };
  if (!isPlainObject(value)) return value;
  if ('id' in value || 'documentId' in value) return { set: refs(value) };
  const out: Data = { ...value };
  for (const k of ['set', 'disconnect', 'connect'] as const) if (value[k] !== undefined && value[k] !== null) out[k] = refs(value[k]);
  return out;
}

const pivot = (field: string, component: string) => ({ field, component_type: component });

/** Component and dynamic zone values as the query engine receives them (their rows are written first). */
function componentValue(attribute: Attribute, value: unknown, ids?: unknown): unknown {
  const idAt = (i: number) => {
    const stored = Array.isArray(ids) ? ids[i] : ids;
    return isPlainObject(stored) && typeof stored.id === 'number' ? { id: stored.id } : {};
  };
  if (attribute.kind === 'component') {
    if (value === null || value === undefined) return value;
    const one = (i: number) => ({ ...idAt(i), __pivot: pivot(attribute.name, attribute.component) });
    return attribute.repeatable && Array.isArray(value) ? value.map((_, i) => one(i)) : one(0);
  }
  if (attribute.kind === 'dynamiczone' && Array.isArray(value))
    return value.map((item, i) => {
      const uid = isPlainObject(item) && typeof item.__component === 'string' ? item.__component : '';
      return { ...idAt(i), __component: uid, __pivot: pivot(attribute.name, uid) };
    });
  return value;
}

/** The given data's attributes in the engine's words (scalars as they are). */
function givenData(rt: Runtime, type: ContentType, from: WriteSource, given: Data): Data {
  const out: Data = {};
  for (const [key, value] of Object.entries(given)) {
    const attribute = type.attributes.get(key);
    if (!attribute) continue;
    out[key] =
      attribute.kind === 'relation' || attribute.kind === 'media'
        ? relationValue(rt, type, from, attribute, value)
        : attribute.kind === 'component' || attribute.kind === 'dynamiczone'
          ? componentValue(attribute, value)
          : value;
  }
  return out;
}

/**
 * A create's data (a new document, or a locale an update adds: then `copied` holds the non-localized fields Strapi
 * copies from another locale, and the documentId): components and zones first, the locale and publishedAt, the
 * given fields, the timestamps.
 */
export function createEventData(rt: Runtime, type: ContentType, params: Data, given: Data, documentId?: string): Data {
  const from = writeSource(rt, type, params);
  const out: Data = {};
  const mapped = givenData(rt, type, from, given);
  for (const a of type.attributes.values()) {
    if (a.kind === 'component' && a.name in mapped) out[a.name] = mapped[a.name];
    if (a.kind === 'dynamiczone') out[a.name] = mapped[a.name] ?? [];
  }
  if (type.localized) out.locale = from.locale;
  out.publishedAt = type.draftAndPublish ? null : new Date();
  if (documentId !== undefined) Object.assign(out, copiedFields(rt, type, documentId, from));
  for (const [k, v] of Object.entries(mapped)) if (!(k in out)) out[k] = v;
  if (documentId !== undefined) out.documentId = documentId;
  const now = new Date();
  out.createdAt = now;
  out.updatedAt = now;
  return out;
}

/** An update's data: the given fields, publishedAt and the locale the service sets, the new updatedAt. */
export function updateEventData(rt: Runtime, type: ContentType, params: Data, given: Data): Data {
  const from = writeSource(rt, type, params);
  const out = givenData(rt, type, from, given);
  out.publishedAt = type.draftAndPublish ? null : new Date();
  if (type.localized) out.locale = from.locale;
  out.updatedAt = new Date();
  return out;
}

/** i18n's copy of the non-localized fields (scalars but uids, media) from another locale of the document. */
function copiedFields(rt: Runtime, type: ContentType, documentId: string, from: WriteSource): Data {
  const rows = rt.store.index.documentRows(type.uid, documentId).filter((r) => r.locale !== from.locale);
  const row = rows.find((r) => !type.draftAndPublish || isDraftRow(r)) ?? rows[0];
  const out: Data = {};
  if (!row || !type.localized) return out;
  for (const a of [...type.attributes.values()].reverse()) {
    if (a.localized) continue;
    if (a.kind === 'scalar' && a.type !== 'uid') out[a.name] = row[a.name] ?? null;
    if (a.kind === 'media') out[a.name] = mediaValue(a.multiple, row[a.name]);
  }
  return out;
}

function mediaValue(multiple: boolean, stored: unknown): unknown {
  const ids = (Array.isArray(stored) ? stored : stored === null || stored === undefined ? [] : [stored]).map((v) =>
    isPlainObject(v) ? Number(v.id) : Number(v),
  );
  return multiple ? { set: ids.map((id) => ({ id })) } : ids.length === 0 ? null : { set: [{ id: ids[0] }] };
}

/**
 * A published (or draft) version's create, as Strapi's publish builds it from the row it copies: its components,
 * documentId, columns, creators, owned relations and media by the ids of the target versions of that status.
 */
export function rowEventData(rt: Runtime, type: ContentType, row: Row): Data {
  const from: WriteSource = { locale: row.locale ?? null, status: isDraftRow(row) ? 'draft' : 'published' };
  const out: Data = {};
  for (const a of type.attributes.values())
    if (a.kind === 'component' || a.kind === 'dynamiczone') {
      const value = row[a.name];
      // a single component the row lacks is left out (a repeatable one and a zone are lists, maybe empty)
      if (a.kind === 'dynamiczone' || (value !== undefined && value !== null)) out[a.name] = componentValue(a, value ?? [], value);
    }
  out.documentId = row.documentId;
  for (const a of type.attributes.values()) if (a.kind === 'scalar') out[a.name] = row[a.name] ?? null;
  Object.assign(out, { createdAt: row.createdAt, updatedAt: row.updatedAt, publishedAt: row.publishedAt });
  if (type.localized) out.locale = row.locale ?? null;
  Object.assign(out, { createdBy: null, updatedBy: null });
  for (const a of type.attributes.values()) {
    if (a.kind === 'relation' && a.owner) {
      const refs = refsOf(row[a.name]).flatMap((documentId) => targetIds(rt, type, from, a.target, { documentId }).slice(0, 1));
      out[a.name] = !a.toMany && refs.length === 0 ? null : { set: refs.map((id) => ({ id })) };
    }
    if (a.kind === 'media') out[a.name] = mediaValue(a.multiple, row[a.name]);
  }
  return out;
}

/**
 * The component ids a write will give, before it runs: Strapi writes the components first (createComponents /
 * updateComponents), so its `before` hooks see `{ id, __pivot }` already. An item naming a component the written row
 * holds keeps that id; the others take their tables' next ids in the order Strapi's concurrent creation gives them
 * (component-order.ts, as the mock's write deals them).
 */
export function predictedComponentIds(rt: Runtime, type: ContentType, given: Data, stored: Row | undefined): Row | undefined {
  if (![...type.attributes.values()].some((a) => (a.kind === 'component' || a.kind === 'dynamiczone') && given[a.name] != null))
    return undefined;
  const taken = new Map<string, number>();
  const take = (uid: string) => {
    const table = `component:${uid}`;
    const id = (taken.get(table) ?? rt.store.data.sequences[table] ?? 0) + 1;
    taken.set(table, id);
    return id;
  };
  const kept = new Set<object>();
  // a copy of the given components, each with the id it gets (kept, or minted in any order, then re-dealt)
  const one = (uid: string, item: unknown, held: Data | undefined): Data | undefined => {
    const component = rt.model.components.get(uid);
    if (!component || !isPlainObject(item)) return undefined;
    const out: Data = { ...item, ...walk(component.attributes, item, held) };
    out.id = held && typeof held.id === 'number' ? held.id : take(uid);
    if (held) kept.add(out);
    return out;
  };
  const walk = (attributes: Attributes, value: Data, stored: Data | undefined): Data => {
    const out: Data = {};
    for (const a of attributes.values()) {
      const v = value[a.name];
      if (v === undefined || v === null) continue;
      if (a.kind === 'component') {
        const held = (item: unknown) => (isPlainObject(item) ? keptComponent(stored, a.name, item, false) : undefined);
        if (!a.repeatable) out[a.name] = one(a.component, v, held(v));
        else if (Array.isArray(v)) out[a.name] = v.map((item) => one(a.component, item, held(item)));
      } else if (a.kind === 'dynamiczone' && Array.isArray(v)) {
        out[a.name] = v.map((item) => {
          const uid = isPlainObject(item) && typeof item.__component === 'string' ? item.__component : '';
          return one(uid, item, isPlainObject(item) ? keptComponent(stored, a.name, item, true) : undefined);
        });
      }
    }
    return out;
  };
  const holder = walk(type.attributes, given, stored);
  orderComponentIds(rt.model, type.attributes, holder, undefined, false, kept);
  return { id: 0, documentId: '', ...holder } as Row;
}

/** The written row's component ids, into the event data the hooks share (Strapi writes components first). */
export function fillComponentIds(type: ContentType, data: Data, row: Row | undefined): void {
  if (!row) return;
  for (const a of type.attributes.values())
    if ((a.kind === 'component' || a.kind === 'dynamiczone') && isPlainObject(data) && data[a.name] !== undefined && data[a.name] !== null)
      data[a.name] = componentValue(a, data[a.name], row[a.name]);
}

/**
 * What a `before` hook changed in the event's data, carried into the document service's data: the scalar fields it
 * set, changed or removed (a slug derived from the title), as Strapi writes what the hook leaves in the params.
 */
export function applyHookChanges(type: ContentType, target: Data, snapshot: Data, data: unknown): void {
  if (!isPlainObject(data)) return;
  for (const key of new Set([...Object.keys(snapshot), ...Object.keys(data)])) {
    const attribute = type.attributes.get(key);
    if (attribute?.kind !== 'scalar') continue;
    if (!(key in data)) {
      if (key in snapshot) delete target[key];
    } else if (!isDeepStrictEqual(data[key], snapshot[key])) {
      const value = data[key];
      target[key] = value instanceof Date ? value.toISOString() : value;
    }
  }
}

/** A deep copy of event data to compare against (Dates kept as Dates). */
export function snapshotOf(data: Data): Data {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v instanceof Date ? new Date(v) : structuredClone(v)]));
}
