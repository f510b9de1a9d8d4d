import type { JournalOp } from './change-tracker.js';
import { setAside, writeAside, type JournalContents } from './journal.js';
import { StoreRefused } from './store-refused.js';

// A journal line that is complete but damaged (its checksum does not match, or it is not JSON) is never dropped in
// silence: start-up stops and says where it is and what to do; `--repair` applies every sound entry and sets the
// damaged lines aside in a file beside the journal, named in the message. The torn end of an append cut short by a
// crash is not damage: that write was never acknowledged, and it is ignored.

/** The journal has damaged lines: start-up stops (the CLI exits 2) until it is repaired or restored. */
export class JournalDamaged extends StoreRefused {
  override readonly name = 'JournalDamaged';
}

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/**
 * What to replay of a journal read at start-up. Throws JournalDamaged when lines are damaged and `repair` is off;
 * with it, sets the damaged lines (or, when the header is damaged, the whole journal) aside and says so. `rewrite`:
 * the store file must be rewritten at once (the journal on disk is no longer the one to append to).
 */
export function soundEntries(
  path: string,
  file: string,
  contents: JournalContents,
  repair: boolean,
  warn?: (message: string) => void,
): { entries: JournalOp[][]; usable: boolean; rewrite: boolean } {
  if (contents.torn) warn?.(`content-mock: ${path} ends in a torn line (a write cut short by a crash, never acknowledged); it is ignored`);
  const damaged = contents.damaged;
  if (damaged.length === 0) return { entries: contents.entries, usable: true, rewrite: false };
  const header = damaged[0].line === 1;
  const first = damaged[0];
  const where =
    `${path}:${first.line}: ` +
    (header
      ? `the journal's first line (which names the version of ${file} it applies to) is damaged: ${first.reason}`
      : `journal entry ${first.line - 1} of ${contents.lineCount} is damaged: ${first.reason}`) +
    (damaged.length > 1
      ? ` (${plural(damaged.length - 1, 'other damaged line')}: ${damaged
          .slice(1, 6)
          .map((d) => d.line)
          .join(', ')}${damaged.length > 6 ? ', ...' : ''})`
      : '');
  if (!repair) {
    const keep = header
      ? `set the whole journal aside (its ${plural(contents.entries.length, 'sound entry', 'sound entries')} cannot be known to apply to this ${file})`
      : `apply its ${plural(contents.entries.length, 'sound entry', 'sound entries')} and set the damaged ${damaged.length === 1 ? 'line' : 'lines'} aside in a file beside it`;
    throw new JournalDamaged(
      `content-mock: ${where}.\n` +
        `  The journal holds acknowledged changes that ${file} does not hold yet, so start-up stops rather than drop any; nothing was changed.\n` +
        `  To go on: put back a good copy of ${path} if you have one, or run again with --repair to ${keep}.`,
    );
  }
  if (header) {
    warn?.(`content-mock: --repair: ${where}; the whole journal was set aside as ${setAside(path)} (not applied)`);
    return { entries: [], usable: false, rewrite: true };
  }
  const aside = writeAside(
    path,
    damaged.map((d) => d.text),
    '',
  );
  warn?.(
    `content-mock: --repair: ${where}; applied the ${plural(contents.entries.length, 'sound entry', 'sound entries')}, set ${plural(damaged.length, 'damaged line')} aside in ${aside}`,
  );
  return { entries: contents.entries, usable: true, rewrite: true };
}
