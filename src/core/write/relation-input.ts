import { ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { ContentIndex } from '../data/content-index.js';
import { isPlainObject } from '../is-plain-object.js';
import type { LinkVersion } from '../data/link-version.js';

// Relation and media values in a write body, in every form Strapi 5 accepts: a documentId, a numeric row id,
// `{documentId}`, `{id}`, a list of those (a full replace), `null`, or `{set}`/`{connect}`/`{disconnect}` with
// positional connects. Strapi first rewrites them (its `transformDataIdsVisitor` + `mapRelation`) into row-id form,
// `{set: [{id}]}` / `{connect: [{id, position}]}`: an unknown documentId fails there, an unknown numeric id only
// later, in the validator's relations check (see relation-store.ts), which also echoes that rewritten form.

export interface Position {
  readonly before?: string;
  readonly after?: string;
  readonly start?: boolean;
  readonly end?: boolean;
}

export interface Connect {
  readonly documentId: string;
  readonly position?: Position;
  /** Row id of the connected entry and its position with row ids, as Strapi's ordering errors print them. */
  readonly id: number;
  readonly rawPosition?: Record<string, unknown>;
  /** The locale of the connected version, when a writer without i18n connects a localized document. */
  readonly locale?: string;
  /** Every row id the entry names for this document and locale (a documentId may name a draft and a published row). */
  readonly ids?: readonly number[];
}

/** A `set` or `disconnect` entry: a document, and the locale row a writer without i18n named (or got by default). */
export interface LocaleRef {
  readonly documentId: string;
  readonly locale?: string;
  /** The row ids the entries name for this document and locale: Strapi joins those rows, not the document. */
  readonly ids?: readonly number[];
}

export interface RelationOp {
  readonly set?: string[];
  readonly connect?: Connect[];
  readonly disconnect?: string[];
  /**
   * `set` and `disconnect` entry by entry: a writer without i18n may name two locale rows of one document, each a
   * join row of its own (Strapi resolves each entry to the row ids of its locale).
   */
  readonly setRefs?: readonly LocaleRef[];
  readonly disconnectRefs?: readonly LocaleRef[];
  /** documentId → the locale row a writer without i18n links (set and connect alike; see link-locale.ts). */
  readonly locales?: ReadonlyMap<string, string>;
  /**
   * documentId → the one version a writer links, when it names a `status` or a row id (link-version.ts): for a writer
   * with draft&publish, only the published version (a row id of it).
   */
  readonly versions?: ReadonlyMap<string, LinkVersion>;
}

/** Who writes: relation targets are looked up in the writer's locale and status (Strapi's i18n and dp utils). */
export interface RelationSource {
  readonly type: ContentType;
  readonly locale: string | null;
}

/** A relation or media target: the row ids one documentId maps to, and the locale Strapi names in its error. */
export interface RelationTarget {
  readonly uid: string;
  readonly locale: string | null;
  /**
   * `locale`: the version a `{documentId, locale}` entry asks for (only a writer without i18n may choose);
   * `status`: the version a `{documentId, status}` entry asks for (only a writer without draft&publish may choose).
   */
  idsOf(documentId: string, locale?: string, status?: unknown): number[];
  /** The locale a lookup uses: the writer's (or the default), or the one a writer without i18n asks for. */
  lookupLocale(requested?: string): string | null;
  documentIdOf(id: number): string | undefined;
  localeOf(id: number): string | undefined;
  /**
   * The one version a row id is, when the writer may link one version of a draft&publish target: a writer without
   * draft&publish either, a writer with it the published one (its own draft is the default).
   */
  versionOf?(id: number): LinkVersion | undefined;
  /**
   * The locale Strapi writes into a positional connect of a writer without i18n (its `setDefaultLocaleToRelations`:
   * `{documentId, position}` gets the default locale, in the position too), whatever the target; it shows in
   * ordering errors.
   */
  readonly positionLocale?: string;
  /** Whether a document has both a draft and a published row in the locale a link joins. */
  hasBothVersions?(documentId: string, locale?: string): boolean;
}

export const MEDIA_UID = 'plugin::upload.file';
/** What a connect's anchor that names no row becomes: no documentId starts with it, so no list holds it. */
const UNKNOWN_ANCHOR = '\u0000unknown anchor ';
const toArray = (v: unknown): unknown => (v === null || v === undefined || Array.isArray(v) ? v : [v]);
/** Strapi's `isNumeric`: whatever `parseInt` reads a number from is a row id, "12abc" included. */
const isNumeric = (v: unknown): boolean => !Array.isArray(v) && !Number.isNaN(parseInt(textOf(v), 10));

/**
 * `String(v)` for a value from a request body, which may be an object whose own `toString` is not a function
 * (`{"toString": 1}`): String() would throw a TypeError there (a 500); it reads as any object does instead.
 */
export function textOf(v: unknown): string {
  try {
    return String(v);
  } catch {
    return Object.prototype.toString.call(v);
  }
}

/** `Number(v)` that reads such an object as NaN instead of throwing. */
export function numberOf(v: unknown): number {
  try {
    return Number(v);
  } catch {
    return NaN;
  }
}

export function contentTarget(index: ContentIndex, source: RelationSource, target: ContentType): RelationTarget {
  const defaultLocale = index.model.defaultLocale;
  const locale = target.localized ? (source.type.localized ? source.locale : defaultLocale) : null;
  // Non-D&P targets have published rows only; a D&P writer connects the draft (its write goes to the draft
  // first), a non-D&P writer both versions, draft first, or the one its entry's `status` names (Strapi reads
  // 'published' as such and any other value as the draft).
  const statusesOf = (status: unknown) =>
    !target.draftAndPublish ? [false] : source.type.draftAndPublish ? [true] : status ? [status !== 'published'] : [true, false];
  const rowOf = (id: number) => index.rowById(target.uid, id);
  return {
    uid: target.uid,
    locale,
    positionLocale: source.type.localized ? undefined : defaultLocale,
    lookupLocale: (requested) => (requested !== undefined && target.localized && !source.type.localized ? requested : locale),
    idsOf: (documentId, requested, status) => {
      const wanted = requested !== undefined && target.localized && !source.type.localized ? requested : locale;
      const rows = index.documentRows(target.uid, documentId).filter((r) => wanted === null || r.locale === wanted);
      return statusesOf(status).flatMap((draft) =>
        rows
          .filter((r) => !target.draftAndPublish || (r.publishedAt === null) === draft)
          .map((r) => r.id)
          .slice(0, 1),
      );
    },
    documentIdOf: (id) => rowOf(id)?.documentId,
    localeOf: (id) => (target.localized && !source.type.localized ? rowOf(id)?.locale : undefined),
    hasBothVersions: (documentId, requested) => {
      const wanted = requested ?? locale;
      const rows = index.documentRows(target.uid, documentId).filter((r) => wanted === null || r.locale === wanted);
      return rows.some((r) => r.publishedAt === null) && rows.some((r) => r.publishedAt !== null);
    },
    // a writer with draft & publish links its own (draft) version unless a row id names the published one
    versionOf: (id) => {
      const row = target.draftAndPublish ? rowOf(id) : undefined;
      if (!row || (source.type.draftAndPublish && row.publishedAt === null)) return undefined;
      return row.publishedAt === null ? 'draft' : 'published';
    },
  };
}

export function mediaTarget(index: ContentIndex): RelationTarget {
  return {
    uid: MEDIA_UID,
    locale: null,
    lookupLocale: () => null,
    idsOf: (documentId) => index.storeData.media.filter((m) => m.documentId === documentId).map((m) => m.id),
    documentIdOf: (id) => index.media(id)?.documentId,
    localeOf: () => undefined,
  };
}

const notFound = (id: unknown, locale: string | null) =>
  new ValidationError(`Document with id "${textOf(id)}", locale "${locale}" not found`, {});

/**
 * Strapi's rewrite of a relation value into row-id form. A to-one relation given several entries keeps the last
 * one, before anything is looked up (its `normalizeXToOneRelationValue`); media are not relations and keep all.
 */
export function rewriteRelation(target: RelationTarget, value: unknown, toOne: boolean): unknown {
  let input = value;
  if (toOne && Array.isArray(input) && input.length > 1) input = [input[input.length - 1]];
  else if (toOne && isPlainObject(input) && Array.isArray(input.set) && input.set.length > 1)
    input = { ...input, set: [input.set[input.set.length - 1]] };
  const one = (relation: unknown): unknown => {
    if (!isPlainObject(relation) || !relation.documentId) return relation;
    const requested = typeof relation.locale === 'string' ? relation.locale : undefined;
    const ids = target.idsOf(textOf(relation.documentId), requested, relation.status);
    if (ids.length === 0) throw notFound(relation.documentId, target.lookupLocale(requested));
    const position = isPlainObject(relation.position) ? { ...relation.position } : undefined;
    if (position && target.positionLocale && !relation.locale && !position.locale) position.locale = target.positionLocale;
    if (position) {
      for (const side of ['before', 'after'] as const) {
        if (!position[side]) continue;
        // Strapi looks an anchor up as `{...relation, ...position}`: in the position's locale, else the relation's.
        const anchorLocale = typeof position.locale === 'string' ? position.locale : requested;
        const anchor = target.idsOf(textOf(position[side]), anchorLocale);
        if (anchor.length === 0) throw notFound(position[side], target.lookupLocale(anchorLocale));
        position[side] = anchor[0];
      }
    }
    return ids.map((id) => (position ? { id, position } : { id }));
  };
  const map = (rel: unknown, recursive: boolean): unknown => {
    const wrap = (v: unknown) => (recursive ? v : { set: toArray(v) });
    if (rel === null || rel === undefined) return one(rel);
    if (Array.isArray(rel))
      return wrap(
        rel
          .map((r) => map(r, true))
          .flat()
          .filter(Boolean),
      );
    if (isPlainObject(rel)) {
      if ('id' in rel || 'documentId' in rel) return wrap(one(rel));
      if (!rel.set && !rel.disconnect && !rel.connect) return one(rel);
      const out: Record<string, unknown> = { ...rel };
      for (const key of ['set', 'disconnect', 'connect'] as const) {
        // Strapi's database layer fails on it (its 500): no row is named by a boolean here
        if (rel[key] === true)
          throw new ValidationError(`Invalid relation operation: ${key} takes documents, not true (real Strapi answers 500)`, {});
        if (rel[key]) out[key] = toArray(map(rel[key], true));
      }
      return out;
    }
    if (isNumeric(rel)) return wrap(one({ id: rel }));
    if (typeof rel === 'string') return wrap(one({ documentId: rel }));
    return one(rel);
  };
  return map(input, false);
}

/** The row ids a rewritten value associates, as Strapi's relations check reads them (`connect`, else `set`). */
export function associatedIds(rewritten: unknown): unknown[] {
  let source: unknown[];
  if (Array.isArray(rewritten)) source = rewritten;
  else if (isPlainObject(rewritten)) {
    const list = rewritten.connect ?? rewritten.set;
    source = list === null || list === undefined ? [] : Array.isArray(list) ? list : [list];
  } else source = rewritten === null || rewritten === undefined ? [] : [rewritten];
  return source.map((v) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>).id : v));
}

