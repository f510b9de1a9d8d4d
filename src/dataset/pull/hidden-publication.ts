import type { Attributes, ContentModel, ContentType } from '../../core/model/types.js';
import { isPlainObject } from '../../core/is-plain-object.js';

type Snapshot = Record<string, unknown>;

/**
 * A server whose config hides `publishedAt` (`responses.privateAttributes: ['publishedAt']`) answers its versions
 * without it, yet the seed format tells a published version from a draft by it. Pull knows each version's state all
 * the same: it read the view (`status=draft` or `status=published`), and Strapi populates relations to draft & publish
 * types in the status of the document read (the draft view links drafts, the published view published versions).
 * Such a version gets `publishedAt` back: `null` in the draft view, else the version's own timestamp (`updatedAt`,
 * `createdAt`, the epoch when those are hidden too; the value is never shown: the attribute stays private). Links and
 * components are walked; a snapshot that shows `publishedAt` is left alone.
 */
export function restoreHiddenPublication(model: ContentModel, type: ContentType, snapshot: Snapshot, status: 'draft' | 'published'): void {
  if (type.draftAndPublish) mark(snapshot, status);
  walk(model, type.attributes, snapshot, status, 0);
}

const EPOCH = '1970-01-01T00:00:00.000Z';

function mark(snapshot: Snapshot, status: 'draft' | 'published'): void {
  if ('publishedAt' in snapshot) return;
  const stamp =
    typeof snapshot.updatedAt === 'string' ? snapshot.updatedAt : typeof snapshot.createdAt === 'string' ? snapshot.createdAt : EPOCH;
  snapshot.publishedAt = status === 'draft' ? null : stamp;
}

function walk(model: ContentModel, attributes: Attributes, snapshot: Snapshot, status: 'draft' | 'published', depth: number): void {
  if (depth > 20) return;
  for (const attribute of attributes.values()) {
    const value = snapshot[attribute.name];
    const items = (Array.isArray(value) ? value : value ? [value] : []).filter(isPlainObject);
    if (attribute.kind === 'relation') {
      const target = model.contentTypes.get(attribute.target);
      if (!target) continue;
      for (const item of items) {
        if (target.draftAndPublish) mark(item, status);
        walk(model, target.attributes, item, status, depth + 1);
      }
    } else if (attribute.kind === 'component') {
      const component = model.components.get(attribute.component);
      if (component) for (const item of items) walk(model, component.attributes, item, status, depth + 1);
    } else if (attribute.kind === 'dynamiczone') {
      for (const item of items) {
        const component = typeof item.__component === 'string' ? model.components.get(item.__component) : undefined;
        if (component) walk(model, component.attributes, item, status, depth + 1);
      }
    }
  }
}
