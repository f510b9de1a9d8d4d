import { setFlagsFromString } from 'node:v8';

// A data load (a seed, a store file, generated content) keeps nearly all it allocates. V8 sets the old generation's
// next limit to what its last full collection kept times a growing factor (at most 4 by default), so a load that only
// grows the heap runs full collection after full collection of a heap that is all live: at 100k articles from a seed,
// collections at 15, 48, 177 and 480 MB (the last two 130 and 300 ms on the main thread, concurrent marking besides).
// With a factor of 11 while the server starts, the one at 15 MB sets the next limit near 135 MB, and the one there
// past a GB (`--trace-gc`; the read-ahead's chunk buffers, which started one more for external memory, are
// seed-prefetch.ts's concern): start-up at 100k went from 4.1 to 3.7–3.9 s (startup-time.mjs, alternated runs). The
// flag is read at each full collection, so it can be set once the process runs (V8's heap size flags cannot); after
// the load V8 grows the heap by its own factor again, so a long-running server does not keep ten times its live data.

/** `--heap-growing-percent` while the data loads: the factor is 1 + percent / 100. */
const LOADING_PERCENT = 1000;

/** Lets the heap grow in large steps (the server is about to load its data). */
export function growHeapForLoad(): void {
  setFlagsFromString(`--heap-growing-percent=${LOADING_PERCENT}`);
}

/** V8's own growing factor again (0: the flag's default, V8 chooses). */
export function growHeapAsUsual(): void {
  setFlagsFromString('--heap-growing-percent=0');
}
