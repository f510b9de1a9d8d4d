import type { ContentType } from '../model/types.js';

// Strapi 5 links rows, not documents. Where both sides are localized a link joins rows of the same locale, so the
// source row's locale says which target row is meant. A writer without i18n (a type, or a component inside one)
// links ONE locale row of a localized target: the locale its connect names, else the default locale. That choice is
// kept beside the stored documentIds, per holder (a row or a component value) and attribute:
//   "__locales": { "<attribute>": { "<documentId>": "<locale>" } }
// A link with no entry points at the default locale's row.

export const LINK_LOCALES = '__locales';

type Holder = Record<string, unknown>;
type LocaleMap = Record<string, Record<string, string>>;

const mapOf = (holder: Holder): LocaleMap | undefined => {
  const value = holder[LINK_LOCALES];
  return typeof value === 'object' && value !== null ? (value as LocaleMap) : undefined;
};

/** The locale a holder's link to `documentId` points at, when one was chosen. */
export function linkLocale(holder: Holder, attribute: string, documentId: string): string | undefined {
  return mapOf(holder)?.[attribute]?.[documentId];
}

/** Records the locale of a link (undefined forgets it: the default locale). */
export function setLinkLocale(holder: Holder, attribute: string, documentId: string, locale: string | undefined): void {
  let map = mapOf(holder);
  if (locale === undefined) {
    if (map?.[attribute]) delete map[attribute][documentId];
  } else {
    if (!map) holder[LINK_LOCALES] = map = {};
    (map[attribute] ??= {})[documentId] = locale;
  }
  tidy(holder, attribute);
}

/** Forgets the locales of links the holder no longer has. */
export function keepLinkLocales(holder: Holder, attribute: string, documentIds: readonly string[]): void {
  const entries = mapOf(holder)?.[attribute];
  if (!entries) return;
  for (const documentId of Object.keys(entries)) if (!documentIds.includes(documentId)) delete entries[documentId];
  tidy(holder, attribute);
}

function tidy(holder: Holder, attribute: string): void {
  const map = mapOf(holder);
  if (!map) return;
  if (map[attribute] && Object.keys(map[attribute]).length === 0) delete map[attribute];
  if (Object.keys(map).length === 0) delete holder[LINK_LOCALES];
}

/**
 * The locale of the target row a link joins (undefined: the target is not localized). `sourceLocale` is the locale
 * of the row that holds the link, or of the row whose component holds it; null when that type has no i18n.
 */
export function targetLocale(
  target: ContentType,
  sourceLocale: string | null,
  holder: Holder,
  attribute: string,
  documentId: string,
  defaultLocale: string,
): string | undefined {
  if (!target.localized) return undefined;
  if (sourceLocale !== null) return sourceLocale;
  return linkLocale(holder, attribute, documentId) ?? defaultLocale;
}
