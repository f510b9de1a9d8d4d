import { ValidationError } from '../errors/strapi-errors.js';
import type { Attribute, ContentModel, ContentType } from '../model/types.js';
import { isPrivateAttribute, shownFileField, SYSTEM_SCALARS } from '../model/private-attributes.js';
import type { ComponentValue, MediaFile, Row } from '../data/types.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';
import { byLinkBirth, rowsForStatus, type Status } from './linked-rows.js';
import type { RowTest } from './publication-filter.js';
import { emptyNode, LOCALIZATIONS, RELATED, type PopulateNode } from './populate.js';
import { joinedRecords, noteOrigin, type Record_, type Scope } from './scope.js';
import { sortRecords } from './sort.js';

export type Entry = Record<string, unknown>;

/**
 * A new entry with its id (and documentId). Entries get their other keys one by one, by name: started from `{}`,
 * V8 keeps them fast objects; started from a literal with keys, they turn into dictionaries past a dozen keys, and
 * rendering and JSON.stringify both get slower (measured: ~2× to build, ~20 % to serialize a populate=* page).
 */
function entryOf(id: unknown, documentId?: unknown): Entry {
  const out: Entry = {};
  out.id = id;
  if (documentId !== undefined) out.documentId = documentId;
  return out;
}

/** Keys of a file record that populated media show, in Strapi's order (folder paths and signing flags stay inside). */
const MEDIA_KEYS = [
  'id',
  'documentId',
  'name',
  'alternativeText',
  'caption',
  'focalPoint',
  'width',
  'height',
  'formats',
  'hash',
  'ext',
  'mime',
  'size',
  'url',
  'previewUrl',
  'provider',
  'provider_metadata',
  'createdAt',
  'updatedAt',
  'publishedAt',
] as const;

export interface RenderContext {
  readonly index: ContentIndex;
  /** How many populated entries the request may still render (none given: no limit). */
  readonly budget?: PopulateBudget;
  /** The status of the request: populated draft&publish targets show this version only. */
  readonly status: Status;
  /** A plain database query (the users & permissions routes' reads): no status, every linked version is populated. */
  readonly everyVersion?: boolean;
  /**
   * The request's publication filter for a populated type: Strapi adds it to every sub-query's filters, so a
   * populated draft&publish target is narrowed the same way (harness kit-601).
   */
  readonly publication?: (target: ContentType) => RowTest | undefined;
  /**
   * A read of the document service (project code): nothing sanitizes its entries, so private attributes and the
   * fields the project's privateAttributes hide are in them, as the database gives them.
   */
  readonly internal?: boolean;
  /**
   * Builds the values a lazy import left waiting in rows about to be read (see DeferredValues): every row a populate
   * gathers passes here before it is counted or rendered.
   */
  readonly settle?: (rows: readonly Row[]) => void;
}

/**
 * The work one request's populate may do, counted in populated entries (relations, components, media, dynamic-zone
 * entries, localizations; the page's own rows are bounded by pagination). Strapi does not paginate populated
 * lists, so a populate that fans out (`tags → articles → tags → articles`) multiplies them: past the budget the
 * request is a 400, found by precountRelations before anything is rendered, so it costs milliseconds.
 * It also keeps, for the request, each related list it gathered: a fan-out meets the same rows again and again
 * (every article's tags are among the same hundred tags), and gathers each one's list once.
 */
export class PopulateBudget {
  /** Populated entries counted so far. */
  used = 0;
  private counted = 0;
  // (Maps, not WeakMaps: they live as long as the request, and WeakMaps cost the collector more)
  private readonly lists = new Map<Attribute, Map<PopulateNode, Map<Record_, Row[]>>>();
  constructor(readonly limit: number) {}

  /** The related rows gathered for a record through an attribute and a populate node, if they were (see keepList). */
  listOf(attribute: Attribute, node: PopulateNode, record: Record_): Row[] | undefined {
    return this.lists.get(attribute)?.get(node)?.get(record);
  }

  /** Keeps the related rows gathered for a record through an attribute and a populate node, for the rest of the request. */
  keepList(attribute: Attribute, node: PopulateNode, record: Record_, rows: Row[]): Row[] {
    let byNode = this.lists.get(attribute);
    if (!byNode) this.lists.set(attribute, (byNode = new Map()));
    let byRecord = byNode.get(node);
    if (!byRecord) byNode.set(node, (byRecord = new Map()));
    byRecord.set(record, rows);
    return rows;
  }

  /** Related entries the first pass counted (relations only). */
  get precounted(): number {
    return this.counted;
  }

