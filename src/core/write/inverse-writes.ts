import { dropLink } from './drop-link.js';
import type { ContentType, RelationAttribute } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { appendOrd, placeLinks, recordLinks, renumberInverseList, renumberOrds, sortByLink } from '../data/link-order.js';
import type { Row } from '../data/types.js';
import { type PreparedData } from './prepare-data.js';
import type { LocaleRef, RelationOp } from './relation-input.js';
import { sortConnects } from './relation-order.js';
import { type WriteContext } from './clone.js';
import { joinsLocale, keepLinkLocales, linkLocale, linkLocales, setLinkLocale, setLinkLocales } from '../data/link-locale.js';
import { addLinkVersion, dropLinkVersion, keepLinkVersions, linksVersion, linkVersion, versionOf } from '../data/link-version.js';

// Writes given on the inverse side (`mappedBy`) land on the owning rows, which hold the links; and a one-holder
// target (oneToOne, oneToMany) linked anew is taken from its other holders.

/**
 * Strapi's `deletePreviousOneToAnyRelations`: the join rows of other documents that link the same target row are
 * deleted. Those are the other owner rows that see the target in the same locale (and status, when both sides have
 * draft & publish) as `like`.
 */
export function unlinkElsewhere(ctx: WriteContext, owner: ContentType, attribute: RelationAttribute, like: Row, target: string): void {
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
      ctx.tx.edit(owner.uid, r);
      if (!dropLinkVersion(r, attribute.name, target, version)) continue;
    }
    // only the target's list is numbered again (`cleanOrderColumns` without the owner's id): the owner's keeps its values
    dropLink(ctx.tx, ctx.index, owner.uid, attribute, r, target, true);
    // the target's list is (`cleanOrderColumns` with the target among the inverse ids)
    renumberInverseList(ctx.tx, ctx.index, owner.uid, attribute.name, r, target);
  }
}

/**
 * Positional connects on the inverse side (`mappedBy`) are checked as on the owning side (Strapi's `sortConnectArray`):
 * an anchor must already be linked or be connected by the same request.
 */
