import type { ContentIndex } from '../../core/data/content-index.js';
import type { Row } from '../../core/data/types.js';
import { batchDependent, type Entry, type PopulateBudget } from '../../core/query/render-entry.js';
import type { ListPage } from '../../core/query/run-query.js';
import { jsonBytes, type RowFragments } from './row-fragments.js';

// Populated rows written from texts kept between requests (RowFragments.keptRows). The bytes are the engine's: each
// text is JSON.stringify of the row rendered alone, which renders as it does in its page whenever the page is
// `renderedApart`. The populate budget sees the same total: a kept row spends what it spent when it was rendered.
// A page past the budget is refused with the budget's own error, whichever pass finds it, as without the texts.

/** A page of rows to write from kept texts, with the request's budget. */
export interface PopulatedPage {
  readonly fragments: RowFragments;
  readonly index: ContentIndex;
  readonly budget: PopulateBudget | undefined;
  /** What the rows are rendered for: one object per query shape (see ParsedQueryCache.recall). */
  readonly shape: object;
  readonly rows: readonly Row[];
}

/**
 * Whether each row of the page renders alone as it does in its page. It does unless the populate depends on the
 * batch (`localizations` leaves out every row of the batch, see batchDependent); at the top level only, it still
 * does when no two rows of the page are versions of the same document (the batch then leaves out only the row).
 */
export function renderedApart(page: ListPage): boolean {
  if (page.sliceable) return true;
  const { node } = page;
  for (const sub of node.populate.values()) if (batchDependent(sub)) return false;
  for (const sub of node.zone?.values() ?? []) if (batchDependent(sub)) return false;
  const documents = new Set<unknown>();
  for (const row of page.rows) {
    if (documents.has(row.documentId)) return false;
    documents.add(row.documentId);
  }
  return true;
}

/**
 * The JSON of the page's rows (UTF-8), in order. Without `render`: only when every row is kept and together they
 * spent at most `most` (a bigger answer is written in slices elsewhere), else undefined and nothing is spent.
 * With `render` (after the budget's first pass): rows not kept are rendered one at a time and kept.
 */
export function textsOfRows(page: PopulatedPage, most: number, render?: (row: Row) => Entry): Uint8Array[] | undefined {
  const { fragments, index, budget, shape, rows } = page;
  const kept = fragments.keptRows(index, shape, rows);
  let spent = 0;
  for (const k of kept) spent += k?.spent ?? 0;
  if (!render && (spent > most || kept.includes(undefined))) return undefined;
  const texts = rows.map((row, i) => kept[i]?.bytes ?? renderAndKeep(page, row, render!));
  // the kept rows' share of the budget (rows rendered now spent theirs while rendering)
  budget?.spend(spent);
  return texts;
}

/** A row of the page rendered alone (`render`), as JSON bytes, kept with what it spent of the budget. */
export function renderAndKeep(page: PopulatedPage, row: Row, render: (row: Row) => Entry): Uint8Array {
  const before = page.budget?.used ?? 0;
  const bytes = jsonBytes(render(row));
  page.fragments.keep(page.index, page.shape, row, { bytes, spent: (page.budget?.used ?? 0) - before });
  return bytes;
}