  /** The first pass (precountRelations): relations only, before rendering, on a tally of its own. */
  precount(entries: number): void {
    this.counted += entries;
    if (this.counted > this.limit) this.refuse();
  }

  spend(entries: number): void {
    this.used += entries;
    if (this.used > this.limit) this.refuse();
  }

  private refuse(): never {
    throw new ValidationError(
      `populate would render more than ${this.limit} related entries (the populate budget): narrow it with filters, fields ` +
        `or a smaller page, or raise "populateBudget" in the config`,
      { populateBudget: this.limit },
    );
  }
}

/**
 * Whether rendering rows depends on which rows are rendered together: `localizations` leaves out every row of the
 * batch (see renderRows). Otherwise a page renders the same a row at a time as all at once.
 */
export function batchDependent(node: PopulateNode): boolean {
  for (const [name, sub] of node.populate) if (name === LOCALIZATIONS || batchDependent(sub)) return true;
  for (const sub of node.zone?.values() ?? []) if (batchDependent(sub)) return true;
  return false;
}

/** Renders one stored row as the REST API shows it, with `fields` and `populate` applied. */
export function renderRow(ctx: RenderContext, type: ContentType, row: Row, node: PopulateNode): Entry {
  return renderRows(ctx, type, [row], node)[0];
}

/**
 * Renders rows that Strapi populates together (a page, or every row one relation brings in across its parents):
 * each populated attribute is filled for the whole batch at once, because `localizations` leaves out every row
 * of the batch, not only the entry's own (i18n joins them with `id NOT IN <batch ids>`).
 */
export function renderRows(
  ctx: RenderContext,
  type: ContentType,
  rows: readonly Row[],
  node: PopulateNode,
  order: readonly string[] = populateOrder(ctx, { kind: 'type', type }, rows, node),
): Entry[] {
  const scalars = scalarNames(type, ctx.internal);
  const out = rows.map((row) => scalarsOf(type, scalars, row, node, ctx.internal));
  for (const name of order) {
    const values = renderPopulated(ctx, type, rows, name, node.populate.get(name)!);
    if (values) values.forEach((v, i) => (out[i][name] = v));
  }
  return out;
}

/**
 * The order in which a batch's populated attributes land on its entries. Strapi populates every attribute of a batch
 * at once (`Promise.all` in @strapi/database's applyPopulate) and sets each key when its own chain of awaits ends: a
 * query, then (when the level names a nested populate) the nested applyPopulate, run even on no rows, with the nested
 * attributes' queries when there are rows; a dynamic zone's join rows, then (when it holds entries) one query per
 * component type. The queries of a batch run side by side, each taking about as long; the few awaits around them
 * decide between chains of as many queries (a zone's per-type queries end before a relation's nested ones, an empty
 * nested populate or empty zone after a plain relation). Ties keep the populate's order. Probed on Strapi 5.54
 * (probes/populate-key-order.json): `populate[category][populate]=*&populate[author]=true` shows `author, category`,
 * even for an article without a category; `populate=*` on a localized type with a zone ends `localizations, blocks`.
 * Every entry of the batch gets the same order.
 */
export function populateOrder(ctx: RenderContext, scope: Scope, records: readonly Record_[], node: PopulateNode): readonly string[] {
  const names = [...node.populate.keys()];
  if (names.length < 2 || records.length === 0) return names;
  const times = names.map((name) => landing(ctx, scope, records, name, node.populate.get(name)!));
  if (times.every((n, i) => i === 0 || n >= times[i - 1])) return names;
  return names
    .map((name, i) => ({ name, n: times[i] }))
    .sort((a, b) => a.n - b.n)
    .map((x) => x.name);
}

/** One query's time against the awaits around it (see populateOrder): only their order matters. */
const QUERY = 1000;

/**
 * When a nested populate level ends, after its query found `records`: the applyPopulate it runs (even on no rows, or
 * with no relational attribute named), with its attributes' chains when there are rows. 0: no nested populate.
 */
function nestedTime(ctx: RenderContext, scope: Scope, records: readonly Record_[], node: PopulateNode): number {
  if (node.populate.size === 0) return node.populateAsked ? 1 : 0;
  let most = 0;
  if (records.length > 0) for (const [name, sub] of node.populate) most = Math.max(most, landing(ctx, scope, records, name, sub) + 2);
  return 1 + most;
}

