import { createHash } from 'node:crypto';
import zlib from 'node:zlib';

// What names a store file's content: the journal says which files it applies to, the watcher tells the store's own
// rewrites from edits, a rewrite checks the file it copies rows from. CRC-32 and length, not SHA-256: the store file
// is hashed on every fold (and the file copied from is hashed again), and SHA-256 of a 435 MB file holds the event
// loop for seconds each time; CRC-32 runs several times faster. It tells files apart by accident, not against
// anyone (nothing here is a security boundary).

type Crc32 = (data: Uint8Array, value?: number) => number;

/** zlib.crc32 (Node 20.15+), or the same sum computed by table. */
const crc32: Crc32 =
  (zlib as { crc32?: Crc32 }).crc32 ??
  (() => {
    const table = new Int32Array(256).map((_, n) => {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      return c;
    });
    return (data: Uint8Array, value = 0) => {
      let c = ~value;
      for (const byte of data) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
      return ~c >>> 0;
    };
  })();

/** CRC-32 of a string's UTF-8 bytes, as 8 hex digits. */
export const crc32Hex = (text: string): string => crc32(Buffer.from(text, 'utf8')).toString(16).padStart(8, '0');

/** A content hash taken a piece at a time. */
export class ContentHash {
  private crc = 0;
  private length = 0;

  update(bytes: Uint8Array): this {
    this.crc = crc32(bytes, this.crc);
    this.length += bytes.length;
    return this;
  }

  digest(): string {
    return `crc32-${this.crc.toString(16).padStart(8, '0')}-${this.length}`;
  }
}

export const hashBytes = (bytes: Buffer | string): string =>
  new ContentHash().update(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes).digest();

/** A hash of the kind journals written before content-mock-journal/2 named their files by. */
export const isLegacyHash = (hash: string): boolean => /^[0-9a-f]{64}$/.test(hash);

export const legacyHash = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');
