import { checkDataLocale } from '../query/locale-param.js';
import { isPlainObject } from '../is-plain-object.js';
import type { ContentIndex } from '../data/content-index.js';
import type { ContentType } from '../model/types.js';
import { prepareData } from './prepare-data.js';

/**
 * What Strapi's document service checks of a write before the database sees it (the entity validator: keys, values,
 * the documents relations name), without writing anything. Project lifecycles (`beforeCreate`…) run after it, so a
 * write Strapi refuses never reaches them.
 */
export function checkWrite(
  index: ContentIndex,
  type: ContentType,
  data: unknown,
  opts: { readonly creating: boolean; readonly locale: unknown; readonly strictRelations?: boolean; readonly documentId?: string },
): void {
  // the service's localeToData comes before its validation (harness notum-lite --code write grammar seed 1603:
  // `POST ?locale=*` is refused so before a lifecycle looks a relation up)
  if (type.localized) checkDataLocale(opts.locale);
  if (!isPlainObject(data)) return;
  const locale = !type.localized
    ? null
    : typeof opts.locale === 'string' && opts.locale !== '' && opts.locale !== '*'
      ? opts.locale
      : index.model.defaultLocale;
  // a copy: resolving relations rewrites what it reads
  const copy = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  prepareData(type, copy, {
    index,
    draft: type.draftAndPublish,
    creating: opts.creating,
    locale,
    nextId: () => 0,
    strictRelations: opts.strictRelations,
    // a new locale of an existing document is validated as a create of `{ ...data, documentId }`
    ...(opts.documentId === undefined ? {} : { documentId: opts.documentId }),
  });
}