/** When populating `name` on a batch ends (see populateOrder). */
function landing(ctx: RenderContext, scope: Scope, records: readonly Record_[], name: string, sub: PopulateNode): number {
  if (name === LOCALIZATIONS && scope.kind === 'type') {
    if (sub.populate.size === 0) return QUERY + nestedTime(ctx, scope, [], sub);
    const batch = new Set(records.map((r) => r.id));
    const others = records.flatMap((r) =>
      ctx.index
        .documentRows(scope.type.uid, String(r.documentId))
        .filter((o) => !batch.has(o.id) && (!scope.type.draftAndPublish || isDraftRow(o) === isDraftRow(r as Row))),
    );
    return QUERY + nestedTime(ctx, scope, others, sub);
  }
  const attribute =
    scope.kind === 'type' ? scope.type.attributes.get(name) : scope.kind === 'component' ? scope.component.attributes.get(name) : undefined;
  switch (attribute?.kind) {
    case 'relation': {
      const target = ctx.index.model.contentTypes.get(attribute.target);
      if (!target || sub.populate.size === 0) return QUERY + nestedTime(ctx, scope, [], sub);
      // (a count's nested populate runs on the count rows, which hold no ids: no query under it)
      if (sub.count) return QUERY + 1;
      // (each related row once: the time depends on which rows come, not how often; a fan-out stays bounded)
      const fetched = new Set<Row>();
      for (const r of records) for (const row of relationList(ctx, scope, target, r, attribute, sub)) fetched.add(row);
      return QUERY + nestedTime(ctx, { kind: 'type', type: target }, [...fetched], sub);
    }
    case 'component': {
      const component = ctx.index.model.components.get(attribute.component);
      if (!component || sub.populate.size === 0) return QUERY + nestedTime(ctx, scope, [], sub);
      if (sub.count) return QUERY + 1;
      const values = records.flatMap((r) => joinedRecords(ctx.index, scope, r, attribute) as ComponentValue[]);
      const found = sub.filters ? values.filter((v) => sub.filters!(v) === true) : values;
      return QUERY + nestedTime(ctx, { kind: 'component', component }, found, sub);
    }
    case 'media': {
      if (sub.populate.size === 0) return QUERY;
      // a file's `related` is a morph relation: its join rows, then a query per type
      const held = records.some((r) => {
        const files = joinedRecords(ctx.index, scope, r, attribute);
        return sub.filters ? files.some((f) => sub.filters!(f) === true) : files.length > 0;
      });
      return QUERY + 1 + (held ? 2 * QUERY + 4 : 0);
    }
    case 'dynamiczone': {
      // the join rows, then one query per component type they name, each with that type's nested populate
      const byType = new Map<string, ComponentValue[]>();
      for (const record of records) {
        const value = record[attribute.name];
        const entries = Array.isArray(value) ? (value as ComponentValue[]) : [];
        // (the row holding the entries decides their relations, as when the zone renders: noted before they are read)
        noteOrigin(ctx.index, scope, record, entries);
        for (const entry of entries) {
          const uid = String(entry.__component);
          if (!sub.zone?.has(uid)) continue;
          let list = byType.get(uid);
          if (!list) byType.set(uid, (list = []));
          list.push(entry);
        }
      }
      if (byType.size === 0) return QUERY + 1;
      let most = 0;
      for (const [uid, entries] of byType) {
        const component = ctx.index.model.components.get(uid);
        const typeNode = sub.zone!.get(uid)!;
        const found = typeNode.filters ? entries.filter((e) => typeNode.filters!(e) === true) : entries;
        most = Math.max(most, QUERY + (component ? nestedTime(ctx, { kind: 'component', component }, found, typeNode) : 0));
      }
      return QUERY + 1 + most + 1;
    }
    default:
      return QUERY;
  }
}

/** One populated attribute (or `localizations`) of every row of a batch, in order; undefined: the rows get no key. */
function renderPopulated(
  ctx: RenderContext,
  type: ContentType,
  rows: readonly Row[],
  name: string,
  sub: PopulateNode,
): unknown[] | undefined {
  if (name === LOCALIZATIONS) return renderLocalizations(ctx, type, rows, sub);
  const attribute = type.attributes.get(name);
  return attribute ? renderAttribute(ctx, { kind: 'type', type }, rows, attribute, sub) : undefined;
}

/**
 * One part of a row as renderRows renders it alone: its scalars (an entry whose keys come first), or with `name`
 * the value of that populated attribute (undefined: the entry has no such key). renderRows' entry is the scalars'
 * with each populated attribute's value set after them, in the node's order: a caller can keep the parts apart and
 * join them (see `partsJoinable`).
 */
export function renderPart(ctx: RenderContext, type: ContentType, row: Row, node: PopulateNode, name?: string): unknown {
  if (name === undefined) return scalarsOf(type, scalarNames(type, ctx.internal), row, node, ctx.internal);
  const sub = node.populate.get(name);
  return sub && renderPopulated(ctx, type, [row], name, sub)?.[0];
}

