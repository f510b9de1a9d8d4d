import type { MediaAttribute } from '../../core/model/types.js';
import { wordsOf } from './scalar-value.js';

// Which kinds of file a media field gets: what its name says (an `image`, a `cover`, an `avatar` holds images; a
// `video` videos; an `attachment` files) where `allowedTypes` permits it, else images where they are allowed, as an
// editor fills a field that accepts anything. `<img>` on an `image` field never meets a PDF.

export const MEDIA_KINDS = ['images', 'videos', 'audios', 'files'] as const;
export type MediaKindName = (typeof MEDIA_KINDS)[number];

const NAMED: readonly [MediaKindName, readonly string[]][] = [
  [
    'images',
    ['image', 'images', 'img', 'cover', 'avatar', 'logo', 'photo', 'photos', 'picture', 'pictures', 'thumbnail', 'thumb'].concat([
      'banner',
      'icon',
      'background',
      'hero',
      'poster',
      'gallery',
      'illustration',
      'portrait',
      'favicon',
      'screenshot',
    ]),
  ],
  ['videos', ['video', 'videos', 'clip', 'movie', 'trailer', 'reel']],
  ['audios', ['audio', 'audios', 'podcast', 'sound', 'music', 'track', 'song', 'episode']],
  ['files', ['file', 'files', 'document', 'documents', 'pdf', 'attachment', 'attachments', 'download', 'brochure', 'resume']],
];

export function mediaKindsFor(a: MediaAttribute): readonly MediaKindName[] {
  const allowed = a.allowedTypes.length === 0 ? MEDIA_KINDS : MEDIA_KINDS.filter((k) => a.allowedTypes.includes(k));
  const words = wordsOf(a.name);
  const named = NAMED.find(([, names]) => names.some((n) => words.includes(n)))?.[0];
  if (named && allowed.includes(named)) return [named];
  if (allowed.includes('images')) return ['images'];
  return allowed;
}
