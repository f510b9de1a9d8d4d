import type { ContentType, RelationAttribute } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { joinsLocale, keepLinkLocales, setLinkLocale, targetLocales } from '../data/link-locale.js';
import { keepLinkVersions, setLinkVersion } from '../data/link-version.js';
import {
  copyLinkRank,
  keepOrdsThroughCascade,
  linkOrds,
  sortByLink,
  placeByOrd,
  placeLinks,
  recordLinks,
  renewLinkBirth,
  setLinkOrd,
} from '../data/link-order.js';
import type { LinkVersion } from '../data/link-version.js';
import type { Row } from '../data/types.js';
import { eachHolder } from '../model/each-holder.js';
import type { WriteContext } from './clone.js';
import { isStrayOwner } from '../model/stray-owner.js';

// What publishing does to the links between two draft & publish types. Strapi 5's document service `publish`
// deletes the old published row (its join rows go with it) and creates a new one from the draft, populated deep
// with its relations, both sides (`entries.publish` → `transformData` with `allowMissingId`, then `createEntry`).
// So the published version links exactly what the draft links, mapped to the published versions that exist at that
// moment; nothing links the published version otherwise. (Links kept across a TARGET's republish are Strapi's
// unidirectional/bidirectional/self-referential relation syncs: the store links documents, so those come free.)

/**
 * The new published row links only the published versions that exist: a link to a draft-only document of a draft &
 * publish target is dropped (`transformData` with `allowMissingId`), and does not come back when that document is
 * published later (no sync adds links to a published owner; the target's own publish may: publish-inverse-links.ts,
 * publishSelfLinks).
 */
export function dropDraftOnlyTargets(ctx: WriteContext, published: Row): void {
  const defaultLocale = ctx.index.model.defaultLocale;
  const sourceLocale = ctx.type.localized ? String(published.locale) : null;
  // relations inside components are re-created from the draft's components the same way
  eachHolder(ctx.index.model, ctx.type.attributes, published, (attributes, holder) => {
    for (const attribute of attributes.values()) {
      if (attribute.kind !== 'relation' || !attribute.owner) continue;
      const target = ctx.index.model.contentTypes.get(attribute.target);
      if (!target?.draftAndPublish) continue;
      const current = refsOf(holder[attribute.name]);
      const kept = current.filter((documentId) => {
        // the document being published links its own (new) published version (the self-relation sync restores it);
        // inside a component it is dropped: its old published version is gone when the draft's components are
        // re-created, and no sync covers component join tables (harness launchpad-301: a product's dz
        // related-products listing the product itself)
        if (target.uid === ctx.type.uid && documentId === published.documentId) return holder === published;
        const locales = targetLocales(target, sourceLocale, holder, attribute.name, documentId, defaultLocale);
        return ctx.index
          .documentRows(target.uid, documentId)
          .some((r) => !isDraftRow(r) && (locales === undefined || locales.includes(String(r.locale))));
      });
      // the published version links the targets' published versions by documentId: a draft's link to one version,
      // named by row id, is mapped anew (link-version.ts)
      for (const documentId of kept) setLinkVersion(holder, attribute.name, documentId, undefined);
      if (kept.length === current.length) continue;
      holder[attribute.name] = attribute.toMany ? kept : (kept[0] ?? null);
      keepLinkLocales(holder, attribute.name, kept);
      keepLinkVersions(holder, attribute.name, kept);
    }
  });
}

/**
 * A first publish (no published version of the locale yet) of a document owning a two-way many-to-many relation to
 * another draft & publish type: Strapi's bidirectional sync copies the order column of the draft's join rows onto the
 * new published ones (`captureJoinBatches`, owning side, the drafts only), so the published list keeps the draft's
 * values, a draft-only target dropped keeping its number: published later, it takes its place back (harness
 * graphql-run shared-inverse 811's publish chain).
 */
export function keepDraftOrders(ctx: WriteContext, draft: Row, published: Row): void {
  for (const attribute of ctx.type.attributes.values()) {
    if (attribute.kind !== 'relation' || !attribute.owner || !attribute.inversedBy || attribute.relation !== 'manyToMany') continue;
    if (attribute.target === ctx.type.uid || !ctx.index.model.contentTypes.get(attribute.target)?.draftAndPublish) continue;
    const drafted = refsOf(draft[attribute.name]);
    const draftOrds = linkOrds(ctx.tx.data, ctx.type.uid, attribute.name, draft, drafted);
    for (const target of refsOf(published[attribute.name])) {
      const at = drafted.indexOf(target);
      if (at >= 0) setLinkOrd(ctx.tx, ctx.type.uid, attribute.name, published, target, draftOrds[at]!);
    }
  }
}

/**
 * A self-relation (course.prerequisites ↔ unlocks) on publish: Strapi's `selfReferentialRelations.load/sync` copies
 * the draft's join rows to the new published row, order columns included, both ways: the published version links
 * the published versions its draft links (its own list was copied from the draft), and the published versions of the
 * other documents whose drafts link this draft now link it too, in the draft's place; those whose drafts do not lose
 * it. (A relation between two types is publish-inverse-links.ts's.)
 */
