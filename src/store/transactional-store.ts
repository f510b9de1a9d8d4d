import { ContentIndex } from '../core/data/content-index.js';
import type { Store } from '../core/data/store.js';
import { Transaction } from '../core/data/transaction.js';
import { StoreSession } from '../core/data/store-session.js';
import type { StoreData } from '../core/data/types.js';
import type { ContentModel } from '../core/model/types.js';
import { ChangeTracker, Replayer, type Delta, type JournalOp } from './change-tracker.js';
import type { Row } from '../core/data/types.js';
import { MEDIA_TABLE } from '../core/data/transaction.js';
import { deferredOf } from './deferred-registry.js';

/** Whether stores check each change against its journal entry by default (tests set CM_STORE_VERIFY=1). */
export const verifyByDefault = (): boolean => typeof process !== 'undefined' && process.env?.CM_STORE_VERIFY === '1';

/**
 * What every store does the same way, whether it persists or not (the file store, MSW's memory store): a write gets
 * a transaction, runs synchronously, and is then committed in memory (the indexes patched, the journal operations
 * that replay it returned) or, if it threw, rolled back whole: rows inserted, removed or edited (relations
 * reassigned from other documents too), link ranks and ids taken from sequences. A store that persists queues the
 * committed delta and rolls it back (`rollBack`) if it cannot be saved. No browser-unsafe import here: MSW uses it.
 */
export abstract class TransactionalStore implements Store {
  protected currentIndex: ContentIndex;
  protected readonly tracker: ChangeTracker;
  private running: Transaction | undefined;
  /** Per-store state that is not content; `resetSession` starts a new one. */
  session = new StoreSession();
  /** The data as text after the last change (verify mode only). */
  private verifyText: string | undefined;
  /** The background build of values a lazy import left as text, while it runs (see settleInBackground). */
  private settling: Promise<void> | undefined;
  private settlingStopped = false;

  protected constructor(
    protected current: StoreData,
    model: ContentModel,
    verify: boolean,
  ) {
    this.currentIndex = new ContentIndex(model, current);
    this.tracker = new ChangeTracker(current);
    if (verify) this.verifyText = JSON.stringify(current);
  }

  get data(): StoreData {
    return this.current;
  }

  /** Read indexes over the current data, for the current model. */
  get index(): ContentIndex {
    return this.currentIndex;
  }

  abstract mutate<T>(change: (tx: Transaction) => T): Promise<T>;

  /**
   * Whether some rows' values still wait as text (a seed imported lazily, see DeferredValues): only a read that
   * shows none of them but through `settleRows` may run before `settle`.
   */
  get unsettled(): boolean {
    return deferredOf(this.current) !== undefined;
  }

  /** Builds every value still waiting (before a write, a filter or sort naming one, another route). */
  settle(): void {
    const deferred = deferredOf(this.current);
    if (!deferred) return;
    deferred.all();
    this.settled();
  }

  /** Builds the waiting values of the rows a read is about to show or gather. */
  settleRows(rows: readonly Row[]): void {
    const deferred = deferredOf(this.current);
    if (!deferred) return;
    deferred.rows(rows);
    if (!deferred.pending) this.settled();
  }

  /**
   * Builds what waits in slices of about `sliceMs` between other work (the listening server's requests); resolves
   * once all is built (or the data is swapped, or `stopSettling`). Every caller shares the one build.
   */
  settleInBackground(sliceMs = 8): Promise<void> {
    if (!this.unsettled || this.settlingStopped) return Promise.resolve();
    this.settling ??= new Promise<void>((ok, fail) => {
      const later = (f: () => void) => (typeof setImmediate === 'function' ? setImmediate(f) : setTimeout(f, 0));
      const slice = () => {
        let more: boolean;
        try {
          more = !this.settlingStopped && this.settleSome(sliceMs);
        } catch (error) {
          // (never thrown out of a timer: the waiting requests answer it, the next settle goes on past that row)
          this.settling = undefined;
          return fail(error);
        }
        if (more) return void later(slice);
        this.settling = undefined;
        ok();
      };
      later(slice);
    });
    return this.settling;
  }

  /** Stops a background build (the server closes); what waits is built by the next read or write that needs it. */
  stopSettling(): void {
    this.settlingStopped = true;
  }

  /** Builds waiting values for about `ms` milliseconds (the idle server's work); returns whether some still wait. */
  settleSome(ms: number): boolean {
    const deferred = deferredOf(this.current);
    if (!deferred) return false;
    const until = performance.now() + ms;
    if (deferred.step(() => performance.now() >= until)) return true;
    this.settled();
    return false;
  }

