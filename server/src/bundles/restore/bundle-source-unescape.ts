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
  private out = Buffer.alloc(0);
  private length = 0;

  /** The value bytes of one more piece (may be empty). Throws on an invalid escape. */
  write(piece: Buffer): Buffer {
    const raw = this.carry ? Buffer.concat([this.carry, piece]) : piece;
    this.carry = null;
    // Escapes only shrink; a held-back surrogate may add one replacement character.
    this.out = Buffer.allocUnsafe(raw.length + REPLACEMENT.length);
    this.length = 0;
    let at = 0;
    while (at < raw.length) {
      const slash = raw.indexOf(BACKSLASH, at);
      const plainEnd = slash < 0 ? raw.length : slash;
      if (plainEnd > at) {
        this.flushHigh();
        this.length += raw.copy(this.out, this.length, at, plainEnd);
      }
      if (slash < 0) break;
      const code = raw[slash + 1];
      if (code === undefined) {
        this.carry = Buffer.from(raw.subarray(slash));
        break;
      }
      if (code !== 0x75) {
        const simple = SIMPLE[code];
        if (simple === undefined)
          throw new Error(`invalid escape "\\${String.fromCharCode(code)}" in the string`);
        this.flushHigh();
        this.out[this.length] = simple;
        this.length += 1;
        at = slash + 2;
        continue;
      }
      if (slash + 6 > raw.length) {
        this.carry = Buffer.from(raw.subarray(slash));
        break;
      }
      const hex = raw.toString('latin1', slash + 2, slash + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Error(`invalid escape "\\u${hex}" in the string`);
      this.unit(parseInt(hex, 16));
      at = slash + 6;
    }
    return this.out.subarray(0, this.length);
  }

  /** The end of the string: what is still held back. Throws if the string ended inside an escape. */
  end(): Buffer {
    if (this.carry) throw new Error('the string ends inside an escape');
    this.out = Buffer.allocUnsafe(REPLACEMENT.length);
    this.length = 0;
    this.flushHigh();
    return this.out.subarray(0, this.length);
  }

  private unit(unit: number): void {
    if (this.high >= 0 && isLow(unit)) {
      const point = 0x10000 + ((this.high - 0xd800) << 10) + (unit - 0xdc00);
      this.high = -1;
      this.length += this.out.write(String.fromCodePoint(point), this.length);
      return;
    }
    this.flushHigh();
    if (isHigh(unit)) this.high = unit;
    else if (isLow(unit)) this.length += REPLACEMENT.copy(this.out, this.length);
    else this.length += this.out.write(String.fromCharCode(unit), this.length);
  }

  private flushHigh(): void {
    if (this.high < 0) return;
    this.high = -1;
    this.length += REPLACEMENT.copy(this.out, this.length);
  }
}
