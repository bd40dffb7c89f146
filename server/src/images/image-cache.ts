import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';

/** What is known about a fetched original, kept next to it as `<hash>.json`. */
const OriginalMeta = z.object({
  url: z.string(),
  /** sharp's name for the format: jpeg, png, webp, gif, svg, heif, tiff... */
  format: z.string(),
  contentType: z.string(),
  /** Displayed size (EXIF orientation applied); for animations, one frame. */
  width: z.number().int().nonnegative(),
  height: z.number().int().nonnegative(),
  pages: z.number().int().positive(),
  hasAlpha: z.boolean(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string(),
  fetchedAt: z.string(),
});
export type OriginalMeta = z.infer<typeof OriginalMeta>;

/**
 * The image proxy's permanent disk cache in the data folder's images/ folder:
 * - originals: `originals/ab/cd/<sha256 of the remote URL>` and its `<hash>.json` sidecar;
 * - resized copies: `resized/<size>/ab/cd/<hash>` (size as in resizeKey, e.g. `700x0`, `700x700-fit`).
 * Files are written to a temporary name in the same folder and renamed into place, so a reader sees a whole
 * file or none; the sidecar is written last and is what makes an original count. Entries are removed by the
 * size limit (ImageCacheLimit) and by a cache reset.
 */
export class ImageCache {
  constructor(readonly root: string) {}

  private static shard(key: string): string {
    return join(key.slice(0, 2), key.slice(2, 4), key);
  }

  originalFile(key: string): string {
    return join(this.root, 'originals', ImageCache.shard(key));
  }

  resizedFile(size: string, key: string): string {
    return join(this.root, 'resized', size, ImageCache.shard(key));
  }

  /** The sidecar of a cached original whose bytes are all there; null when not (or not readable). */
  async originalMeta(key: string): Promise<OriginalMeta | null> {
    const file = this.originalFile(key);
    try {
      const parsed = OriginalMeta.safeParse(JSON.parse(await readFile(`${file}.json`, 'utf8')));
      if (!parsed.success) return null;
      const size = (await stat(file)).size;
      return size === parsed.data.bytes ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async readOriginal(key: string): Promise<Buffer> {
    return readFile(this.originalFile(key));
  }

  /** Writes the original, then its sidecar; answers the files written and their sizes. */
  async writeOriginal(key: string, bytes: Buffer, meta: OriginalMeta): Promise<WrittenFile[]> {
    const file = this.originalFile(key);
    const sidecar = `${JSON.stringify(meta)}\n`;
    await writeAtomically(file, bytes);
    await writeAtomically(`${file}.json`, sidecar);
    return [
      { path: file, bytes: bytes.byteLength },
      { path: `${file}.json`, bytes: Buffer.byteLength(sidecar) },
    ];
  }

  async readResized(size: string, key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.resizedFile(size, key));
    } catch {
      return null;
    }
  }

  async writeResized(size: string, key: string, bytes: Buffer): Promise<WrittenFile> {
    const path = this.resizedFile(size, key);
    await writeAtomically(path, bytes);
    return { path, bytes: bytes.byteLength };
  }
}

export interface WrittenFile {
  path: string;
  bytes: number;
}

/** Writes `<file>.<random>.tmp` and renames it to `file`; the temporary file never stays behind. */
async function writeAtomically(file: string, data: Buffer | string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
