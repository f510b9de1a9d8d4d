import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ContentModel } from '../core/model/types.js';
import { ContentIndex } from '../core/data/content-index.js';
import { DatasetError } from '../core/data/import-dataset.js';
import type { Transaction } from '../core/data/transaction.js';
import type { StoreData } from '../core/data/types.js';
import { Replayer, type Delta, type JournalOp } from './change-tracker.js';
import { TransactionalStore, verifyByDefault } from './transactional-store.js';
import { baseLine, entryLine, headerLine, JournalLost, JournalWriter, journalPath, readJournal, setAside, writeAside } from './journal.js';
import { fileIdentity, hashBytes, hashFile, readStoreBytes, removeStaleTempFiles, writeStoreFile } from './store-file.js';
import type { FileLayout } from './file-layout.js';
import { readStoreFile } from './read-store-file.js';
import { StoreLock } from './store-lock.js';
import { isLegacyHash, legacyHash } from './content-hash.js';
import { PersistError } from './persist-error.js';
import { soundEntries } from './journal-damage.js';
import type { Row } from '../core/data/types.js';

export { parseStoreBytes, parseStoreText, isStoreData } from './store-file.js';

export interface StoreOptions {
  /** The JSON store file; undefined keeps everything in memory (`--memory`, tests). */
  readonly file?: string;
  /** What a new (or reset) store starts from. */
  readonly initial: () => StoreData;
  /** Where to say that a leftover journal was set aside, or that a background store write failed. */
  readonly warn?: (message: string) => void;
  /**
   * Check after every change that replaying its journal entry gives the data in memory (a change that did not
   * declare a row it changed in place would fail). Costs a full serialization per change: for tests. Default: the
   * CM_STORE_VERIFY environment variable is "1".
   */
  readonly verify?: boolean;
  /** Rewrite the store file after this long without changes (ms; default 2000). */
  readonly idleCompactMs?: number;
  /**
   * Rewrite it at the latest this long after the first change it lacks, writes or not (ms; default 5000, or four
   * times the last rewrite's duration if that is longer, so folding never takes more than a fifth of the time).
   */
  readonly maxFoldLagMs?: number;
  /** Start even with damaged journal lines: apply the sound ones, set the damaged ones aside (`serve --repair`). */
  readonly repair?: boolean;
}

interface Pending {
  readonly line: string;
  readonly delta: Delta;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

/** Rewrite the store file (and empty the journal) once the journal is this large, writes or not. */
const MAX_JOURNAL_BYTES = 64 * 1024 * 1024;

/**
 * The datastore: content in memory, persisted to a JSON file (the format of record, rewritten in the background)
 * and a journal beside it (each change appended and synced before it is acknowledged), or in memory only.
 *
 * Every change goes through `mutate`: it runs synchronously, the change tracker finds what it did (cost follows the
 * change), the indexes are patched, and its journal line joins the next group commit (concurrent writers share one
 * sync). If the journal cannot be written, every change not yet on disk is undone, newest first, and rejected: memory
 * then holds exactly what is on disk, and the next change tries the disk again.
 */
export class ContentStore extends TransactionalStore {
  private queue: Pending[] = [];
  private draining: Promise<void> | undefined;
  /** Serializes journal appends, compactions and replaces (one at a time on disk). */
  private disk: Promise<void> = Promise.resolve();
  /** Lines committed since the running compaction started (they go into the journal that follows it). */
  private sinceCompaction: string[] | undefined;
  private compaction: Promise<void> | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  /** When the first change the store file lacks was committed (undefined: the file holds everything). */
  private unfoldedSince: number | undefined;
  /** How long the last background rewrite took (ms). */
  private lastFoldMs = 0;
  /** Changes committed that the store file may lack, oldest first (re-applied over an outside edit of the file). */
  private unfolded: Pending[] = [];
  private closed = false;
  /** Hashes of store files this server wrote (or loaded): the watcher ignores those. */
  private readonly ownFiles: Array<{ readonly hash: string; readonly identity?: string }> = [];
  private fileHash: string | undefined;
  /** The store file was never written (its first write failed): the next change writes it whole before it is kept. */
  private unwritten = false;
  private journal: JournalWriter | undefined;
  /** This process's hold on the data file (one server per file). */
  private lock: StoreLock | undefined;
  /** Where each row lies in the store file on disk (rows changed since are forgotten): rewrites copy the others. */
  private layout: FileLayout | undefined;
  /** Where each row lies in the store files being written (rows changed meanwhile are forgotten). */
  private readonly building = new Set<Map<Row, number>>();

