import type { ServerResponse } from 'node:http';
import { joinPieces } from '../request/row-fragments.js';

// An answer joined from kept rows (mock/request/populated-rows.ts) is copied into one buffer and sent. A new buffer
// per answer (tens of kB, outside the JS heap) made V8 run full collections of the whole store's heap every few
// hundred requests, for the memory it counts outside it: that was a quarter of a cold read's CPU. Buffers are
// reused instead, each once its answer is fully handed to the socket ('finish'); an answer that never finishes (the
// client went away) keeps its buffer, which is then simply collected.

/** Buffers kept for reuse at most, and the largest kept (a big answer's buffer is not held on to). */
const MAX_FREE = 32;
const MAX_KEPT_BYTES = 1 << 20;
const MIN_BYTES = 16 << 10;

export class AnswerBuffers {
  private readonly free: Buffer[] = [];

  /** Sends `pieces` joined as the answer's body, through `send` (which writes it whole on `res`). */
  send(res: ServerResponse, pieces: readonly Uint8Array[], send: (body: Uint8Array) => void): void {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const buffer = this.take(length);
    joinPieces(pieces, buffer);
    res.once('finish', () => this.give(buffer));
    send(buffer.subarray(0, length));
  }

  private take(length: number): Buffer {
    // the buffer given back last that fits (the one most likely still in the processor's cache)
    for (let at = this.free.length - 1; at >= 0; at--) if (this.free[at].length >= length) return this.free.splice(at, 1)[0];
    // sizes in powers of two, so a buffer serves answers of similar sizes
    return Buffer.allocUnsafeSlow(Math.max(MIN_BYTES, 2 ** Math.ceil(Math.log2(length || 1))));
  }

  private give(buffer: Buffer): void {
    if (buffer.length <= MAX_KEPT_BYTES && this.free.length < MAX_FREE) this.free.push(buffer);
  }
}
