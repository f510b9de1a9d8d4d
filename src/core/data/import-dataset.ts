import type { Attribute, Attributes, ComponentSchema, ContentModel, ContentType, Locale } from '../model/types.js';
import type { ComponentValue, LocaleRecord, MediaFile, Row, StoreData } from './types.js';
import { isPlainObject } from '../is-plain-object.js';
import { refsOf } from './content-index.js';
import { setLinkLocale } from './link-locale.js';
import { setLinkRank } from './link-order.js';
import { setLinkVersion, type LinkVersion } from './link-version.js';
import { DeferredValues, isDeferrable } from './deferred-values.js';

// The seed format is a Strapi 5 export as the REST API shows it (the conformance kit's dataset.json, and what
// `content-mock pull` writes): per content type, per locale ("*none*" when not localized) and status, the full
// documents with one level of relations populated. Importing turns those snapshots back into stored rows.

export interface Dataset {
  format?: string;
  defaultLocale?: string;
  locales?: LocaleRecord[];
  media?: MediaFile[];
  contentTypes: Record<string, DatasetType>;
  [key: string]: unknown;
}

export interface DatasetType {
  uid?: string;
  pluralName?: string;
  singularName?: string;
  documents: DatasetDocuments;
  [key: string]: unknown;
}

/** Per locale (or "*none*"), per status: a list (collection types) or one document or null (single types). */
export type DatasetDocuments = Record<string, Record<string, Snapshot[] | Snapshot | null>> | Snapshot[];
type Snapshot = Record<string, unknown>;

/** The timestamp a snapshot without one gets (a constant: computed once, not per imported document). */
const EPOCH = new Date(0).toISOString();


export class DatasetError extends Error {
  override readonly name = 'DatasetError';
}

/** Checks the outline of a seed file before import, so a wrong file fails with a reason and not a crash. */
export function assertDataset(value: unknown, file: string): asserts value is Dataset {
  if (!isPlainObject(value)) throw new DatasetError(`${file}: a seed file must be a JSON object`);
  if (!isPlainObject(value.contentTypes)) throw new DatasetError(`${file}: missing "contentTypes" object (see "The seed format" in docs/configuration.md)`);
  for (const [uid, t] of Object.entries(value.contentTypes)) {
    if (!isPlainObject(t) || (!isPlainObject(t.documents) && !Array.isArray(t.documents))) {
      throw new DatasetError(`${file}: contentTypes["${uid}"].documents must be an object per locale and status, or a list`);
    }
  }
  if (value.media !== undefined && !Array.isArray(value.media)) throw new DatasetError(`${file}: "media" must be a list of files`);
  if (value.locales !== undefined && !Array.isArray(value.locales)) throw new DatasetError(`${file}: "locales" must be a list`);
}

/** Locales a dataset declares, for the model (the REST API has them; schemas do not). */
export function datasetLocales(dataset: Dataset): Locale[] {
  return (dataset.locales ?? []).map((l) => ({ code: l.code, name: l.name, isDefault: l.isDefault || l.code === dataset.defaultLocale }));
}

export function emptyStore(model: ContentModel): StoreData {
  const now = EPOCH;
  return {
    format: 'content-mock-store/1',
    types: Object.fromEntries([...model.contentTypes.keys()].map((uid) => [uid, []])),
    media: [],
    locales: model.locales.map((l, i) => ({
      id: i + 1,
      documentId: `locale${l.code.replace(/[^a-z0-9]/gi, '').toLowerCase().padEnd(16, '0').slice(0, 16)}${String(i + 1).padStart(3, '0')}`,
      name: l.name,
      code: l.code,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      isDefault: l.isDefault,
    })),
    sequences: {},
  };
}

/**
 * Turns a seed into stored rows. Types the schemas do not define are skipped with a warning: a seed pulled before a
 * type was removed (or a hot reload that removed one) still loads everything else.
 */
