import { routedTypes, type Attributes, type ContentModel, type ContentType, type MediaAttribute } from '../../core/model/types.js';
import { derivePopulate } from '../format/derive-populate.js';
import { SEED_FORMAT } from '../pull/pull-dataset.js';
import type { Dataset, DatasetType } from '../../core/data/import-dataset.js';
import type { LocaleRecord, MediaFile } from '../../core/data/types.js';
import { mediaKind, mediaLibrary } from './media-library.js';
import { NONE, planDocuments, planRelations, type PlannedDocument } from './plan-documents.js';
import { Rng, seedNumber } from './rng.js';
import { scalarValue } from './scalar-value.js';
import { wordPools, type WordPools } from './word-pools.js';

// `content-mock seed`: realistic content from the schemas alone, in the seed format, the same for the same seed
// value. Documents get drafts and published versions, translations, components, zones, media and relations; each
// value fits its attribute (see scalar-value.ts).

export interface SeedOptions {
  /** Documents per collection type (single types get one). */
  readonly count: number;
  /** Per type overrides: uid, pluralName or singularName → count. */
  readonly counts?: Readonly<Record<string, number>>;
  readonly seed: string | number;
  /** Locale codes, the default first. */
  readonly locales: readonly string[];
  /** Files in the media library (default 12). */
  readonly mediaCount?: number;
}