  /**
   * Every value built: what was made before from the data as it was starts over (the tracker's view of small tables
   * and sequences, the media library where the values added files to it, the verify text).
   */
  private settled(): void {
    this.tracker.reset(this.current);
    this.currentIndex.invalidateTables([MEDIA_TABLE]);
    if (this.verifyText !== undefined) this.verifyText = JSON.stringify(this.current);
  }

  /** Runs `change` in a new transaction; commits it in memory, or rolls it back and throws what it threw. */
  protected transact<T>(change: (tx: Transaction) => T): { result: T; delta: Delta } {
    if (this.running) throw new Error('content-mock: a write started inside another write (writes never interleave)');
    // a write reads and copies rows whole
    this.settle();
    const tx = new Transaction(this.current);
    this.running = tx;
    // the index sees, while the change runs, the rows it added, removed or edited so far
    this.currentIndex.transaction = tx;
    this.currentIndex.listHighs.verify = this.verifyText !== undefined;
    let result: T;
    try {
      result = change(tx);
    } catch (error) {
      this.finish();
      const delta = this.tracker.collect(tx);
      this.touched(delta);
      delta.undo();
      this.currentIndex.invalidateTables(delta.changes.map((c) => c.table));
      // (the kept list highs are untouched: only a commit settles them, and those read during the write are the
      // lists as committed, which the undo gives back)
      throw error;
    }
    // the kept list highs are brought forward while the transaction still tells what it changed
    this.currentIndex.listHighs.settle(tx, this.currentIndex);
    this.finish();
    const delta = this.tracker.collect(tx);
    if (delta.ops.length === 0) return { result, delta };
    this.touched(delta);
    this.currentIndex.applyChanges(delta.changes, delta.linkOwners, delta.linkKeys);
    if (this.verifyText !== undefined) {
      this.verify(delta.ops);
      this.currentIndex.listHighs.check(this.currentIndex, this.current);
    }
    return { result, delta };
  }

  private finish(): void {
    this.running = undefined;
    this.currentIndex.transaction = undefined;
  }

  /** Told of the rows each transaction touched, committed or not (the file store forgets where they lay on disk). */
  protected touched(_delta: Delta): void {}

  /** Undoes transactions committed in memory that could not be saved, newest first. */
  protected rollBack(deltas: readonly Delta[]): void {
    for (let k = deltas.length - 1; k >= 0; k--) deltas[k].undo();
    this.currentIndex.invalidateTables(new Set(deltas.flatMap((d) => d.changes.map((c) => c.table))));
    // the kept list highs took these writes in when they were committed
    this.currentIndex.listHighs.clear();
    if (this.verifyText !== undefined) this.verifyText = JSON.stringify(this.current);
  }

  /** Serves `data` from now on (a reset, an outside edit): the tracker and the indexes start over. */
  protected swap(data: StoreData): void {
    this.current = data;
    this.tracker.reset(data);
    this.currentIndex.invalidate(data);
    if (this.verifyText !== undefined) this.verifyText = JSON.stringify(data);
  }

  /** A reset: per-store state starts over too (what a slot keeps, such as where a secret is read from, stays). */
  protected resetSession(): void {
    this.session = new StoreSession(this.session);
  }

  /** Checks that replaying the change's journal operations on the data before it gives the data now. */
  private verify(ops: readonly JournalOp[]): void {
    this.tracker.assertInSync();
    const before = JSON.parse(this.verifyText as string) as StoreData;
    const replayer = new Replayer(before);
    replayer.apply(JSON.parse(JSON.stringify(ops)) as JournalOp[]);
    const replayed = canonical(replayer.finish());
    const now = canonical(this.current);
    this.verifyText = JSON.stringify(this.current);
    if (replayed !== now)
      throw new Error('content-mock: a change was not recorded in the journal (a row changed in place without tx.edit)');
  }

  /** Id for a new row of `table` (a type uid, `component:<uid>`, `media`), never reusing one. */
  nextId(table: string): number {
    const next = (this.current.sequences[table] ?? 0) + 1;
    this.current.sequences[table] = next;
    return next;
  }
}

/** Data as text with the order of record keys (counters, link ranks) not mattering. */
function canonical(data: StoreData): string {
  const sorted = (record: Record<string, unknown> | undefined) =>
    record && Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return JSON.stringify({ ...data, sequences: sorted(data.sequences), linkOrder: sorted(data.linkOrder) });
}
