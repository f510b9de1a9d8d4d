import { fieldErrors, ValidationError } from '../errors/strapi-errors.js';
import type { Attribute, ContentType, RelationAttribute } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { checkRestrictedBody } from '../query/restricted-relations.js';
import { parseQuery, parseStatus, type QueryOptions } from '../query/run-query.js';
import { renderRow, type Entry } from '../query/render-entry.js';
import type { Store } from '../data/store.js';
import { linkRank, recordLinks } from '../data/link-order.js';
import type { Row } from '../data/types.js';
import { printValue } from './coerce-scalar.js';
import { prepareData, type PreparedData } from './prepare-data.js';
import type { RelationOp } from './relation-input.js';
import { applyRelationOp } from './relation-order.js';
import { cloneAttribute, type WriteContext } from './clone.js';
import { isSynced, nonLocalizedView, syncNonLocalized } from './locale-sync.js';
import { isPlainObject } from '../is-plain-object.js';
import { keepLinkLocales, LINK_LOCALES, setLinkLocale } from '../data/link-locale.js';

// Strapi 5's write semantics: a draft&publish document has a draft row and a published row per locale. POST and
// PUT write the draft and then publish it (unless `?status=draft`): publishing replaces the published row with a
// fresh copy of the draft under a new id. Types without draft&publish have one row, updated in place.

/** A cuid2-shaped documentId: 24 lowercase letters and digits, starting with a letter. */
export function newDocumentId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  // Web Crypto: the same in Node and in a browser.
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let id = alphabet[bytes[0] % 26];
  for (let i = 1; i < 24; i++) id += alphabet[bytes[i] % 36];
  return id;
}

/** `{data: {...}}` or Strapi's payload error. */
function dataOf(body: unknown): Record<string, unknown> {
  const data = isPlainObject(body) ? body.data : undefined;
  if (Array.isArray(data)) {
    const message = `this must be a \`object\` type, but the final value was: \`null\` (cast from the value \`${printValue(data)}\`).`;
    throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError', value: null }] });
  }
  if (!isPlainObject(data)) throw new ValidationError('Missing "data" payload in the request body', {});
  return data;
}

function writeLocale(store: Store, type: ContentType, raw: unknown): string | undefined {
  if (!type.localized) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === '*') throw new ValidationError('Invalid locale param * provided. Document locales must be strings.', {});
  return value === undefined || value === null || value === '' ? store.index.model.defaultLocale : String(value);
}

function emptyValue(attribute: Attribute): unknown {
  switch (attribute.kind) {
    case 'scalar':
      return null;
    case 'media':
      return attribute.multiple ? [] : null;
    case 'relation':
      return attribute.owner ? (attribute.toMany ? [] : null) : undefined;
    case 'component':
      return attribute.repeatable ? [] : null;
    case 'dynamiczone':
      return [];
  }
}

function blankRow(ctx: WriteContext, documentId: string, locale: string | undefined): Row {
  const row: Row = {
    id: ctx.store.nextId(ctx.type.uid),
    documentId,
    createdAt: ctx.now,
    updatedAt: ctx.now,
    publishedAt: ctx.type.draftAndPublish ? null : ctx.now,
  };
  if (locale !== undefined) row.locale = locale;
  for (const attribute of ctx.type.attributes.values()) {
    const v = emptyValue(attribute);
    if (v !== undefined) row[attribute.name] = v;
  }
  return row;
}