type Snapshot = Record<string, unknown>;
const BASE_TIME = Date.UTC(2025, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

export function generateSeed(model: ContentModel, options: SeedOptions): Dataset {
  const seed = seedNumber(options.seed);
  const rng = new Rng(seed);
  const codes = options.locales.length ? options.locales : [model.defaultLocale];
  const pools = new Map<string, WordPools>(codes.map((code, i) => [code, wordPools(code, seed + i)]));
  const poolsOf = (code: string) => pools.get(code) ?? (pools.get(codes[0]) as WordPools);
  const names = new Intl.DisplayNames(['en'], { type: 'language' });
  const locales: LocaleRecord[] = codes.map((code, i) => {
    const t = iso(BASE_TIME - (codes.length - i) * 60_000);
    return {
      id: i + 1,
      documentId: rng.documentId(),
      name: `${names.of(code) ?? code} (${code})`,
      code,
      createdAt: t,
      updatedAt: t,
      publishedAt: t,
      isDefault: i === 0,
    };
  });
  const media = mediaLibrary(options.mediaCount ?? 12, rng, poolsOf(codes[0]), (i) => iso(BASE_TIME + i * 1000));

  const types = routedTypes(model);
  const countOf = (t: ContentType) =>
    t.kind === 'singleType'
      ? 1
      : (options.counts?.[t.uid] ?? options.counts?.[t.pluralName] ?? options.counts?.[t.singularName] ?? options.count);
  const plans = new Map(types.map((t) => [t.uid, planDocuments(t, countOf(t), codes, rng)]));
  const links = new Map<string, PlannedDocument[][]>();
  for (const t of types) {
    for (const a of t.attributes.values()) {
      if (a.kind === 'relation' && a.owner)
        links.set(`${t.uid}.${a.name}`, planRelations(t, a, plans.get(t.uid) ?? [], plans.get(a.target) ?? [], rng));
    }
  }
  const componentIds = new Map<string, number>();
  const nextComponentId = (uid: string) => {
    const n = (componentIds.get(uid) ?? 0) + 1;
    componentIds.set(uid, n);
    return n;
  };

  /** `{id, documentId}` of the target row a source row links to, as Strapi pairs locales and statuses. */
  const ref = (source: ContentType, target: ContentType, doc: PlannedDocument, locale: string, status: 'draft' | 'published') => {
    const code = target.localized ? (source.localized ? locale : codes[0]) : NONE;
    const ids = doc.ids[code];
    const id = ids ? (target.draftAndPublish ? ids[status] : ids.published) : undefined;
    return id === undefined ? undefined : { id, documentId: doc.documentId };
  };
  const pickMedia = (a: MediaAttribute) => {
    const allowed = media.filter((m) => a.allowedTypes.length === 0 || a.allowedTypes.includes(mediaKind(m.mime)));
    const ref = (m: MediaFile) => ({ id: m.id, documentId: m.documentId, name: m.name, url: m.url, mime: m.mime });
    if (allowed.length === 0) return a.multiple ? [] : null;
    if (a.multiple) return rng.sample(allowed, rng.int(a.required ? 1 : 0, 4)).map(ref);
    return a.required || rng.chance(0.8) ? ref(rng.pick(allowed)) : null;
  };

  /** Values of every attribute in `attributes` that are not relations to rows (those depend on the row). */
  const values = (
    attributes: Attributes,
    code: string,
    serial: number,
    localizedOnly: boolean | undefined,
    inComponent = false,
  ): Snapshot => {
    const out: Snapshot = {};
    const ctx = { rng, pools: poolsOf(code), serial, row: out };
    for (const a of attributes.values()) {
      if (localizedOnly !== undefined && a.localized !== localizedOnly) continue;
      if (a.kind === 'scalar') out[a.name] = a.required || a.unique || rng.chance(0.9) ? scalarValue(a, ctx) : null;
      else if (a.kind === 'media') out[a.name] = pickMedia(a);
      else if (a.kind === 'component') {
        const component = model.components.get(a.component);
        if (!component) continue;
        const one = () => ({ __uid: a.component, ...values(component.attributes, code, serial, undefined, true) });
        if (a.repeatable)
          out[a.name] = Array.from({ length: rng.int(a.min ?? (a.required ? 1 : 0), Math.max(a.min ?? 0, a.max ?? 3)) }, one);
        else out[a.name] = a.required || rng.chance(0.8) ? one() : null;
      } else if (a.kind === 'dynamiczone') {
        const n = rng.int(a.min ?? (a.required ? 1 : 0), Math.max(a.min ?? 0, a.max ?? 3));
        out[a.name] = Array.from({ length: a.components.length ? n : 0 }, () => {
          const uid = rng.pick(a.components);
          const component = model.components.get(uid);
          return { __uid: uid, __component: uid, ...(component ? values(component.attributes, code, serial, undefined, true) : {}) };
        });
      } else if (a.kind === 'relation' && a.owner && localizedOnly === undefined && inComponent) {
        // Inside components links are stored by documentId; any version of the target will do.
        const picked = rng.sample(plans.get(a.target) ?? [], a.toMany ? rng.int(0, 2) : rng.chance(0.8) ? 1 : 0);
        const refs = picked.map((d) => ({
          id: Object.values(d.ids)[0].published ?? Object.values(d.ids)[0].draft,
          documentId: d.documentId,
        }));
        out[a.name] = a.toMany ? refs : (refs[0] ?? null);
      }
    }
    return out;
  };

  /** A copy for one row: fresh component ids (each version owns its component rows), relation picks inside. */
  const materialize = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(materialize);
    if (typeof value !== 'object' || value === null) return value;
    const obj = value as Snapshot;
    if (typeof obj.__uid !== 'string') return value;
    const { __uid: uid, __component: zone, ...rest } = obj;
    const out: Snapshot = { id: nextComponentId(String(uid)) };
    if (zone !== undefined) out.__component = zone;
    for (const [k, v] of Object.entries(rest)) out[k] = materialize(v);
    return out;
  };

  const contentTypes: Record<string, DatasetType> = {};
  for (const type of types) {
    const plan = plans.get(type.uid) ?? [];
    const documents: Record<string, Record<string, Snapshot[] | Snapshot | null>> = {};
    const lists: Record<string, { draft: Snapshot[]; published: Snapshot[] }> = {};
    for (const code of type.localized ? codes : [NONE]) lists[code] = { draft: [], published: [] };
    for (const doc of plan) {
      const created = BASE_TIME + (doc.index + 1) * 60_000;
      const shared = values(type.attributes, codes[0], doc.index, type.localized ? false : undefined);
      doc.locales.forEach((code, li) => {
        const own = type.localized ? values(type.attributes, code, doc.index * codes.length + li, true) : {};
        const base = { ...shared, ...own };
        const updated = created + li * 1000 + rng.int(0, 30) * 86_400_000;
        for (const status of ['draft', 'published'] as const) {
          const id = type.draftAndPublish ? doc.ids[code][status] : doc.ids[code].published;
          if (id === undefined) continue;
          const row: Snapshot = { id, documentId: doc.documentId };
          const edited = status === 'draft' && doc.editedDraft;
          for (const a of type.attributes.values()) {
            if (a.kind !== 'scalar' || a.private) continue;
            row[a.name] =
              edited && a.localized === type.localized && a.type === 'string' && !a.unique && typeof base[a.name] === 'string'
                ? `${String(base[a.name])}${a.maxLength && String(base[a.name]).length + 13 > a.maxLength ? '' : ' (draft edit)'}`
                : base[a.name];
          }
          row.createdAt = iso(created);
          row.updatedAt = iso(edited ? updated + 3_600_000 : updated);
          row.publishedAt = status === 'draft' && type.draftAndPublish ? null : iso(updated);
          if (type.localized) row.locale = code;
          for (const a of type.attributes.values()) {
            if (a.kind === 'scalar' || a.private) continue;
            if (a.kind === 'relation') {
              if (!a.owner) continue;
              const target = model.contentTypes.get(a.target);
              const picked = links.get(`${type.uid}.${a.name}`)?.[doc.index] ?? [];
              const refs = target ? picked.map((t) => ref(type, target, t, code, status)).filter((r) => r !== undefined) : [];
              row[a.name] = a.toMany ? refs : (refs[0] ?? null);
            } else row[a.name] = materialize(base[a.name]);
          }
          const key = type.localized ? code : NONE;
          lists[key][status].push(row);
        }
      });
    }
    for (const [code, byStatus] of Object.entries(lists)) {
      const published = byStatus.published;
      // Without draft & publish Strapi answers status=draft with the same rows.
      const draft = type.draftAndPublish ? byStatus.draft : byStatus.published;
      documents[code] = type.kind === 'singleType' ? { draft: draft[0] ?? null, published: published[0] ?? null } : { draft, published };
    }
    contentTypes[type.uid] = {
      uid: type.uid,
      kind: type.kind,
      singularName: type.singularName,
      pluralName: type.pluralName,
      route: `/api/${type.kind === 'collectionType' ? type.pluralName : type.singularName}`,
      draftAndPublish: type.draftAndPublish,
      localized: type.localized,
      populate: derivePopulate(model, type),
      documents,
    };
  }
  return {
    format: SEED_FORMAT,
    source: `content-mock seed --seed-value ${String(options.seed)}`,
    notes: ['Generated from the schemas. Relations and media inside documents are given as {id, documentId, …} references.'],
    defaultLocale: codes[0],
    locales,
    media,
    contentTypes,
  };
}
