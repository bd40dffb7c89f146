import type { ReadableStream } from 'node:stream/web';

/** The parts of a fetch Response (Node's or undici's) a bounded read needs. */
export interface BodySource {
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the answer is larger than ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The response body as UTF-8 text, at most `maxBytes` bytes. Over the cap: a BodyTooLargeError (a declared
 * Content-Length over the cap fails before reading), or with `truncate` the first `maxBytes` bytes. Errors of
 * the stream itself (network, abort) are thrown as they come.
 */
export async function readBoundedText(
  response: BodySource,
  maxBytes: number,
  options: { truncate?: boolean } = {},
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (!options.truncate) throw new BodyTooLargeError(maxBytes);
      chunks.push(value.subarray(0, maxBytes - total));
      break;
    }
    total += value.byteLength;
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
