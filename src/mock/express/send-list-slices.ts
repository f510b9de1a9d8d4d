import type { Response } from 'express';
import type { ListPage } from '../../core/query/run-query.js';
import { sliceClock, type SliceScheduler } from './slice-scheduler.js';
import { writeByteSlices } from './write-slices.js';
import { renderAndKeep, type PopulatedPage } from '../request/populated-rows.js';
import { jsonBytes, listPieces } from '../request/row-fragments.js';

/**
 * A big list answer (a populate chain of many MB), rendered a row at a time and given back to the loop whenever a
 * slice is used up, then written in chunks: other requests are answered meanwhile. The bytes are JSON.stringify's
 * of `{data, meta}`. Nothing is sent before every row is rendered, so a refusal found while rendering (the populate
 * budget) is still an error answer. With `populated`, rows kept from earlier requests are written from their bytes
 * and rows rendered now are kept (see populated-rows.ts); when every row is kept, the budget's first pass is not
 * run: what they spent is counted instead, and refused past the budget with the same error.
 */
export async function sendListInSlices(
  res: Response,
  page: ListPage,
  scheduler: SliceScheduler,
  type: string,
  populated?: PopulatedPage,
): Promise<void> {
  const clock = sliceClock();
  const kept = populated ? populated.fragments.keptRows(populated.index, populated.shape, page.rows) : [];
  // the populate budget's first pass first: a refusal is still an error answer
  if (!populated || kept.includes(undefined))
    while (!page.precountStep()) {
      if (!clock.due()) continue;
      if (res.destroyed) return;
      await scheduler.turn();
      clock.restart();
    }
  const rows: Uint8Array[] = [];
  let keptSpent = 0;
  for (const [i, row] of page.rows.entries()) {
    if (clock.due()) {
      if (res.destroyed) return; // the client went away: stop working for it
      await scheduler.turn();
      clock.restart();
    }
    // (kept meanwhile by another request for the same rows: several big answers alike render each row once)
    const k = kept[i] ?? (populated && populated.fragments.keptRows(populated.index, populated.shape, [row])[0]);
    keptSpent += k?.spent ?? 0;
    const render = (r: typeof row) => page.render([r])[0];
    rows.push(k?.bytes ?? (populated ? renderAndKeep(populated, row, render) : jsonBytes(render(row))));
  }
  populated?.budget?.spend(keptSpent);
  const pieces = listPieces(rows, page.meta());
  res.status(200).type(type);
  await writeByteSlices(res, pieces, scheduler);
}
