import type { RelationAttribute } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { keepOrdsThroughCascade, linkOrd, linkOrds, linkRank, placeByOrd, recordLinks } from '../data/link-order.js';
import { keepLinkLocales, linkLocale, setLinkLocale } from '../data/link-locale.js';
import type { WriteContext } from './clone.js';

/**
 * Publishing a draft re-creates its published row with every relation of the draft, the inverse side's included:
 * Strapi's `publish` reads the draft with `getDeepPopulate` (all relations, `mappedBy` ones too) and `publishEntry`
 * maps each to the published version of the linking document (`getRelationTargetStatus`: both sides have draft &
 * publish, so the source's status), dropping a document that has no published version. The old published row's
 * join rows go with it (`bidirectional-relations.js` restores their order values, and on a `first` publish of the
 * locale gives the new rows the draft's). So, through a bidirectional
 * relation owned by a draft&publish type, the new published version is linked by the published versions of exactly
 * the documents whose drafts link the draft; and an owner's to-one link moves to it (the inverse side is
 * oneToAny: `deletePreviousOneToAnyRelations`). Owners without draft&publish are link-version.ts's business.
 */
export function publishInverseLinks(ctx: WriteContext, draft: Row, first: boolean): void {
  const { type } = ctx;
  const defaultLocale = ctx.index.model.defaultLocale;
  for (const inverse of type.attributes.values()) {
    if (inverse.kind !== 'relation' || inverse.owner || !inverse.mappedBy) continue;
    const owner = ctx.index.model.contentTypes.get(inverse.target);
    const owning = owner?.attributes.get(inverse.mappedBy);
    // a self-referential relation is re-pointed by Strapi's selfReferentialRelations, row by row
    if (!owner?.draftAndPublish || owner.uid === type.uid || owning?.kind !== 'relation') continue;
    // the locale row of this document an owner row's link joins
    const localeOf = (r: Row) => (owner.localized ? r.locale : (linkLocale(r, owning.name, draft.documentId) ?? defaultLocale));
    const joins = (r: Row) => refsOf(r[owning.name]).includes(draft.documentId) && (!type.localized || localeOf(r) === draft.locale);
    const linking = ctx.index.linkingRows(owner.uid, owning.name, draft.documentId);
    const drafts = linking
      .filter((r) => isDraftRow(r) && joins(r))
      .sort((a, b) => rank(ctx, owner.uid, owning, a, draft.documentId) - rank(ctx, owner.uid, owning, b, draft.documentId) || a.id - b.id);
    // a to-one inverse side is populated with one row, the first join row (the database's `XtoOne` populate)
    if (!inverse.toMany) drafts.splice(1);
    const linked = new Map<Row, { locale: unknown; draft: Row }>();
    for (const d of drafts) {
      const published = ctx.index
        .liveDocumentRows(owner.uid, d.documentId)
        .find((r) => !isDraftRow(r) && (!owner.localized || r.locale === d.locale));
      if (published) linked.set(published, { locale: localeOf(d), draft: d });
    }
    for (const r of linking) if (!isDraftRow(r) && joins(r) && !linked.has(r)) setLink(ctx, owner.uid, owning, r, draft.documentId, false);
    for (const [r, { locale, draft: ownerDraft }] of linked) {
      const ords = linkOrds(ctx.tx.data, owner.uid, owning.name, r, refsOf(r[owning.name]));
      if (joins(r)) {
        // a link kept is a new join row with the old one's order value (the sync restores it): last among its equals
        // (unless the sync maps nothing: the new join row stays where it was created, last: publish-sync.ts)
        if (!first && owning.toMany) {
          const current = refsOf(r[owning.name]);
          ctx.tx.edit(owner.uid, r);
          r[owning.name] = placeByOrd(
            ctx.tx,
            owner.uid,
            owning.name,
            r,
            current,
            draft.documentId,
            ctx.syncUnmapped
              ? Math.max(0, ...ords.filter((_, i) => current[i] !== draft.documentId)) + 1
              : ords[current.indexOf(draft.documentId)]!,
          );
        }
        continue;
      }
      // A new link's order value: on a first publish, the draft's join row's (the sync copies it); on a republish
      // the database's, after the owner list's last (the sync only restores the old published version's rows)
      const drafted = refsOf(ownerDraft[owning.name]);
      const ord =
        first && !ctx.syncUnmapped
          ? (linkOrd(ctx.tx.data, owner.uid, owning.name, ownerDraft, draft.documentId) ?? drafted.indexOf(draft.documentId) + 1)
          : Math.max(0, ...ords) + 1;
      setLink(ctx, owner.uid, owning, r, draft.documentId, true, ord);
      if (!owner.localized && type.localized) {
        setLinkLocale(r, owning.name, draft.documentId, locale === defaultLocale ? undefined : String(locale));
      }
    }
  }
}

const rank = (ctx: WriteContext, uid: string, owning: RelationAttribute, row: Row, target: string) =>
  linkRank(ctx.tx.data, uid, owning.name, row, target);

/**
 * Adds (replacing a to-one link) or removes one link of an owner row. An added link to-many is a new join row with
 * order value `ord` (placeByOrd).
 */
function setLink(ctx: WriteContext, uid: string, owning: RelationAttribute, row: Row, target: string, add: boolean, ord = 0): void {
  ctx.tx.edit(uid, row);
  const current = refsOf(row[owning.name]);
  // the old published row's join rows went with it (a cascade): the owner's list keeps its values
  if (!add && owning.toMany) keepOrdsThroughCascade(ctx.tx, uid, owning.name, row, current);
  const next = !add
    ? current.filter((d) => d !== target)
    : !owning.toMany
      ? [target]
      : placeByOrd(ctx.tx, uid, owning.name, row, current, target, ord);
  row[owning.name] = owning.toMany ? next : (next[0] ?? null);
  recordLinks(ctx.tx, ctx.index, uid, owning.name, row, current, next);
  keepLinkLocales(row, owning.name, next);
}
