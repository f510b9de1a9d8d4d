import { dropLink } from './drop-link.js';
import { unlinkElsewhere } from './inverse-writes.js';
import type { Attributes } from '../model/types.js';
import { isDraftRow, refsOf } from '../data/content-index.js';
import { linkRank, publishLinkRank, recordLinks } from '../data/link-order.js';
import type { Row } from '../data/types.js';
import { prepareData } from './prepare-data.js';
import { cloneAttribute, type WriteContext } from './clone.js';
import { publishInverseLinks } from './publish-inverse-links.js';
import { unlinkStrayOwners } from './publish-stray-links.js';
import { isStrayOwner } from '../model/stray-owner.js';
import {
  dropDraftOnlyTargets,
  keepDraftOrders,
  publishInverseOrder,
  publishSelfLinks,
  renewBirths,
  renewSelfLinkBirths,
} from './publish-links.js';
import { orderComponentIds } from './component-order.js';
import { isPlainObject } from '../is-plain-object.js';
import { LINK_LOCALES, joinsLocale } from '../data/link-locale.js';
import { LINK_VERSIONS, linksVersion, linkVersion, setLinkVersion } from '../data/link-version.js';

// Publishing: the draft is validated as a create of a published entry, then copied into a new published row, and
// the links into and out of it are rebuilt as Strapi's publish re-creates them.

/**
 * Strapi's unique test (unique and uid attributes): another published version in the same locale holds the value.
 * A write excludes its own row; on publish the document's old published version is gone already, so the document's
 * own versions never clash.
 */
export function takenBy(ctx: WriteContext, row: Pick<Row, 'documentId' | 'locale'>): (name: string, value: unknown) => boolean {
  return (name, value) =>
    ctx.index
      .rowsWithValue(ctx.type.uid, name, value)
      .some(
        (r) =>
          r.documentId !== row.documentId &&
          r[name] === value &&
          (!ctx.type.localized || r.locale === row.locale) &&
          (!ctx.type.draftAndPublish || !isDraftRow(r)),
      );
}

/**
 * A stored value as a body would give it: scalars and (nested) components, ids left out; media and the links the
 * row holds (owning relations) only when asked (a copy keeps the files inside components, as Strapi's
 * `copyNonLocalizedAttributes` does; publishing checks required ones are there).
 */
export function asInput(
  index: WriteContext['index'],
  attributes: Attributes,
  row: Record<string, unknown>,
  keep: { readonly media?: boolean; readonly relations?: boolean; readonly ids?: boolean } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // (a component keeps its id when asked: publishing's list bounds report the stored list, ids included)
  const nested = (component: Attributes | undefined, v: unknown) =>
    component && isPlainObject(v) ? { ...(keep.ids && v.id !== undefined ? { id: v.id } : {}), ...asInput(index, component, v, keep) } : v;
  for (const attribute of attributes.values()) {
    const value = row[attribute.name];
    if (attribute.kind === 'scalar') out[attribute.name] = value ?? null;
    else if (value === undefined) continue;
    else if (attribute.kind === 'media' && keep.media) out[attribute.name] = liveMedia(index, value);
    else if (attribute.kind === 'relation' && attribute.owner && keep.relations) out[attribute.name] = value;
    else if (attribute.kind === 'component') {
      const component = index.model.components.get(attribute.component)?.attributes;
      out[attribute.name] = Array.isArray(value) ? value.map((v) => nested(component, v)) : nested(component, value);
    } else if (attribute.kind === 'dynamiczone' && Array.isArray(value)) {
      out[attribute.name] = value.map((v) => {
        const component = isPlainObject(v) ? index.model.components.get(String(v.__component))?.attributes : undefined;
        return component && isPlainObject(v) ? { __component: v.__component, ...(nested(component, v) as object) } : v;
      });
    }
  }
  return out;
}

/**
 * Media ids that still name a file: a row keeps the ids of files deleted since, while Strapi reads a stored version
 * with its media populated, and a deleted file's morph links are gone (a draft published after its component's
 * required file was deleted fails `must be defined.`: harness graphql-run flesz-model 811 #402).
 */
export function liveMedia(index: WriteContext['index'], value: unknown): unknown {
  const live = (id: unknown) => (typeof id === 'number' || typeof id === 'string') && index.media(Number(id)) !== undefined;
  if (Array.isArray(value)) return value.filter(live);
  return value !== undefined && value !== null && live(value) ? value : null;
}