export function importDataset(model: ContentModel, dataset: Dataset, warn: (message: string) => void = () => {}): StoreData {
  const importer = new DatasetImporter(model, warn);
  importer.setLocales(dataset.locales);
  importer.addMedia(dataset.media ?? []);
  for (const [key, entry] of Object.entries(dataset.contentTypes)) {
    const type = importer.typeFor(key, entry);
    if (type) for (const snap of snapshotsOf(entry.documents)) importer.addSnapshot(type, snap);
  }
  return importer.finish();
}

/**
 * Builds a store from a seed piece by piece (locales, the media library, then one document snapshot at a time), so
 * a large seed file can be read without holding all of it in memory (see read-seed-file.ts).
 */
export class DatasetImporter {
  private readonly store: StoreData;
  private readonly media = new Map<number, MediaFile>();
  private readonly byName = new Map<string, ContentType>();
  private readonly rows = new Map<string, Map<number, Row>>();
  private readonly inverseRanks: { ownerUid: string; attribute: string; ownerId: number; target: string; rank: number }[] = [];
  /** Links of rows without draft & publish to draft & publish targets: the versions each snapshot showed linked. */
  private readonly seenVersions = new Map<Row, { snapshots: number; links: Map<string, Set<LinkVersion>> }>();
  /** A component's sequence name, built once per component rather than once per imported item. */
  private readonly componentTables = new Map<string, string>();
  /** Per type: a row whose copy starts each new row, and the function that copies it (see newRow). */
  private readonly templates = new Map<string, { row: Row; copy: (template: Row) => Row }>();
  /** Rows whose snapshot had no createdAt (a server that hides it: `responses.privateAttributes`), by type uid. */
  private readonly undated = new Map<string, Row[]>();
  /**
   * One string per documentId linked to: each snapshot shows its related documents again, and a row that keeps
   * every link's id as a copy of its own holds the same 24 characters thousands of times (100k articles: ~35 MB).
   */
  private readonly linkedIds = new Map<string, string>();
  private deferredValues: DeferredValues | undefined;

  constructor(
    private readonly model: ContentModel,
    private readonly warn: (message: string) => void = () => {},
  ) {
    this.store = emptyStore(model);
    for (const ct of model.contentTypes.values()) {
      this.byName.set(ct.uid, ct);
      this.byName.set(ct.pluralName, ct);
      this.byName.set(ct.singularName, ct);
    }
  }

  setLocales(locales: readonly LocaleRecord[] | undefined): void {
    if (locales?.length) this.store.locales = locales.map((l) => ({ ...l }));
  }

  /** The media library; call before the documents, whose populated files only fill gaps in it. */
  addMedia(files: readonly MediaFile[]): void {
    for (const m of files) this.media.set(m.id, { ...m });
  }

  /** The content type a seed entry stands for (by uid, plural or singular name), or undefined with a warning. */
  typeFor(key: string, entry: { uid?: string; pluralName?: string }): ContentType | undefined {
    const type = this.byName.get(entry.uid ?? key) ?? this.byName.get(key) ?? (entry.pluralName ? this.byName.get(entry.pluralName) : undefined);
    if (!type) this.warn(`seed has content type "${entry.uid ?? key}", which the schemas do not define; its documents are skipped`);
    return type;
  }

  /** Imports one snapshot; returns the row it made (undefined: the row of an id seen before, kept as it was). */
  addSnapshot(type: ContentType, snap: Snapshot): Row | undefined {
    if (typeof snap.id !== 'number' || typeof snap.documentId !== 'string') {
      throw new DatasetError(`seed ${type.uid}: every document needs a numeric "id" and a "documentId"`);
    }
    let rows = this.rows.get(type.uid);
    if (!rows) this.rows.set(type.uid, (rows = new Map()));
    this.noteInverseOrder(type, snap);
    // Types without draft & publish list the same row under both statuses (a type with it repeating an id: the
    // first snapshot's row; link versions are a holder's without draft & publish, see noteLinkVersions).
    const known = rows.get(snap.id);
    if (known) {
      if (!type.draftAndPublish) this.noteLinkVersions(type, known, snap);
      return undefined;
    }
    const row = this.newRow(type, snap);
    rows.set(row.id, row);
    this.bump(type.uid, row.id);
    if (!type.draftAndPublish) this.noteLinkVersions(type, row, snap);
    return row;
  }

