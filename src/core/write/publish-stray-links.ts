import { dropLink } from './drop-link.js';
import { isStrayOwner } from '../model/stray-owner.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { joinsLocale } from '../data/link-locale.js';
import { dropLinkVersion, linksVersion } from '../data/link-version.js';
import type { Row } from '../data/types.js';
import type { WriteContext } from './clone.js';

/**
 * Publishing a document unlinks its published version from stray owners (stray-owner.ts): the old published row goes
 * with its join rows, and the new one is re-created with what the draft's inverse attributes show, which a stray
 * owner is not among. An owner without draft & publish keeps its link to the draft only; a draft & publish owner's
 * published rows lose the link, its drafts keep theirs. (A self-relation is re-pointed row by row: not here.)
 */
export function unlinkStrayOwners(ctx: WriteContext, draft: Row): void {
  const { defaultLocale } = ctx.index.model;
  const documentId = draft.documentId;
  for (const owner of ctx.index.model.contentTypes.values()) {
    if (owner.uid === ctx.type.uid) continue;
    for (const attribute of owner.attributes.values()) {
      if (attribute.kind !== 'relation' || attribute.target !== ctx.type.uid || !isStrayOwner(ctx.index.model, attribute)) continue;
      const name = attribute.name;
      const seesLocale = (r: Row) =>
        !ctx.type.localized ||
        (owner.localized ? r.locale === draft.locale : joinsLocale(r, name, documentId, draft.locale, defaultLocale));
      for (const r of ctx.index.linkingRows(owner.uid, name, documentId)) {
        if (!seesLocale(r) || !refsOf(r[name]).includes(documentId)) continue;
        if (owner.draftAndPublish ? isDraftRow(r) : !linksVersion(r, name, documentId, false)) continue;
        ctx.tx.edit(owner.uid, r);
        if (!owner.draftAndPublish && !dropLinkVersion(r, name, documentId, 'published')) continue;
        dropLink(ctx.tx, ctx.index, owner.uid, attribute, r, documentId, true);
      }
    }
  }
}
