import { ValidationError } from '../errors/strapi-errors.js';
import type { Attribute, Attributes, ContentType, RelationAttribute } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { checkRestrictedBody } from '../query/restricted-relations.js';
import { parseQuery, parseStatus, type QueryOptions } from '../query/run-query.js';
import { renderRow, type Entry } from '../query/render-entry.js';
import type { Store } from '../data/store.js';
import { linkRank, placeLinks, publishLinkRank, recordLinks } from '../data/link-order.js';
import { addRow, removeRow, rowChanged } from '../data/change-log.js';
import type { Row } from '../data/types.js';
import { firstDocumentRow } from '../data/document-row-order.js';
import { printValue } from './coerce-scalar.js';
import { checkBodyKeys, prepareData, type PreparedData } from './prepare-data.js';
import type { RelationOp } from './relation-input.js';
import { applyRelationOp, sortConnects } from './relation-order.js';
import { cloneAttribute, type WriteContext } from './clone.js';
import { publishInverseLinks } from './publish-inverse-links.js';
import { dropDraftOnlyTargets, publishInverseOrder, publishSelfLinks } from './publish-links.js';
import { orderComponentIds } from './component-order.js';
import { isSynced, nonLocalizedView, syncNonLocalized } from './locale-sync.js';
import { isPlainObject } from '../is-plain-object.js';
import { keepLinkLocales, LINK_LOCALES, linkLocale, setLinkLocale } from '../data/link-locale.js';
import {
  addLinkVersion,
  dropLinkVersion,
  keepLinkVersions,
  linksVersion,
  linkVersion,
  setLinkVersion,
  versionOf,
} from '../data/link-version.js';

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

/**
 * A writer without i18n disconnects one locale row of a localized target (the one its entry names, else the default
 * locale, as Strapi looks the entry up): a disconnect naming another locale than the linked one leaves the link.
 */
function linkedLocalesOnly(ctx: WriteContext, row: Row, name: string, op: RelationOp): RelationOp {
  const refs = op.disconnectRefs;
  if (!op.disconnect || !refs?.some((r) => r.locale !== undefined)) return op;
  const defaultLocale = ctx.index.model.defaultLocale;
  const disconnect = op.disconnect.filter((d) =>
    refs.some((r) => r.documentId === d && (r.locale === undefined || r.locale === (linkLocale(row, name, d) ?? defaultLocale))),
  );
  return disconnect.length === op.disconnect.length ? op : { ...op, disconnect };
}

