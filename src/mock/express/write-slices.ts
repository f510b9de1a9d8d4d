import type { ServerResponse } from 'node:http';
import type { SliceScheduler } from './slice-scheduler.js';

// Writing text to a socket in chunks, waiting when the socket is full, and giving the loop back between chunks.

/** Bytes written to the socket at a time. */
export const CHUNK = 256 * 1024;

/** Waits until `res` can take more (or is gone). */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise<void>((ok) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      ok();
    };
    res.on('drain', done).on('close', done);
  });
}

/** Writes a chunk; waits for the socket when it is full. */
export async function writeChunk(res: ServerResponse, chunk: Uint8Array | string): Promise<void> {
  if (!res.write(chunk) && !res.destroyed) await drained(res);
}

/**
 * Writes pieces of text (already JSON) to `res` in chunks of about CHUNK bytes, one chunk per turn of the
 * scheduler, and ends it.
 */
export async function writePieces(res: ServerResponse, pieces: readonly string[], scheduler: SliceScheduler): Promise<void> {
  let batch: string[] = [];
  let size = 0;
  for (const piece of pieces) {
    batch.push(piece);
    size += piece.length;
    if (size < CHUNK) continue;
    if (res.destroyed) return;
    await writeChunk(res, batch.join(''));
    batch = [];
    size = 0;
    await scheduler.turn();
  }
  if (batch.length > 0 && !res.destroyed) await writeChunk(res, batch.join(''));
  res.end();
}

/**
 * Bytes per write of kept rows: a write to a local socket costs about its length in the kernel (the reader's side
 * runs in the same call), so smaller writes, each in its own turn, keep a cheap request's wait short.
 */
const BYTE_CHUNK = 64 * 1024;

/**
 * Writes pieces of bytes (already JSON) to `res` as they are, about BYTE_CHUNK bytes per write (corked together),
 * one write per turn of the scheduler, and ends it.
 */
export async function writeByteSlices(res: ServerResponse, pieces: readonly Uint8Array[], scheduler: SliceScheduler): Promise<void> {
  let size = 0;
  res.cork();
  for (const piece of pieces) {
    res.write(piece);
    size += piece.length;
    if (size < BYTE_CHUNK) continue;
    res.uncork();
    if (res.destroyed) return;
    if (res.writableNeedDrain) await drained(res);
    await scheduler.turn();
    size = 0;
    res.cork();
  }
  res.uncork();
  if (!res.destroyed) res.end();
}
