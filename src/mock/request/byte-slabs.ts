// Texts kept between requests (rows' and parts' JSON, see row-fragments.ts) are many small byte arrays. Each made on
// its own (TextEncoder.encode, a new Uint8Array) has an ArrayBuffer of its own, which V8 allocates, tracks as
// external memory and later finalizes: making a populated page's parts cost more in that than in rendering them.
// These copy them into shared slabs instead (one ArrayBuffer per slab), handing out views; a slab lives as long as
// any of its texts is kept.

/** Bytes per slab; a text bigger than a quarter of it gets a buffer of its own. */
const SLAB_BYTES = 256 << 10;

const encoder = new TextEncoder();

export class ByteSlabs {
  private slab = new Uint8Array(SLAB_BYTES);
  private at = 0;

  /** A string's UTF-8, in a slab. */
  text(value: string): Uint8Array {
    // UTF-8 takes at most 3 bytes per UTF-16 unit
    const most = value.length * 3;
    if (most > SLAB_BYTES / 4) return encoder.encode(value);
    this.room(most);
    const { written } = encoder.encodeInto(value, this.slab.subarray(this.at));
    return this.take(written);
  }

  /** `prefix` then a string's UTF-8, in a slab (a part's `,"name":` and its value's JSON, not joined as a string first). */
  after(prefix: Uint8Array, value: string): Uint8Array {
    const most = prefix.length + value.length * 3;
    if (most > SLAB_BYTES / 4) return this.join([prefix, encoder.encode(value)]);
    this.room(most);
    this.slab.set(prefix, this.at);
    const { written } = encoder.encodeInto(value, this.slab.subarray(this.at + prefix.length));
    return this.take(prefix.length + written);
  }

  /** A short text asked again and again (an attribute's `,"name":`), encoded once. */
  constant(value: string): Uint8Array {
    let bytes = this.constants.get(value);
    if (!bytes) this.constants.set(value, (bytes = this.text(value)));
    return bytes;
  }

  private readonly constants = new Map<string, Uint8Array>();

  /** Pieces of bytes joined, in a slab. */
  join(pieces: readonly Uint8Array[]): Uint8Array {
    let length = 0;
    for (const piece of pieces) length += piece.length;
    const out = length > SLAB_BYTES / 4 ? new Uint8Array(length) : (this.room(length), this.take(length));
    let at = 0;
    for (const piece of pieces) {
      out.set(piece, at);
      at += piece.length;
    }
    return out;
  }

  /** A new slab when this one has less than `bytes` left. */
  private room(bytes: number): void {
    if (this.at + bytes <= this.slab.length) return;
    this.slab = new Uint8Array(SLAB_BYTES);
    this.at = 0;
  }

  private take(bytes: number): Uint8Array {
    const out = this.slab.subarray(this.at, this.at + bytes);
    this.at += bytes;
    return out;
  }
}
