import { isPlainObject } from '../../core/is-plain-object.js';

// `createdBy` and `updatedBy`: the links Strapi adds to every content type, to the admin panel's user. The document
// service populates them like any relation (`populate: '*'` names them, `['createdBy']` and `{ updatedBy: {...} }`
// are no mistake there), and as the content API can neither create nor link admin users, here they are always null
// (probe s12 star/popCreator: Strapi 5.54 answers `createdBy: null, updatedBy: null` for content the API wrote).

const CREATORS = ['createdBy', 'updatedBy'] as const;
type Creator = (typeof CREATORS)[number];

const creatorOf = (path: string): Creator | undefined => CREATORS.find((c) => path === c || path.startsWith(`${c}.`));

/** The populate parameter without the creator links, and the links it asked for. */
export function withoutCreators(populate: unknown): { populate: unknown; creators: Creator[] } {
  if (populate === '*' || populate === true) return { populate, creators: [...CREATORS] };
  const names = (paths: string[]) => CREATORS.filter((c) => paths.some((p) => creatorOf(p) === c));
  if (typeof populate === 'string') {
    const paths = populate.split(',').map((p) => p.trim());
    const rest = paths.filter((p) => creatorOf(p) === undefined);
    return { populate: rest.length === 0 ? undefined : rest.join(','), creators: names(paths) };
  }
  if (Array.isArray(populate) && populate.every((p) => typeof p === 'string')) {
    const rest = populate.filter((p: string) => creatorOf(p) === undefined);
    return { populate: rest.length === 0 ? undefined : rest, creators: names(populate) };
  }
  if (isPlainObject(populate)) {
    const rest = Object.fromEntries(Object.entries(populate).filter(([k]) => creatorOf(k) === undefined));
    return { populate: Object.keys(rest).length === 0 ? undefined : rest, creators: names(Object.keys(populate)) };
  }
  return { populate, creators: [] };
}

/** Entries (one, a list, null) with the creator links set to null, after the row's columns as Strapi orders them. */
export function addCreators(data: unknown, creators: readonly Creator[]): unknown {
  if (creators.length === 0) return data;
  if (Array.isArray(data)) return data.map((d) => addCreators(d, creators));
  if (!isPlainObject(data)) return data;
  const anchor = ['locale', 'publishedAt', 'updatedAt', 'createdAt', 'documentId'].find((k) => k in data);
  const out: Record<string, unknown> = {};
  const add = () => {
    for (const c of creators) out[c] = null;
  };
  for (const [k, v] of Object.entries(data)) {
    if (CREATORS.includes(k as Creator)) continue;
    out[k] = v;
    if (k === anchor) add();
  }
  if (anchor === undefined) add();
  return out;
}

/**
 * Entries without the creator links: they are private attributes (unless a type's `populateCreatorFields` says
 * otherwise, which the mock does not read), so the content API's output sanitizer removes them.
 */
export function dropCreators(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(dropCreators);
  if (!isPlainObject(data) || !CREATORS.some((c) => c in data)) return data;
  return Object.fromEntries(Object.entries(data).filter(([k]) => !CREATORS.includes(k as Creator)));
}
