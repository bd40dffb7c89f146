import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { BundleRestoreOptions } from '@fovea/contract';
import { BundleFormatError } from './bundle-reader-error';
import { TopLevelScanner, type TopLevelEvent } from './bundle-reader-scanner';
import { rejectionReason } from './bundle-spool-keys';
import { BundleSourceError } from './bundle-source-errors';
import { JsonStringUnescaper } from './bundle-source-unescape';

export interface WireRestoreBody {
  options: BundleRestoreOptions;
  /** Trimmed, '' when none was given; not checked here (the caller answers 'Please enter a valid URL.'). */
  bundleUrl: string;
  /** Bytes of the bundle written from uploadData; 0 when it was absent or the "{}" placeholder (no file then). */
  uploadBytes: number;
}

/** uploadData this short may be the "{}" placeholder clients send with a bundle URL. */
const PLACEHOLDER_BYTES = 16;
const CHUNK_BYTES = 64 * 1024;
const UPLOAD = 'uploadData';

/**
 * Reads the wire form of POST /api/task/bundle/restore (BundleRestoreBody) from a file in one pass: the option
 * fields are parsed and checked with BundleRestoreOptions, and the uploadData string is unescaped piece by piece
 * into `bundleFile`, so it never becomes one string. Throws BundleSourceError (400) for invalid JSON, a body that
 * is not an object, or fields of the wrong type; no bundle file is left behind then.
 */
export async function readWireRestoreBody(bodyFile: string, bundleFile: string): Promise<WireRestoreBody> {
  const reader = new WireBodyReader(bundleFile);
  try {
    const scanner = new TopLevelScanner(UPLOAD);
    const events: TopLevelEvent[] = [];
    for await (const chunk of fs.createReadStream(bodyFile, { highWaterMark: CHUNK_BYTES })) {
      events.length = 0;
      scanner.write(chunk as Buffer, events);
      for (const event of events) await reader.take(event);
    }
    scanner.end();
    return await reader.finish();
  } catch (error) {
    await reader.discard();
    if (error instanceof BundleFormatError) {
      throw new BundleSourceError(error.message.replace(/^the bundle\b/, 'the restore body'));
    }
    throw error;
  }
}

/** Collects the option fields and writes uploadData out as the scanner hands it on. */
class WireBodyReader {
  private readonly fields: Record<string, unknown> = {};
  private upload: fs.WriteStream | null = null;
  private unescaper: JsonStringUnescaper | null = null;
  private uploadBytes = 0;

  constructor(private readonly bundleFile: string) {}

  async take(event: TopLevelEvent): Promise<void> {
    if (event.type === 'stringPart') return this.write(event.raw);
    if (event.type === 'stringEnd') return this.write(null);
    if (event.type === 'arrayStart') this.fields[event.key] = [];
    if (event.type !== 'value') return;
    if (event.key !== UPLOAD) this.fields[event.key] = event.value;
    else if (event.value !== null) throw wrongType('uploadData: the bundle as JSON text is expected');
  }

  async finish(): Promise<WireRestoreBody> {
    if (this.fields[UPLOAD] !== undefined) throw wrongType('uploadData: the bundle as JSON text is expected');
    await this.closeUpload();
    const options = BundleRestoreOptions.safeParse(this.fields);
    if (!options.success) throw wrongType(rejectionReason(options.error));
    const url = this.fields.bundleUrl ?? '';
    if (typeof url !== 'string') throw wrongType('bundleUrl: a text is expected');
    return { options: options.data, bundleUrl: url.trim(), uploadBytes: await this.keptUploadBytes() };
  }

  async discard(): Promise<void> {
    const upload = this.upload;
    this.upload = null;
    if (upload && !upload.closed) {
      const closed = once(upload, 'close').catch(() => undefined);
      upload.destroy();
      await closed;
    }
    await fsp.rm(this.bundleFile, { force: true });
  }

  /** One more piece of uploadData (null: its end), unescaped into the bundle file. */
  private async write(raw: Buffer | null): Promise<void> {
    if (!this.upload) {
      if (this.unescaper) throw new BundleSourceError('the restore body has uploadData twice');
      this.upload = fs.createWriteStream(this.bundleFile);
      this.upload.on('error', () => undefined);
      this.unescaper = new JsonStringUnescaper();
    }
    const unescaper = this.unescaper;
    if (!unescaper) return;
    let bytes: Buffer;
    try {
      bytes = raw ? unescaper.write(raw) : unescaper.end();
    } catch (error) {
      throw new BundleSourceError(
        `the restore body is not valid JSON: uploadData has an ${(error as Error).message}`,
      );
    }
    this.uploadBytes += bytes.length;
    if (bytes.length > 0 && !this.upload.write(bytes)) await once(this.upload, 'drain');
  }

  private async closeUpload(): Promise<void> {
    const upload = this.upload;
    if (!upload) return;
    const closed = once(upload, 'close');
    upload.end();
    await closed;
  }

  /** The upload's size, or 0 (and no file) when it was only the "{}" placeholder. */
  private async keptUploadBytes(): Promise<number> {
    if (!this.upload) return 0;
    if (this.uploadBytes > PLACEHOLDER_BYTES) return this.uploadBytes;
    const text = (await fsp.readFile(this.bundleFile, 'utf8')).trim();
    if (text !== '{}' && text !== '') return this.uploadBytes;
    await fsp.rm(this.bundleFile, { force: true });
    return 0;
  }
}

const wrongType = (detail: string) =>
  new BundleSourceError(`the restore body has fields of the wrong type: ${detail}`);