/** Writes the prepared values and owning relations; ordering errors are raised before the row is touched. */
function applyPrepared(ctx: WriteContext, row: Row, prepared: PreparedData): Array<{ attribute: RelationAttribute; op: RelationOp }> {
  rowChanged(ctx.store.data, ctx.type.uid, row);
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
    const next = applyRelationOp(before, linkedLocalesOnly(ctx, row, name, op), attribute.toMany);
    owning[name] = attribute.toMany ? next : (next[0] ?? null);
    recordLinks(ctx.store.data, ctx.type.uid, name, row, before, next);
    // A writer without i18n keeps which locale row of a localized target each link joins.
    const defaultLocale = ctx.index.model.defaultLocale;
    for (const [documentId, locale] of op.locales ?? []) {
      if (next.includes(documentId)) setLinkLocale(row, name, documentId, locale === defaultLocale ? undefined : locale);
    }
    keepLinkLocales(row, name, next);
    if (!ctx.type.draftAndPublish && ctx.index.model.contentTypes.get(attribute.target)?.draftAndPublish) {
      // A writer without draft&publish links both versions, or the one a connect's `status` names.
      const connected = op.set ?? (op.connect ?? []).map((c) => c.documentId);
      for (const documentId of connected) {
        const version = op.versions?.get(documentId);
        if (op.set || version === undefined || !before.includes(documentId)) setLinkVersion(row, name, documentId, version);
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
  return inverse;
}

/**
 * Strapi's `deletePreviousOneToAnyRelations`: the join rows of other documents that link the same target row are
 * deleted. Those are the other owner rows that see the target in the same locale (and status, when both sides have
 * draft & publish) as `like`.
 */
function unlinkElsewhere(ctx: WriteContext, owner: ContentType, attribute: RelationAttribute, like: Row, target: string): void {
  const targetType = ctx.index.model.contentTypes.get(attribute.target);
  const defaultLocale = ctx.index.model.defaultLocale;
  const sameStatus = owner.draftAndPublish && targetType?.draftAndPublish;
  const localeSeen = (r: Row) => (owner.localized ? r.locale : (linkLocale(r, attribute.name, target) ?? defaultLocale));
  const seesSameRow = (r: Row) =>
    (!targetType?.localized || localeSeen(r) === localeSeen(like)) && (!sameStatus || isDraftRow(r) === isDraftRow(like));
  // An owner without draft&publish may link one version of the target: only that version's join rows go.
  const version = !owner.draftAndPublish && targetType?.draftAndPublish ? linkVersion(like, attribute.name, target) : undefined;
  for (const r of ctx.index.linkingRows(owner.uid, attribute.name, target)) {
    if (r.documentId === like.documentId || !seesSameRow(r)) continue;
    const current = refsOf(r[attribute.name]);
    if (!current.includes(target)) continue;
    if (version !== undefined) {
      if (!linksVersion(r, attribute.name, target, version === 'draft')) continue;
      rowChanged(ctx.store.data, owner.uid, r);
      if (!dropLinkVersion(r, attribute.name, target, version)) continue;
    }
    const next = current.filter((d) => d !== target);
    rowChanged(ctx.store.data, owner.uid, r);
    r[attribute.name] = attribute.toMany ? next : null;
    recordLinks(ctx.store.data, owner.uid, attribute.name, r, current, next);
    keepLinkLocales(r, attribute.name, next);
    keepLinkVersions(r, attribute.name, next);
  }
}

/**
 * Positional connects on the inverse side (`mappedBy`) are checked as on the owning side (Strapi's `sortConnectArray`):
 * an anchor must already be linked or be connected by the same request.
 */
function checkInverseOrder(ctx: WriteContext, documentId: string, exists: boolean, prepared: PreparedData): void {
  for (const [name, op] of prepared.relations) {
    const attribute = ctx.type.attributes.get(name);
    if (attribute?.kind !== 'relation' || attribute.owner || op.set || !op.connect?.some((c) => c.position)) continue;
    const owning = ctx.index.model.contentTypes.get(attribute.target)?.attributes.get(attribute.mappedBy ?? '');
    const initial = new Set<string>();
    if (exists && owning) for (const r of ctx.index.linkingRows(attribute.target, owning.name, documentId)) initial.add(r.documentId);
    // the message shows the position as the body gave it, with the default locale Strapi adds for a writer
    // without i18n (see positionLocale in relation-input.ts)
    sortConnects(op.connect, initial);
  }
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
  // An owner without draft&publish links each version of this row's document apart: a write on one version (the
  // draft, until publish copies its links) adds or removes that version's join rows only.
  const version = !owner.draftAndPublish && source.draftAndPublish ? versionOf(isDraftRow(row)) : undefined;
  const edit = (r: Row, add: boolean) => {
    const linked = refsOf(r[owning.name]).includes(row.documentId);
    if (version !== undefined) {
      if (!add && !linked) return;
      rowChanged(ctx.store.data, owner.uid, r);
      if (add) addLinkVersion(r, owning.name, row.documentId, version, linked);
      else if (!dropLinkVersion(r, owning.name, row.documentId, version)) return;
    }
    rowChanged(ctx.store.data, owner.uid, r);
    const current = refsOf(r[owning.name]);
    // A new join row goes last in the owner's own list; one it already had keeps its place there.
    const next = add ? (linked ? current : [...current, row.documentId]) : current.filter((d) => d !== row.documentId);
    r[owning.name] = owning.toMany ? next : add ? row.documentId : (next[0] ?? null);
    recordLinks(ctx.store.data, owner.uid, owning.name, r, current, refsOf(r[owning.name]));
    // An owner without i18n now links this very locale row.
    if (add && !owner.localized && source.localized) {
      setLinkLocale(r, owning.name, row.documentId, row.locale === defaultLocale ? undefined : row.locale);
    }
    keepLinkLocales(r, owning.name, refsOf(r[owning.name]));
    keepLinkVersions(r, owning.name, refsOf(r[owning.name]));
  };
  // A to-one inverse side (oneToOne, manyToOne) has one link: a connect replaces it, as a set does.
  const replacing = op.set !== undefined || (!attribute.toMany && (op.connect?.length ?? 0) > 0);
  // What a set (or a to-one connect) replaces is every join row of THIS row, whichever locale row of the owner holds it.
  const linksThisRow = (r: Row) =>
    refsOf(r[owning.name]).includes(row.documentId) &&
    (!source.localized ||
      (owner.localized ? r.locale === row.locale : (linkLocale(r, owning.name, row.documentId) ?? defaultLocale) === row.locale)) &&
    (!(owner.draftAndPublish && source.draftAndPublish) || isDraftRow(r) === isDraftRow(row)) &&
    (version === undefined || linksVersion(r, owning.name, row.documentId, version === 'draft'));
  const rank = (r: Row) => linkRank(ctx.store.data, owner.uid, owning.name, r, row.documentId, version);
  const listed = () =>
    ctx.index
      .linkingRows(owner.uid, owning.name, row.documentId)
      .filter(linksThisRow)
      .sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  const before = listed();
  // The owner rows an entry links, draft first, as Strapi maps a documentId to its row ids.
  const rowsOf = (documentId: string, locale?: string) =>
    ctx.index
      .liveDocumentRows(owner.uid, documentId)
      .filter((r) => linkable(r, locale))
      .sort((a, b) => Number(!isDraftRow(a)) - Number(!isDraftRow(b)));
  // Each entry joins the locale row it names: a writer without i18n may set (or disconnect) two locales of one document.
  const sets = op.setRefs ?? (op.set ?? []).map((documentId) => ({ documentId, locale: op.locales?.get(documentId) }));
  const entries = [...(op.set ? sets : []), ...(op.connect ?? [])];
  const adding = [...new Set(entries.flatMap((c) => rowsOf(c.documentId, c.locale)))];
  const connected = new Set(entries.map((c) => c.documentId));
  // A set (or a to-one connect) keeps the join rows it names and deletes the others; disconnects go first, except
  // for entries the same request connects again.
  if (replacing) for (const r of before) if (!adding.includes(r)) edit(r, false);
  const disconnects = op.disconnectRefs ?? (op.disconnect ?? []).map((documentId) => ({ documentId, locale: undefined }));
  for (const d of disconnects)
    if (!connected.has(d.documentId))
      for (const r of ctx.index.liveDocumentRows(owner.uid, d.documentId)) if (linkable(r, d.locale)) edit(r, false);
  for (const r of adding) edit(r, true);
  if (entries.length === 0 || !attribute.toMany) return;
  // This row's own list (the inverse side's order column) is ordered as the request says: a set in its order, a
  // connect at its position (Strapi's relations orderer; an anchor is its document's first row), else last.
  let order: Row[];
  if (op.set) order = adding.filter(linksThisRow);
  else {
    order = before.filter(linksThisRow);
    // (the anchors were checked against the list before this write, see checkInverseOrder: this cannot throw)
    for (const c of sortConnects(op.connect ?? [], new Set(before.map((r) => r.documentId)))) {
      const anchor = c.position?.before ?? c.position?.after;
      for (const r of rowsOf(c.documentId, c.locale).filter(linksThisRow)) {
        order = order.filter((x) => x !== r);
        const anchorRow = anchor === undefined ? undefined : rowsOf(anchor, c.locale).find((x) => order.includes(x));
        let at = order.length;
        if (anchorRow && c.position?.before !== undefined) at = order.indexOf(anchorRow);
        else if (anchorRow) at = order.indexOf(anchorRow) + 1;
        else if (c.position?.start) at = 0;
        order.splice(at, 0, r);
      }
    }
  }
  placeLinks(ctx.store.data, owner.uid, owning.name, row.documentId, order, version);
}

/**
 * Strapi's unique test (unique and uid attributes): another published version in the same locale holds the value.
 * A write excludes its own row; on publish the document's old published version is gone already, so the document's
 * own versions never clash.
 */
function takenBy(ctx: WriteContext, row: Pick<Row, 'documentId' | 'locale'>): (name: string, value: unknown) => boolean {
  return (name, value) =>
    ctx.index
      .rowsWithValue(ctx.type.uid, name, value)
      .some(
        (r) =>
          r.documentId !== row.documentId &&
          r[name] === value &&
          (!ctx.type.localized || r.locale === row.locale) &&
          (!ctx.type.draftAndPublish || !isDraftRow(r)),
      );
}

/**
 * A stored value as a body would give it: scalars and (nested) components, ids left out; media and the links the
 * row holds (owning relations) only when asked (a copy keeps the files inside components, as Strapi's
 * `copyNonLocalizedAttributes` does; publishing checks required ones are there).
 */
function asInput(
  index: WriteContext['index'],
  attributes: Attributes,
  row: Record<string, unknown>,
  keep: { readonly media?: boolean; readonly relations?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nested = (component: Attributes | undefined, v: unknown) =>
    component && isPlainObject(v) ? asInput(index, component, v, keep) : v;
  for (const attribute of attributes.values()) {
    const value = row[attribute.name];
    if (attribute.kind === 'scalar') out[attribute.name] = value ?? null;
    else if (value === undefined) continue;
    else if (attribute.kind === 'media' && keep.media) out[attribute.name] = value;
    else if (attribute.kind === 'relation' && attribute.owner && keep.relations) out[attribute.name] = value;
    else if (attribute.kind === 'component') {
      const component = index.model.components.get(attribute.component)?.attributes;
      out[attribute.name] = Array.isArray(value) ? value.map((v) => nested(component, v)) : nested(component, value);
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      out[attribute.name] = value.map((v) => {
        const component = isPlainObject(v) ? index.model.components.get(String(v.__component))?.attributes : undefined;
        return component && isPlainObject(v) ? { __component: v.__component, ...(nested(component, v) as object) } : v;
      });
    }
  }
  return out;
}

/**
 * Publishing validates the whole draft as a create of a published entry (Strapi's `publishEntry` re-creates it from
 * the stored draft): every required attribute, min, minLength, regex and uniqueness, whatever the request sent.
 */
function validatePublish(ctx: WriteContext, draft: Pick<Row, 'documentId' | 'locale'> & Record<string, unknown>): void {
  prepareData(ctx.type, asInput(ctx.index, ctx.type.attributes, draft, { media: true, relations: true }), {
    index: ctx.index,
    draft: false,
    creating: true,
    locale: typeof draft.locale === 'string' ? draft.locale : null,
    nextId: () => 0,
    taken: takenBy(ctx, draft),
    strictRelations: ctx.strictRelations,
    storedLinks: true,
  });
}

/** Replaces the published row of a draft's locale with a fresh copy of the draft. */
function publish(ctx: WriteContext, draft: Row): Row {
  // The index holds the rows as they were before this write: the published row, if any, is among them.
  const replaced = ctx.index.documentRows(ctx.type.uid, draft.documentId).find((r) => r.locale === draft.locale && !isDraftRow(r));
  const published: Row = { ...draft, id: ctx.store.nextId(ctx.type.uid), publishedAt: ctx.now };
  if (draft[LINK_LOCALES]) published[LINK_LOCALES] = structuredClone(draft[LINK_LOCALES]);
  for (const attribute of ctx.type.attributes.values())
    if (Object.hasOwn(draft, attribute.name)) published[attribute.name] = cloneAttribute(ctx, attribute, draft[attribute.name]);
  orderComponentIds(ctx.index.model, ctx.type.attributes, published, undefined, true);
  dropDraftOnlyTargets(ctx, published);
  for (const attribute of ctx.type.attributes.values()) {
    if (attribute.kind !== 'relation' || !attribute.owner) continue;
    // The new published row takes the old one's place in inverse lists; only links it did not have go last.
    const had = replaced ? refsOf(replaced[attribute.name]) : [];
    recordLinks(ctx.store.data, ctx.type.uid, attribute.name, published, had, refsOf(published[attribute.name]), (t) =>
      replaced && had.includes(t) ? linkRank(ctx.store.data, ctx.type.uid, attribute.name, replaced, t) : undefined,
    );
  }
  if (replaced) removeRow(ctx.store.data, ctx.type.uid, replaced);
  addRow(ctx.store.data, ctx.type.uid, published);
  publishVersionLinks(ctx, draft);
  publishInverseLinks(ctx, draft);
  publishSelfLinks(ctx, draft, published);
  publishInverseOrder(ctx, draft);
  // The published row's new join rows take a one-holder target from other documents' published rows too.
  for (const attribute of ctx.type.attributes.values()) {
    if (attribute.kind !== 'relation' || !attribute.owner || !attribute.inversedBy) continue;
    if (attribute.relation !== 'oneToOne' && attribute.relation !== 'oneToMany') continue;
    for (const target of refsOf(published[attribute.name])) unlinkElsewhere(ctx, ctx.type, attribute, published, target);
  }
  return published;
}

/**
 * Publishing gives the published version the links owners without draft&publish made to the draft (link-version.ts).
 * Strapi re-creates the published row from the draft with its relations, so through a bidirectional relation the
 * published version is linked exactly as the draft is; a unidirectional link to the draft is copied over to it.
 * A to-one inverse side is populated with ONE row (the database's `XtoOne` populate takes the first join row): of
 * the owner rows that link the draft, only the first keeps a link to the published version, the others the draft's.
 */
function publishVersionLinks(ctx: WriteContext, draft: Row): void {
  const defaultLocale = ctx.index.model.defaultLocale;
  for (const owner of ctx.index.model.contentTypes.values()) {
    if (owner.draftAndPublish) continue;
    for (const attribute of owner.attributes.values()) {
      if (attribute.kind !== 'relation' || !attribute.owner || attribute.target !== ctx.type.uid) continue;
      const localeOk = (r: Row) =>
        !ctx.type.localized ||
        (owner.localized ? r.locale : (linkLocale(r, attribute.name, draft.documentId) ?? defaultLocale)) === draft.locale;
      const linking = ctx.index.linkingRows(owner.uid, attribute.name, draft.documentId).filter(localeOk);
      const inverse = attribute.inversedBy ? ctx.type.attributes.get(attribute.inversedBy) : undefined;
      const toOneInverse = inverse?.kind === 'relation' && !inverse.toMany;
      const draftRank = (r: Row) => linkRank(ctx.store.data, owner.uid, attribute.name, r, draft.documentId, 'draft');
      const first = toOneInverse
        ? linking
            .filter((r) => linksVersion(r, attribute.name, draft.documentId, true))
            .sort((a, b) => draftRank(a) - draftRank(b) || a.id - b.id)[0]
        : undefined;
      for (const r of linking) {
        // the published list is re-created in the draft's order
        if (attribute.inversedBy) publishLinkRank(ctx.store.data, owner.uid, attribute.name, r, draft.documentId);
        const note = linkVersion(r, attribute.name, draft.documentId);
        if (toOneInverse && r !== first && note !== 'published') {
          // links the draft, but is not the one row the published version is re-created with: the draft's only
          if (note === undefined) {
            rowChanged(ctx.store.data, owner.uid, r);
            setLinkVersion(r, attribute.name, draft.documentId, 'draft');
          }
          continue;
        }
        if (note === undefined) continue;
        rowChanged(ctx.store.data, owner.uid, r);
        if (note === 'draft') setLinkVersion(r, attribute.name, draft.documentId, undefined);
        else if (attribute.inversedBy) {
          const current = refsOf(r[attribute.name]);
          const next = current.filter((d) => d !== draft.documentId);
          r[attribute.name] = attribute.toMany ? next : null;
          recordLinks(ctx.store.data, owner.uid, attribute.name, r, current, next);
          keepLinkLocales(r, attribute.name, next);
          keepLinkVersions(r, attribute.name, next);
        }
      }
    }
  }
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
    if (attribute.kind === 'media') merged[attribute.name] = base[attribute.name] ?? null;
    else if (Object.hasOwn(copy, attribute.name)) merged[attribute.name] = copy[attribute.name];
  }
  return merged;
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
  const docRows = ctx.index.documentRows(type.uid, documentId);
  let target = docRows.find((r) => r.locale === locale && (!type.draftAndPublish || isDraftRow(r)));
  const newVersion = !target;
  const body = newVersion && !creating ? withNonLocalized(ctx, data, docRows) : data;
  const publishing = type.draftAndPublish && !draftOnly;
  // Strapi's i18n middleware compares with the document's first row as it was before an update (none on create)
  const original = creating ? undefined : nonLocalizedView(type, firstDocumentRow(docRows));
  // A draft&publish write saves the draft (validated as a draft), then publishes it (see validatePublish).
  const prepared = prepareData(type, body, {
    index: ctx.index,
    draft: type.draftAndPublish,
    creating: creating || newVersion,
    locale: locale ?? null,
    nextId: (t) => store.nextId(t),
    taken: takenBy(ctx, target ?? { documentId, locale }),
    strictRelations: ctx.strictRelations,
  });
  orderComponentIds(ctx.index.model, type.attributes, prepared.values, undefined, false);
  checkInverseOrder(ctx, documentId, target !== undefined, prepared);
  // checked on what the draft will hold, before anything is written (a failed write leaves nothing behind)
  if (publishing) validatePublish(ctx, { ...(target ?? { documentId, locale }), ...prepared.values });
  let inverse;
  if (!target) {
    target = blankRow(ctx, documentId, locale);
    inverse = applyPrepared(ctx, target, prepared);
    addRow(store.data, type.uid, target);
  } else inverse = applyPrepared(ctx, target, prepared);
  if (!type.draftAndPublish) target.publishedAt = ctx.now;
  for (const { attribute, op } of inverse) applyInverse(ctx, target, attribute, op);
  const result = publishing ? publish(ctx, target) : target;
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
  // Strapi refuses unknown keys in a first pass over the body, relations the caller cannot read in a second
  checkBodyKeys(store.index, type, data);
  if (opts.canRead) checkRestrictedBody(store.index, { kind: 'type', type }, data, opts.canRead);
  const ctx: WriteContext = { store, index: store.index, type, now: new Date().toISOString(), strictRelations: opts.strictRelations };
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
  // Strapi refuses unknown keys in a first pass over the body, relations the caller cannot read in a second
  checkBodyKeys(store.index, type, data);
  if (opts.canRead) checkRestrictedBody(store.index, { kind: 'type', type }, data, opts.canRead);
  const ctx: WriteContext = { store, index: store.index, type, now: new Date().toISOString(), strictRelations: opts.strictRelations };
  // A single type's PUT creates its document when there is none.
  const existing = documentId ?? store.index.rows(type.uid)[0]?.documentId;
  if (documentId !== undefined && store.index.documentRows(type.uid, documentId).length === 0) {
    // Strapi checks the body's keys and resolves the documentIds its relations name before it looks the document
    // up: those errors come before the 404.
    const sequences = { ...store.data.sequences };
    try {
      prepareData(type, data, {
        index: store.index,
        draft: true,
        creating: false,
        locale: locale ?? null,
        nextId: () => 0,
        resolveOnly: true,
      });
    } finally {
      store.data.sequences = sequences;
    }
    return undefined;
  }
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
  // A single type without its document answers 204 before Strapi's document service is reached.
  if (target === undefined && type.kind === 'singleType') return;
  // Strapi's document service throws a plain Error for `status=draft` (a 500, whether the document exists or not):
  // a mock answers 400 with the reason.
  if (type.draftAndPublish && parseStatus(query.status) === 'draft')
    throw new ValidationError(
      'Cannot delete a draft document: real Strapi answers 500 to DELETE with status=draft (a document is deleted with all its versions)',
      {},
    );
  if (target === undefined) return;
  const all = type.localized && (query.locale === '*' || (Array.isArray(query.locale) && query.locale.includes('*')));
  const locale = all ? undefined : writeLocale(store, type, query.locale);
  await store.mutate((data) => {
    data.types[type.uid] ??= [];
    for (const r of [...store.index.documentRows(type.uid, target)]) if (all || r.locale === locale) removeRow(data, type.uid, r);
  });
}