  /**
   * Rows (each made by addSnapshot) whose deferrable members (see isDeferrable) were set apart from their snapshot
   * as text: `read(i)` parses row i's. They are built as the import would have built them, now (`lazy` false) or
   * when `deferred()` is told to.
   */
  addDeferred(type: ContentType, rows: readonly Row[], read: (i: number) => Snapshot, lazy: boolean): void {
    if (!lazy) {
      for (let i = 0; i < rows.length; i++) this.buildDeferred(type, rows[i], read(i));
      return;
    }
    this.deferredValues ??= new DeferredValues(
      (t, row, members) => this.buildDeferred(t, row, members),
      () => this.deferredDone(),
    );
    this.deferredValues.add(type, rows, read);
  }

  /** The values still waiting as text once the import is finished (undefined: none). */
  deferred(): DeferredValues | undefined {
    return this.deferredValues;
  }

  private buildDeferred(type: ContentType, row: Row, members: Snapshot): void {
    for (const attribute of type.attributes.values()) {
      // a member the snapshot did not give keeps what an absent one gave the row
      if (isDeferrable(attribute) && Object.hasOwn(members, attribute.name)) this.convertAttribute(attribute, members[attribute.name], row, type.localized);
    }
  }

  /** Every deferred value built: the files they showed join the media library, as an import in one go adds them. */
  private deferredDone(): void {
    const media = this.store.media;
    if (this.media.size === media.length) return;
    const known = new Set(media.map((m) => m.id));
    for (const [id, file] of this.media) if (!known.has(id)) media.push(file);
    media.sort((a, b) => a.id - b.id);
    for (const m of media) this.bump('media', m.id);
  }

  /**
   * A stored row built from a snapshot. Attributes added one by one under computed names leave V8 a slow (dictionary)
   * object past a dozen of them; rows need one shape per type, so each read of a column in a filter, sort or render
   * is a fast property load (it made a cold filter over 10,000 rows several times faster). The first row of a type is
   * built so and copied into a template; every row then starts as a copy of the template and only overwrites its
   * values, which spares a dictionary and a copy per row (a fifth of the import at 10k articles).
   */
  private newRow(type: ContentType, snap: Snapshot): Row {
    const template = this.templates.get(type.uid);
    const row: Row = template ? template.copy(template.row) : { id: 0, documentId: '', createdAt: EPOCH, updatedAt: EPOCH, publishedAt: null };
    row.id = snap.id as number;
    row.documentId = snap.documentId as string;
    row.createdAt = typeof snap.createdAt === 'string' ? snap.createdAt : EPOCH;
    if (typeof snap.createdAt !== 'string') this.noteUndated(type.uid, row);
    // most rows were never edited: one string for both dates, not two copies of the same text (100k articles: ~15 MB)
    row.updatedAt = typeof snap.updatedAt === 'string' ? (snap.updatedAt === row.createdAt ? row.createdAt : snap.updatedAt) : EPOCH;
    row.publishedAt = typeof snap.publishedAt === 'string' ? snap.publishedAt : type.draftAndPublish ? null : EPOCH;
    if (type.localized) row.locale = typeof snap.locale === 'string' ? snap.locale : this.model.defaultLocale;
    this.convertAttributes(type.attributes, snap, row, type.localized);
    if (template) return row;
    // Every row of a type gets the same keys in the same order (convertAttributes sets each attribute's), except the
    // locale notes of a type without i18n linking a localized one: those rows are built apart, notes where they fall.
    if (this.notesLocales(type)) return { ...row };
    this.templates.set(type.uid, { row: { ...row }, copy: copierOf(Object.keys(row)) });
    // built again from the template, as every later row of its type is
    return this.newRow(type, snap);
  }

