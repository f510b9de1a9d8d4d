import { ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';

/** In the order Strapi's message lists them (@strapi/utils publication-filter). */
export const PUBLICATION_FILTERS = [
  'never-published',
  'has-published-version',
  'modified',
  'unmodified',
  'never-published-document',
  'has-published-version-document',
  'published-without-draft',
  'published-with-draft',
] as const;
export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number];

export type RowTest = (row: Row) => boolean;

/**
 * The Content API validator's check of `publicationFilter` (`validatePublicationFilterQueryParam`), before any other:
 * a value that is not one of the modes, an empty one included, is refused (no value at all is none).
 */
export function checkPublicationFilterParam(query: Record<string, unknown>): PublicationFilter | undefined {
  const raw = query.publicationFilter;
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string' && (PUBLICATION_FILTERS as readonly string[]).includes(raw)) return raw as PublicationFilter;
  throw new ValidationError(`Invalid value for 'publicationFilter'. Expected one of: ${PUBLICATION_FILTERS.join(', ')}.`, {
    source: 'query',
    param: 'publicationFilter',
  });
}

/**
 * The deprecated `hasPublishedVersion`, read when the document service converts the query (after its other
 * conversions): a boolean or 'true'/'false' only, for the document-scoped modes.
 */
function hasPublishedVersionMode(raw: unknown): PublicationFilter | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw === true || raw === 'true') return 'has-published-version-document';
  if (raw === false || raw === 'false') return 'never-published-document';
  throw new ValidationError("Invalid value for 'hasPublishedVersion'. Expected boolean or 'true'/'false' string.", {});
}

/**
 * `publicationFilter` (and the older `hasPublishedVersion`) narrow a draft&publish list by how each version
 * relates to its counterpart: a draft is "modified" when its published copy is older than its last edit.
 */
export function parsePublicationFilter(index: ContentIndex, type: ContentType, query: Record<string, unknown>): RowTest | undefined {
  const explicit = checkPublicationFilterParam(query);
  const legacy = hasPublishedVersionMode(query.hasPublishedVersion);
  const filter = explicit ?? legacy;
  if (!filter || !type.draftAndPublish) return undefined;
  // Strapi's `buildPublicationFilterWhere`: each mode selects the rows of the read's status (a row's own version
  // here, as rows were narrowed to the status first) by the other version of the same locale ("pair"), or of any
  // locale ("-document"); a draft is "modified" when it was edited after its published copy.
  const pair = (row: Row) =>
    index.documentRows(type.uid, row.documentId).find((r) => r.locale === row.locale && isDraftRow(r) !== isDraftRow(row));
  const otherInDocument = (row: Row) => index.documentRows(type.uid, row.documentId).some((r) => isDraftRow(r) !== isDraftRow(row));
  const edited = (row: Row, compare: (draft: string, published: string) => boolean) => {
    const other = pair(row);
    if (!other) return false;
    const [d, p] = isDraftRow(row) ? [row, other] : [other, row];
    return compare(String(d.updatedAt), String(p.updatedAt));
  };
  switch (filter) {
    case 'never-published':
      return (row) => isDraftRow(row) && !pair(row);
    case 'never-published-document':
      return (row) => isDraftRow(row) && !otherInDocument(row);
    case 'has-published-version':
      return (row) => !!pair(row);
    case 'has-published-version-document':
      return otherInDocument;
    case 'modified':
      return (row) => edited(row, (d, p) => d > p);
    case 'unmodified':
      return (row) => edited(row, (d, p) => d <= p);
    case 'published-without-draft':
      return (row) => !isDraftRow(row) && !pair(row);
    case 'published-with-draft':
      return (row) => !isDraftRow(row) && !!pair(row);
  }
}