/** Writes the prepared values and owning relations; ordering errors are raised before the row is touched. */
function applyPrepared(ctx: WriteContext, row: Row, prepared: PreparedData): Array<{ attribute: RelationAttribute; op: RelationOp }> {
  const inverse: Array<{ attribute: RelationAttribute; op: RelationOp }> = [];
  const owning: Record<string, unknown> = {};
  for (const [name, op] of prepared.relations) {
    const attribute = ctx.type.attributes.get(name);
    if (attribute?.kind !== 'relation') continue;
    if (!attribute.owner) {
      inverse.push({ attribute, op });
      continue;
    }
    const before = refsOf(row[name]);
    const next = applyRelationOp(before, op, attribute.toMany);
    owning[name] = attribute.toMany ? next : (next[0] ?? null);
    recordLinks(ctx.store.data, ctx.type.uid, name, row, before, next);
    // A writer without i18n keeps which locale row of a localized target each link joins.
    const defaultLocale = ctx.index.model.defaultLocale;
    for (const [documentId, locale] of op.locales ?? []) {
      if (next.includes(documentId)) setLinkLocale(row, name, documentId, locale === defaultLocale ? undefined : locale);
    }
    keepLinkLocales(row, name, next);
  }
  Object.assign(row, prepared.values, owning);
  row.updatedAt = ctx.now;
  return inverse;
}

/** Writes relations given on the inverse side (`mappedBy`) onto the owning rows, which hold the links. */
function applyInverse(ctx: WriteContext, row: Row, attribute: RelationAttribute, op: RelationOp): void {
  const owner = ctx.index.model.contentTypes.get(attribute.target);
  const owning = owner?.attributes.get(attribute.mappedBy ?? '');
  if (!owner || owning?.kind !== 'relation') return;
  const source = ctx.type;
  const defaultLocale = ctx.index.model.defaultLocale;
  // A writer without i18n links the locale a connect names, else the default one.
  const linkable = (r: Row, locale?: string) =>
    (!owner.localized || r.locale === (source.localized ? row.locale : (locale ?? defaultLocale))) &&
    (!(owner.draftAndPublish && source.draftAndPublish) || isDraftRow(r) === isDraftRow(row));
  const rows = ctx.store.data.types[owner.uid] ?? [];
  const edit = (r: Row, add: boolean) => {
    const current = refsOf(r[owning.name]);
    const next = add ? [...current.filter((d) => d !== row.documentId), row.documentId] : current.filter((d) => d !== row.documentId);
    r[owning.name] = owning.toMany ? next : add ? row.documentId : (next[0] ?? null);
    recordLinks(ctx.store.data, owner.uid, owning.name, r, current, refsOf(r[owning.name]));
    // An owner without i18n now links this very locale row.
    if (add && !owner.localized && source.localized) {
      setLinkLocale(r, owning.name, row.documentId, row.locale === defaultLocale ? undefined : row.locale);
    }
    keepLinkLocales(r, owning.name, refsOf(r[owning.name]));
  };
  if (op.set) for (const r of rows) if (linkable(r) && refsOf(r[owning.name]).includes(row.documentId)) edit(r, false);
  for (const d of op.disconnect ?? []) for (const r of rows) if (r.documentId === d && linkable(r)) edit(r, false);
  for (const c of [...(op.set ?? []).map((documentId) => ({ documentId, locale: undefined })), ...(op.connect ?? [])]) {
    for (const r of rows) if (r.documentId === c.documentId && linkable(r, c.locale)) edit(r, true);
  }
}

function checkUnique(ctx: WriteContext, row: Pick<Row, 'documentId' | 'locale'>, prepared: PreparedData): void {
  const errors = [];
  for (const attribute of ctx.type.attributes.values()) {
    if (attribute.kind !== 'scalar' || !(attribute.unique || attribute.type === 'uid') || !Object.hasOwn(prepared.values, attribute.name))
      continue;
    const value = prepared.values[attribute.name];
    if (value === null || value === undefined) continue;
    const clash = ctx.index
      .rows(ctx.type.uid)
      .some(
        (r) =>
          r.documentId !== row.documentId &&
          r[attribute.name] === value &&
          (!ctx.type.localized || r.locale === row.locale) &&
          (!ctx.type.draftAndPublish || !isDraftRow(r)),
      );
    if (clash) errors.push({ path: [attribute.name], message: 'This attribute must be unique', value });
  }
  if (errors.length > 0) throw fieldErrors(errors);
}

