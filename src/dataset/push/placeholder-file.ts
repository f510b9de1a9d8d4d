import { deflateSync } from 'node:zlib';

// The seed format holds media metadata, not bytes: push uploads a placeholder of the right kind. Images are real
// PNGs of the seed's size (capped), so the server reads the dimensions and derives its formats as for a real file.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([len, typed, crc]);
}

export function placeholderPng(width: number, height: number, shade = 1): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = (x + shade * 40) & 255;
      raw[row + 2 + x * 3] = (y + shade * 90) & 255;
      raw[row + 3 + x * 3] = (shade * 70) & 255;
    }
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const size = (v: unknown): number => (typeof v === 'number' && v > 0 ? Math.min(Math.round(v), 1200) : 64);

/** Bytes to upload for one media file of a seed. */
export function placeholderFile(file: { name?: unknown; mime?: unknown; width?: unknown; height?: unknown; id?: unknown }): Buffer {
  if (typeof file.mime === 'string' && /^image\/(png|jpe?g|webp|gif|avif|tiff)$/.test(file.mime)) {
    return placeholderPng(size(file.width), size(file.height), typeof file.id === 'number' ? file.id : 1);
  }
  return Buffer.from(`content-mock push: ${String(file.name ?? 'file')}\n`);
}