export function publishSelfLinks(ctx: WriteContext, draft: Row, published: Row): void {
  for (const attribute of ctx.type.attributes.values()) {
    // (a one-way self-relation too: Strapi's sync takes every self-relation that is not the inverse side)
    if (attribute.kind !== 'relation' || !attribute.owner || attribute.mappedBy || attribute.target !== ctx.type.uid) continue;
    if (!ctx.type.draftAndPublish) continue;
    // the published list's order values are the draft's, draft-only targets keeping their numbers, on a first
    // publish and a republish alike (harness school seed 502; probe school-self-publish-place)
    const own = refsOf(published[attribute.name]);
    const drafted = refsOf(draft[attribute.name]);
    const draftOrds = linkOrds(ctx.tx.data, ctx.type.uid, attribute.name, draft, drafted);
    for (const target of own)
      setLinkOrd(
        ctx.tx,
        ctx.type.uid,
        attribute.name,
        published,
        target,
        draftOrds[drafted.indexOf(target)] ?? drafted.indexOf(target) + 1,
      );
    // a one-way relation's published links to the old published version are re-pointed, not dropped
    // (unidirectionalRelations.sync): the sync only adds those the other documents' drafts hold (probe
    // unidirectional-republish; harness graphql-run shop 561)
    syncOwners(ctx, ctx.type, attribute, draft, !attribute.inversedBy);
    // the published row's own links rank in the other documents' inverse lists as the draft's do
    for (const target of refsOf(published[attribute.name]))
      if (refsOf(draft[attribute.name]).includes(target)) copyLinkRank(ctx.tx, ctx.type.uid, attribute.name, draft, published, target);
  }
}

/**
 * The published row's link to its own document through a self-relation (two-way or one-way) is a join row made after every other
 * link of the publish: `createEntry` drops it (the published row does not exist when the draft's ids are resolved),
 * and the self-referential relation sync inserts it afterwards with the draft's order values. So it goes last among
 * the ties of a sorted inverse list (harness graphql-run self-nest seed 521). Call after the publish's other links.
 */
export function renewSelfLinkBirths(ctx: WriteContext, published: Row): void {
  if (!ctx.type.draftAndPublish) return;
  for (const attribute of ctx.type.attributes.values()) {
    // (a one-way self-relation too: Strapi's sync takes every self-relation that is not the inverse side)
    if (attribute.kind !== 'relation' || !attribute.owner || attribute.mappedBy || attribute.target !== ctx.type.uid) continue;
    if (refsOf(published[attribute.name]).includes(published.documentId))
      renewLinkBirth(ctx.tx, ctx.type.uid, attribute.name, published, published.documentId);
  }
}

/**
 * The published document's inverse list, through a two-way relation whose owner has draft & publish, reads in its
 * draft's order: publishing creates the published row with the draft's inverse links as a `set` (createRelations
 * numbers the inverse side's order column 1..n over the links it makes, draft-only owners dropped), so the owners'
 * published links rank 1..n in their drafts' order. A draft-only owner published later takes its draft's value back
 * (the bidirectional sync), and ties read in join-row order (harness graphql-run self-nest 801's publish chain). A
 * self-relation's inverse links keep their drafts' values (the self-referential sync copies the join rows).
 */
export function publishInverseOrder(ctx: WriteContext, draft: Row): void {
  const defaultLocale = ctx.index.model.defaultLocale;
  for (const owner of ctx.index.model.contentTypes.values()) {
    if (!owner.draftAndPublish) continue;
    for (const attribute of owner.attributes.values()) {
      // (a one-way self-relation too: Strapi's sync takes every self-relation that is not the inverse side)
      if (attribute.kind !== 'relation' || !attribute.owner || attribute.mappedBy || attribute.target !== ctx.type.uid) continue;
      if (isStrayOwner(ctx.index.model, attribute)) continue;
      const name = attribute.name;
      const links = (r: Row | undefined) =>
        r !== undefined &&
        refsOf(r[name]).includes(draft.documentId) &&
        (!ctx.type.localized ||
          (owner.localized ? r.locale === draft.locale : joinsLocale(r, name, draft.documentId, draft.locale, defaultLocale)));
      const linked: Row[] = [];
      const drafted = new Map<Row, Row>();
      for (const r of ctx.index.linkingRows(owner.uid, name, draft.documentId)) {
        if (isDraftRow(r) || (owner.uid === ctx.type.uid && r.documentId === draft.documentId) || !links(r)) continue;
        const ownerDraft = draftOf(ctx, owner.uid, r);
        if (ownerDraft && links(ownerDraft)) {
          // a self-relation's links are copied from the draft with their values (selfReferentialRelations.sync)
          if (owner.uid === ctx.type.uid) copyLinkRank(ctx.tx, owner.uid, name, ownerDraft, r, draft.documentId);
          else drafted.set(ownerDraft, r);
        }
        linked.push(r);
      }
      const inDraftOrder = sortByLink(ctx.tx.data, owner.uid, name, [...drafted.keys()], draft.documentId).map((d) => drafted.get(d)!);
      placeLinks(ctx.tx, owner.uid, name, draft.documentId, inDraftOrder);
      // their join rows to the new published row are new rows, made in the list's order
      renewBirths(ctx, owner.uid, name, linked, draft.documentId);
    }
  }
}

