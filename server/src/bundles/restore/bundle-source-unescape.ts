const BACKSLASH = 0x5c;
const REPLACEMENT = Buffer.from('\uFFFD');

const SIMPLE: Record<number, number> = {
  0x22: 0x22, // \"
  0x5c: 0x5c, // \\
  0x2f: 0x2f, // \/
  0x62: 0x08, // \b
  0x66: 0x0c, // \f
  0x6e: 0x0a, // \n
  0x72: 0x0d, // \r
  0x74: 0x09, // \t
};

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

/**
 * Turns the raw bytes of a JSON string (escapes as in the file, without the quotes), given in pieces cut anywhere,
 * into the UTF-8 bytes of its value. Unescaped bytes pass through as they are; an escape cut by a piece boundary
 * waits for the next piece; a surrogate pair written as two \u escapes becomes one character, and a lone
 * surrogate becomes U+FFFD (as writing the parsed string to a file would).
 */
export class JsonStringUnescaper {
  /** The start of an escape cut off at the end of the last piece. */
  private carry: Buffer | null = null;
  /** A high surrogate waiting for its low half. */
  private high = -1;

  /** The value bytes of one more piece (may be empty). Throws on an invalid escape. */
  write(piece: Buffer): Buffer {
    const raw = this.carry ? Buffer.concat([this.carry, piece]) : piece;
    this.carry = null;
    // Escapes only shrink; a held-back surrogate may add one replacement character.
    const out = Buffer.allocUnsafe(raw.length + REPLACEMENT.length);
    const end = raw.length;
    let length = 0;
    let at = 0;
    while (at < end) {
      const byte = raw[at] ?? 0;
      if (byte !== BACKSLASH) {
        if (this.high >= 0) length = this.flushHigh(out, length);
        out[length] = byte;
        length += 1;
        at += 1;
        continue;
      }
      const code = raw[at + 1];
      if (code === undefined || (code === 0x75 && at + 6 > end)) {
        this.carry = Buffer.from(raw.subarray(at));
        break;
      }
      if (code === 0x75) {
        const hex = raw.toString('latin1', at + 2, at + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Error(`invalid escape "\\u${hex}" in the string`);
        length = this.unit(parseInt(hex, 16), out, length);
        at += 6;
        continue;
      }
      const simple = SIMPLE[code];
      if (simple === undefined)
        throw new Error(`invalid escape "\\${String.fromCharCode(code)}" in the string`);
      if (this.high >= 0) length = this.flushHigh(out, length);
      out[length] = simple;
      length += 1;
      at += 2;
    }
    return out.subarray(0, length);
  }

  /** The end of the string: what is still held back. Throws if the string ended inside an escape. */
  end(): Buffer {
    if (this.carry) throw new Error('the string ends inside an escape');
    const out = Buffer.allocUnsafe(REPLACEMENT.length);
    return out.subarray(0, this.flushHigh(out, 0));
  }

  /** Writes one UTF-16 unit of a \u escape; returns the new length. */
  private unit(unit: number, out: Buffer, length: number): number {
    if (this.high >= 0 && isLow(unit)) {
      const point = 0x10000 + ((this.high - 0xd800) << 10) + (unit - 0xdc00);
      this.high = -1;
      return length + out.write(String.fromCodePoint(point), length);
    }
    const at = this.flushHigh(out, length);
    if (isHigh(unit)) {
      this.high = unit;
      return at;
    }
    if (isLow(unit)) return at + REPLACEMENT.copy(out, at);
    return at + out.write(String.fromCharCode(unit), at);
  }

  /** A high surrogate with no low half after it becomes U+FFFD; returns the new length. */
  private flushHigh(out: Buffer, length: number): number {
    if (this.high < 0) return length;
    this.high = -1;
    return length + REPLACEMENT.copy(out, length);
  }
}
