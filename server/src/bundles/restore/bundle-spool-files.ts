import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/** Bytes a spool file buffers before it writes. */
const FLUSH_BYTES = 1024 * 1024;

/** One NDJSON file of a spool, written in large appends, one in flight while the next is gathered. */
export class SpoolFile {
  private handle: fsp.FileHandle | null = null;
  private writing: Promise<unknown> = Promise.resolve();
  private pending: string[] = [];
  private pendingLength = 0;
  lines = 0;

  constructor(readonly file: string) {}

  async append(value: unknown): Promise<void> {
    const line = `${JSON.stringify(value)}\n`;
    this.pending.push(line);
    this.pendingLength += line.length;
    this.lines += 1;
    if (this.pendingLength >= FLUSH_BYTES) await this.flush();
  }

  async close(): Promise<void> {
    await this.flush();
    await this.writing;
    await this.handle?.close();
    this.handle = null;
  }

  /** Closes without writing what is left (the spool is being thrown away). */
  async discard(): Promise<void> {
    this.pending = [];
    this.pendingLength = 0;
    await this.writing.catch(() => undefined);
    await this.handle?.close().catch(() => undefined);
    this.handle = null;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    await this.writing;
    this.handle ??= await fsp.open(this.file, 'w');
    const write = this.handle.write(text);
    // Failures surface at the next flush or at close; this only keeps them from being reported as unhandled.
    write.catch(() => undefined);
    this.writing = write;
  }
}

/** The lines of an NDJSON file, in order, read in large chunks; nothing when the file does not exist. */
export async function* readSpoolLines(file: string): AsyncGenerator<string> {
  if (!fs.existsSync(file)) return;
  let rest = '';
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: FLUSH_BYTES })) {
    const text = rest + String(chunk);
    let start = 0;
    for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
      yield text.slice(start, newline);
      start = newline + 1;
    }
    rest = text.slice(start);
  }
  if (rest !== '') yield rest;
}

/** The spool file of a section (or of the v1 scenes, or of records waiting for the version) in `dir`. */
export const spoolPath = (dir: string, name: string): string => path.join(dir, `${name}.ndjson`);