/**
 * Whether a row's entry is its scalars followed by its populated attributes, each key once: not when `fields`
 * names a populated attribute (the value would take the field's place).
 */
export function partsJoinable(node: PopulateNode): boolean {
  return node.fields === null || !node.fields.some((name) => node.populate.has(name));
}

/** A type's shown scalar attributes, in order: looked up once per batch, not once per row. */
function scalarNames(type: ContentType, internal = false): string[] {
  const names: string[] = [];
  for (const attribute of type.attributes.values())
    if (attribute.kind === 'scalar' && (internal || !attribute.private)) names.push(attribute.name);
  return names;
}

/**
 * An entry with the keys `lead` names first (those it has), the others after in their order: the ORDER BY columns a
 * joined query selects before the rest (see PopulateNode.lead; probes/populate-key-order-2.json:
 * `filters[category][name][$eq]=c1&sort=title:desc` shows `title, id, documentId, …`).
 */
export function leading(entry: Entry, lead: readonly string[]): Entry {
  const out: Entry = {};
  for (const name of lead) if (Object.hasOwn(entry, name)) out[name] = entry[name];
  for (const name of Object.keys(entry)) if (!Object.hasOwn(out, name)) out[name] = entry[name];
  return out;
}

function scalarsOf(
  type: ContentType,
  scalars: readonly string[],
  row: Row,
  node: Pick<PopulateNode, 'fields' | 'lead'>,
  internal = false,
): Entry {
  if (node.lead) return leading(scalarsOf(type, scalars, row, { fields: node.fields }, internal), node.lead);
  const out = entryOf(row.id, row.documentId);
  if (node.fields !== null) {
    for (const name of node.fields) out[name] = row[name] ?? null;
    return out;
  }
  for (const name of scalars) out[name] = row[name] ?? null;
  out.createdAt = row.createdAt;
  out.updatedAt = row.updatedAt;
  out.publishedAt = row.publishedAt;
  if (type.localized) out.locale = row.locale ?? null;
  // the project's privateAttributes may name what Strapi adds itself (timestamps, locale)
  if (type.privateAttributes !== undefined && !internal)
    for (const name of SYSTEM_SCALARS) if (isPrivateAttribute(type, name)) delete out[name];
  return out;
}

/** Other locales of the same document and version; Strapi ignores `count` here. */
function renderLocalizations(ctx: RenderContext, type: ContentType, rows: readonly Row[], node: PopulateNode): unknown[] {
  const lists = localizationLists(ctx, type, rows, node);
  return spread(lists, renderRows(ctx, type, lists.flat(), node));
}

/** Each row's other locales (same document and version, none of the batch), with the budget spent. */
function localizationLists(ctx: RenderContext, type: ContentType, rows: readonly Row[], node: PopulateNode): Row[][] {
  // (a row alone, as a part is rendered: no set of the batch's ids)
  const batch = rows.length === 1 ? undefined : new Set(rows.map((r) => r.id));
  const inBatch = (r: Row) => (batch ? batch.has(r.id) : r.id === rows[0].id);
  return rows.map((row) => {
    const others = ctx.index
      .documentRows(type.uid, row.documentId)
      .filter((r) => !inBatch(r) && (!type.draftAndPublish || isDraftRow(r) === isDraftRow(row)));
    others.sort((a, b) => String(a.locale).localeCompare(String(b.locale)));
    ctx.budget?.spend(others.length);
    const shown = narrow(ctx, { kind: 'type', type }, others, node);
    ctx.settle?.(shown);
    return shown;
  });
}

/**
 * What one populated attribute of a row shows when that is rows' or files' own fields alone (nothing populated,
 * counted or narrowed by `fields` under it): the rows of `type` (each rendered as renderScalars renders it) or the
 * files (as renderMedia renders them), narrowed and with the budget spent as renderPart would. A caller that keeps
 * each row's or file's text writes the part from them. Undefined: the part is rendered (renderPart).
 */
export type PartRows =
  | { readonly kind: 'rows'; readonly type: ContentType; readonly rows: readonly Row[]; readonly many: boolean }
  | { readonly kind: 'files'; readonly files: readonly MediaFile[]; readonly many: boolean };