/**
 * Publishing validates the whole draft as a create of a published entry (Strapi's `publishEntry` re-creates it from
 * the stored draft): every required attribute, min, minLength, regex and uniqueness, whatever the request sent.
 */
export function validatePublish(ctx: WriteContext, draft: Pick<Row, 'documentId' | 'locale'> & Record<string, unknown>): void {
  // Strapi reads the draft back populated by the zone's declared components: an entry of another component (a draft
  // may hold one) is neither validated nor published (kit write grammar 1601: a zone's undeclared entry missing a
  // required attribute publishes)
  const view: Record<string, unknown> = { ...draft };
  for (const attribute of ctx.type.attributes.values())
    if (attribute.kind === 'dynamiczone' && Array.isArray(view[attribute.name]))
      view[attribute.name] = (view[attribute.name] as unknown[]).filter(
        (v) => isPlainObject(v) && attribute.components.includes(String(v.__component)),
      );
  prepareData(ctx.type, asInput(ctx.index, ctx.type.attributes, view as typeof draft, { media: true, relations: true, ids: true }), {
    index: ctx.index,
    draft: false,
    creating: true,
    locale: typeof draft.locale === 'string' ? draft.locale : null,
    nextId: () => 0,
    taken: takenBy(ctx, draft),
    strictRelations: ctx.strictRelations,
    storedLinks: true,
  });
}

/** Replaces the published row of a draft's locale with a fresh copy of the draft. */
export function publish(ctx: WriteContext, draft: Row): Row {
  // The index holds the rows as they were before this write: the published row, if any, is among them.
  const replaced = ctx.index.documentRows(ctx.type.uid, draft.documentId).find((r) => r.locale === draft.locale && !isDraftRow(r));
  const published: Row = { ...draft, id: ctx.store.nextId(ctx.type.uid), publishedAt: ctx.now };
  if (draft[LINK_LOCALES]) published[LINK_LOCALES] = structuredClone(draft[LINK_LOCALES]);
  if (draft[LINK_VERSIONS]) published[LINK_VERSIONS] = structuredClone(draft[LINK_VERSIONS]);
  for (const attribute of ctx.type.attributes.values())
    if (Object.hasOwn(draft, attribute.name)) published[attribute.name] = cloneAttribute(ctx, attribute, draft[attribute.name]);
  // the draft's links to documents without a published version are dropped when its ids are resolved, before the
  // components are created: they write no link and do not delay their component's insert (harness self-nest 523/524)
  dropDraftOnlyTargets(ctx, published);
  orderComponentIds(ctx.index.model, ctx.type.attributes, published, undefined, true);
  for (const attribute of ctx.type.attributes.values()) {
    if (attribute.kind !== 'relation' || !attribute.owner) continue;
    // The new published row takes the old one's place in inverse lists; only links it did not have go last. A first
    // publish of the locale takes the draft's place (Strapi's bidirectional-relations sync copies the order column of
    // the draft's join rows when no published version was replaced: probe first-publish-inverse-order)
    const had = replaced ? refsOf(replaced[attribute.name]) : [];
    recordLinks(
      ctx.tx,
      ctx.index,
      ctx.type.uid,
      attribute.name,
      published,
      had,
      refsOf(published[attribute.name]),
      (t) =>
        ctx.syncUnmapped
          ? undefined
          : replaced
            ? had.includes(t)
              ? linkRank(ctx.tx.data, ctx.type.uid, attribute.name, replaced, t)
              : undefined
            : linkRank(ctx.tx.data, ctx.type.uid, attribute.name, draft, t),
      true,
    );
  }
  if (!replaced && !ctx.syncUnmapped) keepDraftOrders(ctx, draft, published);
  if (replaced) ctx.tx.remove(ctx.type.uid, replaced);
  ctx.tx.insert(ctx.type.uid, published);
  publishVersionLinks(ctx, draft);
  unlinkStrayOwners(ctx, draft);
  publishInverseLinks(ctx, draft, replaced === undefined);
  publishSelfLinks(ctx, draft, published);
  publishInverseOrder(ctx, draft);
  renewSelfLinkBirths(ctx, published);
  // The published row's new join rows take a one-holder target from other documents' published rows too.
  for (const attribute of ctx.type.attributes.values()) {
    if (attribute.kind !== 'relation' || !attribute.owner || !attribute.inversedBy) continue;
    if (attribute.relation !== 'oneToOne' && attribute.relation !== 'oneToMany') continue;
    for (const target of refsOf(published[attribute.name])) unlinkElsewhere(ctx, ctx.type, attribute, published, target);
  }
  return published;
}

