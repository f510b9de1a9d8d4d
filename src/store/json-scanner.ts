// Finds the extent of JSON values in a UTF-8 buffer without building them, so a large seed can be parsed one
// document at a time (JSON.parse of each slice) instead of as one tree that would hold all content twice.
// Only well-formed JSON is expected here: the caller falls back to a full JSON.parse for its error message.

export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;

export class ScanError extends Error {
  constructor(readonly offset: number) {
    super(`malformed JSON near byte ${offset}`);
  }
}

export function skipSpace(buf: Buffer, pos: number): number {
  while (pos < buf.length) {
    const c = buf[pos];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    pos++;
  }
  return pos;
}

/** Where the value at `pos` ends (valueEnd, or a walk that does more on the way). */
export type ValueEnd = (buf: Buffer, pos: number) => number;

/** The offset just past the value starting at `pos`. */
export function valueEnd(buf: Buffer, pos: number): number {
  const c = buf[pos];
  if (c === QUOTE) return stringEnd(buf, pos);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0;
    for (let i = pos; i < buf.length; i++) {
      const b = buf[i];
      if (b === QUOTE) i = stringEnd(buf, i) - 1;
      else if (b === OPEN_BRACE || b === OPEN_BRACKET) depth++;
      else if (b === CLOSE_BRACE || b === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    throw new ScanError(pos);
  }
  // number, true, false, null
  let i = pos;
  while (i < buf.length && buf[i] !== COMMA && buf[i] !== CLOSE_BRACE && buf[i] !== CLOSE_BRACKET && buf[i] > 0x20) i++;
  if (i === pos) throw new ScanError(pos);
  return i;
}

/** The offset just past the string at `pos` (its closing quote not escaped). */
export function stringEnd(buf: Buffer, pos: number): number {
  // Most of a seed's bytes are inside strings: jump quote to quote natively, then check the quote is not escaped.
  // A short string ends before a native call would pay: its first bytes are looked at here.
  const near = Math.min(buf.length, pos + 24);
  for (let i = pos + 1; i < near; i++) {
    const c = buf[i];
    if (c === BACKSLASH) break;
    if (c === QUOTE) return i + 1;
  }
  let from = pos + 1;
  for (;;) {
    const quote = buf.indexOf(QUOTE, from);
    if (quote < 0) throw new ScanError(pos);
    let backslashes = 0;
    for (let k = quote - 1; k > pos && buf[k] === BACKSLASH; k--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

export interface Slice {
  readonly start: number;
  readonly end: number;
}

export const parseSlice = (buf: Buffer, s: Slice): unknown => JSON.parse(buf.toString('utf8', s.start, s.end));
export const isObjectAt = (buf: Buffer, s: Slice) => buf[s.start] === OPEN_BRACE;

/** A value handler may take over a member's value and return where it ends (so it is walked once, not twice). */
export type Walk = (key: string, start: number) => number | undefined;

/** The members of the object starting at `start` (each key with its value's slice) and where the object ends. */
export function objectMembersAt(buf: Buffer, start: number, walk?: Walk): { members: [string, Slice][]; end: number } {
  if (buf[start] !== OPEN_BRACE) throw new ScanError(start);
  const members: [string, Slice][] = [];
  let pos = skipSpace(buf, start + 1);
  if (buf[pos] === CLOSE_BRACE) return { members, end: pos + 1 };
  for (;;) {
    if (buf[pos] !== QUOTE) throw new ScanError(pos);
    const keyEnd = stringEnd(buf, pos);
    const key = JSON.parse(buf.toString('utf8', pos, keyEnd)) as string;
    pos = skipSpace(buf, keyEnd);
    if (buf[pos] !== COLON) throw new ScanError(pos);
    const valueStart = skipSpace(buf, pos + 1);
    const walked = walk?.(key, valueStart);
    const end = walked ?? valueEnd(buf, valueStart);
    if (walked === undefined) members.push([key, { start: valueStart, end }]);
    pos = skipSpace(buf, end);
    if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
    else if (buf[pos] === CLOSE_BRACE) return { members, end: pos + 1 };
    else throw new ScanError(pos);
  }
}

/** The items of the array starting at `start`, and where the array ends. */
export function arrayItemsAt(buf: Buffer, start: number): { items: Slice[]; end: number } {
  const items: Slice[] = [];
  const end = eachArrayItem(buf, start, (item) => items.push(item));
  return { items, end };
}

/**
 * Calls `each` with every item of the array starting at `start` as it is found; returns where the array ends.
 * `end` finds where an item ends (a caller that walks the items anyway finds it on its walk).
 */
export function eachArrayItem(buf: Buffer, start: number, each: (item: Slice) => void, end: ValueEnd = valueEnd): number {
  if (buf[start] !== OPEN_BRACKET) throw new ScanError(start);
  let pos = skipSpace(buf, start + 1);
  if (buf[pos] === CLOSE_BRACKET) return pos + 1;
  for (;;) {
    const itemEnd = end(buf, pos);
    each({ start: pos, end: itemEnd });
    pos = skipSpace(buf, itemEnd);
    if (buf[pos] === COMMA) pos = skipSpace(buf, pos + 1);
    else if (buf[pos] === CLOSE_BRACKET) return pos + 1;
    else throw new ScanError(pos);
  }
}

/**
 * Where the buffer's one value starts (after leading white space and a BOM). Its end is not looked for: that would
 * scan the whole file once more before the walk that reads it.
 */
export function rootStart(buf: Buffer): number {
  return skipSpace(buf, buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0);
}
