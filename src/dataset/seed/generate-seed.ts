import {
  routedTypes,
  type Attributes,
  type ContentModel,
  type ContentType,
  type MediaAttribute,
  type ScalarAttribute,
} from '../../core/model/types.js';
import { USER_UID } from '../../core/model/built-in-types.js';
import { derivePopulate } from '../format/derive-populate.js';
import { SEED_FORMAT } from '../format/seed-format.js';
import type { Dataset, DatasetType } from '../../core/data/import-dataset.js';
import type { LocaleRecord, MediaFile } from '../../core/data/types.js';
import { mediaKind, mediaLibrary } from './media-library.js';
import { NONE, planDocuments, planRelations, type PlannedDocument } from './plan-documents.js';
import { Rng, seedNumber } from './rng.js';
import { isKeyField, scalarValue, wordsOf } from './scalar-value.js';
import { mediaKindsFor } from './media-kinds.js';
import { wordPools, type WordPools } from './word-pools.js';

// `content-mock seed`: realistic content from the schemas alone, in the seed format, the same for the same seed
// value. Documents get drafts and published versions, translations, components, zones, media and relations; each
// value fits its attribute (see scalar-value.ts) and reads as an editor's would: text in each locale's language,
// optional fields mostly filled, single components present, one to three items where there can be several, media
// of the kinds a field's name implies. Users & permissions users are generated when content links to them, and
// documents pinned in the config's `fixtures` are kept as given.

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
  /** Documents to keep as given (type uid, plural or singular name → attribute values); the rest is generated. */
  readonly fixtures?: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>;
  /** Called before each type is generated (a progress display on long runs). */
  readonly onType?: (type: ContentType, index: number, total: number) => void;
}

/** A fixture that names a type or attribute the schemas do not have. */
export class FixtureError extends RangeError {}

