import type { Attributes, ContentModel, ContentType, Locale } from '../model/types.js';
import type { ComponentValue, LocaleRecord, MediaFile, Row, StoreData } from './types.js';

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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class DatasetError extends Error {
  override readonly name = 'DatasetError';
}

/** Checks the outline of a seed file before import, so a wrong file fails with a reason and not a crash. */
export function assertDataset(value: unknown, file: string): asserts value is Dataset {
  if (!isObject(value)) throw new DatasetError(`${file}: a seed file must be a JSON object`);
  if (!isObject(value.contentTypes)) throw new DatasetError(`${file}: missing "contentTypes" object (see the seed format in the README)`);
  for (const [uid, t] of Object.entries(value.contentTypes)) {
    if (!isObject(t) || (!isObject(t.documents) && !Array.isArray(t.documents))) {
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
  const now = new Date(0).toISOString();
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
  const store = emptyStore(model);
  if (dataset.locales?.length) store.locales = dataset.locales.map((l) => ({ ...l }));
  const media = new Map<number, MediaFile>();
  for (const m of dataset.media ?? []) media.set(m.id, { ...m });
  const bump = (table: string, id: unknown) => {
    if (typeof id === 'number' && id > (store.sequences[table] ?? 0)) store.sequences[table] = id;
  };

  const byName = new Map<string, ContentType>();
  for (const ct of model.contentTypes.values()) {
    byName.set(ct.uid, ct);
    byName.set(ct.pluralName, ct);
    byName.set(ct.singularName, ct);
  }

  const convertAttributes = (attributes: Attributes, snap: Snapshot, out: Record<string, unknown>) => {
    for (const attribute of attributes.values()) {
      const v = snap[attribute.name];
      switch (attribute.kind) {
        case 'scalar':
          out[attribute.name] = v === undefined ? null : v;
          break;
        case 'media': {
          const files = (Array.isArray(v) ? v : v ? [v] : []).filter(isObject);
          for (const f of files) if (typeof f.id === 'number' && !media.has(f.id)) media.set(f.id, f as unknown as MediaFile);
          const ids = files.map((f) => f.id as number);
          out[attribute.name] = attribute.multiple ? ids : ids[0] ?? null;
          break;
        }
        case 'relation': {
          if (!attribute.owner) break;
          const targets = (Array.isArray(v) ? v : v ? [v] : []).filter(isObject);
          const docs = [...new Set(targets.map((t) => String(t.documentId)))];
          out[attribute.name] = attribute.toMany ? docs : docs[0] ?? null;
          break;
        }
        case 'component': {
          const component = model.components.get(attribute.component);
          if (!component) break;
          const one = (c: unknown): ComponentValue | null => {
            if (!isObject(c)) return null;
            bump(`component:${component.uid}`, c.id);
            const value: ComponentValue = { id: Number(c.id) };
            convertAttributes(component.attributes, c, value);
            return value;
          };
          out[attribute.name] = attribute.repeatable ? (Array.isArray(v) ? v.map(one).filter((x) => x !== null) : []) : one(v);
          break;
        }
        case 'dynamiczone': {
          const entries = Array.isArray(v) ? v.filter(isObject) : [];
          out[attribute.name] = entries.map((e) => {
            const uid = String(e.__component);
            const component = model.components.get(uid);
            bump(`component:${uid}`, e.id);
            const value: ComponentValue = { id: Number(e.id), __component: uid };
            if (component) convertAttributes(component.attributes, e, value);
            return value;
          });
          break;
        }
      }
    }
  };

  for (const [key, entry] of Object.entries(dataset.contentTypes)) {
    const type = byName.get(entry.uid ?? key) ?? byName.get(key) ?? (entry.pluralName ? byName.get(entry.pluralName) : undefined);
    if (!type) {
      warn(`seed has content type "${entry.uid ?? key}", which the schemas do not define; its documents are skipped`);
      continue;
    }
    const rows = new Map<number, Row>();
    for (const snap of snapshotsOf(entry.documents)) {
      if (typeof snap.id !== 'number' || typeof snap.documentId !== 'string') {
        throw new DatasetError(`seed ${type.uid}: every document needs a numeric "id" and a "documentId"`);
      }
      if (rows.has(snap.id)) continue;
      const now = new Date(0).toISOString();
      const row: Row = {
        id: snap.id,
        documentId: snap.documentId,
        createdAt: typeof snap.createdAt === 'string' ? snap.createdAt : now,
        updatedAt: typeof snap.updatedAt === 'string' ? snap.updatedAt : now,
        publishedAt: typeof snap.publishedAt === 'string' ? snap.publishedAt : type.draftAndPublish ? null : now,
      };
      if (type.localized) row.locale = typeof snap.locale === 'string' ? snap.locale : model.defaultLocale;
      convertAttributes(type.attributes, snap, row);
      rows.set(row.id, row);
      bump(type.uid, row.id);
    }
    store.types[type.uid] = [...rows.values()].sort((a, b) => a.id - b.id);
  }
  store.media = [...media.values()].sort((a, b) => a.id - b.id);
  for (const m of store.media) bump('media', m.id);
  return store;
}

function snapshotsOf(documents: DatasetDocuments): Snapshot[] {
  if (Array.isArray(documents)) return documents.filter(isObject);
  const out: Snapshot[] = [];
  for (const byStatus of Object.values(documents)) {
    if (!isObject(byStatus)) continue;
    for (const docs of Object.values(byStatus)) {
      if (Array.isArray(docs)) out.push(...docs.filter(isObject));
      else if (isObject(docs)) out.push(docs);
    }
  }
  return out;
}
