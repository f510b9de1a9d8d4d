import { closeSync, openSync, readSync } from 'node:fs';

// Kept apart from read-bytes.ts: the read-ahead threads load it, and nothing of the importer.

/**
 * Reads `file` into `view` (sized from the file's size taken before) `piece` bytes at a time, telling `afterPiece`
 * how many bytes are read after each. A file that shrank since is an error: its missing end must not pass for zeros.
 */
export function readInPieces(file: string, view: Buffer, piece: number, afterPiece: (read: number) => void): void {
  const fd = openSync(file, 'r');
  try {
    for (let at = 0; at < view.length;) {
      const n = readSync(fd, view, at, Math.min(view.length - at, piece), at);
      if (n === 0) throw new Error(`${file}: shorter than its size`);
      at += n;
      afterPiece(at);
    }
  } finally {
    closeSync(fd);
  }
}