/** Replaces the published row of a draft's locale with a fresh copy of the draft. */
function publish(ctx: WriteContext, draft: Row): Row {
  const rows = ctx.store.data.types[ctx.type.uid];
  const replaced = rows.find((r) => r.documentId === draft.documentId && r.locale === draft.locale && !isDraftRow(r));
  const kept = rows.filter((r) => r !== replaced);
  const published: Row = { ...draft, id: ctx.store.nextId(ctx.type.uid), publishedAt: ctx.now };
  if (draft[LINK_LOCALES]) published[LINK_LOCALES] = structuredClone(draft[LINK_LOCALES]);
  for (const attribute of ctx.type.attributes.values()) {
    if (Object.hasOwn(draft, attribute.name)) published[attribute.name] = cloneAttribute(ctx, attribute, draft[attribute.name]);
    if (attribute.kind !== 'relation' || !attribute.owner) continue;
    // The new published row takes the old one's place in inverse lists; only links it did not have go last.
    const had = replaced ? refsOf(replaced[attribute.name]) : [];
    recordLinks(ctx.store.data, ctx.type.uid, attribute.name, published, had, refsOf(published[attribute.name]), (t) =>
      replaced && had.includes(t) ? linkRank(ctx.store.data, ctx.type.uid, attribute.name, replaced, t) : undefined,
    );
  }
  kept.push(published);
  ctx.store.data.types[ctx.type.uid] = kept;
  return published;
}

/** Seeds a new locale version from an existing one: non-localized attributes are copied, the rest start empty. */
function newLocaleRow(ctx: WriteContext, documentId: string, locale: string | undefined, base: Row | undefined): Row {
  const row = blankRow(ctx, documentId, locale);
  if (base) {
    for (const attribute of ctx.type.attributes.values()) {
      if (isSynced(attribute)) row[attribute.name] = cloneAttribute(ctx, attribute, base[attribute.name]);
    }
  }
  return row;
}

interface WriteResult {
  readonly row: Row;
  /** The i18n copy to the other locales, run once the answer is rendered. */
  readonly sync: () => void;
}

/**
 * A failed write leaves nothing behind, as Strapi's transaction rolls back: no row, and no id taken from a
 * sequence (SQLite rolls `sqlite_sequence` back too), so the next write gets the id it would have had.
 */
function atomically<T>(store: Store, write: () => T): T {
  const sequences = { ...store.data.sequences };
  try {
    return write();
  } catch (error) {
    store.data.sequences = sequences;
    throw error;
  }
}

function writeVersion(
  ctx: WriteContext,
  documentId: string,
  locale: string | undefined,
  draftOnly: boolean,
  data: Record<string, unknown>,
  creating: boolean,
): WriteResult {
  const { type, store } = ctx;
  const rows = store.data.types[type.uid] ?? (store.data.types[type.uid] = []);
  const docRows = rows.filter((r) => r.documentId === documentId);
  let target = docRows.find((r) => r.locale === locale && (!type.draftAndPublish || isDraftRow(r)));
  const newVersion = !target;
  // Strapi's i18n middleware compares with the document's first row as it was before an update (none on create)
  const original = creating
    ? undefined
    : nonLocalizedView(
        type,
        docRows.reduce<Row | undefined>((a, r) => (a && a.id < r.id ? a : r), undefined),
      );
  const prepared = prepareData(type, data, {
    index: ctx.index,
    draft: draftOnly && type.draftAndPublish,
    creating: creating || newVersion,
    locale: locale ?? null,
    nextId: (t) => store.nextId(t),
  });
  if (!(draftOnly && type.draftAndPublish)) checkUnique(ctx, target ?? { documentId, locale }, prepared);
  let inverse;
  if (!target) {
    const base = docRows.find((r) => (type.draftAndPublish ? isDraftRow(r) : true)) ?? docRows[0];
    target = newLocaleRow(ctx, documentId, locale, base);
    inverse = applyPrepared(ctx, target, prepared);
    rows.push(target);
  } else inverse = applyPrepared(ctx, target, prepared);
  if (!type.draftAndPublish) target.publishedAt = ctx.now;
  for (const { attribute, op } of inverse) applyInverse(ctx, target, attribute, op);
  const result = !type.draftAndPublish || draftOnly ? target : publish(ctx, target);
  return { row: result, sync: () => syncNonLocalized(ctx, result, original) };
}

