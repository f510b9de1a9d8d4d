import type { Attribute, ContentType } from '../model/types.js';
import type { ComponentValue, MediaFile, Row } from '../store/types.js';
import { isDraftRow, type ContentIndex } from './content-index.js';
import { rowsForStatus, type Status } from './linked-rows.js';
import { LOCALIZATIONS, type PopulateNode } from './populate.js';
import { joinedRecords, type Record_, type Scope } from './scope.js';
import { sortRecords } from './sort.js';

export type Entry = Record<string, unknown>;

/** Keys of a file record that populated media show, in Strapi's order (folder paths and signing flags stay inside). */
const MEDIA_KEYS = [
  'id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext',
  'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt',
] as const;

export interface RenderContext {
  readonly index: ContentIndex;
  /** The status of the request: populated draft&publish targets show this version only. */
  readonly status: Status;
}

/** Renders one stored row as the REST API shows it, with `fields` and `populate` applied. */
export function renderRow(ctx: RenderContext, type: ContentType, row: Row, node: PopulateNode): Entry {
  const out: Entry = { id: row.id, documentId: row.documentId };
  const scope: Scope = { kind: 'type', type };
  if (node.fields === null) {
    for (const attribute of type.attributes.values()) {
      if (attribute.kind === 'scalar' && !attribute.private) out[attribute.name] = row[attribute.name] ?? null;
    }
    out.createdAt = row.createdAt;
    out.updatedAt = row.updatedAt;
    out.publishedAt = row.publishedAt;
    if (type.localized) out.locale = row.locale ?? null;
  } else {
    for (const name of node.fields) out[name] = row[name] ?? null;
  }
  for (const [name, sub] of node.populate) {
    if (name === LOCALIZATIONS) out[name] = renderLocalizations(ctx, type, row, sub);
    else {
      const attribute = type.attributes.get(name);
      if (attribute) out[name] = renderAttribute(ctx, scope, row, attribute, sub);
    }
  }
  return out;
}

function renderLocalizations(ctx: RenderContext, type: ContentType, row: Row, node: PopulateNode): unknown {
  let rows = ctx.index
    .documentRows(type.uid, row.documentId)
    .filter((r) => r.locale !== row.locale && (!type.draftAndPublish || isDraftRow(r) === isDraftRow(row)));
  rows.sort((a, b) => String(a.locale).localeCompare(String(b.locale)));
  rows = narrow(ctx, { kind: 'type', type }, rows, node);
  if (node.count) return { count: rows.length };
  return rows.map((r) => renderRow(ctx, type, r, node));
}

/** Applies a populate node's filters and sort to joined records. */
function narrow<T extends Record_>(ctx: RenderContext, scope: Scope, records: T[], node: PopulateNode): T[] {
  let out = node.filters ? records.filter((r) => node.filters!(r) === true) : records;
  if (node.sort.length > 0) out = sortRecords(ctx.index, scope, out, node.sort);
  return out;
}

function renderAttribute(ctx: RenderContext, scope: Scope, record: Record_, attribute: Attribute, node: PopulateNode): unknown {
  switch (attribute.kind) {
    case 'relation': {
      const target = ctx.index.model.contentTypes.get(attribute.target);
      if (!target) return attribute.toMany ? [] : null;
      const joined = rowsForStatus(target, joinedRecords(ctx.index, scope, record, attribute) as Row[], ctx.status);
      const rows = narrow(ctx, { kind: 'type', type: target }, joined, node);
      if (node.count) return { count: rows.length };
      const rendered = rows.map((r) => renderRow(ctx, target, r, node));
      return attribute.toMany ? rendered : rendered[0] ?? null;
    }
    case 'media': {
      const files = narrow(ctx, { kind: 'media' }, joinedRecords(ctx.index, scope, record, attribute) as MediaFile[], node);
      if (node.count) return { count: files.length };
      const rendered = files.map((f) => renderMedia(f, node.fields));
      return attribute.multiple ? rendered : rendered[0] ?? null;
    }
    case 'component': {
      const component = ctx.index.model.components.get(attribute.component);
      const value = record[attribute.name];
      if (!component) return null;
      const inner: Scope = { kind: 'component', component };
      if (attribute.repeatable) {
        const items = narrow(ctx, inner, Array.isArray(value) ? (value as ComponentValue[]) : [], node);
        return items.map((v) => renderComponent(ctx, inner, v, node));
      }
      return value && typeof value === 'object' ? renderComponent(ctx, inner, value as ComponentValue, node) : null;
    }
    case 'dynamiczone': {
      const value = record[attribute.name];
      const entries = Array.isArray(value) ? (value as ComponentValue[]) : [];
      const out: Entry[] = [];
      for (const entry of entries) {
        const uid = String(entry.__component);
        // Real Strapi stores a component the zone does not declare, but never shows it.
        const sub = attribute.components.includes(uid) ? node.zone?.get(uid) : undefined;
        const component = ctx.index.model.components.get(uid);
        if (!sub || !component) continue;
        out.push({ ...renderComponent(ctx, { kind: 'component', component }, entry, sub), __component: uid });
      }
      return out;
    }
    default:
      return undefined;
  }
}

function renderComponent(ctx: RenderContext, scope: Scope & { kind: 'component' }, value: ComponentValue, node: PopulateNode): Entry {
  const out: Entry = { id: value.id };
  for (const attribute of scope.component.attributes.values()) {
    if (attribute.kind !== 'scalar' || attribute.private) continue;
    if (node.fields === null || node.fields.includes(attribute.name)) out[attribute.name] = value[attribute.name] ?? null;
  }
  for (const [name, sub] of node.populate) {
    const attribute = scope.component.attributes.get(name);
    if (attribute) out[name] = renderAttribute(ctx, scope, value, attribute, sub);
  }
  return out;
}

export function renderMedia(file: MediaFile, fields: string[] | null): Entry {
  const out: Entry = { id: file.id, documentId: file.documentId };
  for (const key of MEDIA_KEYS) {
    if (fields === null || fields.includes(key)) out[key] = file[key] ?? null;
  }
  return out;
}
