import type { ContentModel, ContentType } from '../../core/model/types.js';
import type { Dataset } from '../../core/data/import-dataset.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { createPushClient, PushError, type PushClient } from './push-client.js';
import { placeholderFile } from './placeholder-file.js';
import { hasLinks, toWriteData, type IdMaps } from './to-write-data.js';
import { writeDocument } from './write-document.js';

export interface PushOptions {
  to: string;
  token?: string;
  /** Write into a target that already holds content. */
  force?: boolean;
  /** The server's `rest.prefix` (the project's config/api; default `/api`). */
  restPrefix?: string;
  progress?: (line: string) => void;
}

export interface PushReport {
  documents: number;
  versions: number;
  media: number;
  warnings: string[];
}

type Snapshot = Record<string, unknown>;

/** One locale of one document: its draft and/or published snapshot. */
interface Version {
  type: ContentType;
  seedId: string;
  locale: string | null;
  draft?: Snapshot;
  published?: Snapshot;
}

/**
 * `push`, the inverse of pull: writes a dataset into a Strapi (or content-mock) through the REST API. Uploads the
 * media library, creates every document and locale (first without links, so every target exists), then links
 * relations (also inside components and dynamic zones) and publishes what the seed has published, last writes the
 * draft edits of documents whose draft differs from their published version.
 */
export async function pushDataset(model: ContentModel, dataset: Dataset, options: PushOptions): Promise<PushReport> {
  const client = createPushClient(options.to, options.token, options.restPrefix);
  const progress = options.progress ?? (() => {});
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);
  const locales = (dataset.locales ?? []).map((l) => String(l.code));
  const versions = collectVersions(model, dataset, locales, warn);
  if (!options.force) await refuseNonEmpty(client, versions, locales);

  const media = await uploadMedia(client, dataset, warn);
  progress(`push: ${media.size} media files uploaded`);
  const documents = new Map<string, string>();
  const ids: IdMaps = { documents, media, rowLocales: rowLocales(dataset) };
  const key = (v: Version) => `${v.type.uid}:${v.seedId}`;
  const pathOf = (v: Version, status?: string) => {
    const q = new URLSearchParams();
    if (v.locale) q.set('locale', v.locale);
    if (status) q.set('status', status);
    const route = v.type.kind === 'singleType' ? v.type.singularName : v.type.pluralName;
    const doc = v.type.kind === 'collectionType' && documents.has(key(v)) ? `/${documents.get(key(v))}` : '';
    return `/api/${route}${doc}${q.size ? `?${q}` : ''}`;
  };
  const label = (v: Version, step: string) => `${v.type.uid} ${v.seedId}${v.locale ? ` ${v.locale}` : ''}${step}`;

  // 1. every version, without links; published when the seed has it published
  let created = 0;
  for (const v of versions) {
    const snapshot = v.published ?? v.draft ?? {};
    // Strapi publishes on create/update unless told `status=draft`
    const status = v.type.draftAndPublish ? (v.published ? 'published' : 'draft') : undefined;
    const method = v.type.kind === 'singleType' || documents.has(key(v)) ? 'PUT' : 'POST';
    const answer = await writeDocument(
      client,
      method,
      pathOf(v, status),
      toWriteData(model, v.type.attributes, snapshot, ids, false),
      label(v, ''),
      warn,
    );
    const data = isPlainObject(answer.body) && isPlainObject(answer.body.data) ? answer.body.data : null;
    if (answer.status < 300 && typeof data?.documentId === 'string') {
      documents.set(key(v), data.documentId);
      created++;
    }
  }
  progress(`push: ${documents.size} documents, ${created} versions created`);

  // 2. links of the published (or only) version, republished
  for (const v of versions) {
    if (!documents.has(key(v)) || !hasLinks(model, v.type.attributes)) continue;
    const snapshot = v.published ?? (v.type.draftAndPublish ? undefined : v.draft);
    if (!snapshot) continue;
    const status = v.type.draftAndPublish ? 'published' : undefined;
    await writeDocument(
      client,
      'PUT',
      pathOf(v, status),
      toWriteData(model, v.type.attributes, snapshot, ids, true),
      label(v, ' links'),
      warn,
    );
  }
  // 3. drafts: draft-only documents get their links, edited drafts their edits
  for (const v of versions) {
    if (!v.type.draftAndPublish || !v.draft || !documents.has(key(v))) continue;
    const data = toWriteData(model, v.type.attributes, v.draft, ids, true);
    if (v.published && sameContent(data, toWriteData(model, v.type.attributes, v.published, ids, true))) continue;
    if (!v.published && !hasLinks(model, v.type.attributes)) continue;
    await writeDocument(client, 'PUT', pathOf(v, 'draft'), data, label(v, ' draft'), warn);
  }
  progress(`push: done (${warnings.length} warnings)`);
  return { documents: documents.size, versions: created, media: media.size, warnings };
}

