import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Text gathered before one write to the stream. */
const CHUNK_CHARS = 256 * 1024;

/**
 * Writes a bundle's JSON object to a stream, one top-level key at a time and one record per line, so no more
 * than a chunk of it is ever held in memory. Respects backpressure: when the stream's buffer is full it waits
 * for 'drain' before writing on. The caller decides the key order and ends with `end()`.
 */
export class BundleJsonWriter {
  private pending: string[] = [];
  private pendingChars = 0;
  private fields = 0;
  private inArray = false;
  private arrayItems = 0;

  constructor(private readonly stream: Writable) {}

  /** Opens the object. */
  async begin(): Promise<void> {
    await this.push('{');
  }

  /** A key with a plain value (string, number, …). */
  async field(key: string, value: string | number | boolean): Promise<void> {
    await this.push(`${this.separator()}\n${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  }

  /** Opens a key whose value is an array; add its items with `item`, close it with `closeArray`. */
  async openArray(key: string): Promise<void> {
    if (this.inArray) throw new Error('an array of the bundle is already open');
    await this.push(`${this.separator()}\n${JSON.stringify(key)}: [`);
    this.inArray = true;
    this.arrayItems = 0;
  }

  async item(record: unknown): Promise<void> {
    if (!this.inArray) throw new Error('no array of the bundle is open');
    const text = JSON.stringify(record);
    await this.push(`${this.arrayItems === 0 ? '' : ','}\n${text}`);
    this.arrayItems += 1;
  }

  async closeArray(): Promise<void> {
    if (!this.inArray) throw new Error('no array of the bundle is open');
    this.inArray = false;
    await this.push(this.arrayItems === 0 ? ']' : '\n]');
  }

  /** Closes the object and writes out what is pending (the stream itself is ended by the caller). */
  async end(): Promise<void> {
    if (this.inArray) throw new Error('an array of the bundle is still open');
    this.pending.push('\n}\n');
    this.pendingChars += 3;
    await this.flush();
  }

  private separator(): string {
    this.fields += 1;
    return this.fields === 1 ? '' : ',';
  }

  private async push(text: string): Promise<void> {
    this.pending.push(text);
    this.pendingChars += text.length;
    if (this.pendingChars >= CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }
}
