import { describe, expect, it } from 'vitest';
import { JsonStringUnescaper } from '../../../src/bundles/restore/bundle-source-unescape';

/** Unescapes the raw inside of a JSON string literal cut into pieces of the given sizes (cycled). */
function unescapeInPieces(raw: Buffer, sizes: readonly number[]): Buffer {
  const unescaper = new JsonStringUnescaper();
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < raw.length; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    out.push(Buffer.from(unescaper.write(raw.subarray(at, at + size))));
    at += size;
  }
  out.push(Buffer.from(unescaper.end()));
  return Buffer.concat(out);
}

describe('JsonStringUnescaper', () => {
  const value = 'plain "quoted" back\\slash /slash\b\f\n\r\t \u0001 é ✓ 🎬 \u00e9 {"bundleVersion":"2.1"}';
  const literal = JSON.stringify(value);
  // The same value with every character written as a \u escape, so surrogate pairs are two escapes.
  const allEscaped = [...value]
    .flatMap((char) => [...char].map((_, i) => char.charCodeAt(i)))
    .map((unit) => `\\u${unit.toString(16).padStart(4, '0')}`)
    .join('');

  it('gives the bytes JSON.parse would, wherever the pieces are cut', () => {
    for (const raw of [literal.slice(1, -1), allEscaped, '\\/\\u00E9']) {
      const expected = Buffer.from(JSON.parse(`"${raw}"`) as string);
      const bytes = Buffer.from(raw);
      expect(unescapeInPieces(bytes, [bytes.length])).toEqual(expected);
      expect(unescapeInPieces(bytes, [1])).toEqual(expected);
      expect(unescapeInPieces(bytes, [2, 5, 3])).toEqual(expected);
    }
  });

  it('writes a lone surrogate as U+FFFD, as writing the parsed string would', () => {
    const raw = Buffer.from('a\\ud83db\\ude00c\\ud83d');
    expect(unescapeInPieces(raw, [1]).toString()).toBe('a\uFFFDb\uFFFDc\uFFFD');
    expect(unescapeInPieces(raw, [1])).toEqual(Buffer.from(JSON.parse(`"${raw.toString()}"`) as string));
  });

  it('refuses an unknown escape and a string that ends inside an escape', () => {
    expect(() => new JsonStringUnescaper().write(Buffer.from('a\\x'))).toThrow('invalid escape "\\x"');
    expect(() => new JsonStringUnescaper().write(Buffer.from('\\u12G4'))).toThrow('invalid escape "\\u12G4"');
    const cut = new JsonStringUnescaper();
    cut.write(Buffer.from('abc\\u12'));
    expect(() => cut.end()).toThrow('the string ends inside an escape');
  });
});
