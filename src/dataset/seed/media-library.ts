import type { MediaFile } from '../../core/data/types.js';
import type { Rng } from './rng.js';
import type { WordPools } from './word-pools.js';

// A media library as Strapi's upload plugin records it: images with the formats its local provider makes
// (thumbnail 245×156 box, then small/medium/large widths 500/750/1000 when the original is larger), plus a few
// files, videos and audios so every `allowedTypes` has something to pick from.

const BREAKPOINTS = [
  ['large', 1000],
  ['medium', 750],
  ['small', 500],
] as const;
const KINDS = [
  { kind: 'images', ext: '.jpg', mime: 'image/jpeg' },
  { kind: 'images', ext: '.png', mime: 'image/png' },
  { kind: 'images', ext: '.webp', mime: 'image/webp' },
  { kind: 'files', ext: '.pdf', mime: 'application/pdf' },
  { kind: 'videos', ext: '.mp4', mime: 'video/mp4' },
  { kind: 'audios', ext: '.mp3', mime: 'audio/mpeg' },
  { kind: 'files', ext: '.txt', mime: 'text/plain' },
] as const;

export type MediaKind = (typeof KINDS)[number]['kind'];

export const mediaKind = (mime: string): MediaKind =>
  mime.startsWith('image/') ? 'images' : mime.startsWith('video/') ? 'videos' : mime.startsWith('audio/') ? 'audios' : 'files';

function format(prefix: string, base: string, hash: string, ext: string, mime: string, width: number, height: number, kb: number) {
  return {
    name: `${prefix}_${base}${ext}`,
    hash: `${prefix}_${hash}`,
    ext,
    mime,
    path: null,
    width,
    height,
    size: Math.round(kb * 100) / 100,
    sizeInBytes: Math.round(kb * 1000),
    url: `/uploads/${prefix}_${hash}${ext}`,
  };
}

export function mediaLibrary(count: number, rng: Rng, pools: WordPools, at: (i: number) => string): MediaFile[] {
  const files: MediaFile[] = [];
  for (let i = 0; i < count; i++) {
    // Mostly images, as in real libraries; the first four kinds cycle so small libraries have each.
    const spec = i < KINDS.length ? KINDS[i] : rng.chance(0.75) ? KINDS[rng.int(0, 2)] : KINDS[rng.int(3, KINDS.length - 1)];
    const base = `${rng.pick(pools.words)}-${rng.pick(pools.words)}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
    const hash = `${base.replace(/-/g, '_')}_${rng.hex(10)}`;
    const image = spec.kind === 'images';
    const width = image ? rng.pick([800, 1200, 1600, 1920, 2400]) : null;
    const height = width ? Math.round(width * rng.pick([0.5625, 0.6667, 0.75, 1])) : null;
    const kb = image && width && height ? (width * height) / 9000 : rng.int(50, 5000);
    let formats: Record<string, ReturnType<typeof format>> | null = null;
    if (image && width && height) {
      const scale = Math.min(245 / width, 156 / height);
      formats = {
        thumbnail: format(
          'thumbnail',
          base,
          hash,
          spec.ext,
          spec.mime,
          Math.round(width * scale),
          Math.round(height * scale),
          kb * scale * scale,
        ),
      };
      for (const [name, w] of BREAKPOINTS) {
        if (width > w)
          formats[name] = format(
            name,
            base,
            hash,
            spec.ext,
            spec.mime,
            w,
            Math.round((height * w) / width),
            (kb * w * w) / (width * width),
          );
      }
    }
    const time = at(i);
    files.push({
      id: i + 1,
      documentId: rng.documentId(),
      name: `${base}${spec.ext}`,
      alternativeText: image ? `${rng.pick(pools.sentences).replace(/\.$/, '')}` : null,
      caption: rng.chance(0.5) ? rng.pick(pools.sentences) : null,
      focalPoint: null,
      width,
      height,
      formats,
      hash,
      ext: spec.ext,
      mime: spec.mime,
      size: Math.round(kb * 100) / 100,
      url: `/uploads/${hash}${spec.ext}`,
      previewUrl: null,
      provider: 'local',
      provider_metadata: null,
      createdAt: time,
      updatedAt: time,
      publishedAt: time,
    });
  }
  return files;
}
