// mulberry32: tiny seeded PRNG so the generated requests are the same on every run with the same seed
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  const sample = (xs, n) => {
    const pool = [...xs],
      got = [];
    while (got.length < n && pool.length) got.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
    return got;
  };
  return { next, int, pick, sample };
}