export function partRows(ctx: RenderContext, type: ContentType, row: Row, node: PopulateNode, name: string): PartRows | undefined {
  const sub = node.populate.get(name);
  if (!sub || sub.fields !== null || sub.lead || sub.populate.size > 0) return undefined;
  if (name === LOCALIZATIONS) return { kind: 'rows', type, rows: localizationLists(ctx, type, [row], sub)[0], many: true };
  const attribute = type.attributes.get(name);
  const scope: Scope = { kind: 'type', type };
  if (attribute?.kind === 'media') return { kind: 'files', files: mediaFiles(ctx, scope, row, attribute, sub), many: attribute.multiple };
  if (attribute?.kind !== 'relation' || sub.count) return undefined;
  const target = ctx.index.model.contentTypes.get(attribute.target);
  if (!target) return undefined;
  const rows = relationList(ctx, scope, target, row, attribute, sub);
  ctx.budget?.spend(rows.length);
  return { kind: 'rows', type: target, rows, many: attribute.toMany };
}

/** A row's own fields as an entry with nothing populated: what a plain list shows of it. */
export function renderScalars(type: ContentType, row: Row): Entry {
  return scalarsOf(type, scalarNames(type), row, SCALARS_ONLY);
}
const SCALARS_ONLY: Pick<PopulateNode, 'fields'> = { fields: null };

/** A record's files through a media attribute, narrowed, with the budget spent. */
function mediaFiles(ctx: RenderContext, scope: Scope, record: Record_, attribute: Attribute, node: PopulateNode): MediaFile[] {
  const files = narrow(ctx, { kind: 'media' }, joinedRecords(ctx.index, scope, record, attribute) as MediaFile[], node);
  ctx.budget?.spend(files.length);
  return files;
}

/** Cuts a batch rendered from concatenated lists back into one list per parent. */
function spread<T>(lists: readonly (readonly unknown[])[], rendered: T[]): T[][] {
  let at = 0;
  return lists.map((list) => rendered.slice(at, (at += list.length)));
}

/**
 * Applies a populate node's filters and sort to joined records. Ties of the sort keep the order SQLite hands the
 * joined rows to its sorter: through the inverse side, the join table's own order (the links' order); otherwise
 * the targets' ids (probes/kit-populate-sort-ties.json, and the harness's shop and school runs).
 */
function narrow<T extends Record_>(ctx: RenderContext, scope: Scope, records: T[], node: PopulateNode, linkOrderTies = false): T[] {
  // Strapi's populate query runs for every batch of parent rows, linked rows or not: a value its database refuses
  // fails it even when nothing is linked.
  if (node.failure) throw node.failure;
  let out = node.filters ? records.filter((r) => node.filters!(r) === true) : records;
  if (node.sort.length > 0) out = sortRecords(ctx.index, scope, out, node.sort, linkOrderTies);
  return out;
}

function linkedForRead(ctx: RenderContext, target: ContentType, rows: Row[]): Row[] {
  if (ctx.everyVersion) return rows;
  const visible = rowsForStatus(target, rows, ctx.status);
  const publication = ctx.publication?.(target);
  return publication ? visible.filter(publication) : visible;
}

/** The related rows of each record of a batch through a relation, for a populate node (gathered once per request). */
function relationLists(
  ctx: RenderContext,
  scope: Scope,
  target: ContentType,
  records: readonly Record_[],
  attribute: Attribute,
  node: PopulateNode,
): Row[][] {
  return records.map((record) => relationList(ctx, scope, target, record, attribute, node));
}

/** The related rows of one record through a relation, for a populate node (gathered once per request). */
function relationList(
  ctx: RenderContext,
  scope: Scope,
  target: ContentType,
  record: Record_,
  attribute: Attribute,
  node: PopulateNode,
): Row[] {
  const kept = ctx.budget?.listOf(attribute, node, record);
  if (kept) return kept;
  const inverse = attribute.kind === 'relation' && !attribute.owner;
  let joined = joinedRecords(ctx.index, scope, record, attribute) as Row[];
  // a sort's ties keep the join rows' order, not the list's
  if (inverse && node.sort.length > 0 && scope.kind === 'type')
    joined = byLinkBirth(ctx.index, { type: scope.type, row: record as Row }, attribute, joined);
  const rows = narrow(ctx, { kind: 'type', type: target }, linkedForRead(ctx, target, joined), node, inverse);
  ctx.settle?.(rows);
  return ctx.budget ? ctx.budget.keepList(attribute, node, record, rows) : rows;
}

/**
 * Before anything is rendered: counts the rows the populated relations of a tree gather, level by level, and throws
 * past the budget. A fan-out is refused at the cost of gathering its lists (each once), not of rendering them.
 */
export function precountRelations(ctx: RenderContext, type: ContentType, rows: readonly Row[], node: PopulateNode): void {
  const steps = precountSteps(ctx, type, rows, node);
  while (steps.next().done !== true);
}

