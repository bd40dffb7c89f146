import { open } from 'node:fs/promises';

const CHUNK = 65_536;
const MASK = (1n << 64n) - 1n;

/** Sum of the little-endian uint64 words of `chunk`, added to `start`, modulo 2^64. */
function addWords(start: bigint, chunk: Buffer): bigint {
  let sum = start;
  for (let offset = 0; offset + 8 <= chunk.length; offset += 8) {
    sum = (sum + chunk.readBigUInt64LE(offset)) & MASK;
  }
  return sum;
}

/**
 * OpenSubtitles hash (xbvr-facts §6.1): the file size plus every little-endian uint64 word of the first and
 * the last 64 KiB, modulo 2^64, as lowercase hex without zero padding. '' when the file is under 64 KiB.
 * Reads only those 128 KiB. `size` is the size the caller already knows (from stat).
 */
export async function openSubtitlesHash(file: string, size: number): Promise<string> {
  if (size < CHUNK) return '';
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(CHUNK);
    const tail = Buffer.alloc(CHUNK);
    await readFully(handle, head, 0);
    await readFully(handle, tail, size - CHUNK);
    let sum = BigInt(size) & MASK;
    sum = addWords(sum, head);
    sum = addWords(sum, tail);
    return sum.toString(16);
  } finally {
    await handle.close();
  }
}

async function readFully(
  handle: Awaited<ReturnType<typeof open>>,
  buffer: Buffer,
  position: number,
): Promise<void> {
  let done = 0;
  while (done < buffer.length) {
    const { bytesRead } = await handle.read(buffer, done, buffer.length - done, position + done);
    if (bytesRead === 0) break; // file shrank: the remaining bytes stay zero
    done += bytesRead;
  }
}
