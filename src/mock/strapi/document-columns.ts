import { isPlainObject } from '../../core/is-plain-object.js';
import type { Attributes, ContentModel } from '../../core/model/types.js';

// What the document service returns beyond a REST answer: every row carries its `locale` column, null on types
// without i18n, unless a `fields` selection leaves it out (the content API's sanitizer removes it again, see
// core/query/sanitize-output). Project code that
// returns document service results as they are shows it, as in Strapi.

function addColumns(model: ContentModel, attributes: Attributes, localized: boolean | undefined, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => addColumns(model, attributes, localized, v));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const attribute = attributes.get(key);
    if (attribute?.kind === 'relation') {
      const target = model.contentTypes.get(attribute.target);
      out[key] = target ? addColumns(model, target.attributes, target.localized, v) : v;
    } else if (attribute?.kind === 'component') {
      const component = model.components.get(attribute.component);
      out[key] = component ? addColumns(model, component.attributes, undefined, v) : v;
    } else if (attribute?.kind === 'dynamiczone' && Array.isArray(v)) {
      out[key] = v.map((item) => {
        const uid = isPlainObject(item) ? item.__component : undefined;
        const component = typeof uid === 'string' ? model.components.get(uid) : undefined;
        return component ? addColumns(model, component.attributes, undefined, item) : item;
      });
    } else if (attribute?.kind === 'media') out[key] = relatedColumns(model, v);
    else out[key] = v;
  }
  // rows of content types read whole (a `fields` selection reads only what it names): components have no locale
  // (a selection that names publishedAt alone holds no timestamps: harness edtech-code 1101, `fields[0]=publishedAt`)
  const whole = ['documentId', 'publishedAt', 'createdAt', 'updatedAt'].every((k) => k in out);
  if (localized === false && whole && !('locale' in out)) {
    // the column comes right after the timestamps, before populated relations
    const ordered: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(out)) {
      ordered[k] = v;
      if (k === 'publishedAt') ordered.locale = null;
    }
    return ordered;
  }
  return out;
}

/** A populated file's `related` entries: each a row of the content type its `__type` names (probe s14-read steps4). */
function relatedColumns(model: ContentModel, files: unknown): unknown {
  if (Array.isArray(files)) return files.map((f) => relatedColumns(model, f));
  if (!isPlainObject(files) || !Array.isArray(files.related)) return files;
  const related = files.related.map((entry: unknown) => {
    const type = isPlainObject(entry) && typeof entry.__type === 'string' ? model.contentTypes.get(entry.__type) : undefined;
    return type ? addColumns(model, type.attributes, type.localized, entry) : entry;
  });
  return { ...files, related };
}

/** A document service result (an entry, a list, null) of type `uid` with the columns Strapi's rows carry. */
export function withDocumentColumns(model: ContentModel, uid: string, data: unknown): unknown {
  const type = model.contentTypes.get(uid);
  return type ? addColumns(model, type.attributes, type.localized, data) : data;
}