/** Turns a rewritten value into the documentId operation the store applies (its ids all exist by now). */
export function relationOp(target: RelationTarget, rewritten: unknown, name: string): RelationOp {
  const docOf = (v: unknown): string | undefined => target.documentIdOf(numberOf(isPlainObject(v) ? v.id : v));
  const docs = (list: unknown): string[] => [
    ...new Set((Array.isArray(list) ? list : []).map(docOf).filter((d): d is string => d !== undefined)),
  ];
  if (rewritten === null) return { set: [] };
  // a boolean passed the relations check as SQLite's 1 or 0; the database links no boolean: the links stay as they are
  if (typeof rewritten === 'boolean') return { connect: [], disconnect: [], locales: new Map(), versions: new Map() };
  if (!isPlainObject(rewritten)) throw new ValidationError(`Invalid relation value for ${name}`, {});
  const locales = new Map<string, string>();
  const seen = new Map<string, Set<LinkVersion>>();
  for (const item of [...listOf(rewritten.set), ...listOf(rewritten.connect)]) {
    const id = numberOf(isPlainObject(item) ? item.id : item);
    const documentId = target.documentIdOf(id);
    const locale = target.localeOf(id);
    if (documentId !== undefined && locale !== undefined) locales.set(documentId, locale);
    const version = target.versionOf?.(id);
    if (documentId !== undefined && version) seen.set(documentId, (seen.get(documentId) ?? new Set()).add(version));
  }
  // A link to one version of a document that has both (a `status` was named); a draft-only document is linked as
  // a whole, since publishing it links its published version too.
  const versions = new Map<string, LinkVersion>();
  for (const [documentId, found] of seen)
    if (found.size === 1 && target.hasBothVersions?.(documentId, locales.get(documentId))) versions.set(documentId, [...found][0]);
  const refs = (list: unknown): LocaleRef[] => {
    const out: { documentId: string; locale?: string; ids: number[] }[] = [];
    for (const item of listOf(list)) {
      const id = numberOf(isPlainObject(item) ? item.id : item);
      const documentId = target.documentIdOf(id);
      const locale = target.localeOf(id);
      if (documentId === undefined) continue;
      const known = out.find((r) => r.documentId === documentId && r.locale === locale);
      if (known) known.ids.push(id);
      else out.push({ documentId, locale, ids: [id] });
    }
    return out;
  };
  if (rewritten.set !== undefined && rewritten.set !== null)
    return { set: docs(rewritten.set), setRefs: refs(rewritten.set), locales, versions };
  const connect: (Connect & { ids: number[] })[] = [];
  for (const item of Array.isArray(rewritten.connect) ? rewritten.connect : []) {
    const documentId = docOf(item);
    const id = numberOf(isPlainObject(item) ? item.id : item);
    const locale = target.localeOf(id);
    // Both versions of a D&P document arrive as two ids: one connect per document and locale row (a writer without
    // i18n may connect two locales of one document), naming every row id it joins.
    if (documentId === undefined) continue;
    const known = connect.find((c) => c.documentId === documentId && c.locale === locale);
    if (known) {
      known.ids.push(id);
      continue;
    }
    const raw = isPlainObject(item) && isPlainObject(item.position) ? item.position : undefined;
    // An anchor the rewrite left as given (an `{ id }` entry's position is not looked up) that names no row (a
    // documentId, an unknown id) is compared with row ids by the database's orderer and never found: it is not
    // connected (write grammar sitedemo 1602: Strapi refuses, the mock placed it last). A falsy one is no anchor.
    const anchor = (v: unknown) => (!v ? undefined : (docOf(v) ?? `${UNKNOWN_ANCHOR}${textOf(v)}`));
    const position: Position | undefined = raw && {
      ...(raw as Position),
      before: raw.before === undefined ? undefined : anchor(raw.before),
      after: raw.after === undefined ? undefined : anchor(raw.after),
    };
    connect.push({ documentId, position, id, rawPosition: raw, locale, ids: [id] });
  }
  return { connect, disconnect: docs(rewritten.disconnect), disconnectRefs: refs(rewritten.disconnect), locales, versions };
}

const listOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
