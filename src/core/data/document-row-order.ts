import type { Row } from './types.js';

// Strapi looks a document's rows up through its `<table>_documents_idx` index (document_id, locale, published_at):
// a query without an ORDER BY (`findOne({ where: { documentId } })`) meets them in that order, by locale, then
// draft (NULL) before published, then row id. "The document's first row" means the first in this order.
const byIndex = (a: Row, b: Row): number => {
  const la = typeof a.locale === 'string' ? a.locale : '';
  const lb = typeof b.locale === 'string' ? b.locale : '';
  if (la !== lb) return la < lb ? -1 : 1;
  const pa = typeof a.publishedAt === 'string' ? a.publishedAt : '';
  const pb = typeof b.publishedAt === 'string' ? b.publishedAt : '';
  if (pa !== pb) return pa < pb ? -1 : 1;
  return a.id - b.id;
};

/** The row of a document Strapi's unordered lookup by documentId returns first. */
export function firstDocumentRow(rows: readonly Row[]): Row | undefined {
  return rows.reduce<Row | undefined>((first, r) => (!first || byIndex(r, first) < 0 ? r : first), undefined);
}

/**
 * A document's rows in the order Strapi's unordered lookups by documentId meet them (the document service's
 * publish, unpublish, discardDraft and delete of several locales: `locale: '*'` publishes de, en, fr in that order,
 * so their new rows take ids in it, and a delete's entries come de, en draft, en published, fr…).
 */
export const inIndexOrder = (rows: readonly Row[]): Row[] => [...rows].sort(byIndex);

/**
 * Rows in the whole `<table>_documents_idx` index's order (document_id, locale, published_at, then row id): what
 * SQLite answers a query without an ORDER BY in when the index covers every column it selects and tests (it scans the
 * index instead of the table).
 */
export const inDocumentsIndexOrder = (rows: readonly Row[]): Row[] =>
  [...rows].sort((a, b) => (a.documentId === b.documentId ? byIndex(a, b) : a.documentId < b.documentId ? -1 : 1));
