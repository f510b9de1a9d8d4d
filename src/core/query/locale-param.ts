import { ValidationError } from '../errors/strapi-errors.js';

// The `locale` parameter as Strapi's document service checks it (documents.strictParams, repository.js checkLocale)
// and as its findOne / findFirst look one locale up (internationalization.js localeToLookup).

/** A 2–3 letter language code with optional subtags, 35 characters at most (Strapi's BCP 47–style check). */
const LOCALE_FORMAT = /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/;
const MAX_LOCALE_LENGTH = 35;

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Strapi refuses an object `locale` (on every type, localized or not) after checking the other parameters. */
export function checkLocaleShape(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
  throw new ValidationError(
    "Invalid parameter at 'locale'. Expected a string, array of strings, empty string, null, or undefined; received: object",
    { received: raw },
  );
}

function checkOne(value: unknown, path: string): string {
  if (typeof value !== 'string') {
    throw new ValidationError(`Invalid parameter at '${path}'. Expected a string, received: ${typeof value}`, { received: value });
  }
  if (value === '*') return value;
  const reason =
    value.length === 0
      ? 'Locale cannot be empty'
      : value.length > MAX_LOCALE_LENGTH
        ? `Locale exceeds maximum length of ${MAX_LOCALE_LENGTH} characters`
        : !LOCALE_FORMAT.test(value)
          ? 'Locale must be a valid BCP 47 format (e.g. en, en-US, zh-Hans)'
          : undefined;
  if (reason) throw new ValidationError(`Invalid parameter at '${path}'. ${reason}.`, {});
  return value;
}

/**
 * checkLocale with documents.strictParams, on every type: an empty value means none; a list keeps its non-empty
 * strings (none left: no locale) and checks each; a string is checked. Returns the locale the service goes on with.
 */
export function checkLocale(raw: unknown): unknown {
  if (isEmpty(raw)) return undefined;
  checkLocaleShape(raw);
  if (Array.isArray(raw)) {
    const kept = raw.filter((item) => typeof item === 'string' && item !== '');
    return kept.length === 0 ? undefined : kept.map((item, i) => checkOne(item, `locale[${i}]`));
  }
  return checkOne(raw, 'locale');
}

/** localeToLookup: findOne and findFirst take one locale, a string (`*` included); a list or an object is refused. */
export function checkLookupLocale(locale: unknown): void {
  if (isEmpty(locale) || typeof locale === 'string') return;
  throw new ValidationError(`Invalid locale param ${String(locale)} provided. Document locales must be strings.`, {});
}

/**
 * localeToData: a create or update takes one locale, a string other than `*` (refused before the data is validated
 * or any lifecycle runs). A list's empty items were dropped by the strict check; a list left is refused too.
 */
export function checkDataLocale(locale: unknown): void {
  const list = Array.isArray(locale) ? locale.filter((v) => typeof v === 'string' && v !== '') : undefined;
  const value = list ? (list.length === 0 ? undefined : list) : locale;
  if (value === '*' || Array.isArray(value))
    throw new ValidationError(`Invalid locale param ${String(value)} provided. Document locales must be strings.`, {});
}
