import { BundleFormatError, invalidJson, jsonParseFailure, quoteSnippet } from './bundle-reader-error';

/** What the scanner finds at the top of a bundle: `{"key": value, "section": [element, …], …}`. */
export type TopLevelEvent =
  | { type: 'value'; key: string; value: unknown }
  | { type: 'arrayStart'; key: string }
  | { type: 'element'; key: string; value: unknown }
  | { type: 'arrayEnd'; key: string }
  /** A piece of a streamed top-level string, still escaped as in the file (see `streamedKey`). */
  | { type: 'stringPart'; key: string; raw: Buffer }
  | { type: 'stringEnd'; key: string };

/** The largest single record (or top-level value) read: a scene with its whole cast is a few kilobytes. */
export const MAX_RECORD_BYTES = 64 * 1024 * 1024;
const MAX_DEPTH = 512;

const ROOT = 0;
const FIRST_KEY = 1;
const KEY = 2;
const COLON = 3;
const VALUE = 4;
const AFTER_VALUE = 5;
const FIRST_ELEMENT = 6;
const ELEMENT = 7;
const AFTER_ELEMENT = 8;
const CAPTURE = 9;
const DONE = 10;
const STREAM = 11;

const CONTAINER = 0;
const STRING = 1;
const SCALAR = 2;

const FOR_KEY = 0;
const FOR_VALUE = 1;
const FOR_ELEMENT = 2;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const startsScalar = (c: number) =>
  c === 0x2d || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e;
const endsScalar = (c: number) => isSpace(c) || c === 0x2c || c === 0x5d || c === 0x7d;

/**
 * Walks the bytes of a bundle once, chunk by chunk, and cuts it into its top-level values and the elements of its
 * top-level arrays, each parsed on its own with JSON.parse (so a bundle of any size is never one string, and the
 * cutting runs at hundreds of MB/s). The structure between the pieces is checked here; each piece is checked by
 * JSON.parse. Errors name the byte where the file stops being JSON.
 */
export class TopLevelScanner {
  private state = ROOT;
  /** Absolute offset of the current chunk's first byte. */
  private offset = 0;
  private key = '';
  private purpose = FOR_KEY;
  private kind = CONTAINER;
  private readonly closers = new Uint8Array(MAX_DEPTH);
  private depth = 0;
  private inString = false;
  private escape = false;
  private parts: Buffer[] = [];
  private partsBytes = 0;
  private captureStart = 0;
  private segmentStart = 0;

  /** `streamedKey`: a top-level key whose string value is handed on in pieces instead of parsed whole. */
  constructor(private readonly streamedKey: string | null = null) {}

  /** Bytes scanned so far. */
  get bytes(): number {
    return this.offset;
  }

  /** Scans one chunk; what it completes is pushed onto `out`. */
  write(chunk: Buffer, out: TopLevelEvent[]): void {
    const length = chunk.length;
    let i = this.offset === 0 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? 3 : 0;
    this.segmentStart = 0;
    for (;;) {
      if (this.state === STREAM) {
        if (i >= length) break;
        i = this.stream(chunk, i, out);
        continue;
      }
      if (this.state === CAPTURE) {
        const end = this.scan(chunk, i);
        if (end < 0) {
          this.keep(chunk.subarray(this.segmentStart));
          break;
        }
        this.finish(chunk.subarray(this.segmentStart, end), out);
        i = end;
        continue;
      }
      if (i >= length) break;
      const c = chunk[i] ?? 0;
      if (isSpace(c)) i += 1;
      else i = this.step(c, chunk, i, out);
    }
    this.offset += length;
  }

  /** The end of the file: anything but a closed top-level object is a truncated (or empty) file. */
  end(): void {
    if (this.state === DONE) return;
    if (this.state === ROOT) throw new BundleFormatError('the bundle is empty');
    throw new BundleFormatError('the bundle ends too early: the file is truncated');
  }

  private step(c: number, chunk: Buffer, i: number, out: TopLevelEvent[]): number {
    switch (this.state) {
      case ROOT:
        if (c === 0x7b) return this.to(FIRST_KEY, i);
        if (c === 0x5b)
          throw new BundleFormatError('the bundle is not a JSON object: its top level is a list');
        if (c === QUOTE || startsScalar(c)) throw new BundleFormatError('the bundle is not a JSON object');
        throw this.unexpected(chunk, i, 'a JSON object');
      case FIRST_KEY:
        if (c === 0x7d) return this.to(DONE, i);
        if (c === QUOTE) return this.begin(FOR_KEY, c, i);
        throw this.unexpected(chunk, i, "a key or '}'");
      case KEY:
        if (c === QUOTE) return this.begin(FOR_KEY, c, i);
        throw this.unexpected(chunk, i, 'a key');
      case COLON:
        if (c === 0x3a) return this.to(VALUE, i);
        throw this.unexpected(chunk, i, "':'");
      case VALUE:
        if (c === QUOTE && this.key === this.streamedKey) {
          this.escape = false;
          return this.to(STREAM, i);
        }
        if (c === 0x5b) {
          out.push({ type: 'arrayStart', key: this.key });
          return this.to(FIRST_ELEMENT, i);
        }
        return this.beginValue(FOR_VALUE, c, chunk, i);
      case AFTER_VALUE:
        if (c === 0x2c) return this.to(KEY, i);
        if (c === 0x7d) return this.to(DONE, i);
        throw this.unexpected(chunk, i, "',' or '}'");
      case FIRST_ELEMENT:
        if (c === 0x5d) {
          out.push({ type: 'arrayEnd', key: this.key });
          return this.to(AFTER_VALUE, i);
        }
        return this.beginValue(FOR_ELEMENT, c, chunk, i);
      case ELEMENT:
        return this.beginValue(FOR_ELEMENT, c, chunk, i);
      case AFTER_ELEMENT:
        if (c === 0x2c) return this.to(ELEMENT, i);
        if (c === 0x5d) {
          out.push({ type: 'arrayEnd', key: this.key });
          return this.to(AFTER_VALUE, i);
        }
        throw this.unexpected(chunk, i, "',' or ']'");
      default:
        throw this.unexpected(chunk, i, 'nothing after the end of the bundle');
    }
  }

