import { loadSharp } from './load-sharp.js';

// A placeholder for a media record whose bytes the mock does not have (seeded or pulled content): an image of the
// recorded size and format with the file's name on it, so every <img> and next/image renders as it would on the
// real site.

export type PlaceholderFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'svg';

const FORMAT_BY_EXT: Readonly<Record<string, PlaceholderFormat>> = {
  '.png': 'png',
  '.jpg': 'jpeg',
  '.jpeg': 'jpeg',
  '.webp': 'webp',
  '.gif': 'gif',
  '.avif': 'avif',
  '.svg': 'svg',
};
export const MIME_OF: Readonly<Record<PlaceholderFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

export const placeholderFormat = (ext: string): PlaceholderFormat | undefined => FORMAT_BY_EXT[ext.toLowerCase()];

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** A calm colour per name, so neighbouring placeholders differ. */
function hue(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) % 360;
  return h;
}

export function placeholderSvg(name: string, width: number, height: number): string {
  const h = hue(name);
  const size = Math.max(10, Math.min(width / Math.max(12, name.length * 0.6), height / 5));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="hsl(${h},35%,78%)"/>` +
    `<path d="M0 0L${width} ${height}M${width} 0L0 ${height}" stroke="hsl(${h},30%,68%)" stroke-width="${Math.max(1, size / 12)}"/>` +
    `<text x="50%" y="50%" font-family="sans-serif" font-size="${size.toFixed(1)}" fill="hsl(${h},40%,25%)" ` +
    `text-anchor="middle" dominant-baseline="middle">${escapeXml(name)}</text>` +
    `<text x="50%" y="${(height / 2 + size * 1.3).toFixed(1)}" font-family="sans-serif" font-size="${(size * 0.7).toFixed(1)}" ` +
    `fill="hsl(${h},40%,35%)" text-anchor="middle" dominant-baseline="middle">${width} × ${height}</text></svg>`
  );
}

/** The placeholder's bytes and type; an SVG when sharp is not available. */
export async function placeholderImage(
  name: string,
  width: number,
  height: number,
  format: PlaceholderFormat,
): Promise<{ bytes: Buffer; mime: string }> {
  const svg = Buffer.from(placeholderSvg(name, width, height));
  const sharp = format === 'svg' ? undefined : await loadSharp();
  if (!sharp) return { bytes: svg, mime: MIME_OF.svg };
  const image = sharp(svg, { density: 72 }).resize(width, height, { fit: 'fill' });
  const bytes = await (
    format === 'jpeg'
      ? image.jpeg({ quality: 70 })
      : format === 'webp'
        ? image.webp({ quality: 70 })
        : format === 'avif'
          ? image.avif({ quality: 50, effort: 0 })
          : format === 'gif'
            ? image.gif()
            : image.png({ compressionLevel: 3 })
  ).toBuffer();
  return { bytes, mime: MIME_OF[format] };
}
