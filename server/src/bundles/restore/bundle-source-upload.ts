import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { BundleTooLargeError } from './bundle-source-errors';

/**
 * Writes a raw upload body (or any byte stream) to `file`, at most `maxBytes` of it: past that it stops with
 * BundleTooLargeError (413). On any failure the partial file is removed; a request body is left readable (and
 * is drained), so the server can still answer. Returns the bytes written.
 */
export async function saveStreamToFile(
  stream: NodeJS.ReadableStream,
  file: string,
  maxBytes: number,
): Promise<number> {
  const out = fs.createWriteStream(file);
  let failure: unknown = null;
  out.on('error', (error) => {
    failure ??= error;
  });
  let bytes = 0;
  try {
    const chunks: AsyncIterable<Buffer | string> =
      stream instanceof Readable ? stream.iterator({ destroyOnReturn: false }) : stream;
    for await (const chunk of chunks) {
      const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      bytes += data.length;
      if (bytes > maxBytes) throw new BundleTooLargeError(maxBytes);
      if (failure) throw failure;
      if (!out.write(data)) await once(out, 'drain');
    }
    out.end();
    await finished(out);
    if (failure) throw failure;
    return bytes;
  } catch (error) {
    await closeWithoutWriting(out);
    if (stream instanceof Readable) stream.resume();
    await fsp.rm(file, { force: true });
    throw error;
  }
}

/** Stops a file stream and waits until its file is closed (so removing the file afterwards sticks). */
async function closeWithoutWriting(out: fs.WriteStream): Promise<void> {
  if (out.closed) return;
  const closed = once(out, 'close').catch(() => undefined);
  out.destroy();
  await closed;
}
