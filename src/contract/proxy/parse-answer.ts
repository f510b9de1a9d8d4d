import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (!encoding || encoding === 'identity') return body;
  if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body);
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'deflate') return inflateSync(body);
  throw new Error(`unsupported content-encoding ${encoding}`);
}

/** An answer's body as the validators take it: parsed JSON, the text of anything else, undefined when empty. */
export function parseAnswer(raw: Buffer, contentType: string | undefined, encoding: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const text = decode(raw, encoding).toString('utf8');
  if (contentType?.includes('json')) return JSON.parse(text) as unknown;
  return text;
}

/** A request body for reports: JSON when it parses, else its text; bodies above the cap are cut (and say so). */
export function parseRequestBody(raw: Buffer, size: number, contentType: string | undefined): unknown {
  if (size === 0) return undefined;
  const text = raw.toString('utf8');
  if (raw.length < size) return `${text}… (${size} bytes)`;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return contentType?.startsWith('multipart/') ? `(multipart body, ${size} bytes)` : text;
}

/** The start of an answer, for a report line. */
export function excerptOf(body: unknown, max = 300): string | undefined {
  if (body === undefined) return undefined;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