export function checkInverseOrder(ctx: WriteContext, documentId: string, exists: boolean, prepared: PreparedData): void {
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
export function applyInverse(ctx: WriteContext, row: Row, attribute: RelationAttribute, op: RelationOp): void {
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
  // An owner without i18n may join several locale rows of this document (link-locale.ts): a write from one locale
  // row adds or deletes that row's join row only. Strapi's deletePreviousOneToAnyRelations spares the rows of the
  // same document, so a to-one owner linked to the document's other locale keeps that link too.
  const ownLocaleOnly = !owner.localized && source.localized;
  const edit = (r: Row, add: boolean) => {
    const linked = refsOf(r[owning.name]).includes(row.documentId);
    if (ownLocaleOnly && linked && version === undefined) {
      const all = linkLocales(r, owning.name, row.documentId, defaultLocale);
      const others = all.filter((l) => l !== String(row.locale));
      // nothing to add or delete: the join row of this locale row is there, or is not
      if (add === others.length < all.length) return;
      if (others.length > 0) {
        ctx.tx.edit(owner.uid, r);
        setLinkLocales(r, owning.name, row.documentId, add ? [...others, String(row.locale)] : others, defaultLocale);
        return;
      }
    }
    if (version !== undefined) {
      if (!add && !linked) return;
      ctx.tx.edit(owner.uid, r);
      if (add) addLinkVersion(r, owning.name, row.documentId, version, linked);
      else if (!dropLinkVersion(r, owning.name, row.documentId, version)) return;
    }
    ctx.tx.edit(owner.uid, r);
    const current = refsOf(r[owning.name]);
    // A new join row goes last in the owner's own list; one it already had keeps its place there.
    const next = add ? (linked ? current : [...current, row.documentId]) : current.filter((d) => d !== row.documentId);
    r[owning.name] = owning.toMany ? next : add ? row.documentId : (next[0] ?? null);
    // a join row deleted from this side numbers the owner's list again; one added goes after its highest value
    if (!add) renumberOrds(ctx.tx, owner.uid, owning.name, r, next);
    else if (!linked && owning.toMany) appendOrd(ctx.tx, owner.uid, owning.name, r, next, row.documentId);
    recordLinks(ctx.tx, ctx.index, owner.uid, owning.name, r, current, refsOf(r[owning.name]));
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
      (owner.localized ? r.locale === row.locale : joinsLocale(r, owning.name, row.documentId, row.locale, defaultLocale))) &&
    (!(owner.draftAndPublish && source.draftAndPublish) || isDraftRow(r) === isDraftRow(row)) &&
    (version === undefined || linksVersion(r, owning.name, row.documentId, version === 'draft'));
  const listed = () =>
    sortByLink(
      ctx.tx.data,
      owner.uid,
      owning.name,
      ctx.index.linkingRows(owner.uid, owning.name, row.documentId).filter(linksThisRow),
      row.documentId,
      version,
    );
  const before = listed();
  // The owner rows an entry links, draft first, as Strapi maps a documentId to its row ids. Strapi joins the rows
  // whose ids the rewritten entry holds: a numeric id (`{ id }`, a bare number) names one version of a draft &
  // publish owner, where a documentId named both (for a writer without draft & publish).
  const rowsOf = (documentId: string, locale?: string, ids?: readonly number[]) =>
    ctx.index
      .liveDocumentRows(owner.uid, documentId)
      .filter((r) => linkable(r, locale) && (!ids || !owner.draftAndPublish || ids.includes(r.id)))
      .sort((a, b) => Number(!isDraftRow(a)) - Number(!isDraftRow(b)));
  // Each entry joins the locale row it names: a writer without i18n may set (or disconnect) two locales of one document.
  const sets: readonly LocaleRef[] =
    op.setRefs ?? (op.set ?? []).map((documentId) => ({ documentId, locale: op.locales?.get(documentId) }));
  const entries = [...(op.set ? sets : []), ...(op.connect ?? [])];
  const adding = [...new Set(entries.flatMap((c) => rowsOf(c.documentId, c.locale, c.ids)))];
  const connected = new Set(entries.map((c) => c.documentId));
  // A set (or a to-one connect) keeps the join rows it names and deletes the others; disconnects go first, except
  // for entries the same request connects again.
  if (replacing) for (const r of before) if (!adding.includes(r)) edit(r, false);
  const disconnects: readonly LocaleRef[] = op.disconnectRefs ?? (op.disconnect ?? []).map((documentId) => ({ documentId }));
  for (const d of disconnects) if (!connected.has(d.documentId)) for (const r of rowsOf(d.documentId, d.locale, d.ids)) edit(r, false);
  for (const r of adding) edit(r, true);
  if (entries.length === 0 || !attribute.toMany) {
    // join rows deleted by this write: `cleanOrderColumns` numbers this row's list 1..n again
    if (replacing || disconnects.length > 0) placeLinks(ctx.tx, owner.uid, owning.name, row.documentId, listed(), version);
    return;
  }
  // This row's own list (the inverse side's order column) is ordered as the request says: a set in its order, a
  // connect at its position (Strapi's relations orderer; an anchor is its document's first row), else last.
  let order: Row[];
  if (op.set) order = adding.filter(linksThisRow);
  else {
    order = before.filter(linksThisRow);
    // (the anchors were checked against the list before this write, see checkInverseOrder: this cannot throw)
    for (const c of sortConnects(op.connect ?? [], new Set(before.map((r) => r.documentId)))) {
      const anchor = c.position?.before ?? c.position?.after;
      for (const r of rowsOf(c.documentId, c.locale, c.ids).filter(linksThisRow)) {
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
  placeLinks(ctx.tx, owner.uid, owning.name, row.documentId, order, version);
}
