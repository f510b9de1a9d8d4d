import RandExpModule from 'randexp';
import type { ScalarAttribute } from './types.js';

// Values for attributes with a `regex`: generated from the pattern itself (randexp), every choice drawn from the
// caller's `randInt` (seed's seeded Rng, check's fixed choices) so the same input gives the same values. Strapi tests
// `new RegExp(regex).test(value)`, and so does this.

// randexp is CommonJS (`module.exports = RandExp`) while its types declare a default export.
type RandExpClass = typeof RandExpModule.default;
const RandExp: RandExpClass = typeof RandExpModule === 'function' ? (RandExpModule as unknown as RandExpClass) : RandExpModule.default;

/**
 * The pattern as a JavaScript regular expression, or null. Compiled on every call: core/ keeps no module-level
 * state, and compiling costs little next to the RandExp that patternValue builds from it each time anyway.
 */
function compile(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * A string matching the attribute's `regex`, inside its lengths and not in `taken` (for unique attributes); undefined
 * when the pattern is not a JavaScript regular expression or no such string turns up in a few tries.
 */
export function patternValue(a: ScalarAttribute, randInt: (lo: number, hi: number) => number, taken?: Set<string>): string | undefined {
  const re = a.regex ? compile(a.regex) : null;
  if (!re) return undefined;
  const gen = new RandExp(re);
  gen.randInt = randInt;
  // `*` and `+` repeat up to this many times: long enough for a word, short enough for a maxLength.
  gen.max = Math.max(1, Math.min(a.maxLength ?? 12, 12));
  const min = a.minLength ?? 0;
  const max = a.maxLength ?? (a.type === 'string' ? 255 : Infinity);
  for (let attempt = 0; attempt < 50; attempt++) {
    const value = gen.gen();
    if (value.length < min || value.length > max || !re.test(value) || taken?.has(value)) continue;
    taken?.add(value);
    return value;
  }
  return undefined;
}