/**
 * Writes, answers, then syncs: Strapi's i18n middleware copies non-localized attributes to the other locales after
 * the write has produced its answer, so the answer (its populated localizations) shows them as they were.
 */
async function writeThenSync(store: Store, write: () => WriteResult, answer: (row: Row) => Entry): Promise<Entry> {
  const { row, sync } = await store.mutate(() => atomically(store, write));
  const entry = answer(row);
  await store.mutate(sync);
  return entry;
}

function render(
  store: Store,
  type: ContentType,
  row: Row,
  query: Record<string, unknown>,
  opts: QueryOptions,
  status: 'draft' | 'published',
): Entry {
  const q = parseQuery(store.index, type, query, opts);
  return renderRow({ index: store.index, status, budget: opts.budget }, type, row, q.node);
}

export async function createDocument(
  store: Store,
  type: ContentType,
  query: Record<string, unknown>,
  body: unknown,
  opts: QueryOptions,
): Promise<Entry> {
  parseQuery(store.index, type, query, opts);
  const status = parseStatus(query.status);
  const locale = writeLocale(store, type, query.locale);
  const data = dataOf(body);
  if (opts.canRead) checkRestrictedBody(store.index, { kind: 'type', type }, data, opts.canRead);
  const ctx: WriteContext = { store, index: store.index, type, now: new Date().toISOString() };
  return writeThenSync(
    store,
    () => writeVersion(ctx, newDocumentId(), locale, status === 'draft', data, true),
    (row) => render(store, type, row, query, opts, status),
  );
}

export async function updateDocument(
  store: Store,
  type: ContentType,
  documentId: string | undefined,
  query: Record<string, unknown>,
  body: unknown,
  opts: QueryOptions,
): Promise<Entry | undefined> {
  parseQuery(store.index, type, query, opts);
  const status = parseStatus(query.status);
  const locale = writeLocale(store, type, query.locale);
  const data = dataOf(body);
  if (opts.canRead) checkRestrictedBody(store.index, { kind: 'type', type }, data, opts.canRead);
  const ctx: WriteContext = { store, index: store.index, type, now: new Date().toISOString() };
  // A single type's PUT creates its document when there is none.
  const existing = documentId ?? store.index.rows(type.uid)[0]?.documentId;
  if (documentId !== undefined && store.index.documentRows(type.uid, documentId).length === 0) return undefined;
  const write = () => writeVersion(ctx, existing ?? newDocumentId(), locale, status === 'draft', data, existing === undefined);
  return writeThenSync(store, write, (row) => render(store, type, row, query, opts, status));
}

/** Deletes every version (draft and published) of a document in one locale, or all with `locale=*`. Never 404s. */
export async function deleteDocument(
  store: Store,
  type: ContentType,
  documentId: string | undefined,
  query: Record<string, unknown>,
  opts: QueryOptions,
): Promise<void> {
  if (type.kind === 'collectionType') parseQuery(store.index, type, query, opts);
  const target = documentId ?? store.index.rows(type.uid)[0]?.documentId;
  if (target === undefined) return;
  const all = type.localized && (query.locale === '*' || (Array.isArray(query.locale) && query.locale.includes('*')));
  const locale = all ? undefined : writeLocale(store, type, query.locale);
  await store.mutate((data) => {
    data.types[type.uid] = (data.types[type.uid] ?? []).filter((r) => !(r.documentId === target && (all || r.locale === locale)));
  });
}
