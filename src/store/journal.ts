import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { crc32Hex } from './content-hash.js';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { JournalOp } from './change-tracker.js';

// The journal beside the store file (`db.json.journal`): one JSON line per change, appended and synced before the
// change is acknowledged. Its first line names the store files it applies to (by content hash); a compaction that
// is about to replace the store file appends a `base` line for the new one first, so whichever of the two files a
// crash leaves, the journal applies (operations set state, so replaying one the file already holds is harmless).
// Every line carries a checksum of itself (`{"sum":"<crc32>",...}`): a line damaged on disk is told from a good one,
// and from the torn end of an append cut short by a crash (bytes after the last newline), which is simply ignored.

const FORMAT = 'content-mock-journal/2';
/** Journals written before lines had checksums: read as they are. */
const FORMAT_V1 = 'content-mock-journal/1';
const SUM_PREFIX = '{"sum":"';
const SUM_END = SUM_PREFIX.length + 8;

/** A JSON object as a journal line: its checksum first, then its own members. */
function sealed(payload: string): string {
  return `${SUM_PREFIX}${crc32Hex(payload)}",${payload.slice(1)}\n`;
}

/** The payload of a sealed line (without its newline) whose checksum matches, else undefined. */
function unseal(line: string): string | undefined {
  if (!line.startsWith(SUM_PREFIX) || line[SUM_END] !== '"' || line[SUM_END + 1] !== ',') return undefined;
  const payload = '{' + line.slice(SUM_END + 2);
  return crc32Hex(payload) === line.slice(SUM_PREFIX.length, SUM_END) ? payload : undefined;
}

export const journalPath = (file: string): string => `${file}.journal`;

export interface JournalContents {
  /** Hashes of the store files this journal applies to. */
  readonly bases: ReadonlySet<string>;
  /** The entries whose lines are sound, in order. */
  readonly entries: JournalOp[][];
  /** Bytes up to the end of the last complete line (a torn last line, from a crash mid-append, is ignored). */
  readonly goodLength: number;
  /** Lines that are complete but damaged (checksum or JSON), 1-based; line 1 is the header. */
  readonly damaged: readonly DamagedLine[];
  /** How many entry lines the journal holds, sound or not. */
  readonly lineCount: number;
  /** Whether the journal ended in a torn line (ignored). */
  readonly torn: boolean;
}

export interface DamagedLine {
  readonly line: number;
  readonly text: string;
  readonly reason: string;
}

/** Reads a journal; undefined when there is none (or it is empty). */
export function readJournal(path: string): JournalContents | undefined {
  if (!existsSync(path)) return undefined;
  const bytes = readFileSync(path);
  if (bytes.length === 0) return undefined;
  const bases = new Set<string>();
  const entries: JournalOp[][] = [];
  const damaged: DamagedLine[] = [];
  let start = 0;
  let number = 0;
  let format: string | undefined;
  for (;;) {
    const end = bytes.indexOf(0x0a, start);
    if (end < 0) break;
    number++;
    const text = bytes.toString('utf8', start, end);
    start = end + 1;
    // the first line says whether lines carry sums (journals from before they did are read as they are)
    const payload = number === 1 && text.includes(FORMAT_V1) ? text : format === FORMAT_V1 ? text : unseal(text);
    let line: { format?: string; bases?: string[]; base?: string; ops?: JournalOp[] } | undefined;
    try {
      line = payload === undefined ? undefined : (JSON.parse(payload) as typeof line);
    } catch {
      line = undefined;
    }
    if (number === 1) format = line?.format;
    const reason =
      payload === undefined
        ? 'its checksum does not match its content'
        : line === undefined || typeof line !== 'object' || line === null
          ? 'it is not JSON'
          : number === 1 && format !== FORMAT && format !== FORMAT_V1
            ? 'it is not a content-mock journal header'
            : undefined;
    if (reason || !line) {
      damaged.push({ line: number, text: text + '\n', reason: reason ?? 'it is not JSON' });
      continue;
    }
    for (const b of line.bases ?? []) bases.add(b);
    if (line.base) bases.add(line.base);
    if (line.ops) entries.push(line.ops);
  }
  return { bases, entries, goodLength: start, damaged, lineCount: Math.max(0, number - 1), torn: start < bytes.length };
}

export const headerLine = (bases: readonly string[]): string => sealed(JSON.stringify({ format: FORMAT, bases }));
/** An entry's line, from its operations. */
export const entryLine = (ops: readonly JournalOp[]): string => sealed(JSON.stringify({ ops }));
export const baseLine = (hash: string): string => sealed(JSON.stringify({ base: hash }));

/** Appends to the journal, one write and one sync per group of changes; knows how long the good part is. */
export class JournalWriter {
  /** Set after a failed append: the file may end in a torn line, cut before writing again. */
  private torn = false;
  /** Kept open between appends; closed after a failure, a replace or a removal (reopened by path). */
  private handle: FileHandle | undefined;

  constructor(
    readonly path: string,
    /** Length of the journal's good part; 0 when there is no journal (the next append writes a header first). */
    public length: number,
  ) {}

  /**
   * Appends `text` and syncs it. `header` gives the first line when the journal is new. Throws `JournalLost` when
   * the file was deleted or cut from outside: what it held must then be saved another way (a full store write).
   */
  async append(text: string, header: () => string): Promise<void> {
    this.handle ??= await open(this.path, 'a');
    const handle = this.handle;
    try {
      const { size, nlink } = await handle.stat();
      if (nlink === 0 || size < this.length) throw new JournalLost(`${this.path} was removed or cut short from outside`);
      if (size > this.length || this.torn) {
        await handle.truncate(this.length);
        this.torn = false;
      }
      const bytes = Buffer.from(this.length === 0 ? header() + text : text, 'utf8');
      try {
        await writeAll(handle, bytes);
        await handle.datasync();
      } catch (e) {
        this.torn = true;
        throw e;
      }
      this.length += bytes.length;
    } catch (e) {
      await this.closeHandle();
      throw e;
    }
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  /** Replaces the journal with `text` (a header and the entries still needed), atomically. */
  async replace(text: string): Promise<void> {
    await this.closeHandle();
    const temp = join(dirname(this.path), `.${basename(this.path)}.tmp`);
    const handle = await open(temp, 'w');
    try {
      await writeAll(handle, Buffer.from(text, 'utf8'));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, this.path);
    this.length = Buffer.byteLength(text);
    this.torn = false;
  }

  /** Closes the file (the server is stopping). */
  async close(): Promise<void> {
    await this.closeHandle();
  }

  async remove(): Promise<void> {
    await this.closeHandle();
    await rm(this.path, { force: true });
    this.length = 0;
    this.torn = false;
  }
}

export class JournalLost extends Error {}

const asideName = (path: string, what: string) => `${path}.${new Date().toISOString().replace(/[:.]/g, '-')}.${what}`;

/** Moves a journal that does not belong to the store file aside (kept for the user, never replayed). */
export function setAside(path: string): string {
  const aside = asideName(path, 'unused');
  renameSync(path, aside);
  return aside;
}

/** Writes journal entries that could not be applied into a file of their own beside the journal; returns its name. */
export function writeAside(path: string, lines: readonly string[], header = headerLine([])): string {
  const aside = asideName(path, 'unapplied');
  writeFileSync(aside, header + lines.join(''));
  return aside;
}

/** Writes all of `bytes`: a write the file system cuts short (a size limit, a full disk) ends in an error, not in silence. */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += (await handle.write(bytes, offset)).bytesWritten;
}
