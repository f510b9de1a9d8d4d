// A strict check that bytes hold one JSON value, as JSON.parse would accept it, without building the value. The
// read-ahead thread leaves out of a snapshot what the import never reads (see shrink-snapshot.ts); what it leaves out
// is checked here first, so a damaged seed fails where it did: at JSON.parse of its text, reported with position.
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from './json-scanner.js';

const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isHex = (c: number) => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);
/** The characters JSON allows after a backslash (besides `u`): " \ / b f n r t. */
const ESCAPES = new Set([QUOTE, BACKSLASH, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/** Where the JSON value starting at `pos` (no white space before it) ends, or -1 if it is not well-formed. */
export function jsonValueEnd(buf: Uint8Array, pos: number): number {
  return pos < buf.length && !isSpace(buf[pos]) ? checkedEnd(buf, pos, buf.length) : -1;
}

/**
 * Where the JSON value at `pos` ends, or -1 if it is not well-formed before `limit`. Iterative (a stack of the open
 * containers), so a deep nesting cannot overflow the call stack.
 */
function checkedEnd(buf: Uint8Array, pos: number, limit: number): number {
  const open: boolean[] = []; // true: an object
  for (;;) {
    // a value
    pos = skipSpace(buf, pos, limit);
    if (pos >= limit) return -1;
    const c = buf[pos];
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const object = c === OPEN_BRACE;
      pos = skipSpace(buf, pos + 1, limit);
      if (buf[pos] === (object ? CLOSE_BRACE : CLOSE_BRACKET)) {
        pos++;
      } else {
        open.push(object);
        if (object) {
          pos = memberKey(buf, pos, limit);
          if (pos < 0) return -1;
        }
        continue;
      }
    } else if (c === QUOTE) {
      pos = stringEnd(buf, pos, limit);
    } else if (c === MINUS || isDigit(c)) {
      pos = numberEnd(buf, pos, limit);
    } else {
      pos = literalEnd(buf, pos, limit);
    }
    if (pos < 0) return -1;
    // after a value: close containers, or go on to the next item or member
    for (;;) {
      if (open.length === 0) return pos;
      pos = skipSpace(buf, pos, limit);
      const object = open[open.length - 1];
      const d = buf[pos];
      if (pos >= limit) return -1;
      if (d === (object ? CLOSE_BRACE : CLOSE_BRACKET)) {
        open.pop();
        pos++;
        continue;
      }
      if (d !== COMMA) return -1;
      pos++;
      if (object) {
        pos = memberKey(buf, skipSpace(buf, pos, limit), limit);
        if (pos < 0) return -1;
      }
      break;
    }
  }
}

/** A member's key and colon at `pos`: where its value may start, or -1. */
function memberKey(buf: Uint8Array, pos: number, limit: number): number {
  if (pos >= limit || buf[pos] !== QUOTE) return -1;
  pos = stringEnd(buf, pos, limit);
  if (pos < 0) return -1;
  pos = skipSpace(buf, pos, limit);
  return pos < limit && buf[pos] === COLON ? pos + 1 : -1;
}

function skipSpace(buf: Uint8Array, pos: number, limit: number): number {
  while (pos < limit && isSpace(buf[pos])) pos++;
  return pos;
}

function stringEnd(buf: Uint8Array, pos: number, limit: number): number {
  for (let i = pos + 1; i < limit; i++) {
    const c = buf[i];
    if (c === QUOTE) return i + 1;
    if (c < 0x20) return -1;
    if (c === BACKSLASH) {
      const e = buf[++i];
      if (e === 0x75) {
        if (i + 4 >= limit || !isHex(buf[i + 1]) || !isHex(buf[i + 2]) || !isHex(buf[i + 3]) || !isHex(buf[i + 4])) return -1;
        i += 4;
      } else if (!ESCAPES.has(e)) return -1;
    }
  }
  return -1;
}

function digitsEnd(buf: Uint8Array, pos: number, limit: number): number {
  const from = pos;
  while (pos < limit && isDigit(buf[pos])) pos++;
  return pos === from ? -1 : pos;
}

function numberEnd(buf: Uint8Array, pos: number, limit: number): number {
  if (buf[pos] === MINUS) pos++;
  if (pos >= limit) return -1;
  if (buf[pos] === ZERO) pos++;
  else if ((pos = digitsEnd(buf, pos, limit)) < 0) return -1;
  if (pos < limit && buf[pos] === DOT && (pos = digitsEnd(buf, pos + 1, limit)) < 0) return -1;
  if (pos < limit && (buf[pos] === 0x65 || buf[pos] === 0x45)) {
    pos++;
    if (pos < limit && (buf[pos] === PLUS || buf[pos] === MINUS)) pos++;
    if ((pos = digitsEnd(buf, pos, limit)) < 0) return -1;
  }
  return pos;
}

const LITERALS = ['true', 'false', 'null'].map((w) => Buffer.from(w));

function literalEnd(buf: Uint8Array, pos: number, limit: number): number {
  for (const word of LITERALS) {
    if (buf[pos] !== word[0] || pos + word.length > limit) continue;
    let i = 1;
    while (i < word.length && buf[pos + i] === word[i]) i++;
    if (i === word.length) return pos + i;
  }
  return -1;
}
