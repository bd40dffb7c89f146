import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { BUNDLE_V1_VERSION, BUNDLE_VERSION } from '@fovea/contract';
import type { SpooledBundle } from '../spooled-bundle';
import { BundleFormatError } from './bundle-reader-error';
import { TopLevelScanner, type TopLevelEvent } from './bundle-reader-scanner';
import { readSpoolLines, SpoolFile, spoolPath } from './bundle-spool-files';
import { BundleSpoolWriter, isBundleSection } from './bundle-spool';

export { BundleFormatError } from './bundle-reader-error';

export interface BundleReadHooks {
  signal?: AbortSignal;
  /** Bytes read so far and the file's size: about every 4 MiB, and once at the end. */
  onBytes?(read: number, total: number): void;
}

const CHUNK_BYTES = 64 * 1024;
const PROGRESS_BYTES = 4 * 1024 * 1024;
const PENDING = 'pending';

/**
 * Reads a bundle file once, checks every record against the contract (v2.1 sections, or the scenes of a v1
 * bundle) and spools the valid ones under `dir`, which the returned bundle owns (dispose() removes it). Invalid
 * records are rejected with their natural key and reason; a file that is not a readable bundle (invalid JSON,
 * truncated, no or an unknown bundleVersion, not an object) throws BundleFormatError and leaves no spool behind.
 * Unknown top-level keys and manualSceneMatches are ignored.
 */
export async function spoolBundleFile(
  file: string,
  dir: string,
  hooks: BundleReadHooks = {},
): Promise<SpooledBundle> {
  const total = (await fsp.stat(file)).size;
  await fsp.mkdir(dir, { recursive: true });
  const reader = new BundleEventReader(dir);
  try {
    const scanner = new TopLevelScanner();
    const events: TopLevelEvent[] = [];
    let reported = 0;
    for await (const chunk of fs.createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
      hooks.signal?.throwIfAborted();
      events.length = 0;
      scanner.write(chunk as Buffer, events);
      for (const event of events) await reader.take(event);
      if (hooks.onBytes && scanner.bytes - reported >= PROGRESS_BYTES) {
        reported = scanner.bytes;
        hooks.onBytes(reported, total);
      }
    }
    scanner.end();
    hooks.signal?.throwIfAborted();
    const bundle = await reader.finish();
    hooks.onBytes?.(scanner.bytes, total);
    return bundle;
  } catch (error) {
    await reader.abort();
    await fsp.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Turns the scanner's events into spooled records, holding back records met before the bundle's version. */
class BundleEventReader {
  private writer: BundleSpoolWriter | null = null;
  private pending: SpoolFile | null = null;
  private timestamp = '';

  constructor(private readonly dir: string) {}

  async take(event: TopLevelEvent): Promise<void> {
    if (event.type === 'value') return this.value(event.key, event.value);
    if (event.type !== 'element' || !isBundleSection(event.key)) return;
    if (!this.writer) {
      this.pending ??= new SpoolFile(spoolPath(this.dir, PENDING));
      await this.pending.append([event.key, event.value]);
      return;
    }
    await this.add(this.writer, event.key, event.value);
  }

  async finish(): Promise<SpooledBundle> {
    if (!this.writer) {
      throw new BundleFormatError(
        `the bundle has no bundleVersion: Fovea reads content bundles of version ${BUNDLE_VERSION} and ${BUNDLE_V1_VERSION}`,
      );
    }
    return this.writer.finish(this.timestamp);
  }

  async abort(): Promise<void> {
    await this.pending?.discard();
    await this.writer?.abort();
  }

  private async value(key: string, value: unknown): Promise<void> {
    if (key === 'timestamp') {
      this.timestamp = typeof value === 'string' ? value : '';
    } else if (key === 'bundleVersion') {
      if (!this.writer) await this.start(readVersion(value));
    } else if (isBundleSection(key) && value !== null) {
      throw new BundleFormatError(`the "${key}" section of the bundle is not a list`);
    }
  }

  private async start(version: '2.1' | '1'): Promise<void> {
    const writer = new BundleSpoolWriter(this.dir, version);
    await writer.open();
    this.writer = writer;
    const pending = this.pending;
    if (!pending) return;
    this.pending = null;
    await pending.close();
    for await (const line of readSpoolLines(pending.file)) {
      const [section, record] = JSON.parse(line) as [string, unknown];
      if (isBundleSection(section)) await this.add(writer, section, record);
    }
    await fsp.rm(pending.file, { force: true });
  }

  private async add(writer: BundleSpoolWriter, section: string, record: unknown): Promise<void> {
    if (!isBundleSection(section)) return;
    if (writer.version === '1' && section !== 'scenes') return;
    await writer.add(section, record);
  }
}

function readVersion(value: unknown): '2.1' | '1' {
  const version = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  if (version === BUNDLE_VERSION || version === BUNDLE_V1_VERSION) return version;
  const shown = version === '' ? JSON.stringify(value) : `"${version}"`;
  throw new BundleFormatError(
    `unsupported bundle version ${shown}: Fovea reads ${BUNDLE_VERSION} and ${BUNDLE_V1_VERSION}`,
  );
}
