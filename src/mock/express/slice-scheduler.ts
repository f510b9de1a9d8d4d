// Big answers are rendered and written a slice at a time. setImmediate alone is not enough to keep the server
// responsive: every slice queued in one turn of the event loop runs before the next look at the sockets, so eight
// big answers in flight hold a cheap GET for eight slices. The scheduler lets one slice run per turn instead: a
// request asks for its turn, and turns are handed out one per setImmediate, round robin, so sockets are polled
// between any two slices whatever the number of big answers in flight.

/** How long a slice may run before its request gives the loop back. */
export const SLICE_MS = 2;

export class SliceScheduler {
  private readonly waiting: (() => void)[] = [];
  private scheduled = false;

  /** Resolves when it is this caller's turn to run a slice (after the sockets have been looked at). */
  turn(): Promise<void> {
    return new Promise((ok) => {
      this.waiting.push(ok);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.waiting.length === 0) return;
    this.scheduled = true;
    setImmediate(this.next);
  }

  private readonly next = (): void => {
    this.scheduled = false;
    // the slice runs in this callback's microtasks; a turn asked meanwhile waits for the next loop turn
    this.waiting.shift()?.();
    this.schedule();
  };
}

/** A time keeper for one request's work: `due()` says when its slice is used up. */
export function sliceClock(): { due(): boolean; restart(): void } {
  let start = performance.now();
  return {
    due: () => performance.now() - start > SLICE_MS,
    restart: () => {
      start = performance.now();
    },
  };
}
