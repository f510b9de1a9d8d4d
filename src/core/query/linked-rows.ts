import type { ContentType, RelationAttribute } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, refsOf, type ContentIndex } from '../data/content-index.js';
import { joinsLocale, targetLocales } from '../data/link-locale.js';
import { linksVersion, linkVersion, versionOf } from '../data/link-version.js';
import { linkBirth, sortByLink } from '../data/link-order.js';

export type Status = 'draft' | 'published';

/** The row a link belongs to: the row itself, or the row whose (nested) component holds the link. */
export interface LinkOrigin {
  readonly type: ContentType;
  readonly row: Row;
}

/**
 * The target rows a holder (a row, or a component value of `origin`'s row) is linked to, as Strapi 5's join tables
 * link rows, not documents (its document service's `getRelationTargetLocale` / `getRelationTargetStatus`):
 * - locale: both sides localized → the origin row's locale; a writer without i18n → the one locale row it chose
 *   (see link-locale.ts); a target without i18n has one row per status;
 * - status: both sides draft&publish → the origin row's status; otherwise every version of the linked document,
 *   unless the link joins one version only (a writer without draft&publish; see link-version.ts).
 * Populate narrows this further to the request's status; filters do not (a SQL join sees every linked row).
 */
export function linkedRows(index: ContentIndex, origin: LinkOrigin, holder: Record<string, unknown>, attr: RelationAttribute): Row[] {
  const target = index.model.contentTypes.get(attr.target);
  if (!target) return [];
  const { type: source, row } = origin;
  const sameStatus = source.draftAndPublish && target.draftAndPublish;
  // a writer without draft&publish may link one version of a draft&publish document (`linked` is that version); a
  // writer with it links its own status's version, unless a row id named the other one (see sameStatusVersion)
  const versionOk = (holder: Record<string, unknown>, name: string, documentId: string, linked: Row) =>
    sameStatus
      ? sameStatusVersion(holder, name, documentId, row) === versionOf(isDraftRow(linked))
      : !target.draftAndPublish || linksVersion(holder, name, documentId, isDraftRow(linked));

  if (attr.owner) {
    const sourceLocale = source.localized ? String(row.locale) : null;
    const out: Row[] = [];
    for (const documentId of refsOf(holder[attr.name])) {
      const rows = index.documentRows(target.uid, documentId);
      // a writer without i18n may join several locale rows of one document: in join order
      for (const locale of targetLocales(target, sourceLocale, holder, attr.name, documentId, index.model.defaultLocale) ?? [undefined])
        for (const r of rows) if ((locale === undefined || r.locale === locale) && versionOk(holder, attr.name, documentId, r)) out.push(r);
    }
    return out;
  }
  // The inverse side: the owning rows whose links join this very row.
  const owning = target.attributes.get(attr.mappedBy ?? '');
  if (!owning || owning.kind !== 'relation') return [];
  const localeOk = (owner: Row) => {
    if (!source.localized) return true;
    if (target.localized) return owner.locale === row.locale;
    return joinsLocale(owner, owning.name, row.documentId, row.locale, index.model.defaultLocale);
  };
  const versioned = !sameStatus && source.draftAndPublish;
  const ownerVersionOk = (owner: Row) =>
    sameStatus
      ? sameStatusVersion(owner, owning.name, row.documentId, owner) === versionOf(isDraftRow(row))
      : !versioned || linksVersion(owner, owning.name, row.documentId, isDraftRow(row));
  const owners = index.ownersOf(target, owning, row.documentId).filter((owner) => localeOk(owner) && ownerVersionOk(owner));
  if (!versioned) return owners;
  // each version of this row's document may order its list on its own (link-order.ts)
  const version = versionOf(isDraftRow(row));
  return sortByLink(index.storeData, target.uid, owning.name, owners, row.documentId, version);
}

/**
 * The version of a draft & publish target a holder with draft & publish links: its own row's (`origin`), unless the
 * write named the other version's row by id (`{ id }`, a bare number), which Strapi joins as given; that is noted
 * beside the link (link-version.ts). Publishing maps the draft's links by documentId again: the note is dropped there.
 */
function sameStatusVersion(holder: Record<string, unknown>, name: string, documentId: string, origin: Row): 'draft' | 'published' {
  return linkVersion(holder, name, documentId) ?? versionOf(isDraftRow(origin));
}

/**
 * An inverse list's rows in the order their join rows were made: the order a sort's ties keep, as SQLite reads the
 * join table through its index on the target column, in join-row id order (probes/kit-populate-sort-ties.json).
 * A publish makes the published row's join rows anew, so it can differ from the list's own order.
 */
export function byLinkBirth(index: ContentIndex, origin: LinkOrigin, attr: RelationAttribute, owners: readonly Row[]): Row[] {
  const ownerType = index.model.contentTypes.get(attr.target);
  const owning = ownerType?.attributes.get(attr.mappedBy ?? '');
  if (attr.owner || !ownerType || owning?.kind !== 'relation') return [...owners];
  const { type: source, row } = origin;
  const versioned = source.draftAndPublish && !ownerType.draftAndPublish;
  const version = versioned ? versionOf(isDraftRow(row)) : undefined;
  const birth = (owner: Row) => linkBirth(index.storeData, ownerType.uid, owning.name, owner, row.documentId, version);
  return [...owners].sort((a, b) => birth(a) - birth(b) || a.id - b.id);
}

/** Keep only the rows a read with `status` may see: drafts or published rows of draft&publish types. */
export function rowsForStatus(type: ContentType, rows: readonly Row[], status: Status): Row[] {
  if (!type.draftAndPublish) return [...rows];
  return rows.filter((r) => isDraftRow(r) === (status === 'draft'));
}
