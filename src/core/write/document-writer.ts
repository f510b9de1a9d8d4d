import { unlinkDeletedLocale } from './unlink-locale.js';
import { ValidationError } from '../errors/strapi-errors.js';
import type { Attribute, ContentType, RelationAttribute } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { checkRestrictedBody } from '../query/restricted-relations.js';
import { parseQuery, parseStatus, validateQuery, whereMatcher, withoutDocumentId, type QueryOptions } from '../query/run-query.js';
import { renderRow, type Entry } from '../query/render-entry.js';
import { checkDataLocale } from '../query/locale-param.js';
import type { Store } from '../data/store.js';
import { recordLinks, renumberInverseList, renumberOrds } from '../data/link-order.js';
import type { Row } from '../data/types.js';
import type { Transaction } from '../data/transaction.js';
import { firstDocumentRow } from '../data/document-row-order.js';
import { printValue } from './coerce-scalar.js';
import { checkBodyKeys, CORE_ROUTE_BODY_KEYS, prepareData, type PreparedData } from './prepare-data.js';
import type { RelationOp } from './relation-input.js';
import { applyRelationOp } from './relation-order.js';
import { type WriteContext } from './clone.js';
import { orderComponentIds } from './component-order.js';
import { isSynced, nonLocalizedView, syncNonLocalized } from './locale-sync.js';
import { isPlainObject } from '../is-plain-object.js';
import { keepLinkLocales, linkLocales, setLinkLocales } from '../data/link-locale.js';
import { addLinkVersion, keepLinkVersions, setLinkVersion } from '../data/link-version.js';

import { applyInverse, checkInverseOrder, unlinkElsewhere } from './inverse-writes.js';
import { asInput, liveMedia, publish, takenBy, validatePublish } from './publish-version.js';
import { uuidFieldLifecycle } from './uuid-field-lifecycle.js';
import { selectLeavesOutLocale } from './publish-sync.js';
import { forgetOwnLinks } from './drop-link.js';

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
/** The body's `data`: an object, or a list (lodash's isObject lets one past the controller), else Strapi's 400. */
function dataOf(body: unknown): Record<string, unknown> | unknown[] {
  const data = isPlainObject(body) ? body.data : undefined;
  if (Array.isArray(data)) return data;
  if (!isPlainObject(data)) throw new ValidationError('Missing "data" payload in the request body', {});
  return data;
}

/** The data of one entry: a list is refused by the document service's validator (after an update's 404). */
function entryData(data: Record<string, unknown> | unknown[]): Record<string, unknown> {
  if (!Array.isArray(data)) return data;
  const message = `this must be a \`object\` type, but the final value was: \`null\` (cast from the value \`${printValue(data)}\`).`;
  throw new ValidationError(message, { errors: [{ path: [], message, name: 'ValidationError', value: null }] });
}

/**
 * What a core create or update checks before it writes, in Strapi's order: the controller's validateQuery, then its
 * checks of the body (a list's items each: validateInput maps over them); the rest of the query (status, locale,
 * pagination) is the document service's, read once the controller is done.
 */
function checkedWrite(store: Store, type: ContentType, query: Record<string, unknown>, body: unknown, opts: QueryOptions) {
  validateQuery(store.index, type, query, opts);
  const given = dataOf(body);
  for (const data of Array.isArray(given) ? given.filter(isPlainObject) : [given]) {
    // Strapi refuses unknown keys in a first pass over the body, relations the caller cannot read in a second
    checkBodyKeys(store.index, type, data, CORE_ROUTE_BODY_KEYS);
    if (opts.canRead) checkRestrictedBody(store.index, { kind: 'type', type }, data, opts.canRead);
  }
  parseQuery(store.index, type, query, opts);
  const status = parseStatus(query.status, opts.strictDocumentParams !== false);
  const locale = writeLocale(store, type, query.locale);
  return { given, status, locale };
}