  /** Whether a type's rows may get locale notes beside their links (see link-locale.ts). */
  private notesLocales(type: ContentType): boolean {
    if (type.localized) return false;
    for (const a of type.attributes.values()) if (a.kind === 'relation' && a.owner && this.model.contentTypes.get(a.target)?.localized) return true;
    return false;
  }

  /**
   * A type without draft & publish links each version of a draft & publish target on its own (link-version.ts): its
   * draft view shows the links to draft versions, its published view those to published versions. A link only one
   * view shows joins that version only; it is noted once both views were read.
   */
  private noteLinkVersions(type: ContentType, row: Row, snap: Snapshot): void {
    let seen = this.seenVersions.get(row);
    if (!seen) this.seenVersions.set(row, (seen = { snapshots: 0, links: new Map() }));
    seen.snapshots++;
    for (const attribute of type.attributes.values()) {
      if (attribute.kind !== 'relation' || !attribute.owner || !this.model.contentTypes.get(attribute.target)?.draftAndPublish) continue;
      const v = snap[attribute.name];
      for (const t of (Array.isArray(v) ? v : v ? [v] : []).filter(isPlainObject)) {
        if (!('publishedAt' in t)) continue;
        const documentId = String(t.documentId);
        const key = `${attribute.name}\u0000${documentId}`;
        const versions = seen.links.get(key) ?? new Set<LinkVersion>();
        versions.add(t.publishedAt === null ? 'draft' : 'published');
        seen.links.set(key, versions);
        const current = refsOf(row[attribute.name]);
        if (!current.includes(documentId) && (attribute.toMany || current.length === 0))
          row[attribute.name] = attribute.toMany ? [...current, documentId] : documentId;
      }
    }
  }

  /**
   * An inverse-side list in a snapshot (a category's articles) is in Strapi's join-table order: the order its links
   * were made in. It is kept as the links' ranks, so the mock lists them the same way (see link-order.ts).
   */
  private noteInverseOrder(type: ContentType, snap: Snapshot): void {
    for (const attribute of type.attributes.values()) {
      if (attribute.kind !== 'relation' || attribute.owner || !attribute.mappedBy || !attribute.toMany) continue;
      const owners = snap[attribute.name];
      if (!Array.isArray(owners)) continue;
      owners.forEach((owner, rank) => {
        if (isPlainObject(owner) && typeof owner.id === 'number') {
          this.inverseRanks.push({ ownerUid: attribute.target, attribute: attribute.mappedBy!, ownerId: owner.id, target: String(snap.documentId), rank });
        }
      });
    }
  }

  finish(): StoreData {
    for (const [row, { snapshots, links }] of this.seenVersions) {
      if (snapshots < 2) continue;
      for (const [key, versions] of links) {
        const [attribute, documentId] = key.split('\u0000');
        if (versions.size === 1) setLinkVersion(row, attribute, documentId, [...versions][0]);
      }
    }
    for (const [uid, rows] of this.rows) this.store.types[uid] = [...rows.values()].sort((a, b) => a.id - b.id);
    this.dateUndated();
    this.store.media = [...this.media.values()].sort((a, b) => a.id - b.id);
    for (const m of this.store.media) this.bump('media', m.id);
    // (values still waiting are told no more come: all built already, they are done now)
    this.deferredValues?.seal();
    for (const { ownerUid, attribute, ownerId, target, rank } of this.inverseRanks) {
      const owner = this.rows.get(ownerUid)?.get(ownerId);
      if (owner && refsOf(owner[attribute]).includes(target)) setLinkRank(this.store, ownerUid, attribute, owner, target, rank + 1);
    }
    return this.store;
  }

  private noteUndated(uid: string, row: Row): void {
    const rows = this.undated.get(uid);
    if (rows) rows.push(row);
    else this.undated.set(uid, [row]);
  }