/**
 * Work between two steps of precountSteps: a step ends after this many gathered lists or gathered rows, whichever
 * comes first. A list's cost follows its length (a tag's articles through the inverse side are hundreds of rows), so
 * counting lists alone made steps of 20-40 ms on a fan-out; this keeps a step near a millisecond.
 */
const PRECOUNT_STEP_LISTS = 64;
const PRECOUNT_STEP_ROWS = 2048;

/**
 * precountRelations a step at a time (about a millisecond of gathering each), in the same order: a caller that must not
 * hold its thread for long (a server answering others meanwhile) runs the steps with pauses between them.
 */
export function* precountSteps(
  ctx: RenderContext,
  type: ContentType,
  rows: readonly Row[],
  node: PopulateNode,
): Generator<void, void, void> {
  const budget = ctx.budget;
  if (!budget) return;
  const scope: Scope = { kind: 'type', type };
  for (const [name, sub] of node.populate) {
    const attribute = type.attributes.get(name);
    const target = attribute?.kind === 'relation' && !sub.count ? ctx.index.model.contentTypes.get(attribute.target) : undefined;
    if (!attribute || !target) continue;
    const lists: Row[][] = [];
    let stepLists = 0;
    let stepRows = 0;
    for (const row of rows) {
      const list = relationList(ctx, scope, target, row, attribute, sub);
      budget.precount(list.length);
      lists.push(list);
      stepRows += list.length;
      if (++stepLists >= PRECOUNT_STEP_LISTS || stepRows >= PRECOUNT_STEP_ROWS) {
        stepLists = stepRows = 0;
        yield;
      }
    }
    if (sub.populate.size > 0) yield* precountSteps(ctx, target, lists.flat(), sub);
  }
}

/** One attribute of every record of a batch, in order. */
function renderAttribute(
  ctx: RenderContext,
  scope: Scope,
  records: readonly Record_[],
  attribute: Attribute,
  node: PopulateNode,
): unknown[] {
  switch (attribute.kind) {
    case 'relation': {
      const target = ctx.index.model.contentTypes.get(attribute.target);
      if (!target) return records.map(() => (attribute.toMany ? [] : null));
      const lists = relationLists(ctx, scope, target, records, attribute, node);
      if (!node.count) ctx.budget?.spend(lists.reduce((n, rows) => n + rows.length, 0));
      if (node.count) {
        // the count query is built with the level's nested populate: what that populate's own query fails on (a sort
        // through a link) fails it, once there are linked rows to count (harness monblog grammar seed 1191:
        // `populate[comments][count]=true&populate[comments][populate][article][sort][1][coverImage][size]=asc`)
        const failure = [...node.populate.values()].find((sub) => sub.failure)?.failure;
        if (failure && lists.some((rows) => rows.length > 0)) throw failure;
        return lists.map((rows) => ({ count: rows.length }));
      }
      return spread(lists, renderRows(ctx, target, lists.flat(), node)).map((rendered) =>
        attribute.toMany ? rendered : (rendered[0] ?? null),
      );
    }
    case 'media':
      return records.map((record) => {
        const files = mediaFiles(ctx, scope, record, attribute, node);
        const related = node.populate.get(RELATED);
        const rendered = files.map((f) => {
          const file = renderMedia(ctx.index.model, f, node.fields, ctx.internal);
          const out = node.lead ? leading(file, node.lead) : file;
          if (related?.morph) out[RELATED] = renderRelated(ctx, f, related);
          return out;
        });
        return attribute.multiple ? rendered : (rendered[0] ?? null);
      });
    case 'component': {
      const component = ctx.index.model.components.get(attribute.component);
      if (!component) return records.map(() => null);
      const inner: Scope & { kind: 'component' } = { kind: 'component', component };
      const lists = records.map((record) => {
        const values = narrow(ctx, inner, joinedRecords(ctx.index, scope, record, attribute) as ComponentValue[], node);
        if (!node.count) ctx.budget?.spend(values.length);
        return values;
      });
      if (node.count) return lists.map((values) => ({ count: values.length }));
      return spread(lists, renderComponents(ctx, inner, lists.flat(), node)).map((rendered) =>
        attribute.repeatable ? rendered : (rendered[0] ?? null),
      );
    }
    case 'dynamiczone':
      return records.map((record) => renderZone(ctx, scope, attribute, record, node));
    default:
      return records.map(() => undefined);
  }
}

