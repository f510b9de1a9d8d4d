import { linkNotes } from './link-notes.js';

// A writer without draft & publish (a type, or a component inside one) links BOTH versions of a draft & publish
// target, draft and published (Strapi's `getRelationTargetStatus`). The two join rows then live apart: a write on
// the target's draft through the inverse side (`?status=draft`) replaces the draft's join rows only, a connect may
// name one `status`, and publishing copies the draft's links to the published version. A link that joins one
// version only is noted beside it under "__versions"; a link with no note joins both.

export type LinkVersion = 'draft' | 'published';

const versions = linkNotes<LinkVersion>('__versions');

export const LINK_VERSIONS = versions.key;
export const linkVersion = versions.get;
export const setLinkVersion = versions.set;
/** Forgets the versions of links the holder no longer has. */
export const keepLinkVersions = versions.keep;

export const versionOf = (draft: boolean): LinkVersion => (draft ? 'draft' : 'published');

/** Whether a holder's (existing) link to `documentId` joins the draft (`draft` true) or the published version. */
export function linksVersion(holder: Record<string, unknown>, attribute: string, documentId: string, draft: boolean): boolean {
  const note = linkVersion(holder, attribute, documentId);
  return note === undefined || note === versionOf(draft);
}

/** Adds one version to a holder's link (`linked`: the holder linked the document before). */
export function addLinkVersion(holder: Record<string, unknown>, attribute: string, documentId: string, version: LinkVersion, linked: boolean): void {
  const note = linkVersion(holder, attribute, documentId);
  if (!linked) setLinkVersion(holder, attribute, documentId, version);
  else if (note !== undefined && note !== version) setLinkVersion(holder, attribute, documentId, undefined);
}

/** Removes one version from a holder's link; true when no version is left (the link itself goes). */
export function dropLinkVersion(holder: Record<string, unknown>, attribute: string, documentId: string, version: LinkVersion): boolean {
  const note = linkVersion(holder, attribute, documentId);
  if (note === version) return true;
  if (note === undefined) setLinkVersion(holder, attribute, documentId, version === 'draft' ? 'published' : 'draft');
  return false;
}
