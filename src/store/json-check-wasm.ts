import { jsonValueEnd } from './json-check.js';
import { JSON_CHECK_WASM } from './json-check-wasm-module.js';

// The read-ahead threads share a seed's bytes; where they are a WebAssembly memory, the outline thread checks the
// members it leaves out with json-check.wat instead of json-check.ts: same answers, ~2.5x faster, and that check is
// about a third of the thread's walk (100k articles: 866 MB).

const PAGE = 65536;
/** Bytes after the seed's: reads of a few bytes past its end land there (see json-check.wat), then the check's stack. */
const PAD = 16;
/** The check's stack of open containers, a byte per level: deeper values are checked by json-check.ts. */
const STACK = PAGE;
/** The module's offsets are 32-bit signed integers. */
const MOST = 2 ** 31 - PAD - STACK - PAGE;

/** The shared bytes for a seed of `size` bytes: a WebAssembly memory's (`memory`) where the check can run over it. */
export function seedBytes(size: number): { bytes: SharedArrayBuffer; memory?: WebAssembly.Memory } {
  if (size <= MOST) {
    try {
      const pages = Math.ceil((size + PAD + STACK) / PAGE);
      const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
      return { bytes: memory.buffer as unknown as SharedArrayBuffer, memory };
    } catch {
      // no shared WebAssembly memory here: plain shared bytes
    }
  }
  return { bytes: new SharedArrayBuffer(size) };
}

/** Where the JSON value at `pos` of the bytes ends, -1 if it is not well-formed (jsonValueEnd's contract). */
export type CheckedEnd = (buf: Uint8Array, pos: number) => number;

/**
 * jsonValueEnd for the seed held by `memory` (its first `size` bytes, see seedBytes), run by json-check.wat: `buf`
 * must be those bytes. Undefined where the module cannot run (no WebAssembly SIMD): json-check.ts checks then.
 */
export function wasmCheckedEnd(memory: WebAssembly.Memory, size: number): CheckedEnd | undefined {
  let valueEnd: (pos: number, limit: number, stack: number, stackEnd: number) => number;
  try {
    const module = new WebAssembly.Module(Buffer.from(JSON_CHECK_WASM, 'base64'));
    valueEnd = new WebAssembly.Instance(module, { env: { memory } }).exports.valueEnd as typeof valueEnd;
  } catch {
    return undefined;
  }
  const stack = size + PAD;
  const stackEnd = Math.min(memory.buffer.byteLength, stack + STACK);
  return (buf, pos) => {
    if (pos >= size) return -1;
    const c = buf[pos];
    // white space before the value is not skipped (jsonValueEnd's contract; the module skips it)
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) return -1;
    const end = valueEnd(pos, size, stack, stackEnd);
    return end === -2 ? jsonValueEnd(buf, pos) : end;
  };
}
