import type { ServerResponse } from 'node:http';
import { SliceScheduler, sliceClock } from './slice-scheduler.js';
import { CHUNK, writeChunk } from './write-slices.js';

// JSON.stringify of a 100 MB answer holds the event loop for seconds, and every other client waits. Large answers
// are serialized here instead, piece by piece, handing the loop back every few milliseconds and waiting for the
// socket to drain: the bytes are exactly JSON.stringify's.

/** Deeper than this, a value is stringified whole (JSON values in `json` attributes can nest deeply). */
const MAX_WALK_DEPTH = 32;

type Frame =
  | { readonly kind: 'array'; readonly value: readonly unknown[]; i: number }
  | { readonly kind: 'object'; readonly value: Record<string, unknown>; readonly keys: string[]; i: number; first: boolean };

const omitted = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/** Values (object keys, array items) in a subtree that native JSON.stringify serializes in a few milliseconds. */
const SMALL = 20_000;

/** Whether a subtree holds at most SMALL values; stops counting as soon as it is over (so costs at most that). */
function small(root: unknown): boolean {
  const stack: unknown[] = [root];
  let n = 0;
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      n += v.length;
      for (const child of v) if (typeof child === 'object' && child !== null) stack.push(child);
    } else {
      for (const key in v) {
        n++;
        const child = (v as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
    if (n > SMALL) return false;
  }
  return true;
}

/** A large plain object or array: walked piece by piece (anything else is stringified natively in one go). */
function walkable(v: unknown): v is Record<string, unknown> | unknown[] {
  if (typeof v !== 'object' || v === null) return false;
  if (!Array.isArray(v)) {
    const proto = Object.getPrototypeOf(v) as unknown;
    if ((proto !== Object.prototype && proto !== null) || typeof (v as { toJSON?: unknown }).toJSON === 'function') return false;
  }
  return !small(v);
}

/**
 * Writes `value` as JSON to `res` (whose status and type are set) and ends it, a slice per turn of `scheduler`.
 * Returns the bytes when `keep` is set and they are at most `keepLimit` (for the read cache), else undefined.
 */
export async function streamJson(
  res: ServerResponse,
  value: unknown,
  scheduler = new SliceScheduler(),
  keep = false,
  keepLimit = 16 * 1024 * 1024,
): Promise<Buffer | undefined> {
  const kept: Buffer[] = [];
  let keptSize = 0;
  let keeping = keep;
  let pieces: string[] = [];
  let pending = 0;
  const clock = sliceClock();

  const flush = async () => {
    if (pieces.length === 0) return;
    const chunk = Buffer.from(pieces.join(''));
    pieces = [];
    pending = 0;
    if (keeping) {
      keptSize += chunk.length;
      if (keptSize > keepLimit) keeping = false;
      else kept.push(chunk);
    }
    await writeChunk(res, chunk);
  };
  const emit = (text: string) => {
    pieces.push(text);
    pending += text.length;
  };

  const stack: Frame[] = [];
  const open = (v: unknown) => {
    if (stack.length < MAX_WALK_DEPTH && walkable(v)) {
      if (Array.isArray(v)) {
        emit('[');
        stack.push({ kind: 'array', value: v, i: 0 });
      } else {
        emit('{');
        stack.push({ kind: 'object', value: v, keys: Object.keys(v), i: 0, first: true });
      }
    } else emit(JSON.stringify(v));
  };

  open(value);
  let steps = 0;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    if (frame.kind === 'array') {
      if (frame.i >= frame.value.length) {
        emit(']');
        stack.pop();
      } else {
        if (frame.i > 0) emit(',');
        const v = frame.value[frame.i++];
        open(omitted(v) ? null : v);
      }
    } else {
      let key: string | undefined;
      while (frame.i < frame.keys.length && key === undefined) {
        const k = frame.keys[frame.i++];
        if (!omitted(frame.value[k])) key = k;
      }
      if (key === undefined) {
        emit('}');
        stack.pop();
      } else {
        emit(`${frame.first ? '' : ','}${JSON.stringify(key)}:`);
        frame.first = false;
        open(frame.value[key]);
      }
    }
    if (pending >= CHUNK) await flush();
    if (++steps % 512 === 0 && clock.due()) {
      if (res.destroyed) return undefined; // the client went away: stop working for it
      await flush();
      await scheduler.turn();
      clock.restart();
    }
  }
  await flush();
  res.end();
  return keeping ? Buffer.concat(kept) : undefined;
}
