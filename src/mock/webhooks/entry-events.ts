import type { WebhookEvent } from '../../core/config/content-mock-config.js';
import type { Row } from '../../core/data/types.js';
import type { ComponentSchema, ContentModel, ContentType } from '../../core/model/types.js';
import { renderRow } from '../../core/query/render-entry.js';
import { parseQuery } from '../../core/query/run-query.js';
import type { Runtime, WriteNotice } from '../runtime.js';

// Which of Strapi 5's entry events a REST write causes, and their payloads, as its document service emits them
// (core/dist/services/document-service/repository.js and events.js): a create emits `entry.create` for the new
// draft (or the only row without draft&publish); an update emits `entry.update` for the draft it changed, or
// `entry.create` when the locale had no version yet; publishing (what POST and PUT do unless `?status=draft`) emits
// `entry.publish` for the new published row; a delete emits `entry.delete` for every row it removed. Entries are
// deeply populated (relations, media, components, zones), except for deletions, which show the row alone.

export interface EntryEvent {
  readonly event: WebhookEvent;
  readonly body: { readonly model: string; readonly uid: string; readonly entry: unknown };
}

type PopulateObject = Record<string, unknown>;

/** Strapi's getDeepPopulate: every relation and media, components and zones all the way down. */
function deepPopulate(model: ContentModel, owner: ContentType | ComponentSchema, seen: readonly string[] = []): PopulateObject {
  const out: PopulateObject = {};
  for (const [name, a] of owner.attributes) {
    if (a.private) continue;
    if (a.kind === 'relation' || a.kind === 'media') out[name] = true;
    else if (a.kind === 'component' && !seen.includes(a.component)) {
      const c = model.components.get(a.component);
      if (c) out[name] = { populate: deepPopulate(model, c, [...seen, c.uid]) };
    } else if (a.kind === 'dynamiczone') {
      const on: PopulateObject = {};
      for (const uid of a.components) {
        const c = model.components.get(uid);
        if (c && !seen.includes(uid)) on[uid] = { populate: deepPopulate(model, c, [...seen, uid]) };
      }
      out[name] = { on };
    }
  }
  return out;
}

const publishedOf = (rows: readonly Row[]) => rows.find((r) => r.publishedAt !== null && r.publishedAt !== undefined);
const draftOf = (type: ContentType, rows: readonly Row[]) => (type.draftAndPublish ? rows.find((r) => r.publishedAt === null) : rows[0]);

/** The events a successful write caused, with their payloads (without `event` and `createdAt`, added at delivery). */
export function entryEvents(rt: Runtime, notice: WriteNotice): EntryEvent[] {
  const { type, query } = notice;
  const index = rt.store.index;
  const allLocales = query.locale === '*';
  const locale = type.localized ? (typeof query.locale === 'string' && !allLocales ? query.locale : rt.model.defaultLocale) : undefined;
  const inLocale = (rows: readonly Row[]) => (allLocales || locale === undefined ? rows : rows.filter((r) => r.locale === locale));
  const payload = (row: Row, populate: boolean) => {
    const q = parseQuery(index, type, populate ? { populate: deepPopulate(rt.model, type) } : {}, {
      limits: rt.config.rest,
      strictParams: false,
    });
    const status = row.publishedAt === null ? 'draft' : 'published';
    return { model: type.singularName, uid: type.uid, entry: renderRow({ index, status }, type, row, q.node) };
  };

  if (notice.action === 'delete') return inLocale(notice.before).map((row) => ({ event: 'entry.delete', body: payload(row, false) }));
  if (notice.documentId === undefined) return [];
  const after = inLocale(index.documentRows(type.uid, notice.documentId));
  const events: EntryEvent[] = [];
  const draft = draftOf(type, after);
  if (draft) {
    const existed = notice.action === 'update' && draftOf(type, inLocale(notice.before)) !== undefined;
    events.push({ event: existed ? 'entry.update' : 'entry.create', body: payload(draft, true) });
  }
  const published = type.draftAndPublish && query.status !== 'draft' ? publishedOf(after) : undefined;
  if (published) events.push({ event: 'entry.publish', body: payload(published, true) });
  return events;
}
