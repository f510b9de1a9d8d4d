// How content is held: one row per document × locale × status, as Strapi 5's tables do. A draft&publish document
// has a draft row and, once published, a published row with its own id. Relations are stored on the owning side
// as target documentIds (resolved to rows at read time); media as file ids; components inline with their own ids.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Row {
  id: number;
  documentId: string;
  /** Present on localized types only. */
  locale?: string;
  createdAt: string;
  updatedAt: string;
  /** null on a draft row; always set on types without draft & publish. */
  publishedAt: string | null;
  [attribute: string]: unknown;
}

/** A component instance: its own id, then its attributes in the same stored form as a row's. */
export interface ComponentValue {
  id: number;
  [attribute: string]: unknown;
}

/** A dynamic zone entry. */
export interface ZoneEntry extends ComponentValue {
  __component: string;
}

/** An upload-plugin file record, as Strapi's media library holds it. */
export interface MediaFile {
  id: number;
  documentId: string;
  name: string;
  alternativeText: string | null;
  caption: string | null;
  focalPoint?: Json;
  width: number | null;
  height: number | null;
  formats: Json;
  hash: string;
  ext: string | null;
  mime: string;
  size: number;
  url: string;
  previewUrl: string | null;
  provider: string;
  provider_metadata: Json;
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  [key: string]: unknown;
}

export interface LocaleRecord {
  id: number;
  documentId: string;
  name: string;
  code: string;
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
  isDefault: boolean;
}

export interface StoreData {
  format: 'content-mock-store/1';
  /** Content type uid → its rows. */
  types: Record<string, Row[]>;
  media: MediaFile[];
  locales: LocaleRecord[];
  /**
   * Last id handed out per table (content type uid, `component:<uid>`, `media`): like SQLite's AUTOINCREMENT,
   * ids are never reused, so a deleted row's id never comes back.
   */
  sequences: Record<string, number>;
  /** Ranks of links in inverse-side lists (see link-order.ts); absent in stores written before it existed. */
  linkOrder?: Record<string, number>;
  /** State of plugin routes (users & permissions users, …), keyed by plugin name. */
  plugins?: Record<string, unknown>;
}
