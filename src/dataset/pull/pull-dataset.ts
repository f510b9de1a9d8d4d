import { isDeepStrictEqual } from 'node:util';
import { SEED_FORMAT } from '../format/seed-format.js';
import qs from 'qs';
import { routedTypes, type ContentModel, type ContentType } from '../../core/model/types.js';
import type { Dataset, DatasetType } from '../../core/data/import-dataset.js';
import type { LocaleRecord, MediaFile } from '../../core/data/types.js';
import { derivePopulate, type PopulateSpec } from '../format/derive-populate.js';
import { PullError, StrapiClient } from './strapi-client.js';
import { isPlainObject } from '../../core/is-plain-object.js';
import { restoreHiddenPublication } from './hidden-publication.js';

// Reads every document of a Strapi 5 server through its REST API into the seed format (see import-dataset.ts):
// per type, per locale ("*none*" when not localized) and per status, the documents as REST shows them with
// everything populated, plus the media library and the locales. Ids, documentIds and timestamps are kept.

export const PAGE_SIZE = 100;
const NONE = '*none*';
const STATUSES = ['draft', 'published'] as const;

export interface PullOptions {
  readonly from: string;
  readonly token?: string;
  /** Only these types (uid, pluralName or singularName); default all the model's types. */
  readonly types?: readonly string[];
  /** Only these locale codes; default every locale the server lists. */
  readonly locales?: readonly string[];
  /** The server's `rest.prefix` (the project's config/api; default `/api`). */
  readonly restPrefix?: string;
  /**
   * Types the project's own files declare no REST routes for (see apisWithoutRoutes): a 404 on one is expected, and
   * the type is left out with a note instead of failing the pull.
   */
  readonly unrouted?: ReadonlySet<string>;
  /** One line per type (the CLI prints them on stderr). */
  readonly progress?: (line: string) => void;
}

type Snapshot = Record<string, unknown>;

export function selectTypes(model: ContentModel, names: readonly string[] | undefined): ContentType[] {
  const all = routedTypes(model);
  if (!names || names.length === 0) return all;
  return names.map((name) => {
    const type = all.find((t) => t.uid === name || t.pluralName === name || t.singularName === name);
    if (!type)
      throw new PullError(`--types ${name}: the schemas define no such content type (known: ${all.map((t) => t.pluralName).join(', ')})`);
    return type;
  });
}

/** A route's query string: populate and paging in Strapi's bracket syntax. */
export function queryString(params: Record<string, unknown>): string {
  return qs.stringify(params, { encodeValuesOnly: true });
}

export async function pullDataset(model: ContentModel, options: PullOptions): Promise<Dataset> {
  const client = new StrapiClient({ base: options.from, token: options.token, prefix: options.restPrefix });
  const log = options.progress ?? (() => undefined);
  const types = selectTypes(model, options.types);
  const locales = await pullLocales(
    client,
    types.some((t) => t.localized),
    options.locales,
  );
  const codes = locales.map((l) => l.code).filter((c) => !options.locales?.length || options.locales.includes(c));
  const media = await pullMedia(client);

  const contentTypes: Record<string, DatasetType> = {};
  const notes: string[] = [];
  for (const type of types) {
    if (options.unrouted?.has(type.uid) && (await client.get(`/api/${routeOf(type)}`)).status === 404) {
      const line =
        `pull ${type.uid}: left out: the server has no /api/${routeOf(type)} (404), as the project declares no routes ` +
        `for it (none in its api folder), so its documents are not in the file (only the project's code reads them)`;
      log(line);
      notes.push(line);
      continue;
    }
    const populate = await populateTheServerAccepts(client, type, derivePopulate(model, type), type.localized ? codes[0] : undefined, log);
    const documents: Record<string, Record<string, Snapshot[] | Snapshot | null>> = {};
    const counts: string[] = [];
    for (const locale of type.localized ? codes : [NONE]) {
      const byStatus: Record<string, Snapshot[] | Snapshot | null> = {};
      // Without draft & publish both statuses show the same rows, but their relations to draft & publish types are
      // populated with draft or published targets, in each one's join-table order: both views are kept.
      for (const status of STATUSES) {
        const params = { ...(locale === NONE ? {} : { locale }), status, populate };
        byStatus[status] = type.kind === 'collectionType' ? await pullList(client, type, params) : await pullSingle(client, type, params);
        const read = byStatus[status];
        for (const snapshot of Array.isArray(read) ? read : read ? [read] : []) restoreHiddenPublication(model, type, snapshot, status);
      }
      documents[locale] = { draft: byStatus.draft, published: byStatus.published };
      const n = (v: Snapshot[] | Snapshot | null) => (Array.isArray(v) ? v.length : v ? 1 : 0);
      counts.push(`${locale === NONE ? '' : `${locale} `}${n(byStatus.draft)} draft / ${n(byStatus.published)} published`);
    }
    if (type.kind === 'singleType') await assertSingleTypeExists(client, type, documents);
    log(`pull ${type.uid}: ${counts.join(', ')}`);
    const left = unpopulated(
      populate,
      Object.values(documents).flatMap((byStatus) => Object.values(byStatus).flatMap((v) => (Array.isArray(v) ? v : v ? [v] : []))),
    );
    if (left.length > 0) {
      const line =
        `pull ${type.uid}: the server's answers leave out ${left.join(', ')} though pull asks to populate them: its route ` +
        `code sets a populate of its own (a route middleware writing ctx.query.populate) or the token may not read ` +
        `their types, so the pulled documents ` +
        `hold no ${left.length === 1 ? 'value' : 'values'} there (links, media and components the server has are missing from the file)`;
      log(line);
      notes.push(line);
    }
    contentTypes[type.uid] = {
      uid: type.uid,
      kind: type.kind,
      singularName: type.singularName,
      pluralName: type.pluralName,
      route: `/api/${routeOf(type)}`,
      draftAndPublish: type.draftAndPublish,
      localized: type.localized,
      populate,
      documents,
    };
  }
  return {
    format: SEED_FORMAT,
    source: client.base,
    auth: options.token ? 'api token' : 'public role',
    pulledAt: new Date().toISOString(),
    notes: [
      'documents[locale][status]: every page of GET <route>?locale=<locale>&status=<status>&populate=<populate>&sort[0]=id:asc.',
      'Non-localized types are read without a locale parameter (key "*none*"). Single types: the object, or null on 404.',
      ...notes,
    ],
    defaultLocale: locales.find((l) => l.isDefault)?.code ?? model.defaultLocale,
    locales,
    media,
    contentTypes,
  };
}

