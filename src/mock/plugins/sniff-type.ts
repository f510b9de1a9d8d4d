// The media type of uploaded bytes, read from their first bytes as Strapi 5's upload does (it asks `file-type`
// and prefers the detected type over the uploader's claim). Only the formats a media library commonly holds are
// recognised; anything else is text or opaque bytes. Serving with this type (and `nosniff`) means an uploaded
// HTML page is never served as HTML from the mock's origin.

/** How many leading bytes sniffing needs (what Strapi reads for `file-type`). */
export const SNIFF_BYTES = 4100;

const ascii = (b: Buffer, at: number, text: string) => b.length >= at + text.length && b.toString('latin1', at, at + text.length) === text;

const SIGNATURES: readonly [(b: Buffer) => boolean, string][] = [
  [(b) => b.length >= 8 && b.readUInt32BE(0) === 0x89504e47 && b.readUInt32BE(4) === 0x0d0a1a0a, 'image/png'],
  [(b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff, 'image/jpeg'],
  [(b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a'), 'image/gif'],
  [(b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP'), 'image/webp'],
  [(b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WAVE'), 'audio/wav'],
  [(b) => ascii(b, 4, 'ftypavif') || ascii(b, 4, 'ftypavis'), 'image/avif'],
  [(b) => ascii(b, 4, 'ftypqt'), 'video/quicktime'],
  [(b) => ascii(b, 4, 'ftyp'), 'video/mp4'],
  [(b) => b.length >= 4 && b.readUInt32BE(0) === 0x1a45dfa3, 'video/webm'],
  [(b) => ascii(b, 0, 'ID3') || (b.length >= 2 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0), 'audio/mpeg'],
  [(b) => ascii(b, 0, 'OggS'), 'audio/ogg'],
  [(b) => ascii(b, 0, 'fLaC'), 'audio/flac'],
  [(b) => ascii(b, 0, '%PDF-'), 'application/pdf'],
  [(b) => b.length >= 4 && b.readUInt32BE(0) === 0x504b0304, 'application/zip'],
  [(b) => b.length >= 3 && b[0] === 0x1f && b[1] === 0x8b && b[2] === 0x08, 'application/gzip'],
  [(b) => ascii(b, 0, 'BM') && b.length >= 14, 'image/bmp'],
  [(b) => ascii(b, 0, 'II*\0') || ascii(b, 0, 'MM\0*'), 'image/tiff'],
  [(b) => b.length >= 4 && b.readUInt32BE(0) === 0x00000100, 'image/x-icon'],
];

/** A binary format recognised from its signature, or undefined. */
export function sniffBinary(head: Buffer): string | undefined {
  return SIGNATURES.find(([test]) => test(head))?.[1];
}

/** No NUL byte and valid UTF-8 in the sniffed prefix (a cut multi-byte character at its end is fine). */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = head.toString('utf8');
  const bad = text.indexOf('\uFFFD');
  return bad === -1 || bad >= text.length - 3;
}

/** An SVG document: an image, but one that may carry script (served with a sandboxing CSP). */
function isSvg(head: Buffer): boolean {
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .replace(/^(\s|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  return /^<svg[\s>]/i.test(text);
}

/** The type to store for an upload: what its bytes are, when we can tell. */
export function sniffUploadType(head: Buffer): string | undefined {
  return sniffBinary(head) ?? (looksLikeText(head) && isSvg(head) ? 'image/svg+xml' : undefined);
}

/** The type to serve stored bytes with: never the uploader's claim, never an active document type but SVG. */
export function sniffServedType(head: Buffer): string {
  return sniffUploadType(head) ?? (looksLikeText(head) ? 'text/plain; charset=utf-8' : 'application/octet-stream');
}
