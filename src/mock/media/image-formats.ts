import type { MediaFile } from '../../core/data/types.js';
import { loadSharp } from './load-sharp.js';
import { DEFAULT_UPLOAD_BREAKPOINTS } from '../../core/config/content-mock-config.js';

// What Strapi's upload plugin makes of an uploaded image (services/image-manipulation): a thumbnail inside
// 245×156, then one format per breakpoint (by default `large`, `medium`, `small` inside squares of 1000, 750 and
// 500 px; a project's `upload.breakpoints` replace them), each only when the original is larger. Only formats sharp can resize (jpeg, png, webp, tiff, gif) get them; SVG and others keep `formats: null`.

const RESIZABLE = new Set(['jpeg', 'png', 'webp', 'tiff', 'gif']);
export const THUMBNAIL = { width: 245, height: 156 } as const;

export interface ResizedImage {
  readonly key: string;
  readonly bytes: Buffer;
  readonly width: number;
  readonly height: number;
}

const OPTIMIZABLE = new Set(['jpeg', 'png', 'webp', 'tiff', 'avif']);

/**
 * Strapi's `optimize` with the upload plugin's default settings (sizeOptimization on): a jpeg, png, webp, tiff or
 * avif is encoded again by sharp at quality 80, and that copy is what gets stored, measured and resized, unless it
 * came out larger than the upload. Anything else (or no sharp) is kept as sent.
 */
export async function optimizeImage(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  if (!sharp) return bytes;
  try {
    const { format } = await sharp(bytes).metadata();
    if (!format || !OPTIMIZABLE.has(format)) return bytes;
    const encoder = sharp(bytes, { animated: true }) as unknown as Record<
      string,
      (o: { quality: number }) => { toBuffer(): Promise<Buffer> }
    >;
    const out = await encoder[format]({ quality: 80 }).toBuffer();
    return out.length > bytes.length ? bytes : out;
  } catch {
    return bytes;
  }
}

/** The resized copies of an upload, in Strapi's order (thumbnail first); none for what is not a resizable image. */
export async function resizeImage(
  bytes: Buffer,
  breakpoints: Readonly<Record<string, number>> = DEFAULT_UPLOAD_BREAKPOINTS,
): Promise<ResizedImage[]> {
  const sharp = await loadSharp();
  if (!sharp) return [];
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes).metadata();
    if (!meta.format || !RESIZABLE.has(meta.format)) return [];
    width = meta.width;
    height = meta.pageHeight ?? meta.height;
  } catch {
    return [];
  }
  if (!width || !height) return [];
  const sizes: { key: string; width: number; height: number }[] = [];
  if (width > THUMBNAIL.width || height > THUMBNAIL.height) sizes.push({ key: 'thumbnail', ...THUMBNAIL });
  for (const [key, bp] of Object.entries(breakpoints)) if (bp < width || bp < height) sizes.push({ key, width: bp, height: bp });
  return Promise.all(
    sizes.map(async ({ key, width: w, height: h }) => {
      const { data, info } = await sharp(bytes, { animated: true }).resize({ width: w, height: h, fit: 'inside' }).toBuffer({
        resolveWithObject: true,
      });
      return { key, bytes: data, width: info.width, height: info.pageHeight ?? info.height };
    }),
  );
}

/** The `formats` of a file record for its resized copies, named and hashed as Strapi's local provider does. */
export function formatsOf(file: MediaFile, resized: readonly ResizedImage[]): MediaFile['formats'] {
  if (resized.length === 0) return null;
  const formats: Record<string, unknown> = {};
  for (const r of resized) {
    formats[r.key] = {
      name: `${r.key}_${file.name}`,
      hash: `${r.key}_${file.hash}`,
      ext: file.ext,
      mime: file.mime,
      path: null,
      width: r.width,
      height: r.height,
      size: Math.round((r.bytes.length / 1000) * 100) / 100,
      sizeInBytes: r.bytes.length,
      url: `/uploads/${r.key}_${file.hash}${file.ext ?? ''}`,
    };
  }
  return formats as MediaFile['formats'];
}
