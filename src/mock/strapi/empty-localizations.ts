import { isPlainObject } from '../../core/is-plain-object.js';

// i18n gives every content type `localizations` (@strapi/i18n register.ts extendContentTypes), a relation joined on
// document_id that leaves out the rows already read; on a type that is not localized it is private, so the content
// API neither shows nor accepts it, but the document service populates it like any relation: `populate: '*'` names it
// (after every attribute), `['localizations']` and `{ localizations: … }` are no mistake there. Such a type has one
// row per document and status, so the join finds nothing: always `[]` (probe s15 rawloc on Strapi 5.54).

const NAME = 'localizations';

export interface LocalizationsAsked {
  readonly populate: unknown;
  /** Where `[]` goes: after this populated key, at the end (`null`), or nowhere (undefined). */
  readonly after?: string | null;
}

const split = (populate: string): string[] => populate.split(',').map((p) => p.trim());

/** The populate parameter without `localizations`, and where the empty list goes in each entry. */
export function withoutLocalizations(populate: unknown): LocalizationsAsked {
  if (populate === '*') return { populate, after: null };
  const fromList = (names: string[], rebuild: (rest: string[]) => unknown): LocalizationsAsked => {
    const at = names.indexOf(NAME);
    if (at < 0) return { populate };
    const rest = names.filter((n) => n !== NAME);
    return { populate: rest.length === 0 ? undefined : rebuild(rest), after: at === 0 ? firstKey : names[at - 1] };
  };
  if (typeof populate === 'string') return fromList(split(populate), (rest) => rest.join(','));
  if (Array.isArray(populate) && populate.every((p) => typeof p === 'string')) return fromList(populate.flatMap(split), (rest) => rest);
  if (isPlainObject(populate) && Object.hasOwn(populate, NAME) && populate[NAME] !== false) {
    const keys = Object.keys(populate);
    const at = keys.indexOf(NAME);
    const rest = Object.fromEntries(Object.entries(populate).filter(([k]) => k !== NAME));
    return { populate: keys.length === 1 ? undefined : rest, after: at === 0 ? firstKey : keys[at - 1] };
  }
  return { populate };
}

/** Marks "before every populated key": the empty list goes right after the row's own columns. */
const firstKey = '\u0000first';
const ROW_END = ['locale', 'publishedAt', 'updatedAt', 'createdAt', 'documentId'];

/** Entries (one, a list, null) with `localizations: []` where the populate put it. */
export function addEmptyLocalizations(data: unknown, after: string | null | undefined): unknown {
  if (after === undefined) return data;
  if (Array.isArray(data)) return data.map((d) => addEmptyLocalizations(d, after));
  if (!isPlainObject(data)) return data;
  const anchor = after === firstKey ? ROW_END.find((k) => k in data) : after;
  if (anchor === null || anchor === undefined || !(anchor in data)) return { ...data, [NAME]: [] };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    out[k] = v;
    if (k === anchor) out[NAME] = [];
  }
  return out;
}