function collectVersions(model: ContentModel, dataset: Dataset, locales: string[], warn: (l: string) => void): Version[] {
  const out: Version[] = [];
  for (const [typeKey, entry] of Object.entries(dataset.contentTypes ?? {})) {
    const type = model.contentTypes.get(entry.uid ?? typeKey);
    if (!type || type.builtIn) {
      warn(`${typeKey}: not in the schemas, skipped`);
      continue;
    }
    const byKey = new Map<string, Version>();
    const documents = Array.isArray(entry.documents) ? { '*none*': { draft: entry.documents } } : entry.documents;
    for (const [locale, byStatus] of Object.entries(documents ?? {})) {
      for (const status of ['draft', 'published'] as const) {
        const list = byStatus?.[status];
        for (const doc of (Array.isArray(list) ? list : [list]).filter(isPlainObject)) {
          const seedId = String(doc.documentId);
          const k = `${seedId}|${locale}`;
          if (!byKey.has(k)) byKey.set(k, { type, seedId, locale: locale === '*none*' ? null : locale });
          byKey.get(k)![status] = doc;
        }
      }
    }
    // the default locale first: a document's first version is created in it when it has one
    const rank = (v: Version) => (v.locale === null ? 0 : locales.indexOf(v.locale));
    out.push(...[...byKey.values()].sort((a, b) => rank(a) - rank(b)));
  }
  return out;
}

async function refuseNonEmpty(client: PushClient, versions: Version[], locales: string[]): Promise<void> {
  const types = new Map(versions.map((v) => [v.type.uid, v.type]));
  for (const type of types.values()) {
    for (const locale of type.localized ? locales : [null]) {
      const q = new URLSearchParams();
      if (locale) q.set('locale', locale);
      if (type.draftAndPublish) q.set('status', 'draft');
      const route = type.kind === 'singleType' ? type.singularName : type.pluralName;
      const answer = await client.json('GET', `/api/${route}?${q}`);
      const data = isPlainObject(answer.body) ? answer.body.data : null;
      if (answer.status === 200 && (Array.isArray(data) ? data.length > 0 : isPlainObject(data))) {
        throw new PushError(`${client.base} already holds ${type.uid} content; --force writes into it anyway`);
      }
    }
  }
}

async function uploadMedia(client: PushClient, dataset: Dataset, warn: (l: string) => void): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const file of (dataset.media ?? []) as unknown as Snapshot[]) {
    const name = typeof file.name === 'string' ? file.name : `file-${String(file.id)}`;
    const form = new FormData();
    form.append(
      'files',
      new Blob([new Uint8Array(placeholderFile(file))], { type: typeof file.mime === 'string' ? file.mime : 'application/octet-stream' }),
      name,
    );
    form.append('fileInfo', JSON.stringify({ name, alternativeText: file.alternativeText ?? null, caption: file.caption ?? null }));
    const answer = await client.upload(form);
    const first = Array.isArray(answer.body) && isPlainObject(answer.body[0]) ? answer.body[0] : null;
    if (answer.status >= 300 || typeof first?.id !== 'number' || typeof file.id !== 'number') {
      warn(`media ${name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      continue;
    }
    ids.set(file.id, first.id);
  }
  return ids;
}

function rowLocales(dataset: Dataset): Map<string, string> {
  const out = new Map<string, string>();
  for (const [typeKey, entry] of Object.entries(dataset.contentTypes ?? {})) {
    const uid = entry.uid ?? typeKey;
    if (Array.isArray(entry.documents)) continue;
    for (const [locale, byStatus] of Object.entries(entry.documents ?? {})) {
      for (const list of Object.values(byStatus ?? {})) {
        for (const doc of (Array.isArray(list) ? list : [list]).filter(isPlainObject)) out.set(`${uid}#${String(doc.id)}`, locale);
      }
    }
  }
  return out;
}

function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