type Snapshot = Record<string, unknown>;
type Status = 'draft' | 'published';
const BASE_TIME = Date.UTC(2025, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const DRAFT_EDIT = ' (draft edit)';
const HEADING_WORDS = ['title', 'name', 'heading', 'headline', 'subtitle', 'label', 'question'];
const isHeading = (a: ScalarAttribute) => wordsOf(a.name).some((w) => HEADING_WORDS.includes(w));

/** How many items a repeatable component or a zone gets: one to three, within the schema's min and max. */
function itemCount(rng: Rng, min: number | undefined, max: number | undefined): number {
  const lo = Math.max(1, min ?? 0);
  const hi = Math.max(lo, Math.min(3, max ?? 3));
  return max !== undefined && max < lo ? max : rng.int(lo, hi);
}

/** Some content type or component links to Users & permissions users. */
function referencesUsers(model: ContentModel): boolean {
  const owners = [...routedTypes(model), ...model.components.values()].map((t) => t.attributes);
  for (const attributes of owners) {
    for (const a of attributes.values()) if (a.kind === 'relation' && a.target === USER_UID) return true;
  }
  return false;
}

export function generateSeed(model: ContentModel, options: SeedOptions): Dataset {
  return new SeedGenerator(model, options).dataset();
}

class SeedGenerator {
  private readonly rng: Rng;
  private readonly codes: readonly string[];
  private readonly pools = new Map<string, WordPools>();
  private readonly locales: LocaleRecord[];
  private readonly media: MediaFile[];
  private readonly types: ContentType[];
  private readonly fixtures: ReadonlyMap<string, readonly Readonly<Snapshot>[]>;
  private readonly plans = new Map<string, PlannedDocument[]>();
  private readonly links = new Map<string, PlannedDocument[][]>();
  private readonly componentIds = new Map<string, number>();
  private readonly taken = new Map<ScalarAttribute, Set<string>>();

  constructor(
    private readonly model: ContentModel,
    private readonly options: SeedOptions,
  ) {
    const seed = seedNumber(options.seed);
    this.rng = new Rng(seed);
    this.codes = options.locales.length ? options.locales : [model.defaultLocale];
    this.codes.forEach((code, i) => this.pools.set(code, wordPools(code, seed + i)));
    this.locales = this.localeRecords();
    this.media = mediaLibrary(options.mediaCount ?? 12, this.rng, this.poolsOf(this.codes[0]), (i) => iso(BASE_TIME + i * 1000));
    // Users only where content links to them: a project that never references a user has none to seed (nor push).
    const users = model.contentTypes.get(USER_UID);
    this.types = [...routedTypes(model), ...(users && referencesUsers(model) ? [users] : [])];
    this.fixtures = this.readFixtures();
    this.planDocuments();
    this.planLinks();
  }

  dataset(): Dataset {
    const contentTypes: Record<string, DatasetType> = {};
    this.types.forEach((type, i) => {
      this.options.onType?.(type, i, this.types.length);
      contentTypes[type.uid] = this.datasetType(type);
    });
    return {
      format: SEED_FORMAT,
      source: `content-mock seed --seed-value ${String(this.options.seed)}`,
      notes: ['Generated from the schemas. Relations and media inside documents are given as {id, documentId, …} references.'],
      defaultLocale: this.codes[0],
      locales: this.locales,
      media: this.media,
      contentTypes,
    };
  }

  private poolsOf(code: string): WordPools {
    return this.pools.get(code) ?? (this.pools.get(this.codes[0]) as WordPools);
  }

  private localeRecords(): LocaleRecord[] {
    const names = new Intl.DisplayNames(['en'], { type: 'language' });
    return this.codes.map((code, i) => {
      const t = iso(BASE_TIME - (this.codes.length - i) * 60_000);
      return {
        id: i + 1,
        documentId: this.rng.documentId(),
        name: `${names.of(code) ?? code} (${code})`,
        code,
        createdAt: t,
        updatedAt: t,
        publishedAt: t,
        isDefault: i === 0,
      };
    });
  }

  /** The config's fixtures by type uid; a type or attribute the schemas lack is the user's mistake to hear about. */
  private readFixtures(): Map<string, readonly Readonly<Snapshot>[]> {
    const out = new Map<string, readonly Readonly<Snapshot>[]>();
    for (const [key, docs] of Object.entries(this.options.fixtures ?? {})) {
      const type = this.types.find((t) => t.uid === key || t.pluralName === key || t.singularName === key);
      if (!type) throw new FixtureError(`fixtures["${key}"]: the schemas define no such content type`);
      for (const [i, doc] of docs.entries()) {
        for (const name of Object.keys(doc)) {
          if (name !== 'documentId' && !type.attributes.has(name))
            throw new FixtureError(`fixtures["${key}"][${i}].${name}: ${type.uid} has no such attribute`);
        }
      }
      out.set(type.uid, docs);
    }
    return out;
  }

  private countOf(t: ContentType): number {
    if (t.kind === 'singleType') return 1;
    const { counts, count } = this.options;
    const asked = counts?.[t.uid] ?? counts?.[t.pluralName] ?? counts?.[t.singularName] ?? count;
    return Math.max(asked, this.fixtures.get(t.uid)?.length ?? 0);
  }

  /** Which documents exist, in which locales and statuses, with which ids: all before any value, for relations. */
  private planDocuments(): void {
    for (const t of this.types) {
      const pinned = this.fixtures.get(t.uid) ?? [];
      const plan = planDocuments(t, this.countOf(t), this.codes, this.rng, pinned.length);
      // A pinned documentId stays; everything that refers to the document uses it.
      this.plans.set(
        t.uid,
        plan.map((doc, i) => (typeof pinned[i]?.documentId === 'string' ? { ...doc, documentId: String(pinned[i].documentId) } : doc)),
      );
    }
  }

  /** Owning-side links, per type and attribute, as document picks. */
  private planLinks(): void {
    for (const t of this.types) {
      for (const a of t.attributes.values()) {
        if (a.kind === 'relation' && a.owner)
          this.links.set(`${t.uid}.${a.name}`, planRelations(t, a, this.plans.get(t.uid) ?? [], this.plans.get(a.target) ?? [], this.rng));
      }
    }
  }

  private datasetType(type: ContentType): DatasetType {
    const lists: Record<string, { draft: Snapshot[]; published: Snapshot[] }> = {};
    for (const code of type.localized ? this.codes : [NONE]) lists[code] = { draft: [], published: [] };
    for (const doc of this.plans.get(type.uid) ?? []) {
      for (const { key, status, row } of this.rowsOf(type, doc)) lists[key][status].push(row);
    }
    const documents: Record<string, Record<string, Snapshot[] | Snapshot | null>> = {};
    for (const [code, byStatus] of Object.entries(lists)) {
      const published = byStatus.published;
      // Without draft & publish Strapi answers status=draft with the same rows.
      const draft = type.draftAndPublish ? byStatus.draft : byStatus.published;
      documents[code] = type.kind === 'singleType' ? { draft: draft[0] ?? null, published: published[0] ?? null } : { draft, published };
    }
    return {
      uid: type.uid,
      kind: type.kind,
      singularName: type.singularName,
      pluralName: type.pluralName,
      route: `/api/${type.kind === 'collectionType' ? type.pluralName : type.singularName}`,
      draftAndPublish: type.draftAndPublish,
      localized: type.localized,
      populate: derivePopulate(this.model, type),
      documents,
    };
  }

  /** Every row of one document: per locale, its draft and published versions. */
  private *rowsOf(type: ContentType, doc: PlannedDocument): Generator<{ key: string; status: Status; row: Snapshot }> {
    const created = BASE_TIME + (doc.index + 1) * 60_000;
    const fixture = this.fixtures.get(type.uid)?.[doc.index];
    const shared = this.values(type.attributes, type.singularName, this.codes[0], doc.index, type.localized ? false : undefined);
    for (const [li, code] of doc.locales.entries()) {
      const own = type.localized ? this.values(type.attributes, type.singularName, code, doc.index * this.codes.length + li, true) : {};
      const base = { ...shared, ...own, ...this.builtInValues(type), ...this.fixtureValues(type, fixture) };
      const updated = created + li * 1000 + this.rng.int(0, 30) * 86_400_000;
      for (const status of ['draft', 'published'] as const) {
        const id = type.draftAndPublish ? doc.ids[code][status] : doc.ids[code].published;
        if (id === undefined) continue;
        const edited = status === 'draft' && doc.editedDraft;
        const row: Snapshot = { id, documentId: doc.documentId, ...this.scalarsOf(type, base, edited) };
        row.createdAt = iso(created);
        row.updatedAt = iso(edited ? updated + 3_600_000 : updated);
        row.publishedAt = status === 'draft' && type.draftAndPublish ? null : iso(updated);
        if (type.localized) row.locale = code;
        Object.assign(row, this.linksOf(type, doc, base, code, status));
        yield { key: type.localized ? code : NONE, status, row };
      }
    }
  }

  /** The scalar values of a row; a draft edited after publishing shows a marked title. */
  private scalarsOf(type: ContentType, base: Snapshot, edited: boolean): Snapshot {
    const out: Snapshot = {};
    for (const a of type.attributes.values()) {
      if (a.kind !== 'scalar' || a.private) continue;
      const v = base[a.name];
      // Only a heading shows the edit: a path, a URL or a colour with a note appended would no longer be one.
      const editable =
        edited && a.localized === type.localized && a.type === 'string' && !a.unique && !a.regex && typeof v === 'string' && isHeading(a);
      out[a.name] = editable && (a.maxLength === undefined || v.length + DRAFT_EDIT.length <= a.maxLength) ? v + DRAFT_EDIT : v;
    }
    return out;
  }

  /** Relations (as picked in planLinks), media, components and zones of a row. */
  private linksOf(type: ContentType, doc: PlannedDocument, base: Snapshot, code: string, status: Status): Snapshot {
    const out: Snapshot = {};
    for (const a of type.attributes.values()) {
      if (a.kind === 'scalar' || a.private) continue;
      if (a.kind === 'relation') {
        if (!a.owner) continue;
        const target = this.model.contentTypes.get(a.target);
        const picked = this.links.get(`${type.uid}.${a.name}`)?.[doc.index] ?? [];
        const refs = target ? picked.map((t) => this.ref(type, target, t, code, status)).filter((r) => r !== undefined) : [];
        out[a.name] = a.toMany ? refs : (refs[0] ?? null);
      } else out[a.name] = this.materialize(base[a.name]);
    }
    return out;
  }

  /** What a user row holds that no name tells: a local provider, confirmed, not blocked. */
  private builtInValues(type: ContentType): Snapshot {
    if (type.uid !== USER_UID) return {};
    return { provider: 'local', confirmed: true, blocked: false };
  }

  private fixtureValues(type: ContentType, fixture: Readonly<Snapshot> | undefined): Snapshot {
    if (!fixture) return {};
    const out: Snapshot = {};
    for (const [name, value] of Object.entries(fixture)) if (type.attributes.has(name)) out[name] = value;
    return out;
  }

  /** `{id, documentId}` of the target row a source row links to, as Strapi pairs locales and statuses. */
  private ref(source: ContentType, target: ContentType, doc: PlannedDocument, locale: string, status: Status) {
    const code = target.localized ? (source.localized ? locale : this.codes[0]) : NONE;
    const ids = doc.ids[code];
    const id = ids ? (target.draftAndPublish ? ids[status] : ids.published) : undefined;
    return id === undefined ? undefined : { id, documentId: doc.documentId };
  }

  private pickMedia(a: MediaAttribute) {
    const { rng } = this;
    const kinds = mediaKindsFor(a);
    const allowed = this.media.filter((m) => kinds.includes(mediaKind(m.mime)));
    const ref = (m: MediaFile) => ({ id: m.id, documentId: m.documentId, name: m.name, url: m.url, mime: m.mime });
    if (allowed.length === 0) return a.multiple ? [] : null;
    if (a.multiple) return rng.sample(allowed, rng.int(1, 3)).map(ref);
    return a.required || rng.chance(0.95) ? ref(rng.pick(allowed)) : null;
  }

  /** Values of every attribute in `attributes` that are not relations to rows (those depend on the row). */
  private values(
    attributes: Attributes,
    owner: string,
    code: string,
    serial: number,
    localizedOnly: boolean | undefined,
    inComponent = false,
  ): Snapshot {
    const { rng } = this;
    const out: Snapshot = {};
    const ctx = { rng, pools: this.poolsOf(code), serial, row: out, taken: (a: ScalarAttribute) => this.takenOf(a), owner: wordsOf(owner) };
    for (const a of attributes.values()) {
      if (localizedOnly !== undefined && a.localized !== localizedOnly) continue;
      if (a.kind === 'scalar') out[a.name] = a.required || a.unique || isKeyField(a) || rng.chance(0.95) ? scalarValue(a, ctx) : null;
      else if (a.kind === 'media') out[a.name] = this.pickMedia(a);
      else if (a.kind === 'component') {
        const component = this.model.components.get(a.component);
        if (!component) continue;
        const one = () => ({ __uid: a.component, ...this.values(component.attributes, a.component, code, serial, undefined, true) });
        // An editor fills what the page shows: one component always (a navbar, a footer, an SEO block), one to
        // three of a repeatable one, within its min and max.
        if (a.repeatable) out[a.name] = Array.from({ length: itemCount(rng, a.min, a.max) }, one);
        else out[a.name] = one();
      } else if (a.kind === 'dynamiczone') {
        const n = itemCount(rng, a.min, a.max);
        out[a.name] = Array.from({ length: a.components.length ? n : 0 }, () => {
          const uid = rng.pick(a.components);
          const component = this.model.components.get(uid);
          const values = component ? this.values(component.attributes, uid, code, serial, undefined, true) : {};
          return { __uid: uid, __component: uid, ...values };
        });
      } else if (a.kind === 'relation' && a.owner && localizedOnly === undefined && inComponent) {
        // Inside components links are stored by documentId; any version of the target will do.
        const picked = rng.sample(this.plans.get(a.target) ?? [], a.toMany ? rng.int(1, 3) : rng.chance(0.95) ? 1 : 0);
        const refs = picked.map((d) => ({
          id: Object.values(d.ids)[0].published ?? Object.values(d.ids)[0].draft,
          documentId: d.documentId,
        }));
        out[a.name] = a.toMany ? refs : (refs[0] ?? null);
      }
    }
    return out;
  }

  private takenOf(a: ScalarAttribute): Set<string> {
    let set = this.taken.get(a);
    if (!set) this.taken.set(a, (set = new Set()));
    return set;
  }

  /** A copy for one row: fresh component ids (each version owns its component rows), relation picks inside. */
  private materialize(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.materialize(v));
    if (typeof value !== 'object' || value === null) return value;
    const obj = value as Snapshot;
    if (typeof obj.__uid !== 'string') return value;
    const { __uid: uid, __component: zone, ...rest } = obj;
    const n = (this.componentIds.get(String(uid)) ?? 0) + 1;
    this.componentIds.set(String(uid), n);
    const out: Snapshot = { id: n };
    if (zone !== undefined) out.__component = zone;
    for (const [k, v] of Object.entries(rest)) out[k] = this.materialize(v);
    return out;
  }
}