/**
 * The populate a type is read with: a server whose config makes attributes private (`responses.privateAttributes`,
 * often `localizations`) refuses to populate them with 400 `Invalid key <name>`; such a key is dropped (wherever the
 * populate holds it) and the type read without it, with a line saying so. One probe request per refusal.
 */
async function populateTheServerAccepts(
  client: StrapiClient,
  type: ContentType,
  populate: PopulateSpec,
  locale: string | undefined,
  log: (line: string) => void,
): Promise<PopulateSpec> {
  let spec = populate;
  for (let attempt = 0; attempt < 50; attempt++) {
    const params = { ...(locale === undefined ? {} : { locale }), status: 'draft', populate: spec };
    const paging = type.kind === 'collectionType' ? { pagination: { page: 1, pageSize: 1 } } : {};
    const answer = await client.get(`/api/${routeOf(type)}?${queryString({ ...params, ...paging })}`);
    const refused = refusedPopulateKey(answer.body);
    if (answer.status !== 400 || refused === undefined) return spec;
    const without = withoutKey(spec, refused.key);
    if (isDeepStrictEqual(without, spec)) return spec; // not ours to drop: the read itself will report it
    log(
      `pull ${type.uid}: the server refuses populate[${refused.path}] ("${refused.message}": a private attribute in its ` +
        `config/api responses.privateAttributes or its schema); reading without "${refused.key}"`,
    );
    spec = without;
  }
  return spec;
}

function refusedPopulateKey(body: unknown): { key: string; path: string; message: string } | undefined {
  const error = isPlainObject(body) && isPlainObject(body.error) ? body.error : undefined;
  const details = error && isPlainObject(error.details) ? error.details : undefined;
  if (!details || details.param !== 'populate' || typeof details.key !== 'string') return undefined;
  const path = typeof details.path === 'string' ? details.path : details.key;
  return { key: details.key, path, message: typeof error?.message === 'string' ? error.message : 'Invalid key' };
}

/** The populate spec without `key` at any depth (as an attribute populated, not as an option name). */
function withoutKey(spec: PopulateSpec, key: string): PopulateSpec {
  const out: PopulateSpec = {};
  for (const [name, value] of Object.entries(spec)) {
    if (name === key) continue;
    if (!isPlainObject(value)) {
      out[name] = value;
      continue;
    }
    const options: Record<string, unknown> = { ...value };
    if (isPlainObject(value.populate)) options.populate = withoutKey(value.populate as PopulateSpec, key);
    if (isPlainObject(value.on))
      options.on = Object.fromEntries(
        Object.entries(value.on).map(([uid, inner]) => [uid, isPlainObject(inner) ? withoutKey(inner as PopulateSpec, key) : inner]),
      );
    out[name] = options as PopulateSpec[string];
  }
  return out;
}

/**
 * The populated paths no answer holds although the populate asked for them (`seo.metaImage`): Strapi always answers a
 * populated attribute (null or [] when empty), so a key missing from every entry that could hold it means the
 * server's route changed the populate. Paths under an attribute missing themselves are not listed again.
 */
