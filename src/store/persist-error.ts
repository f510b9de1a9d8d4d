import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { InternalServerError } from '../core/errors/strapi-errors.js';

// A change that could not be saved is undone in memory and answered with a 500 that says why, in words a user can
// act on (a full disk, a removed data folder), rather than a bare "Internal Server Error" and a line in a log.

const CAUSES: Record<string, string> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large for the file system or a file size limit',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EIO: 'input/output error of the disk',
  EMFILE: 'too many open files',
};

/** The cause of a failed store write, in words (the errno code in parentheses). */
export function persistCause(error: unknown, file: string): string {
  const e = error as NodeJS.ErrnoException;
  const folder = dirname(file);
  if (e?.code === 'ENOENT' && !existsSync(folder)) return `data folder missing: ${folder} was removed (ENOENT)`;
  const words = e?.code ? CAUSES[e.code] : undefined;
  return words ? `${words} (${e.code})` : String(e?.message ?? error);
}

/** A change that could not be saved: it was undone, nothing changed; the message names the cause. */
export class PersistError extends InternalServerError {
  constructor(file: string, error: unknown) {
    super(
      `content-mock could not save the change to ${file}: ${persistCause(error, file)}. Nothing was changed; the next write tries again.`,
      {},
    );
  }
}
