// Bytes for a media record that is not an image and whose file the mock does not have (seeded or pulled content):
// a small, valid file of the recorded kind, so a download link, a <video> or an <audio> gets what its type says
// instead of a 404. Each is built here from its format's rules, with the file's name inside where the format has text.

export type SampleKind = 'pdf' | 'mp4' | 'mp3' | 'text';

const KIND_BY_EXT: Readonly<Record<string, SampleKind>> = {
  '.pdf': 'pdf',
  '.mp4': 'mp4',
  '.m4v': 'mp4',
  '.mov': 'mp4',
  '.mp3': 'mp3',
  '.txt': 'text',
  '.md': 'text',
  '.csv': 'text',
};

export const SAMPLE_MIME: Readonly<Record<SampleKind, string>> = {
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  mp3: 'audio/mpeg',
  text: 'text/plain; charset=utf-8',
};

export const sampleKind = (ext: string): SampleKind | undefined => KIND_BY_EXT[ext.toLowerCase()];

/** A one-page PDF 1.4 showing `title`, with a correct cross-reference table. */
export function samplePdf(title: string): Buffer {
  const text = title.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * One second of silence as MPEG-1 Layer III: 38 frames of 128 kbit/s at 44.1 kHz (417 bytes each), whose side
 * information is all zero, so every granule decodes to silence.
 */
export function sampleMp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array.from({ length: 38 }, () => frame));
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v >>> 0, i * 4));
  return b;
};

/**
 * An ISO base media file (MP4) a parser accepts: `ftyp` (isom, mp41) and a `moov` whose movie header gives a
 * 1000-unit timescale and no tracks. It carries no frames: a player loads it and shows an empty, zero-length video.
 */
export function sampleMp4(): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isommp41', 'latin1'));
  // mvhd version 0: times, timescale, duration, rate 1.0, volume 1.0, reserved, the unity matrix, pre-defined, next track id.
  const mvhd = box(
    'mvhd',
    u32(0, 0, 0, 1000, 0, 0x00010000),
    Buffer.from([0x01, 0x00, 0, 0]),
    u32(0, 0),
    u32(0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000),
    u32(0, 0, 0, 0, 0, 0),
    u32(1),
  );
  return Buffer.concat([ftyp, box('moov', mvhd)]);
}

export function sampleText(name: string, caption: string | null | undefined): Buffer {
  return Buffer.from(`${name}\n\n${caption ?? 'A sample file served by content-mock in place of the original.'}\n`, 'utf8');
}

export function sampleFile(kind: SampleKind, name: string, caption?: string | null): { bytes: Buffer; mime: string } {
  const bytes = kind === 'pdf' ? samplePdf(name) : kind === 'mp3' ? sampleMp3() : kind === 'mp4' ? sampleMp4() : sampleText(name, caption);
  return { bytes, mime: SAMPLE_MIME[kind] };
}
