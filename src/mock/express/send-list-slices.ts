import type { ServerResponse } from 'node:http';
import type { ListPage } from '../../core/query/run-query.js';
import { sliceClock, type SliceScheduler } from './slice-scheduler.js';
import { writeByteSlices } from './write-slices.js';
import { allKept, pageParts, rowPieces, type PopulatedPage } from '../request/populated-rows.js';
import { jsonBytes, listPieces } from '../request/row-fragments.js';

/**
 * A big list answer (a populate chain of many MB), rendered a row at a time and given back to the loop whenever a
 * slice is used up, then written in chunks: other requests are answered meanwhile. The bytes are JSON.stringify's
 * of `{data, meta}`. Nothing is sent before every row is rendered, so a refusal found while rendering (the populate
 * budget) is still an error answer. With `populated`, parts kept from earlier requests are written from their bytes
 * and parts rendered now are kept (see populated-rows.ts); when every part is kept, the budget's first pass is not
 * run: what they spent is counted instead, and refused past the budget with the same error.
 */
export async function sendListInSlices(
  res: ServerResponse,
  page: ListPage,
  scheduler: SliceScheduler,
  type: string,
  populated?: PopulatedPage,
): Promise<void> {
  const clock = sliceClock();
  let parts = populated && pageParts(populated);
  // the populate budget's first pass first: a refusal is still an error answer
  if (!populated || !allKept(populated))
    while (!page.precountStep()) {
      if (!clock.due()) continue;
      if (res.destroyed) return;
      await scheduler.turn();
      clock.restart();
    }
  const rows: Uint8Array[][] = [];
  let keptSpent = 0;
  for (const row of page.rows) {
    if (clock.due()) {
      if (res.destroyed) return; // the client went away: stop working for it
      await scheduler.turn();
      clock.restart();
    }
    // (parts kept meanwhile by another request are read then: several big answers alike render each part once)
    if (populated && parts) {
      // the kept parts start over past their bound, or after a write: read (and keep) those of the moment, so
      // several big answers alike, sliced side by side, still make each part once
      if (populated.fragments.partsOf(populated.index, populated.type) !== parts.store) parts = pageParts(populated);
      const { pieces, spent } = rowPieces(populated, parts, row);
      keptSpent += spent;
      rows.push(pieces);
    } else rows.push([jsonBytes(page.render([row])[0])]);
  }
  populated?.budget?.spend(keptSpent);
  const pieces = listPieces(rows, page.meta());
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  await writeByteSlices(res, pieces, scheduler);
}
