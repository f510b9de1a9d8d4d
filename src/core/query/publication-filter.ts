import { ValidationError } from '../errors/strapi-errors.js';
import type { ContentType } from '../model/types.js';
import type { Row } from '../data/types.js';
import { isDraftRow, type ContentIndex } from '../data/content-index.js';
import { parseBooleanLike } from './values.js';

export const PUBLICATION_FILTERS = [
  'never-published',
  'never-published-document',
  'has-published-version',
  'has-published-version-document',
  'modified',
  'unmodified',
  'published-without-draft',
  'published-with-draft',
] as const;
export type PublicationFilter = (typeof PUBLICATION_FILTERS)[number];

export type RowTest = (row: Row) => boolean;

/**
 * `publicationFilter` (and the older `hasPublishedVersion`) narrow a draft&publish list by how each version
 * relates to its counterpart: a draft is "modified" when its published copy is older than its last edit.
 */
export function parsePublicationFilter(index: ContentIndex, type: ContentType, query: Record<string, unknown>): RowTest | undefined {
  let filter: PublicationFilter | undefined;
  const raw = query.publicationFilter;
  if (raw !== undefined && raw !== null && raw !== '') {
    if (typeof raw !== 'string' || !(PUBLICATION_FILTERS as readonly string[]).includes(raw)) {
      throw new ValidationError(
        `Invalid value for 'publicationFilter'. Expected one of ${PUBLICATION_FILTERS.join(', ')}, received: ${String(raw)}`,
        {},
      );
    }
    filter = raw as PublicationFilter;
  } else if (query.hasPublishedVersion !== undefined) {
    const b = parseBooleanLike(query.hasPublishedVersion);
    if (b === undefined)
      throw new ValidationError(
        `Invalid value for 'hasPublishedVersion'. Expected true or false, received: ${String(query.hasPublishedVersion)}`,
        {},
      );
    filter = b ? 'has-published-version' : 'never-published';
  }
  if (!filter || !type.draftAndPublish) return undefined;
  const counterpart = (row: Row) =>
    index.documentRows(type.uid, row.documentId).find((r) => r.locale === row.locale && isDraftRow(r) !== isDraftRow(row));
  const draftOf = (row: Row) => (isDraftRow(row) ? row : counterpart(row));
  const publishedOf = (row: Row) => (isDraftRow(row) ? counterpart(row) : row);
  const anyPublished = (row: Row) => index.documentRows(type.uid, row.documentId).some((r) => !isDraftRow(r));
  const modified = (row: Row) => {
    const d = draftOf(row);
    const p = publishedOf(row);
    return !!d && !!p && d.updatedAt !== p.updatedAt;
  };
  switch (filter) {
    case 'never-published':
      return (row) => !publishedOf(row);
    case 'never-published-document':
      return (row) => !anyPublished(row);
    case 'has-published-version':
      return (row) => !!publishedOf(row);
    case 'has-published-version-document':
      return anyPublished;
    case 'modified':
    case 'published-with-draft':
      return modified;
    case 'unmodified':
    case 'published-without-draft':
      return (row) => !!publishedOf(row) && !modified(row);
  }
}
