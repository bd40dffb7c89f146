import { describe, expect, it } from 'vitest';
import { TopLevelScanner, type TopLevelEvent } from '../../../src/bundles/restore/bundle-reader-scanner';
import { handMadeBundle } from './hand-made-bundle';

/** Scans `bytes` cut into pieces of the given sizes (cycled), as a file stream might deliver them. */
function scanInPieces(bytes: Buffer, sizes: readonly number[]): TopLevelEvent[] {
  const scanner = new TopLevelScanner();
  const events: TopLevelEvent[] = [];
  for (let at = 0, i = 0; at < bytes.length; i += 1) {
    const size = sizes[i % sizes.length] ?? 1;
    scanner.write(bytes.subarray(at, at + size), events);
    at += size;
  }
  scanner.end();
  expect(scanner.bytes).toBe(bytes.length);
  return events;
}

describe('TopLevelScanner', () => {
  const text = JSON.stringify(handMadeBundle, null, 1);
  const bytes = Buffer.from(text);

  it('finds every top-level value and array element, whole, wherever the chunks are cut', () => {
    const whole = scanInPieces(bytes, [bytes.length]);
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const expected: TopLevelEvent[] = [];
    for (const [key, value] of Object.entries(parsed)) {
      if (!Array.isArray(value)) {
        expected.push({ type: 'value', key, value });
        continue;
      }
      expected.push({ type: 'arrayStart', key });
      for (const element of value) expected.push({ type: 'element', key, value: element });
      expected.push({ type: 'arrayEnd', key });
    }
    expect(whole).toEqual(expected);
    // Pieces of 1 to 7 bytes cut inside strings, escapes, multi-byte characters and keys.
    expect(scanInPieces(bytes, [1])).toEqual(expected);
    expect(scanInPieces(bytes, [3, 1, 7, 2, 5])).toEqual(expected);
  });

  it('reads scalar elements and values, a UTF-8 byte order mark and an empty object', () => {
    const events: TopLevelEvent[] = [];
    const scanner = new TopLevelScanner();
    scanner.write(Buffer.from('\uFEFF{"a":[1,-2.5e3,true,null,"x\\"]"],"b":false}'), events);
    scanner.end();
    expect(events.filter((e) => e.type !== 'arrayStart' && e.type !== 'arrayEnd')).toEqual([
      { type: 'element', key: 'a', value: 1 },
      { type: 'element', key: 'a', value: -2500 },
      { type: 'element', key: 'a', value: true },
      { type: 'element', key: 'a', value: null },
      { type: 'element', key: 'a', value: 'x"]' },
      { type: 'value', key: 'b', value: false },
    ]);
    const empty = new TopLevelScanner();
    empty.write(Buffer.from(' {} \n'), events);
    expect(() => empty.end()).not.toThrow();
  });

  it('refuses a trailing comma, text after the end and a record nested too deep', () => {
    const scan = (input: string) => () => {
      const scanner = new TopLevelScanner();
      scanner.write(Buffer.from(input), []);
      scanner.end();
    };
    expect(scan('{"a":[1,]}')).toThrow('at byte 8: expected a value, found "]}"');
    expect(scan('{"a":1} x')).toThrow('at byte 8: expected nothing after the end of the bundle');
    expect(scan(`{"a":[${'['.repeat(600)}${']'.repeat(600)}]}`)).toThrow('nested more than 512 levels deep');
  });
});