function renderZone(
  ctx: RenderContext,
  scope: Scope,
  attribute: Attribute & { kind: 'dynamiczone' },
  record: Record_,
  node: PopulateNode,
): Entry[] {
  const value = record[attribute.name];
  const entries = Array.isArray(value) ? (value as ComponentValue[]) : [];
  noteOrigin(ctx.index, scope, record, entries);
  const out: Entry[] = [];
  ctx.budget?.spend(entries.length);
  for (const entry of entries) {
    const uid = String(entry.__component);
    // A draft may hold a component the zone does not declare: Strapi shows it like the others (publishing drops it).
    const sub = node.zone?.get(uid);
    const component = ctx.index.model.components.get(uid);
    if (!sub || !component) continue;
    // a fragment's filters are the WHERE of the query its component type is read with (@strapi/database's
    // morphToMany populate: one query per type, `qb.init(on[type])`): an entry it does not find is left out, the
    // others keep the zone's order
    // what that query fails on (a sort through a link, a value its column refuses) fails the request, once the zone
    // holds an entry of the type (harness starterblog grammar seed 1101: `on[widgets.hero][sort]=backgroundImage.name`)
    if (sub.failure) throw sub.failure;
    if (sub.filters && sub.filters(entry) !== true) continue;
    const rendered = renderComponents(ctx, { kind: 'component', component }, [entry], sub)[0];
    rendered.__component = uid;
    out.push(rendered);
  }
  return out;
}

export function renderComponents(
  ctx: RenderContext,
  scope: Scope & { kind: 'component' },
  values: readonly ComponentValue[],
  node: PopulateNode,
): Entry[] {
  // `fields` shows its columns in its own order, after the id (harness launchpad grammar seed 1661:
  // `populate[seo][fields]=keywords,canonicalURL,metaDescription`)
  const names: string[] = [];
  for (const name of node.fields ?? scope.component.attributes.keys()) {
    const attribute = scope.component.attributes.get(name);
    if (attribute?.kind === 'scalar' && (!attribute.private || ctx.internal)) names.push(name);
  }
  const out = values.map((value) => {
    const entry = entryOf(value.id);
    for (const name of names) entry[name] = value[name] ?? null;
    return node.lead ? leading(entry, node.lead) : entry;
  });
  for (const name of populateOrder(ctx, scope, values, node)) {
    const attribute = scope.component.attributes.get(name);
    if (attribute) renderAttribute(ctx, scope, values, attribute, node.populate.get(name)!).forEach((v, i) => (out[i][name] = v));
  }
  return out;
}

/**
 * A populated file, without the fields the project's privateAttributes hide. `internal` (a document service read):
 * the file's row as the database gives it, its private `folderPath` too (after `provider_metadata`, in Strapi's
 * order), its `locale` column and the fields privateAttributes name (harness meichu --code: a controller answering the document service's
 * entries without sanitizing them, or sanitized with another type's schema, shows `folderPath`).
 */
export function renderMedia(model: ContentModel, file: MediaFile, fields: string[] | null, internal = false): Entry {
  const out = entryOf(file.id, file.documentId);
  // `fields` shows its columns in its own order, after the ids (harness launchpad grammar seed 1661: the files route's
  // `fields[0]=previewUrl&fields[1]=height`)
  for (const key of fields === null ? MEDIA_KEYS : mediaKeysOf(fields)) {
    if (internal && key === 'createdAt' && (fields === null || fields.includes(FOLDER_PATH))) out[FOLDER_PATH] = fileFolderPath(file);
    if ((fields === null || fields.includes(key)) && (internal || shownFileField(model, key))) out[key] = file[key] ?? null;
  }
  // the row's `locale` column last (files are not localized: null)
  if (internal && (fields === null || fields.includes('locale'))) out.locale = file.locale ?? null;
  return out;
}

const FOLDER_PATH = 'folderPath';

/** The file keys a `fields` list shows, in its order after the ids (a media key it leaves out, once). */
function mediaKeysOf(fields: readonly string[]): readonly string[] {
  const known = new Set<string>(MEDIA_KEYS);
  return [...new Set(['id', 'documentId', ...fields.filter((name) => known.has(name))])];
}

/**
 * A stored file's folder path. A file whose folder the store does not know (seeded, pulled, uploaded through the
 * REST route) is taken as uploaded through the content API: Strapi puts those in its "API Uploads" folder, the first
 * folder a project makes (`/1`); the upload service's own uploads go to the root (`/`), recorded on the file.
 */
export const fileFolderPath = (file: MediaFile): unknown => file[FOLDER_PATH] ?? '/1';

/**
 * An upload file's `related` (Strapi's morphToMany populate): the rows of the node's content types that hold the file
 * in a media attribute (drafts, published rows and every locale: the morph table links rows), each rendered with its
 * `__type`, in the morph table's order: the file's position in the row's field, then the order the links were made
 * in (probe media-related: a file in two fields of a row is listed once per field). `{count: n}` when counted.
 */
