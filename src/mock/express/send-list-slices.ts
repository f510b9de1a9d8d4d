import type { Response } from 'express';
import type { ListPage } from '../../core/query/run-query.js';
import { sliceClock, type SliceScheduler } from './slice-scheduler.js';
import { writePieces } from './write-slices.js';

/**
 * A big list answer (a populate chain of many MB), rendered a row at a time and given back to the loop whenever a
 * slice is used up, then written in chunks: other requests are answered meanwhile. The bytes are JSON.stringify's
 * of `{data, meta}`. Nothing is sent before every row is rendered, so a refusal found while rendering (the populate
 * budget) is still an error answer.
 */
export async function sendListInSlices(res: Response, page: ListPage, scheduler: SliceScheduler, type: string): Promise<void> {
  const clock = sliceClock();
  // the populate budget's first pass first: a refusal is still an error answer
  while (!page.precountStep()) {
    if (!clock.due()) continue;
    if (res.destroyed) return;
    await scheduler.turn();
    clock.restart();
  }
  const pieces: string[] = ['{"data":['];
  let first = true;
  for (const row of page.rows) {
    if (clock.due()) {
      if (res.destroyed) return; // the client went away: stop working for it
      await scheduler.turn();
      clock.restart();
    }
    const [entry] = page.render([row]);
    pieces.push(first ? JSON.stringify(entry) : ',' + JSON.stringify(entry));
    first = false;
  }
  pieces.push('],"meta":' + JSON.stringify(page.meta()) + '}');
  res.status(200).type(type);
  await writePieces(res, pieces, scheduler);
}
