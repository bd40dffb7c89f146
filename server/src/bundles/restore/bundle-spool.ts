import fsp from 'node:fs/promises';
import {
  BUNDLE_SECTIONS,
  BundleSections,
  BundleV1Scene,
  MAX_LISTED_REJECTIONS,
  type BundleActor,
  type BundleEntry,
  type BundleRecord,
  type BundleScene,
  type BundleSection,
  type RejectedRecord,
} from '@fovea/contract';
import type { SpooledBundle } from '../spooled-bundle';
import { naturalKey, rejectionReason } from './bundle-spool-keys';
import { readSpoolLines, SpoolFile, spoolPath } from './bundle-spool-files';

const V1_SCENES = 'v1-scenes';
const CAST_ACTORS = 'cast-actors';
const SECTION_NAMES = new Set<string>(BUNDLE_SECTIONS);

export const isBundleSection = (key: string): key is BundleSection => SECTION_NAMES.has(key);

/**
 * Checks records against the contract, one at a time, and writes the valid ones to one NDJSON file per section
 * under `dir` (which the spool owns: created here, removed by dispose() or abort()). Invalid records are counted
 * and listed with their natural key and the zod message; they never stop the spool.
 */
export class BundleSpoolWriter {
  private readonly files = new Map<string, SpoolFile>();
  private readonly positions = new Map<string, number>();
  private readonly rejected: RejectedRecord[] = [];
  private rejectedTotal = 0;
  private readonly castMet = new Set<string>();

  constructor(
    readonly dir: string,
    readonly version: '2.1' | '1',
  ) {}

  /** Checks one record of a section (for v1: a scene of `scenes`) and spools it when it is valid. */
  async add(section: BundleSection, record: unknown): Promise<void> {
    const position = (this.positions.get(section) ?? 0) + 1;
    this.positions.set(section, position);
    const result =
      this.version === '1' ? BundleV1Scene.safeParse(record) : BundleSections[section].safeParse(record);
    if (!result.success) {
      this.reject(
        section,
        naturalKey(section, record, position, this.version === '1'),
        rejectionReason(result.error),
      );
      return;
    }
    if (this.version === '1') await this.file(V1_SCENES).append(result.data);
    else if (section === 'scenes')
      await this.file(section).append(await this.namesOnly(result.data as BundleScene));
    else await this.file(section).append(result.data);
  }

  /**
   * The scene with its cast as names: a cast entry is a whole actor object (more than half of a scene's bytes,
   * the same actor over and over), kept once per name in the cast-actors file for the actors the restore creates.
   */
  private async namesOnly(scene: BundleScene): Promise<BundleScene> {
    if (!scene.cast) return scene;
    const cast: BundleActor[] = [];
    for (const actor of scene.cast) {
      if (!this.castMet.has(actor.name)) {
        this.castMet.add(actor.name);
        await this.file(CAST_ACTORS).append(actor);
      }
      cast.push({ name: actor.name });
    }
    return { ...scene, cast };
  }

  /** Writes what is buffered and hands the spool over. */
  async finish(timestamp: string): Promise<SpooledBundle> {
    for (const file of this.files.values()) await file.close();
    const counts: Partial<Record<BundleSection, number>> = {};
    for (const section of BUNDLE_SECTIONS) {
      const file = this.files.get(section);
      if (file) counts[section] = file.lines;
    }
    const v1 = this.files.get(V1_SCENES);
    if (v1) counts.scenes = v1.lines;
    return diskBundle(this.dir, this.version, timestamp, counts, this.rejected, this.rejectedTotal);
  }

  /** Throws the spool away (after a failure). */
  async abort(): Promise<void> {
    for (const file of this.files.values()) await file.discard();
    await fsp.rm(this.dir, { recursive: true, force: true });
  }

  private reject(section: BundleSection, key: string, reason: string): void {
    this.rejectedTotal += 1;
    if (this.rejected.length < MAX_LISTED_REJECTIONS) this.rejected.push({ section, key, reason });
  }

  private file(name: string): SpoolFile {
    let file = this.files.get(name);
    if (!file) {
      file = new SpoolFile(spoolPath(this.dir, name));
      this.files.set(name, file);
    }
    return file;
  }

  /** Creates the spool folder; call before the first add. */
  async open(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
  }
}

function diskBundle(
  dir: string,
  version: '2.1' | '1',
  timestamp: string,
  counts: Partial<Record<BundleSection, number>>,
  rejected: readonly RejectedRecord[],
  rejectedTotal: number,
): SpooledBundle {
  const lines = async function* <T>(name: string | null): AsyncGenerator<T> {
    if (name === null) return;
    for await (const line of readSpoolLines(spoolPath(dir, name))) yield JSON.parse(line) as T;
  };
  return {
    version,
    timestamp,
    counts,
    rejected,
    rejectedTotal,
    records: <S extends BundleSection>(section: S): AsyncIterable<BundleRecord<S>> =>
      lines<BundleRecord<S>>(version === '2.1' ? section : null),
    v1Scenes: () => lines<BundleV1Scene>(version === '1' ? V1_SCENES : null),
    castActors: () => lines<BundleActor>(version === '2.1' ? CAST_ACTORS : null),
    dispose: () => fsp.rm(dir, { recursive: true, force: true }),
  };
}

/**
 * The spool of entries another reader produced (the XBVR database importer): each record is checked against the
 * contract like a bundle file's, and kept on disk under `dir` so the restore can read the sections in its order.
 */
export async function spoolEntries(
  header: { version: '2.1'; timestamp: string },
  entries: AsyncIterable<BundleEntry>,
  dir: string,
  hooks: { signal?: AbortSignal } = {},
): Promise<SpooledBundle> {
  const writer = new BundleSpoolWriter(dir, header.version);
  try {
    await writer.open();
    let seen = 0;
    for await (const entry of entries) {
      seen += 1;
      if (seen % 256 === 0) hooks.signal?.throwIfAborted();
      await writer.add(entry.section, entry.record);
    }
    hooks.signal?.throwIfAborted();
    return await writer.finish(header.timestamp);
  } catch (error) {
    await writer.abort();
    throw error;
  }
}
