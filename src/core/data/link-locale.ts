import type { ContentType } from '../model/types.js';
import { linkNotes } from './link-notes.js';

// Where both sides are localized a link joins rows of the same locale, so the source row's locale says which target
// row is meant. A writer without i18n (a type, or a component inside one) links ONE locale row of a localized
// target: the locale its connect names, else the default locale. That choice is noted beside the link under
// "__locales"; a link with no note points at the default locale's row.

const locales = linkNotes<string>('__locales');

export const LINK_LOCALES = locales.key;

/** The locale a holder's link to `documentId` points at, when one was chosen. */
export const linkLocale = locales.get;
/** Records the locale of a link (undefined forgets it: the default locale). */
export const setLinkLocale = locales.set;
/** Forgets the locales of links the holder no longer has. */
export const keepLinkLocales = locales.keep;

/**
 * The locale of the target row a link joins (undefined: the target is not localized). `sourceLocale` is the locale
 * of the row that holds the link, or of the row whose component holds it; null when that type has no i18n.
 */
export function targetLocale(
  target: ContentType,
  sourceLocale: string | null,
  holder: Record<string, unknown>,
  attribute: string,
  documentId: string,
  defaultLocale: string,
): string | undefined {
  if (!target.localized) return undefined;
  if (sourceLocale !== null) return sourceLocale;
  return linkLocale(holder, attribute, documentId) ?? defaultLocale;
}