export function unpopulated(spec: PopulateSpec, values: readonly unknown[], prefix = ''): string[] {
  const holders = values.flatMap((v) => (Array.isArray(v) ? v : [v])).filter(isPlainObject);
  if (holders.length === 0) return [];
  const out: string[] = [];
  for (const [name, options] of Object.entries(spec)) {
    if (!holders.some((h) => Object.hasOwn(h, name))) {
      out.push(prefix + name);
      continue;
    }
    if (options === true) continue;
    const inside = holders.map((h) => h[name]);
    if (isPlainObject(options.populate)) out.push(...unpopulated(options.populate as PopulateSpec, inside, `${prefix}${name}.`));
    if (isPlainObject(options.on))
      for (const [component, nested] of Object.entries(options.on as PopulateSpec)) {
        if (nested === true || !isPlainObject(nested.populate)) continue;
        const entries = inside.flatMap((v) => (Array.isArray(v) ? v : [])).filter((e) => isPlainObject(e) && e.__component === component);
        out.push(...unpopulated(nested.populate as PopulateSpec, entries, `${prefix}${name}[${component}].`));
      }
  }
  return out;
}

const routeOf = (type: ContentType) => (type.kind === 'collectionType' ? type.pluralName : type.singularName);

async function pullList(client: StrapiClient, type: ContentType, params: Record<string, unknown>): Promise<Snapshot[]> {
  const out: Snapshot[] = [];
  for (let page = 1; ; page++) {
    const path = `/api/${routeOf(type)}?${queryString({ ...params, sort: ['id:asc'], pagination: { page, pageSize: PAGE_SIZE } })}`;
    const body = await client.getOk(path, `reading ${type.uid}`);
    if (!isPlainObject(body) || !Array.isArray(body.data))
      throw new PullError(`reading ${type.uid}: ${path} did not answer {data: [...]}: is this a Strapi 5 server?`);
    const data = body.data.filter(isPlainObject);
    out.push(...data);
    const pagination = isPlainObject(body.meta) && isPlainObject(body.meta.pagination) ? body.meta.pagination : {};
    const pageCount = typeof pagination.pageCount === 'number' ? pagination.pageCount : undefined;
    // Without a count (withCount off) a short page is the last; the server may also cap pageSize below ours.
    if (data.length === 0 || (pageCount !== undefined ? page >= pageCount : data.length < PAGE_SIZE)) return out;
  }
}

async function pullSingle(client: StrapiClient, type: ContentType, params: Record<string, unknown>): Promise<Snapshot | null> {
  const path = `/api/${routeOf(type)}?${queryString(params)}`;
  const answer = await client.get(path);
  if (answer.status === 404) return null;
  if (answer.status >= 300) throw client.failure(answer, path, `reading ${type.uid}`);
  if (!isPlainObject(answer.body) || !isPlainObject(answer.body.data))
    throw new PullError(`reading ${type.uid}: ${path} did not answer {data: {...}}`);
  return answer.body.data;
}

/**
 * A single type without a document and a route the server lacks both answer 404. A query Strapi must reject tells
 * them apart: a route that exists validates it (400), a missing one is still 404.
 */
async function assertSingleTypeExists(
  client: StrapiClient,
  type: ContentType,
  documents: Record<string, Record<string, unknown>>,
): Promise<void> {
  if (Object.values(documents).some((byStatus) => Object.values(byStatus).some((v) => v !== null))) return;
  const path = `/api/${routeOf(type)}?fields[0]=__content_mock_probe__`;
  const answer = await client.get(path);
  if (answer.status === 404) throw client.failure(answer, path, `reading ${type.uid}`);
}

async function pullLocales(client: StrapiClient, needed: boolean, wanted: readonly string[] | undefined): Promise<LocaleRecord[]> {
  let answer = await client.get('/api/i18n/locales');
  // Strapi's read-only tokens may not list locales while the public role often may: try both.
  if (answer.status === 401 || answer.status === 403) answer = await client.get('/api/i18n/locales', { anonymous: true });
  if (answer.status === 200 && Array.isArray(answer.body)) return answer.body.filter(isPlainObject) as unknown as LocaleRecord[];
  if (!needed) return [];
  if (wanted?.length) {
    const now = new Date(0).toISOString();
    return wanted.map((code, i) => ({
      id: i + 1,
      documentId: `locale${code}`,
      name: code,
      code,
      createdAt: now,
      updatedAt: now,
      publishedAt: now,
      isDefault: i === 0,
    }));
  }
  throw new PullError(
    `cannot list the server's locales (GET /api/i18n/locales answered ${answer.status}); name them with --locales en,fr,…`,
  );
}

async function pullMedia(client: StrapiClient): Promise<MediaFile[]> {
  let answer = await client.get('/api/upload/files?sort[0]=id:asc');
  if (answer.status === 401) throw client.failure(answer, '/api/upload/files', 'reading the media library');
  if (answer.status === 403) answer = await client.get('/api/upload/files?sort[0]=id:asc', { anonymous: true });
  // Without access to the library, the files documents use still come along inside the documents.
  if (answer.status !== 200 || !Array.isArray(answer.body)) return [];
  return answer.body.filter(isPlainObject) as unknown as MediaFile[];
}

export type { PopulateSpec };
