import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { jsonValueEnd } from '../../src/store/json-check.js';
import { seedBytes, wasmCheckedEnd } from '../../src/store/json-check-wasm.js';
import { JSON_CHECK_WASM } from '../../src/store/json-check-wasm-module.js';
import { KIT_DATASET } from '../helpers/kit.js';
// @ts-expect-error: a plain .mjs script without types
import { compileJsonCheck } from '../../scripts/build-wasm.mjs';
// @ts-expect-error: a plain .mjs script without types (the bench's dataset generator)
import { prng } from '../../scripts/bench/generate-dataset.mjs';

// The outline thread checks what it leaves out of a seed's snapshots with json-check.wat where the seed's bytes are
// a WebAssembly memory: it must answer as json-check.ts does at every offset of every text, sound or damaged.

/** The checker over `text` as the outline thread has it: the text in a seed memory's first bytes. */
function checkerOf(text: Buffer) {
  const { bytes, memory } = seedBytes(text.length);
  expect(memory).toBeDefined();
  const buf = Buffer.from(bytes, 0, text.length);
  text.copy(buf);
  const check = wasmCheckedEnd(memory!, text.length);
  expect(check).toBeDefined();
  return { buf, check: check! };
}

/** Where the two checks disagree, at every offset of `text` (at most `most` listed). */
function disagreements(text: Buffer, most = 5) {
  const { buf, check } = checkerOf(text);
  const out: { at: number; js: number; wasm: number; near: string }[] = [];
  for (let at = 0; at <= buf.length && out.length < most; at++) {
    const js = jsonValueEnd(buf, at);
    const wasm = check(buf, at);
    if (js !== wasm) out.push({ at, js, wasm, near: buf.toString('latin1', at, at + 30) });
  }
  return out;
}

/** A small deterministic random source (the cases are the same on every run). */
const random = prng as (seed: number) => () => number;

const PIECES = [
  'a',
  'é',
  '😀',
  '\\"',
  '\\\\',
  '\\n',
  '\\u00e9',
  '\\uD83D\\uDE00',
  ' ',
  'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  '/',
  '\t',
];

/** A random JSON value's text (`pretty`: with white space between tokens), strings with every kind of escape. */
function valueText(next: () => number, depth: number, pretty: boolean): string {
  const space = () => (pretty ? [' ', '\n', '\r\n  ', '\t', ''][Math.floor(next() * 5)] : '');
  const pick = next();
  if (depth > 0 && pick < 0.25) {
    const n = Math.floor(next() * 4);
    const members = Array.from(
      { length: n },
      () => `${space()}${stringText(next)}${space()}:${space()}${valueText(next, depth - 1, pretty)}${space()}`,
    );
    return `{${members.join(',')}${n === 0 ? space() : ''}}`;
  }
  if (depth > 0 && pick < 0.45) {
    const n = Math.floor(next() * 4);
    return `[${Array.from({ length: n }, () => `${space()}${valueText(next, depth - 1, pretty)}${space()}`).join(',')}]`;
  }
  if (pick < 0.7) return stringText(next);
  if (pick < 0.85) return ['0', '-0', '12', '-3.25', '1e9', '2.5E-3', '6.02e+23', '-0.0'][Math.floor(next() * 8)];
  return ['true', 'false', 'null'][Math.floor(next() * 3)];
}

function stringText(next: () => number): string {
  // a raw tab inside a string is not JSON: both checks must refuse it
  const n = Math.floor(next() * 6);
  return `"${Array.from({ length: n }, () => PIECES[Math.floor(next() * (PIECES.length - 1))]).join('')}"`;
}

/** Damage a text the ways a hand-edited seed is damaged: a byte changed, dropped or added, the end cut off. */
function damaged(text: string, next: () => number): string {
  const at = Math.floor(next() * text.length);
  const bytes = ['"', '\\', ',', ':', '}', ']', '{', '[', 'u', '\u0001', '\n', 'e', '-', '.', '0', 'n', 't'];
  const b = bytes[Math.floor(next() * bytes.length)];
  switch (Math.floor(next() * 4)) {
    case 0:
      return text.slice(0, at) + b + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + text.slice(at + 1);
    case 2:
      return text.slice(0, at) + b + text.slice(at);
    default:
      return text.slice(0, at);
  }
}

describe('the strict JSON check in WebAssembly', () => {
  test('the committed module is json-check.wat compiled (npm run wasm)', async () => {
    const compiled = (await (compileJsonCheck as () => Promise<Buffer>)()).toString('base64');
    expect(compiled).toBe(JSON_CHECK_WASM);
  });

  test('the kit dataset: the same answer as json-check.ts at every offset', () => {
    expect(disagreements(readFileSync(KIT_DATASET))).toEqual([]);
  });

  test.each([
    ['compact', false],
    ['with white space', true],
  ])('random values, %s, sound and damaged: the same answer at every offset', (_name, pretty) => {
    const next = random(pretty ? 7 : 3);
    for (let i = 0; i < 300; i++) {
      const text = valueText(next, 4, pretty);
      // (the generator writes JSON: JSON.parse agrees)
      expect(() => JSON.parse(text)).not.toThrow();
      expect(disagreements(Buffer.from(text))).toEqual([]);
      expect(disagreements(Buffer.from(damaged(text, next)))).toEqual([]);
    }
  });

  test('long strings, checked 16 bytes at a time, ending at every offset near the end of the bytes', () => {
    for (let n = 0; n < 40; n++) {
      for (const inner of ['x', '\\n', '\u0001', '\\', 'é']) {
        expect(disagreements(Buffer.from(`"${'y'.repeat(n)}${inner}${'z'.repeat(n % 17)}"`))).toEqual([]);
        expect(disagreements(Buffer.from(`"${'y'.repeat(n)}${inner}`))).toEqual([]);
      }
    }
  });

  test('nested deeper than its stack: json-check.ts answers', () => {
    const deep = `${'['.repeat(70_000)}1${']'.repeat(70_000)}`;
    const { buf, check } = checkerOf(Buffer.from(deep));
    expect(check(buf, 0)).toBe(deep.length);
    expect(check(buf, 0)).toBe(jsonValueEnd(buf, 0));
    const { buf: cut, check: checkCut } = checkerOf(Buffer.from(deep.slice(0, -1)));
    expect(checkCut(cut, 0)).toBe(-1);
  });
});