  /**
   * Rows imported without timestamps all had the same (the epoch), so an order by createdAt (a project's
   * `orderBy: { createdAt: 'desc' }`) was the ids' whatever the direction. Strapi numbers rows as documents are
   * created, and every version of a document (in one locale) shares its createdAt: each undated document gets the
   * epoch plus its first row id in milliseconds, so the creation order survives a pull from a server that hides the
   * timestamps.
   */
  private dateUndated(): void {
    for (const [, rows] of this.undated) {
      // a locale is created on its own (later than the document's first): its versions share its first row's
      const key = (row: Row) => `${row.documentId}\u0000${row.locale ?? ''}`;
      const first = new Map<string, number>();
      for (const row of rows) first.set(key(row), Math.min(first.get(key(row)) ?? row.id, row.id));
      for (const row of rows) {
        const stamp = new Date(first.get(key(row))!).toISOString();
        if (row.updatedAt === row.createdAt) row.updatedAt = stamp;
        row.createdAt = stamp;
      }
    }
  }

  private componentTable(uid: string): string {
    let table = this.componentTables.get(uid);
    if (table === undefined) this.componentTables.set(uid, (table = `component:${uid}`));
    return table;
  }

  private bump(table: string, id: unknown): void {
    if (typeof id === 'number' && id > (this.store.sequences[table] ?? 0)) this.store.sequences[table] = id;
  }

  private linkedId(documentId: string): string {
    const known = this.linkedIds.get(documentId);
    if (known !== undefined) return known;
    this.linkedIds.set(documentId, documentId);
    return documentId;
  }

  private convertAttributes(attributes: Attributes, snap: Snapshot, out: Record<string, unknown>, localized: boolean): void {
    for (const attribute of attributes.values()) this.convertAttribute(attribute, snap[attribute.name], out, localized);
  }

  // Each kind's conversion is a method of its own, without closures or lists made only to be walked: this runs once
  // per attribute of every imported row (100k articles: 2.4 million times), and a closure over its parameters made
  // every call allocate a context (the import allocated 1.6 GB, 0.7 GB of it here; 1.0 GB now).
  private convertAttribute(attribute: Attribute, v: unknown, out: Record<string, unknown>, localized: boolean): void {
    switch (attribute.kind) {
      case 'scalar':
        out[attribute.name] = v === undefined ? null : v;
        break;
      case 'media':
        out[attribute.name] = this.mediaValue(attribute.multiple, v);
        break;
      case 'relation':
        if (attribute.owner) this.relationValue(attribute, v, out, localized);
        break;
      case 'component':
        this.componentValue(attribute.component, attribute.repeatable, attribute.name, v, out, localized);
        break;
      case 'dynamiczone':
        out[attribute.name] = this.zoneValue(v, localized);
        break;
    }
  }

  /** A media attribute's file ids (each file joins the library the first time it is shown). */
  private mediaValue(multiple: boolean, v: unknown): number | number[] | null {
    const ids: number[] = [];
    if (Array.isArray(v)) for (const f of v) this.mediaFile(f, ids);
    else if (v) this.mediaFile(v, ids);
    return multiple ? ids : (ids[0] ?? null);
  }

  private mediaFile(f: unknown, ids: number[]): void {
    if (!isPlainObject(f)) return;
    if (typeof f.id === 'number' && !this.media.has(f.id)) this.media.set(f.id, f as unknown as MediaFile);
    ids.push(f.id as number);
  }