/**
 * Publishing gives the published version the links owners without draft&publish made to the draft (link-version.ts).
 * Strapi re-creates the published row from the draft with its relations, so through a bidirectional relation the
 * published version is linked exactly as the draft is; a unidirectional link to the draft is copied over to it.
 * A to-one inverse side is populated with ONE row (the database's `XtoOne` populate takes the first join row): of
 * the owner rows that link the draft, only the first keeps a link to the published version, the others the draft's.
 */
function publishVersionLinks(ctx: WriteContext, draft: Row): void {
  const defaultLocale = ctx.index.model.defaultLocale;
  for (const owner of ctx.index.model.contentTypes.values()) {
    if (owner.draftAndPublish) continue;
    for (const attribute of owner.attributes.values()) {
      if (attribute.kind !== 'relation' || !attribute.owner || attribute.target !== ctx.type.uid) continue;
      if (isStrayOwner(ctx.index.model, attribute)) continue;
      const localeOk = (r: Row) =>
        !ctx.type.localized ||
        (owner.localized ? r.locale === draft.locale : joinsLocale(r, attribute.name, draft.documentId, draft.locale, defaultLocale));
      const linking = ctx.index.linkingRows(owner.uid, attribute.name, draft.documentId).filter(localeOk);
      const inverse = attribute.inversedBy ? ctx.type.attributes.get(attribute.inversedBy) : undefined;
      const toOneInverse = inverse?.kind === 'relation' && !inverse.toMany;
      const draftRank = (r: Row) => linkRank(ctx.tx.data, owner.uid, attribute.name, r, draft.documentId, 'draft');
      const first = toOneInverse
        ? linking
            .filter((r) => linksVersion(r, attribute.name, draft.documentId, true))
            .sort((a, b) => draftRank(a) - draftRank(b) || a.id - b.id)[0]
        : undefined;
      for (const r of linking) {
        // the published list is re-created in the draft's order
        if (attribute.inversedBy) publishLinkRank(ctx.tx, owner.uid, attribute.name, r, draft.documentId);
        const note = linkVersion(r, attribute.name, draft.documentId);
        if (toOneInverse && r !== first && note !== 'published') {
          // links the draft, but is not the one row the published version is re-created with: the draft's only
          if (note === undefined) {
            ctx.tx.edit(owner.uid, r);
            setLinkVersion(r, attribute.name, draft.documentId, 'draft');
          }
          continue;
        }
        // a one-way link to the old published row is captured and inserted again with the new row's id looked up by
        // locale (`unidirectional-relations.sync`): with no mapping (publish-sync.ts) the published version is lost
        // (real Strapi 5.54: PUT /api/nodes/:id?fields=title, the hub's `featured` lists the node no longer;
        // probe s15-write-probes/self-nest-unidirectional-fields-*)
        if (ctx.syncUnmapped && !attribute.inversedBy && note !== 'draft') {
          ctx.tx.edit(owner.uid, r);
          if (note === undefined) setLinkVersion(r, attribute.name, draft.documentId, 'draft');
          else dropLink(ctx.tx, ctx.index, owner.uid, attribute, r, draft.documentId, true);
          continue;
        }
        if (note === undefined) continue;
        ctx.tx.edit(owner.uid, r);
        if (note === 'draft') setLinkVersion(r, attribute.name, draft.documentId, undefined);
        else if (attribute.inversedBy) dropLink(ctx.tx, ctx.index, owner.uid, attribute, r, draft.documentId, true);
      }
      // the links to the new published row are new join rows
      const toPublished = linking.filter(
        (r) => refsOf(r[attribute.name]).includes(draft.documentId) && linksVersion(r, attribute.name, draft.documentId, false),
      );
      if (attribute.inversedBy) renewBirths(ctx, owner.uid, attribute.name, toPublished, draft.documentId, 'published');
    }
  }
}
