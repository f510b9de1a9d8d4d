// A small seeded generator (mulberry32): every random choice of `seed` comes from here, so the same seed value
// gives the same file, byte for byte. Faker is seeded from the same number, but only to fill the word pools.

/** A 32-bit number from any seed value (FNV-1a over its text). */
export function seedNumber(value: string | number): number {
  const text = String(value);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Up to `n` distinct items, in pick order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const out: T[] = [];
    const taken = new Set<number>();
    const want = Math.min(n, items.length);
    while (out.length < want) {
      const i = Math.floor(this.next() * items.length);
      if (!taken.has(i)) {
        taken.add(i);
        out.push(items[i]);
      }
    }
    return out;
  }

  /** A cuid2-shaped id: 24 lowercase letters and digits, starting with a letter. */
  documentId(): string {
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    let id = alphabet[Math.floor(this.next() * 26)];
    for (let i = 1; i < 24; i++) id += alphabet[Math.floor(this.next() * 36)];
    return id;
  }

  hex(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}