  private constructor(
    current: StoreData,
    model: ContentModel,
    private options: StoreOptions,
  ) {
    super(current, model, options.verify ?? verifyByDefault());
  }

  get file(): string | undefined {
    return this.options.file;
  }

  /**
   * Serves the same data under a new content model (a schema reload): nothing is re-read or rewritten, pending
   * writes stay queued, rows keep every value (attributes the model no longer has are just not shown).
   */
  useModel(model: ContentModel, initial: () => StoreData): void {
    this.currentIndex = new ContentIndex(model, this.current);
    this.options = { ...this.options, initial };
  }

  static async open(model: ContentModel, options: StoreOptions): Promise<ContentStore> {
    const file = options.file;
    if (!file) return new ContentStore(options.initial(), model, options);
    mkdirSync(dirname(file), { recursive: true });
    const lock = StoreLock.acquire(file, options.warn);
    try {
      const store = await ContentStore.openFile(model, options, file);
      store.lock = lock;
      return store;
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  private static async openFile(model: ContentModel, options: StoreOptions, file: string): Promise<ContentStore> {
    removeStaleTempFiles(file);
    const journal = journalPath(file);
    if (!existsSync(file)) {
      const store = new ContentStore(options.initial(), model, options);
      // A journal without its store file cannot be applied to anything.
      if (existsSync(journal)) options.warn?.(`content-mock: ${journal} has no store file to apply to; set aside as ${setAside(journal)}`);
      store.journal = new JournalWriter(journal, 0);
      store.writeFirst(file);
      return store;
    }
    const reading = Date.now();
    const { data, layout, hash, identity } = readStoreFile(file) ?? readWhole(file);
    const readMs = Date.now() - reading;
    const contents = readJournal(journal);
    let replayed = 0;
    let rewrite = false;
    if (contents) {
      const sound = soundEntries(journal, file, contents, options.repair === true, options.warn);
      rewrite = sound.rewrite;
      if (!sound.usable) {
        // set aside already
      } else if (contents.bases.has(hash) || appliesAsLegacy(file, contents.bases)) {
        const replayer = new Replayer(data);
        for (const ops of sound.entries) replayer.apply(ops);
        replayer.finish();
        replayed = sound.entries.length;
      } else if (sound.entries.length > 0) {
        options.warn?.(
          `content-mock: ${journal} holds ${sound.entries.length} change${sound.entries.length === 1 ? '' : 's'} made to another version of ${file} ` +
            `(the file was replaced or edited since they were written, by hand or by git, while no server ran); they were not applied: set aside as ${setAside(journal)}`,
        );
      }
    }
    const store = new ContentStore(data, model, options);
    store.fileHash = hash;
    store.layout = layout;
    store.remember(hash, identity);
    // until a fold is timed, reading the file is what one costs (a large store folds less often under steady writes)
    store.lastFoldMs = readMs;
    if (rewrite) {
      // a repaired journal: what it held is in memory now; the file takes it, the damaged journal goes
      store.journal = new JournalWriter(journal, 0);
      await store.writeWhole();
      return store;
    }
    // With changes replayed, the journal stays as it is (its torn tail, if any, is cut on the next append) until
    // the next compaction folds it into the file; an empty one is dropped.
    store.journal = new JournalWriter(journal, replayed > 0 ? contents!.goodLength : 0);
    if (replayed > 0) store.scheduleCompaction();
    else if (contents && existsSync(journal)) await store.journal.remove();
    return store;
  }

  /** Whether a store file with this content hash is one this server wrote or loaded (not an outside edit). */
  isOwnFile(hash: string): boolean {
    return this.ownFiles.some((f) => f.hash === hash);
  }

  /** Whether a file with these stats is one this server wrote or loaded, known without reading it (see fileIdentity). */
  isOwnFileStat(stats: { ino: number; size: number; mtimeMs: number }): boolean {
    const identity = fileIdentity(stats);
    return this.ownFiles.some((f) => f.identity === identity);
  }

  private remember(hash: string, identity?: string): void {
    this.ownFiles.push({ hash, identity });
    if (this.ownFiles.length > 8) this.ownFiles.shift();
  }

  /**
   * Runs a change in a transaction, patches the indexes, then persists. Resolves once the change is on disk; if it
   * cannot be saved, memory is put back as it was and the promise rejects with a PersistError naming the cause.
   */
  mutate<T>(change: (tx: Transaction) => T): Promise<T> {
    let done: { result: T; delta: Delta };
    try {
      done = this.transact(change);
    } catch (error) {
      return Promise.reject(error);
    }
    const { result, delta } = done;
    if (delta.ops.length === 0 || !this.options.file) return Promise.resolve(result);
    const line = entryLine(delta.ops);
    return new Promise<T>((resolve, reject) => {
      const pending = { line, delta, resolve: () => resolve(result), reject };
      this.queue.push(pending);
      this.unfolded.push(pending);
      this.draining ??= this.drain();
    });
  }

  /** Rows a change touched no longer have the text they have in the file (nor in the one being written). */
  protected override touched(delta: Delta): void {
    const maps = [...this.building, ...(this.layout ? [this.layout.spans] : [])];
    if (maps.length === 0) return;
    for (const change of delta.changes) {
      for (const rows of [change.changed, change.removed, change.added, [...(change.before?.keys() ?? [])]]) {
        for (const row of rows) for (const spans of maps) spans.delete(row);
      }
    }
  }

  /**
   * The first write of a store imported from its seed, in the background: at 100k articles the file takes twice as
   * long to write (435 MB) as the import to read, and reads need only memory. A change waits for it on the disk queue
   * (its journal line follows the file it applies to), so what is acknowledged is on disk as before; a process
   * stopped before the file is renamed into place leaves none, and the next start imports the seed again. If it
   * fails, the next change writes the whole store before it is acknowledged (or is refused).
   */
  private writeFirst(file: string): void {
    this.writeWhole().catch((error: unknown) => {
      this.unwritten = true;
      this.options.warn?.(
        `content-mock: could not write ${file} (${(error as Error).message}); serving from memory, a change writes it whole first`,
      );
    });
  }

  /** Group commit: everything queued goes to the journal in one append and one sync. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0);
      try {
        await this.onDisk(async () => {
          // the store file written now holds every change made so far, this batch's too
          if (this.unwritten) return this.compactNow();
          await this.appendLines(batch.map((p) => p.line).join(''));
        });
        if (this.sinceCompaction) for (const p of batch) this.sinceCompaction.push(p.line);
        for (const p of batch) p.resolve();
      } catch (error) {
        // Undo this batch and everything queued behind it (built on it), newest first.
        const failed = [...batch, ...this.queue.splice(0)];
        this.rollBack(failed.map((p) => p.delta));
        const gone = new Set(failed);
        this.unfolded = this.unfolded.filter((p) => !gone.has(p));
        const reason = new PersistError(this.options.file as string, error);
        this.options.warn?.(`content-mock: ${reason.message} (${failed.length} change${failed.length === 1 ? '' : 's'} refused)`);
        for (const p of failed) p.reject(reason);
      }
    }
    this.draining = undefined;
    this.scheduleCompaction();
  }

  private async appendLines(text: string): Promise<void> {
    const journal = this.journal as JournalWriter;
    try {
      await journal.append(text, () => headerLine(this.fileHash ? [this.fileHash] : []));
    } catch (error) {
      if (!(error instanceof JournalLost)) throw error;
      // The journal went missing: what it held is only in memory now, so write the whole store.
      await this.compactNow();
    }
  }

  /** Runs disk work one task at a time. */
  private onDisk<T>(task: () => Promise<T>): Promise<T> {
    const run = this.disk.then(task, task);
    this.disk = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private scheduleCompaction(): void {
    if (!this.options.file || this.closed || !this.journal || this.journal.length === 0) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.compaction) return; // it schedules the next one when done
    const now = Date.now();
    this.unfoldedSince ??= now;
    // Under steady writes the store is never idle: the file is rewritten anyway once it lags this far behind.
    const maxLag = Math.max(this.options.maxFoldLagMs ?? 5000, 4 * this.lastFoldMs);
    const lagLeft = this.unfoldedSince + maxLag - now;
    if (this.journal.length > MAX_JOURNAL_BYTES || lagLeft <= 0) {
      void this.compact();
      return;
    }
    this.idleTimer = setTimeout(() => void this.compact(), Math.min(this.options.idleCompactMs ?? 2000, lagLeft));
    this.idleTimer.unref();
  }

  /**
   * Rewrites the store file from memory in the background and empties the journal of what the file now holds.
   * Writes go on meanwhile; those committed during it stay in the journal that follows.
   */
  async compact(): Promise<void> {
    // A compaction already running took its snapshot before this call: the changes since would stay in the journal
    // only, so wait for it and compact again.
    if (this.compaction) await this.compaction;
    this.compaction ??= this.compactInBackground().finally(() => {
      this.compaction = undefined;
      // changes committed meanwhile are not in the new file: their clock starts now
      this.unfoldedSince = undefined;
      this.scheduleCompaction();
    });
    return this.compaction;
  }

  private async compactInBackground(): Promise<void> {
    const file = this.options.file;
    const journal = this.journal;
    if (!file || !journal || journal.length === 0) return;
    const started = Date.now();
    // changes committed before the rewrite starts are in the file it writes (later ones may be)
    const folded = new Set(this.unfolded);
    this.sinceCompaction = [];
    const building = new Map<Row, number>();
    this.building.add(building);
    try {
      const { hash, size } = await writeStoreFile(
        file,
        this.current,
        (written) =>
          // Before the new file replaces the old one, the journal learns it applies to that file too.
          this.onDisk(async () => {
            this.remember(written.hash, written.identity);
            await journal.append(baseLine(written.hash), () => headerLine([...(this.fileHash ? [this.fileHash] : []), written.hash]));
          }),
        this.layout,
        building,
      );
      this.layout = { hash, size, spans: building };
      await this.onDisk(async () => {
        this.fileHash = hash;
        const tail = this.sinceCompaction ?? [];
        if (tail.length === 0) await journal.remove();
        else await journal.replace(headerLine([hash]) + tail.join(''));
      });
      this.lastFoldMs = Date.now() - started;
      this.unfolded = this.unfolded.filter((p) => !folded.has(p));
    } catch (error) {
      this.options.warn?.(`content-mock: could not rewrite ${file} (the journal keeps every change): ${(error as Error).message}`);
    } finally {
      this.sinceCompaction = undefined;
      this.building.delete(building);
    }
  }

  /** Writes the whole store now and empties the journal (first start, reset, a lost journal). Call on the disk queue. */
  private async compactNow(): Promise<void> {
    const file = this.options.file as string;
    // The file holds every value: those a lazy import left as text are built first (the first write of a store made
    // from a seed waits here, in the disk queue, for the background build: a change acknowledged meanwhile built
    // them all already, and its journal line comes after this write).
    await this.settleInBackground();
    this.settle();
    // changes committed while it writes may be missing from the file (their journal lines follow it)
    const folded = new Set(this.unfolded);
    const building = new Map<Row, number>();
    this.building.add(building);
    let written;
    try {
      written = await writeStoreFile(file, this.current, (w) => this.remember(w.hash, w.identity), this.layout, building);
    } finally {
      this.building.delete(building);
    }
    this.layout = { hash: written.hash, size: written.size, spans: building };
    this.fileHash = written.hash;
    this.unwritten = false;
    this.unfolded = this.unfolded.filter((p) => !folded.has(p));
    this.unfoldedSince = undefined;
    await this.journal?.remove();
  }

  private writeWhole(): Promise<void> {
    return this.onDisk(() => this.compactNow());
  }

  /** Resolves once every change so far is on disk (or has failed), and the store file's first write with them. */
  async flush(): Promise<void> {
    while (this.draining) await this.draining;
    await this.disk;
  }

  /** Waits for pending changes, folds the journal into the store file, and stops background work. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    await this.compaction;
    if (this.options.file && this.journal && this.journal.length > 0) {
      try {
        await this.onDisk(() => this.compactNow());
      } catch (error) {
        this.options.warn?.(
          `content-mock: could not rewrite ${this.options.file} on close (the journal keeps every change): ${(error as Error).message}`,
        );
      }
    }
    await this.journal?.close();
    this.lock?.release();
    this.lock = undefined;
  }

  /** Where the server holding this store serves, written into its lock (a second server's refusal names it). */
  describeOwner(where: { port?: number; url?: string }): void {
    this.lock?.describe(where);
  }

  /**
   * Replaces all content: a reset to the seed (`persist`: written at once), or data edited outside the server
   * (`fileHash`: the file it was read from, which the journal now applies to). Changes acknowledged that the
   * edited file lacks (not yet folded into the file the edit started from) are re-applied on top of the edit, and
   * kept in the journal; if they cannot be, they are set aside in a named file. Says which in the result.
   */
  async replace(data: StoreData, persist = true, fileHash?: string): Promise<ReplaceOutcome> {
    const file = this.options.file;
    const hash = file && !persist ? (fileHash ?? (await hashFile(file))) : undefined;
    // Nothing queued, being written or being folded: from here to the swap nothing awaits, so no change slips in.
    while (this.draining || this.compaction) {
      await this.flush();
      await this.compaction;
    }
    const swap = (next: StoreData) => {
      this.layout = undefined;
      this.swap(next);
    };
    if (!file) return (swap(data), { reapplied: 0 });
    if (persist) {
      swap(data);
      await this.writeWhole();
      return { reapplied: 0 };
    }
    const lines = this.unfolded.map((p) => p.line);
    let outcome: ReplaceOutcome = { reapplied: 0 };
    let merged = data;
    if (lines.length > 0) {
      try {
        const replayer = new Replayer(structuredClone(data));
        for (const line of lines) replayer.apply((JSON.parse(line) as { ops: JournalOp[] }).ops);
        merged = replayer.finish();
        outcome = { reapplied: lines.length };
      } catch (error) {
        outcome = { reapplied: 0, setAside: writeAside(journalPath(file), lines), reason: (error as Error).message };
      }
    }
    this.unfolded = [];
    this.unfoldedSince = undefined;
    this.fileHash = hash;
    this.remember(hash as string);
    swap(merged);
    // The journal now applies to the edited file: it holds the re-applied changes, or nothing.
    await this.onDisk(async () => {
      if (outcome.reapplied === 0) return this.journal?.remove();
      await this.journal?.replace(headerLine([hash as string]) + lines.join(''));
    });
    if (outcome.reapplied > 0) this.scheduleCompaction();
    return outcome;
  }

  async reset(): Promise<void> {
    this.resetSession();
    await this.replace(this.options.initial());
  }
}

/** What became of the changes the store file lacked when it was replaced from outside. */
export interface ReplaceOutcome {
  /** How many acknowledged changes were re-applied on top of the new content. */
  readonly reapplied: number;
  /** Where they were set aside instead, when they could not be re-applied (and why). */
  readonly setAside?: string;
  readonly reason?: string;
}

/** Whether a journal that names its files by SHA-256 (before content-mock-journal/2) names this file. */
function appliesAsLegacy(file: string, bases: ReadonlySet<string>): boolean {
  return [...bases].some(isLegacyHash) && bases.has(legacyHash(readFileSync(file)));
}

/** A store file in another layout (or invalid: the parser says where): read at once, parsed row by row if large. */
function readWhole(file: string): { data: StoreData; layout?: FileLayout; hash: string; identity: string } {
  // stats before reading: a file replaced meanwhile is then not taken for this one
  const identity = fileIdentity(statSync(file));
  const bytes = readFileSync(file);
  // The journal names the file it applies to by content hash (also how the watcher knows this file as ours).
  const hash = hashBytes(bytes);
  return { ...readStoreBytes(bytes, file, undefined, hash), hash, identity };
}

export { DatasetError, PersistError };