function writeLocale(store: Store, type: ContentType, raw: unknown): string | undefined {
  if (!type.localized) return undefined;
  checkDataLocale(raw);
  const value = Array.isArray(raw) ? undefined : raw;
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

/**
 * A writer without i18n disconnects one locale row of a localized target (the one its entry names, else the default
 * locale, as Strapi looks the entry up): a disconnect naming a locale the link does not join leaves the link, and
 * one naming some of the locale rows it joins leaves the others. Returns the operation and the locale rows left.
 */
function linkedLocalesOnly(ctx: WriteContext, row: Row, name: string, op: RelationOp): { op: RelationOp; left: Map<string, string[]> } {
  const refs = op.disconnectRefs;
  const left = new Map<string, string[]>();
  if (!op.disconnect || !refs?.some((r) => r.locale !== undefined)) return { op, left };
  const defaultLocale = ctx.index.model.defaultLocale;
  const disconnect = op.disconnect.filter((d) => {
    const mine = refs.filter((r) => r.documentId === d);
    if (mine.some((r) => r.locale === undefined)) return true;
    const joined = linkLocales(row, name, d, defaultLocale);
    const rest = joined.filter((l) => !mine.some((r) => r.locale === l));
    if (rest.length === 0) return true;
    if (rest.length < joined.length) left.set(d, rest);
    return false;
  });
  return { op: disconnect.length === op.disconnect.length ? op : { ...op, disconnect }, left };
}

/** The locale rows of a localized target each link of a writer without i18n joins after `op`, in join order. */
function linkLocalesAfter(
  row: Row,
  name: string,
  op: RelationOp,
  before: readonly string[],
  left: Map<string, string[]>,
  defaultLocale: string,
): Map<string, string[]> {
  const out = new Map<string, string[]>(left);
  if (!op.locales || op.locales.size === 0) return out;
  if (op.set) {
    for (const ref of op.setRefs ?? [])
      if (ref.locale !== undefined) out.set(ref.documentId, [...(out.get(ref.documentId) ?? []), ref.locale]);
    return out;
  }
  for (const c of op.connect ?? []) {
    if (c.locale === undefined) continue;
    const kept = out.get(c.documentId) ?? (before.includes(c.documentId) ? linkLocales(row, name, c.documentId, defaultLocale) : []);
    out.set(c.documentId, kept.includes(c.locale) ? kept : [...kept, c.locale]);
  }
  return out;
}

/**
 * The body's relations in the order Strapi's database writes them (`createRelations` / `updateRelations` walk the
 * type's attributes in schema order, owning and inverse sides alike): runs of owning sides, each inverse side where
 * it falls. A self-relation given on both sides in one body (`parent` and `children`) ends as that order leaves it.
 */
function relationSteps(
  type: ContentType,
  prepared: PreparedData,
): Array<{ owning: Set<string> } | { attribute: RelationAttribute; op: RelationOp }> {
  const steps: Array<{ owning: Set<string> } | { attribute: RelationAttribute; op: RelationOp }> = [{ owning: new Set() }];
  for (const attribute of type.attributes.values()) {
    const op = attribute.kind === 'relation' ? prepared.relations.get(attribute.name) : undefined;
    if (!op || attribute.kind !== 'relation') continue;
    const last = steps[steps.length - 1];
    if (!attribute.owner) steps.push({ attribute, op });
    else if ('owning' in last) last.owning.add(attribute.name);
    else steps.push({ owning: new Set([attribute.name]) });
  }
  return steps;
}

/**
 * Writes the prepared values and the owning relations named in `names`; ordering errors are raised before the row is
 * touched. `inserted`: the row is being created (a to-one connected to several keeps every join row: see
 * applyRelationOp).
 */
function applyPrepared(ctx: WriteContext, row: Row, prepared: PreparedData, names: ReadonlySet<string>, inserted = false): void {
  ctx.tx.edit(ctx.type.uid, row);
  const owning: Record<string, unknown> = {};
  for (const [name, op] of prepared.relations) {
    const attribute = ctx.type.attributes.get(name);
    if (attribute?.kind !== 'relation' || !attribute.owner || !names.has(name)) continue;
    const before = refsOf(row[name]);
    const { op: applied, left } = linkedLocalesOnly(ctx, row, name, op);
    const next = applyRelationOp(before, applied, attribute.toMany, inserted);
    owning[name] = attribute.toMany ? next : (next[0] ?? null);
    recordLinks(ctx.tx, ctx.index, ctx.type.uid, name, row, before, next);
    // each target list a join row was deleted from is numbered 1..n again (`deleteRelations` → `cleanOrderColumns`)
    for (const target of before) if (!next.includes(target)) renumberInverseList(ctx.tx, ctx.index, ctx.type.uid, name, row, target);
    // the database's set, connect and disconnect all end with the list numbered 1..n (`cleanOrderColumns`)
    if (attribute.toMany) renumberOrds(ctx.tx, ctx.type.uid, name, row, next);
    // A writer without i18n keeps which locale rows of a localized target each link joins.
    const defaultLocale = ctx.index.model.defaultLocale;
    const joined = attribute.toMany ? linkLocalesAfter(row, name, op, before, left, defaultLocale) : new Map<string, string[]>();
    for (const [documentId, locale] of op.locales ?? []) if (!joined.has(documentId)) joined.set(documentId, [locale]);
    for (const [documentId, locales] of joined)
      if (next.includes(documentId)) setLinkLocales(row, name, documentId, locales, defaultLocale);
    keepLinkLocales(row, name, next);
    if (ctx.index.model.contentTypes.get(attribute.target)?.draftAndPublish) {
      // A writer without draft&publish links both versions, or the one a connect's `status` names; a writer with it
      // its own version, or the published one a row id names (Strapi joins the row it is given).
      const connected = op.set ?? (op.connect ?? []).map((c) => c.documentId);
      for (const documentId of connected) {
        const version = op.versions?.get(documentId);
        if (op.set || version === undefined || !before.includes(documentId) || ctx.type.draftAndPublish)
          setLinkVersion(row, name, documentId, version);
        else addLinkVersion(row, name, documentId, version, true);
      }
      keepLinkVersions(row, name, next);
    }
    // A bidirectional oneToOne/oneToMany target has one holder: linking it here unlinks it from every other document.
    if (attribute.inversedBy && (attribute.relation === 'oneToOne' || attribute.relation === 'oneToMany')) {
      for (const target of next) if (!before.includes(target)) unlinkElsewhere(ctx, ctx.type, attribute, row, target);
    }
  }
  Object.assign(row, prepared.values, owning);
  row.updatedAt = ctx.now;
}

/**
 * A new locale of an existing document: Strapi (`copyNonLocalizedFields`) fills the body's empty (absent or null)
 * non-localized attributes from one of the document's versions before it validates: the first by `publishedAt desc`,
 * the most recently published (a type without draft&publish stamps it on every write), drafts last.
 */
function withNonLocalized(ctx: WriteContext, data: Record<string, unknown>, docRows: readonly Row[]): Record<string, unknown> {
  const published = (r: Row) => (typeof r.publishedAt === 'string' ? r.publishedAt : '');
  const base = docRows.reduce<Row | undefined>((best, r) => (!best || published(r) > published(best) ? r : best), undefined);
  if (!base || !ctx.type.localized) return data;
  const copy = asInput(ctx.index, ctx.type.attributes, base, { media: true });
  const merged = { ...data };
  for (const attribute of ctx.type.attributes.values()) {
    if (!isSynced(attribute) || (merged[attribute.name] !== undefined && merged[attribute.name] !== null)) continue;
    // the version is read with its media populated: a file deleted since (its morph links gone) is not copied
    if (attribute.kind === 'media') merged[attribute.name] = liveMedia(ctx.index, base[attribute.name]);
    else if (Object.hasOwn(copy, attribute.name)) merged[attribute.name] = copy[attribute.name];
  }
  return merged;
}

interface WriteResult {
  readonly row: Row;
  /** The i18n copy to the other locales, run in a transaction of its own once the answer is rendered. */
  readonly sync: (tx: Transaction) => void;
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
  const docRows = ctx.index.documentRows(type.uid, documentId);
  let target = docRows.find((r) => r.locale === locale && (!type.draftAndPublish || isDraftRow(r)));
  const newVersion = !target;
  const body = newVersion && !creating ? withNonLocalized(ctx, data, docRows) : data;
  const publishing = type.draftAndPublish && !draftOnly;
  // Strapi's i18n middleware compares with the document's first row as it was before an update (none on create)
  const original = creating ? undefined : nonLocalizedView(ctx.index, type, firstDocumentRow(docRows));
  // A draft&publish write saves the draft (validated as a draft), then publishes it (see validatePublish).
  const prepared = prepareData(type, body, {
    index: ctx.index,
    draft: type.draftAndPublish,
    creating: creating || newVersion,
    locale: locale ?? null,
    nextId: (t) => store.nextId(t),
    taken: takenBy(ctx, target ?? { documentId, locale }),
    strictRelations: ctx.strictRelations,
    // the version updated in place: its components named by id keep their ids
    ...(target ? { stored: target } : {}),
    routeBodyKeys: CORE_ROUTE_BODY_KEYS,
    ...(newVersion && !creating ? { documentId } : {}),
  });
  orderComponentIds(ctx.index.model, type.attributes, prepared.values, undefined, false, prepared.kept);
  checkInverseOrder(ctx, documentId, target !== undefined, prepared);
  // a plugin's database lifecycle, once the document service validated the write
  Object.assign(prepared.values, uuidFieldLifecycle(type, body));
  // checked on what the draft will hold, once the draft is written: its relation ordering errors come first
  // (harness school-501); a failed write leaves nothing behind, the transaction undoes it
  const draftView = { ...(target ?? { documentId, locale }), ...prepared.values };
  const [first, ...steps] = relationSteps(type, prepared);
  const firstOwning = 'owning' in first ? first.owning : new Set<string>();
  if (!target) {
    target = blankRow(ctx, documentId, locale);
    applyPrepared(ctx, target, prepared, firstOwning, true);
    ctx.tx.insert(type.uid, target);
  } else applyPrepared(ctx, target, prepared, firstOwning);
  if (!type.draftAndPublish) target.publishedAt = ctx.now;
  for (const step of steps)
    if ('owning' in step) applyPrepared(ctx, target, prepared, step.owning, newVersion);
    else applyInverse(ctx, target, step.attribute, step.op);
  if (publishing) validatePublish(ctx, draftView);
  const result = publishing ? publish(ctx, target) : target;
  return { row: result, sync: (tx) => syncNonLocalized({ ...ctx, tx }, result, original) };
}

/**
 * Writes, answers, then syncs: Strapi's i18n middleware copies non-localized attributes to the other locales after
 * the write has produced its answer, so the answer (its populated localizations) shows them as they were. A write
 * that throws leaves nothing behind, as Strapi's transaction rolls back (the store's transaction undoes it all:
 * rows, links, and ids taken from a sequence, as SQLite rolls `sqlite_sequence` back too).
 */
async function writeThenSync(store: Store, write: (tx: Transaction) => WriteResult, answer: (row: Row) => Entry): Promise<Entry> {
  const { row, sync } = await store.mutate(write);
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
  // the document service's answer keeps private attributes, as its reads do (only the Content API sanitizes)
  return renderRow({ index: store.index, status, budget: opts.budget, internal: opts.documentService === true }, type, row, q.node);
}

/** A REST write's context but its transaction. */
const writeBase = (store: Store, type: ContentType, query: Record<string, unknown>, opts: QueryOptions) => ({
  store,
  index: store.index,
  type,
  now: new Date().toISOString(),
  strictRelations: opts.strictRelations,
  syncUnmapped: selectLeavesOutLocale(query),
});

export async function createDocument(
  store: Store,
  type: ContentType,
  query: Record<string, unknown>,
  body: unknown,
  opts: QueryOptions,
): Promise<Entry> {
  const { given, status, locale } = checkedWrite(store, type, query, body, opts);
  const data = entryData(given);
  const base = writeBase(store, type, query, opts);
  return writeThenSync(
    store,
    (tx) => writeVersion({ ...base, tx }, newDocumentId(), locale, status === 'draft', data, true),
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
  const { given, status, locale } = checkedWrite(store, type, query, body, opts);
  const base = writeBase(store, type, query, opts);
  // A single type's PUT creates its document when there is none.
  const existing = documentId ?? store.index.rows(type.uid)[0]?.documentId;
  if (documentId !== undefined && store.index.documentRows(type.uid, documentId).length === 0) {
    // Strapi checks the body's keys and resolves the documentIds its relations name before it looks the document
    // up: those errors come before the 404.
    // (no id is taken: nothing is written)
    if (!Array.isArray(given))
      prepareData(type, given, {
        index: store.index,
        draft: true,
        creating: false,
        locale: locale ?? null,
        nextId: () => 0,
        resolveOnly: true,
        routeBodyKeys: CORE_ROUTE_BODY_KEYS,
      });
    return undefined;
  }
  // A new locale of an existing document is created from `{ ...data, documentId }` merged with the non-localized
  // fields (the document service's update): a list spreads into index keys that are no attribute, and nothing of it
  // is written (write grammar launchpad 1601: a single type's PUT in a locale it lacks answers 200). With draft &
  // publish the document service's create gives nothing back: Strapi answers 404, then its entry.create event
  // reads the missing entry after the commit and the process dies (a TypeError; adfinis --code write grammar 1701,
  // probed on Strapi 5.54: reports/s14-write-probes/dp-list-new-locale-*). Here: the 404, nothing written.
  const newLocale =
    existing !== undefined && locale !== undefined && !store.index.documentRows(type.uid, existing).some((r) => r.locale === locale);
  if (Array.isArray(given) && newLocale && type.draftAndPublish) return undefined;
  const data = Array.isArray(given) && newLocale ? {} : entryData(given);
  const write = (tx: Transaction) =>
    writeVersion({ ...base, tx }, existing ?? newDocumentId(), locale, status === 'draft', data, existing === undefined);
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
  // (a single type's delete validates its query too, before it looks for its document: the controller's checks; the
  // document service's own (`status`, `locale`, pagination under documents.strictParams) come once it has one,
  // school write grammar 1602: `DELETE /api/<single>?status=nope` without a document is a 204)
  let q = parseQuery(store.index, type, query, { ...opts, strictDocumentParams: false });
  const target = documentId ?? store.index.rows(type.uid)[0]?.documentId;
  // A single type without its document answers 204 before Strapi's document service is reached.
  if (target === undefined && type.kind === 'singleType') return;
  // Strapi's document service throws a plain Error for `status=draft` (a 500, whether the document exists or not):
  // a mock answers 400 with the reason.
  // with documents.strictParams the service checks the value first (a single type's delete parses no query)
  if (opts.strictDocumentParams !== false) {
    parseStatus(query.status);
    q = parseQuery(store.index, type, query, opts);
  }
  // (only the literal `draft`: Strapi tests the request's own status, `status=` or another value deletes)
  if (type.draftAndPublish && query.status === 'draft')
    throw new ValidationError(
      'Cannot delete a draft document: real Strapi answers 500 to DELETE with status=draft (a document is deleted with all its versions)',
      {},
    );
  if (target === undefined) return;
  const all = type.localized && (query.locale === '*' || (Array.isArray(query.locale) && query.locale.includes('*')));
  const locale = all ? undefined : writeLocale(store, type, query.locale);
  // Strapi's delete looks its rows up with the query's where spread over the lookup (`{ ...lookup, ...where,
  // documentId }`): the filters (`filters[id]=1`), `_q` and the publication filter narrow the rows deleted, and a
  // top-level `locale` filter replaces the locale lookup.
  const filters = query.filters;
  // (the route's documentId replaces a top-level documentId filter)
  const lookup =
    filters === withoutDocumentId(filters) ? q : parseQuery(store.index, type, { ...query, filters: withoutDocumentId(filters) }, opts);
  const matches = whereMatcher(type, lookup);
  const localeFiltered = isPlainObject(filters) && Object.hasOwn(filters, 'locale');
  await store.mutate((tx) => {
    const rows = [...store.index.documentRows(type.uid, target)];
    const doomed = rows.filter((r) => (all || localeFiltered || r.locale === locale) && matches(r));
    for (const r of doomed) {
      tx.remove(type.uid, r);
      forgetOwnLinks(tx, store.index, type, r);
    }
    // one locale of several: the links to it go with its rows
    for (const gone of new Set(doomed.map((r) => r.locale)))
      if (
        typeof gone === 'string' &&
        !all &&
        rows.some((r) => r.locale !== gone) &&
        !rows.some((r) => r.locale === gone && !doomed.includes(r))
      )
        unlinkDeletedLocale(tx, store.index, type, target, gone);
  });
}
