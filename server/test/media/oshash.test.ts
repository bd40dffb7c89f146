import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSubtitlesHash } from '../../src/media/oshash';
import { makeTempDir, removeTempDir } from '../helpers/temp-dir';

let dir: string;

beforeAll(() => {
  dir = makeTempDir('fovea-oshash-');
});

afterAll(() => {
  removeTempDir(dir);
});

function write(name: string, data: Buffer): string {
  const file = join(dir, name);
  writeFileSync(file, data);
  return file;
}

/** Independent reference: a plain loop over the whole buffer's head and tail words. */
function referenceHash(data: Buffer): string {
  const words = (chunk: Buffer): bigint[] =>
    Array.from({ length: chunk.length / 8 }, (_, i) => chunk.readBigUInt64LE(i * 8));
  const all = [BigInt(data.length), ...words(data.subarray(0, 65536)), ...words(data.subarray(-65536))];
  return BigInt.asUintN(
    64,
    all.reduce((a, b) => a + b, 0n),
  ).toString(16);
}

describe('openSubtitlesHash', () => {
  it('is empty for files under 64 KiB', async () => {
    const file = write('small.bin', Buffer.alloc(65535, 7));
    expect(await openSubtitlesHash(file, 65535)).toBe('');
  });

  it('is the size alone for a zero-filled file, without zero padding', async () => {
    const file = write('zeros.bin', Buffer.alloc(65536));
    expect(await openSubtitlesHash(file, 65536)).toBe('10000');
  });

  it('wraps modulo 2^64', async () => {
    // 2 x 8192 words of 2^64-1 each, plus the size 131072: 131072 - 16384 = 0x1c000.
    const file = write('ones.bin', Buffer.alloc(131072, 0xff));
    expect(await openSubtitlesHash(file, 131072)).toBe('1c000');
  });

  it('matches the reference on mixed content, including overlapping head and tail', async () => {
    for (const size of [65536 + 8, 200_000]) {
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i++) data[i] = (i * 131 + (i >> 9)) & 0xff;
      const file = write(`mixed-${size}.bin`, data);
      const hash = await openSubtitlesHash(file, size);
      expect(hash).toBe(referenceHash(data));
      expect(hash).toMatch(/^[0-9a-f]+$/);
    }
  });

  it('ignores the middle of the file', async () => {
    const data = Buffer.alloc(300_000, 3);
    const before = await openSubtitlesHash(write('middle-a.bin', data), data.length);
    data.fill(9, 100_000, 200_000);
    const after = await openSubtitlesHash(write('middle-b.bin', data), data.length);
    expect(after).toBe(before);
    data[data.length - 1] = 0;
    expect(await openSubtitlesHash(write('middle-c.bin', data), data.length)).not.toBe(before);
  });
});