/** Gives the links of `rows` to `target` new join rows, in the order of the target's inverse list (of `version`). */
export function renewBirths(
  ctx: WriteContext,
  ownerUid: string,
  name: string,
  rows: readonly Row[],
  target: string,
  version?: LinkVersion,
): void {
  for (const r of sortByLink(ctx.tx.data, ownerUid, name, rows, target, version))
    renewLinkBirth(ctx.tx, ownerUid, name, r, target, version);
}

function syncOwners(ctx: WriteContext, owner: ContentType, attribute: RelationAttribute, draft: Row, addOnly = false): void {
  const defaultLocale = ctx.index.model.defaultLocale;
  const documentId = draft.documentId;
  const name = attribute.name;
  // which owner rows see this locale row of the document (a writer without i18n links one locale row, link-locale.ts)
  const seesLocale = (r: Row) =>
    !ctx.type.localized || (owner.localized ? r.locale === draft.locale : joinsLocale(r, name, documentId, draft.locale, defaultLocale));
  const links = (r: Row | undefined) => r !== undefined && refsOf(r[name]).includes(documentId) && seesLocale(r);
  // the published rows that link the document, or whose drafts do (no other can change)
  const candidates = new Set<Row>();
  for (const r of ctx.index.linkingRows(owner.uid, name, documentId)) {
    if (!isDraftRow(r)) candidates.add(r);
    else for (const p of ctx.index.liveDocumentRows(owner.uid, r.documentId)) if (!isDraftRow(p) && sameVersionKey(p, r)) candidates.add(p);
  }
  const self = owner.uid === ctx.type.uid;
  for (const published of [...candidates].sort((a, b) => a.id - b.id)) {
    // the published document's own links were copied from its draft
    if (isDraftRow(published) || (self && published.documentId === documentId)) continue;
    // the owner's version in the same locale (both localized), else its only draft
    const ownerDraft = draftOf(ctx, owner.uid, published);
    const had = links(published);
    const has = links(ownerDraft);
    // a link kept is a new join row too, with the draft's order value: it may move (toMany lists only)
    if (addOnly ? has && !had : had !== has || (has && attribute.toMany)) relink(ctx, owner, attribute, draft, published, ownerDraft, has);
  }
}

const sameVersionKey = (a: Row, b: Row) => a.documentId === b.documentId && (a.locale ?? '') === (b.locale ?? '');

/** The draft of an owner row's document in its locale (the last one, as a map of them keyed so would keep). */
function draftOf(ctx: WriteContext, uid: string, row: Row): Row | undefined {
  return ctx.index
    .liveDocumentRows(uid, row.documentId)
    .filter((r) => isDraftRow(r) && sameVersionKey(r, row))
    .at(-1);
}

/** Adds the published document to (or removes it from) one owner's published version, as its draft has it. */
function relink(
  ctx: WriteContext,
  owner: ContentType,
  attribute: RelationAttribute,
  draft: Row,
  published: Row,
  ownerDraft: Row | undefined,
  add: boolean,
): void {
  const { documentId } = draft;
  const name = attribute.name;
  const defaultLocale = ctx.index.model.defaultLocale;
  ctx.tx.edit(owner.uid, published);
  const current = refsOf(published[name]);
  let next: string[];
  // the old published row's join rows went with it (a cascade): the values left are kept
  if (attribute.toMany) keepOrdsThroughCascade(ctx.tx, owner.uid, name, published, current);
  if (!add) next = current.filter((d) => d !== documentId);
  else if (!attribute.toMany) next = [documentId];
  else {
    // Strapi copies the draft's join row, order column included (`selfReferentialRelations.sync`): a draft list
    // written whole numbers its links 1..n (harness graphql-run school seed 501)
    const drafted = refsOf(ownerDraft?.[name]);
    const ord = ownerDraft ? (linkOrds(ctx.tx.data, owner.uid, name, ownerDraft, drafted)[drafted.indexOf(documentId)] ?? 0) : 0;
    next = placeByOrd(ctx.tx, owner.uid, name, published, current, documentId, ord);
  }
  published[name] = attribute.toMany ? next : (next[0] ?? null);
  if (add && !owner.localized && ctx.type.localized) {
    setLinkLocale(published, name, documentId, draft.locale === defaultLocale ? undefined : (draft.locale as string));
  }
  recordLinks(ctx.tx, ctx.index, owner.uid, name, published, current, next);
  keepLinkLocales(published, name, next);
  keepLinkVersions(published, name, next);
}
