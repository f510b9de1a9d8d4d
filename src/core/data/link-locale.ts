import type { ContentType } from '../model/types.js';
import { linkNotes } from './link-notes.js';

// Where both sides are localized a link joins rows of the same locale, so the source row's locale says which target
// row is meant. A writer without i18n (a type, or a component inside one) links the locale rows of a localized
// target its connects name, else the default locale's: one request may connect two locale rows of one document,
// each a join row of its own. That choice is noted beside the link under "__locales" (the locales in join order,
// comma-separated: a locale code has no comma); a link with no note points at the default locale's row.

const locales = linkNotes<string>('__locales');

export const LINK_LOCALES = locales.key;

/** The first locale a holder's link to `documentId` points at, when one was chosen. */
export const linkLocale = (holder: Record<string, unknown>, attribute: string, documentId: string): string | undefined =>
  locales.get(holder, attribute, documentId)?.split(',')[0];

/** Every locale row a holder's link to `documentId` joins, in join order. */
export function linkLocales(holder: Record<string, unknown>, attribute: string, documentId: string, defaultLocale: string): string[] {
  return locales.get(holder, attribute, documentId)?.split(',') ?? [defaultLocale];
}

/** Whether a holder's link to `documentId` joins its `locale` row. */
export function joinsLocale(
  holder: Record<string, unknown>,
  attribute: string,
  documentId: string,
  locale: unknown,
  defaultLocale: string,
): boolean {
  return linkLocales(holder, attribute, documentId, defaultLocale).includes(String(locale));
}

/** Records the locale of a link (undefined forgets it: the default locale). */
export const setLinkLocale = locales.set;

/** Records the locale rows a link joins, in join order (the default locale alone is no note). */
export function setLinkLocales(
  holder: Record<string, unknown>,
  attribute: string,
  documentId: string,
  list: readonly string[],
  defaultLocale: string,
): void {
  const unique = [...new Set(list)];
  locales.set(holder, attribute, documentId, unique.length === 0 || (unique.length === 1 && unique[0] === defaultLocale) ? undefined : unique.join(','));
}

/** Forgets the locales of links the holder no longer has. */
export const keepLinkLocales = locales.keep;

/**
 * The locales of the target rows a link joins (undefined: the target is not localized). `sourceLocale` is the
 * locale of the row that holds the link, or of the row whose component holds it; null when that type has no i18n.
 */
export function targetLocales(
  target: ContentType,
  sourceLocale: string | null,
  holder: Record<string, unknown>,
  attribute: string,
  documentId: string,
  defaultLocale: string,
): string[] | undefined {
  if (!target.localized) return undefined;
  if (sourceLocale !== null) return [sourceLocale];
  return linkLocales(holder, attribute, documentId, defaultLocale);
}