  private to(state: number, i: number): number {
    this.state = state;
    return i + 1;
  }

  private beginValue(purpose: number, c: number, chunk: Buffer, i: number): number {
    if (c === 0x7b || c === 0x5b || c === QUOTE || startsScalar(c)) return this.begin(purpose, c, i);
    throw this.unexpected(chunk, i, 'a value');
  }

  /** Hands on the streamed string's bytes up to its closing quote (or the chunk's end); returns where to go on. */
  private stream(chunk: Buffer, i: number, out: TopLevelEvent[]): number {
    const end = this.scanString(chunk, i);
    const stop = end < 0 ? chunk.length : end - 1;
    if (stop > i) out.push({ type: 'stringPart', key: this.key, raw: Buffer.from(chunk.subarray(i, stop)) });
    if (end < 0) return chunk.length;
    out.push({ type: 'stringEnd', key: this.key });
    this.state = AFTER_VALUE;
    return end;
  }

  /** Starts capturing a value at byte i; returns where scanning goes on. */
  private begin(purpose: number, c: number, i: number): number {
    this.state = CAPTURE;
    this.purpose = purpose;
    this.captureStart = this.offset + i;
    this.segmentStart = i;
    this.escape = false;
    if (c === QUOTE) {
      this.kind = STRING;
      return i + 1;
    }
    if (c === 0x7b || c === 0x5b) {
      this.kind = CONTAINER;
      this.depth = 0;
      this.inString = false;
      return i;
    }
    this.kind = SCALAR;
    return i + 1;
  }

  /** Scans the captured value from byte i: the index just past its end, or -1 when it goes on in the next chunk. */
  private scan(chunk: Buffer, i: number): number {
    if (this.kind === STRING) return this.scanString(chunk, i);
    if (this.kind === SCALAR) {
      for (let at = i; at < chunk.length; at += 1) if (endsScalar(chunk[at] ?? 0)) return at;
      return -1;
    }
    return this.scanContainer(chunk, i);
  }

  private scanString(chunk: Buffer, i: number): number {
    let escape = this.escape;
    for (let at = i; at < chunk.length; at += 1) {
      const c = chunk[at] ?? 0;
      if (escape) escape = false;
      else if (c === BACKSLASH) escape = true;
      else if (c === QUOTE) {
        this.escape = false;
        return at + 1;
      }
    }
    this.escape = escape;
    return -1;
  }

  private scanContainer(chunk: Buffer, i: number): number {
    const closers = this.closers;
    let depth = this.depth;
    let inString = this.inString;
    let escape = this.escape;
    const length = chunk.length;
    for (let at = i; at < length; at += 1) {
      const c = chunk[at] ?? 0;
      if (inString) {
        if (escape) escape = false;
        else if (c === BACKSLASH) escape = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === 0x7b || c === 0x5b) {
        if (depth === MAX_DEPTH)
          throw invalidJson(this.offset + at, `nested more than ${MAX_DEPTH} levels deep`);
        closers[depth] = c + 2;
        depth += 1;
      } else if (c === 0x7d || c === 0x5d) {
        depth -= 1;
        if (closers[depth] !== c)
          throw this.unexpected(chunk, at, `'${String.fromCharCode(closers[depth] ?? 0)}'`);
        if (depth === 0) {
          this.depth = 0;
          return at + 1;
        }
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escape = escape;
    return -1;
  }

  /** Keeps the part of a value that goes on in the next chunk (a copy: the chunk's memory may be reused). */
  private keep(part: Buffer): void {
    this.partsBytes += part.length;
    if (this.partsBytes > MAX_RECORD_BYTES) {
      throw new BundleFormatError(
        `a record at byte ${this.captureStart} is larger than ${MAX_RECORD_BYTES / 1024 ** 2} MB: Fovea reads records up to that size`,
      );
    }
    this.parts.push(Buffer.from(part));
  }

  private finish(last: Buffer, out: TopLevelEvent[]): void {
    const text =
      this.parts.length === 0 ? last.toString('utf8') : Buffer.concat([...this.parts, last]).toString('utf8');
    this.parts = [];
    this.partsBytes = 0;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw jsonParseFailure(error, text, this.captureStart);
    }
    if (this.purpose === FOR_KEY) {
      this.key = String(value);
      this.state = COLON;
    } else if (this.purpose === FOR_VALUE) {
      out.push({ type: 'value', key: this.key, value });
      this.state = AFTER_VALUE;
    } else {
      out.push({ type: 'element', key: this.key, value });
      this.state = AFTER_ELEMENT;
    }
  }

  private unexpected(chunk: Buffer, i: number, expected: string): BundleFormatError {
    const found = chunk.toString('utf8', i, Math.min(chunk.length, i + 40));
    return invalidJson(this.offset + i, `expected ${expected}, found ${quoteSnippet(found)}`);
  }
}