export function renderRelated(ctx: RenderContext, file: MediaFile, node: PopulateNode): Entry[] | { count: number } {
  const found: {
    type: ContentType;
    sub: PopulateNode;
    row: Row;
    order: number;
    rank: number;
    component?: { uid: string; entry: Entry };
  }[] = [];
  let rank = 0;
  for (const [uid, sub] of node.morph ?? []) {
    const type = ctx.index.model.contentTypes.get(uid);
    if (!type) continue;
    const media = [...type.attributes.values()].filter((a) => a.kind === 'media');
    if (media.length === 0) continue;
    // (the request's publication filter, where Strapi hands the query's filters down to the type's query)
    const published = ctx.publication?.(type);
    for (const row of ctx.index.rows(uid)) {
      if (published && !published(row)) continue;
      for (const attribute of media) {
        const value = row[attribute.name];
        const ids = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(Number);
        const at = ids.indexOf(file.id);
        if (at >= 0 && (!sub.filters || sub.filters(row) === true)) found.push({ type, sub, row, order: at + 1, rank: rank++ });
      }
    }
  }
  if (node.unsanitized) found.push(...componentHolders(ctx, file, () => rank++));
  // a row's morph rows are made anew by each write that sets the media field (probe media-related-order), and a
  // published row's when it is published (a publish makes the row anew). Which write last set it is not kept: a
  // row's last write stands for it (true of a push, and of the admin panel, which sends every field on save; a
  // REST update that leaves the media out does not move the row in Strapi)
  const birth = (type: ContentType, row: Row) =>
    String((type.draftAndPublish && !isDraftRow(row) ? row.publishedAt : (row.updatedAt ?? row.createdAt)) ?? '');
  // (a write makes a row's components, and their links, in the order their ids are handed out, before the row's own
  // links; a draft row is written before the published row made with it)
  type Found = (typeof found)[number];
  const holder = (a: Found, b: Found) => (a.type === b.type ? a.row.id - b.row.id : 0);
  const late = (f: Found) => (f.component ? 0 : 1);
  const made = (f: Found) => (f.component ? Number(f.component.entry.id) : f.rank);
  found.sort(
    (a, b) =>
      a.order - b.order ||
      birth(a.type, a.row).localeCompare(birth(b.type, b.row)) ||
      holder(a, b) ||
      late(a) - late(b) ||
      made(a) - made(b),
  );
  if (node.count) return { count: found.length };
  return found.map(({ type, sub, row, component }) =>
    component ? { ...component.entry, __type: component.uid } : { ...renderRows(ctx, type, [row], sub)[0], __type: type.uid },
  );
}

/**
 * The component instances that hold `file` in a media attribute, anywhere in any row (components in components, zone
 * entries): Strapi's morph table links them too, each made with its holder's write and before the holder's own
 * links. Each is its id and its component's scalar attributes, as the morph populate reads a table (harness school
 * grammar seed 1690: `populate=related,folder` on a file).
 */
function componentHolders(
  ctx: RenderContext,
  file: MediaFile,
  nextRank: () => number,
): { type: ContentType; sub: PopulateNode; row: Row; order: number; rank: number; component: { uid: string; entry: Entry } }[] {
  const found: ReturnType<typeof componentHolders> = [];
  const { model } = ctx.index;
  for (const type of model.contentTypes.values()) {
    for (const row of ctx.index.rows(type.uid)) {
      const visit = (attributes: Iterable<Attribute>, holder: Record<string, unknown>) => {
        for (const attribute of attributes) {
          const value = holder[attribute.name];
          if (attribute.kind !== 'component' && attribute.kind !== 'dynamiczone') continue;
          for (const item of Array.isArray(value) ? value : value ? [value] : []) {
            const instance = item as ComponentValue;
            const uid = attribute.kind === 'component' ? attribute.component : String(instance.__component);
            const component = model.components.get(uid);
            if (!component) continue;
            for (const media of component.attributes.values()) {
              if (media.kind !== 'media') continue;
              const held = instance[media.name];
              const ids = (Array.isArray(held) ? held : held === null || held === undefined ? [] : [held]).map(Number);
              const at = ids.indexOf(file.id);
              if (at < 0) continue;
              const entry: Entry = { id: instance.id };
              for (const a of component.attributes.values()) if (a.kind === 'scalar') entry[a.name] = instance[a.name] ?? null;
              found.push({ type, sub: emptyNode(), row, order: at + 1, rank: nextRank(), component: { uid, entry } });
            }
            visit(component.attributes.values(), instance);
          }
        }
      };
      visit(type.attributes.values(), row);
    }
  }
  return found;
}