  /** An owning relation's linked documentIds (each once, in order), with the locale notes of a holder without i18n. */
  private relationValue(attribute: Extract<Attribute, { kind: 'relation' }>, v: unknown, out: Record<string, unknown>, localized: boolean): void {
    if (!Array.isArray(v)) {
      // one related document (no list made for it: most relations of most rows are these)
      const documentId = isPlainObject(v) ? this.linkedId(String(v.documentId)) : null;
      out[attribute.name] = attribute.toMany ? (documentId === null ? [] : [documentId]) : documentId;
    } else {
      const docs: string[] = [];
      for (const t of v) {
        if (!isPlainObject(t)) continue;
        const documentId = this.linkedId(String(t.documentId));
        if (!docs.includes(documentId)) docs.push(documentId);
      }
      out[attribute.name] = attribute.toMany ? docs : (docs[0] ?? null);
    }
    // A holder without i18n links one locale row of a localized target: the snapshot shows which.
    if (localized || !v || !this.model.contentTypes.get(attribute.target)?.localized) return;
    for (const t of Array.isArray(v) ? v : [v]) {
      if (isPlainObject(t) && typeof t.locale === 'string' && t.locale !== this.model.defaultLocale)
        setLinkLocale(out, attribute.name, String(t.documentId), t.locale);
    }
  }

  private componentValue(uid: string, repeatable: boolean, name: string, v: unknown, out: Record<string, unknown>, localized: boolean): void {
    const component = this.model.components.get(uid);
    if (!component) return;
    if (!repeatable) {
      out[name] = this.componentItem(component, v, localized);
      return;
    }
    const items: ComponentValue[] = [];
    if (Array.isArray(v))
      for (const c of v) {
        const item = this.componentItem(component, c, localized);
        if (item !== null) items.push(item);
      }
    out[name] = items;
  }

  private componentItem(component: ComponentSchema, c: unknown, localized: boolean): ComponentValue | null {
    if (!isPlainObject(c)) return null;
    this.bump(this.componentTable(component.uid), c.id);
    const value: ComponentValue = { id: Number(c.id) };
    this.convertAttributes(component.attributes, c, value, localized);
    return value;
  }

  private zoneValue(v: unknown, localized: boolean): ComponentValue[] {
    const entries: ComponentValue[] = [];
    if (!Array.isArray(v)) return entries;
    for (const e of v) {
      if (!isPlainObject(e)) continue;
      const component = this.model.components.get(String(e.__component));
      // the model's own string: each entry's copy of its name would be kept once per entry
      const uid = component?.uid ?? String(e.__component);
      this.bump(this.componentTable(uid), e.id);
      const value: ComponentValue = { id: Number(e.id), __component: uid };
      if (component) this.convertAttributes(component.attributes, e, value, localized);
      entries.push(value);
    }
    return entries;
  }
}

/**
 * A function that copies a type's template row (its keys, in order) as one object literal. Copying onto `{}` (Object
 * assign) grew each row's property store a few times over; a spread copy keeps the template's hidden class, which
 * V8 replaces as columns change representation (an int rating then a decimal one), so rows ended on several shapes.
 * A literal gives every row one shape, in a single allocation (100k articles: rows allocate 54 MB instead of 199).
 */
function copierOf(keys: readonly string[]): (template: Row) => Row {
  const assign = (template: Row) => Object.assign({}, template);
  // (a literal's "__proto__" member would set the prototype, not a key)
  if (keys.includes('__proto__')) return assign;
  // keys written as JSON strings are valid JS string literals, whatever a schema names its attributes
  const members = keys.map((k) => `${JSON.stringify(k)}: t[${JSON.stringify(k)}]`).join(', ');
  try {
    return new Function('t', `return { ${members} };`) as (template: Row) => Row;
  } catch {
    // code from strings refused (node --disallow-code-generation-from-strings)
    return assign;
  }
}

function snapshotsOf(documents: DatasetDocuments): Snapshot[] {
  if (Array.isArray(documents)) return documents.filter(isPlainObject);
  const out: Snapshot[] = [];
  for (const byStatus of Object.values(documents)) {
    if (!isPlainObject(byStatus)) continue;
    for (const docs of Object.values(byStatus)) {
      if (Array.isArray(docs)) out.push(...docs.filter(isPlainObject));
      else if (isPlainObject(docs)) out.push(docs);
    }
  }
  return out;
}
