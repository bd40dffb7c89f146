import type { BundleFile } from '@fovea/contract';
import type { Insertable } from 'kysely';
import type { FilesTable } from '../../db/schema';
import type { BundleRestoreRepository, BundleRestoreTx } from '../../repositories/bundle-restore.repository';
import type { RestoreVolumeRow } from '../../repositories/bundle-restore-storage.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches } from './apply-batches';
import type { SiteScope } from './apply-site-scope';
import { fileValues, unchanged } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

/** A file of the bundle and the scene_id it is matched to (null: unmatched). */
interface FileItem {
  sceneId: string | null;
  file: BundleFile;
}

const trimEnd = (path: string): string => (path.length > 1 ? path.replace(/[\\/]+$/, '') : path);

/**
 * The volume a file goes to: the one the record names (Fovea's `volume`, a location's path) when it is here;
 * else the local volume whose path is the longest prefix of `path` (a whole folder, not part of a name); else,
 * for a put.io file (its "path" is a put.io file id, no folder), the put.io volume when there is exactly one.
 */
export function volumeFor(
  volumes: readonly RestoreVolumeRow[],
  path: string,
  named?: string,
): RestoreVolumeRow | undefined {
  const byName = named === undefined ? undefined : volumes.find((volume) => volume.path === named);
  if (byName) return byName;
  let best: RestoreVolumeRow | undefined;
  for (const volume of volumes) {
    if (volume.type !== 'local') continue;
    const root = trimEnd(volume.path);
    const inside =
      path === root ||
      path.startsWith(root.endsWith('/') || root.endsWith('\\') ? root : `${root}/`) ||
      path.startsWith(`${root}\\`);
    if (inside && (!best || root.length > trimEnd(best.path).length)) best = volume;
  }
  if (best || /[\\/]/.test(path)) return best;
  const putio = volumes.filter((volume) => volume.type === 'putio');
  return putio.length === 1 ? putio[0] : undefined;
}

/**
 * The `sceneFileLinks` section (files matched to scenes) and Fovea's `unmatchedFiles`. A file is found by path
 * and name; a new one is attached to the volume whose path is the longest prefix of its path (none: rejected).
 * Its scene's status is recomputed at the end. The scene's expected filenames are the bundle's own (a manual
 * match already added its file's name there), so they are left as restored.
 */
export class FileSectionApplier implements SectionApplier {
  readonly sections: readonly ['sceneFileLinks'] | readonly ['unmatchedFiles'];

  constructor(
    private readonly section: 'sceneFileLinks' | 'unmatchedFiles',
    private readonly store: BundleRestoreRepository,
    private readonly scope: SiteScope,
    private readonly batchSize: number,
  ) {
    this.sections = [section] as const;
  }

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const volumes = await this.store.read.storage.volumes();
    if (this.section === 'sceneFileLinks') {
      await inBatches({
        section: 'sceneFileLinks',
        records: bundle.records('sceneFileLinks'),
        size: this.batchSize,
        context,
        weight: (record) => record.files?.length ?? 0,
        apply: (records) =>
          this.applyBatch(
            records.flatMap((record) =>
              (record.files ?? []).map((file) => ({ sceneId: record.scene_id, file })),
            ),
            volumes,
            context,
          ),
      });
    } else {
      await inBatches({
        section: 'unmatchedFiles',
        records: bundle.records('unmatchedFiles'),
        size: this.batchSize,
        context,
        apply: (records) =>
          this.applyBatch(
            records.map((file) => ({ sceneId: null, file })),
            volumes,
            context,
          ),
      });
    }
  }

  private async applyBatch(
    items: FileItem[],
    volumes: RestoreVolumeRow[],
    context: ApplyContext,
  ): Promise<void> {
    context.tally.count(this.section, 'read', items.length);
    const batch = new BatchTally(this.section);
    const touched = await this.store.batch((tx) => this.write(tx, items, volumes, context, batch));
    batch.commit(context.tally);
    for (const id of touched) context.touchedScenes.add(id);
  }

  private async write(
    tx: BundleRestoreTx,
    items: FileItem[],
    volumes: RestoreVolumeRow[],
    context: ApplyContext,
    batch: BatchTally,
  ): Promise<number[]> {
    const sceneIds = [...new Set(items.flatMap((item) => (item.sceneId === null ? [] : [item.sceneId])))];
    const scenes = new Map((await tx.catalogue.scenesBySceneId(sceneIds)).map((row) => [row.scene_id, row]));
    const stored = new Map(
      (await tx.storage.filesNamed(items.map((item) => item.file.filename))).map((row) => [
        `${row.path}\u0000${row.filename}`,
        row,
      ]),
    );
    const touched: number[] = [];
    const inserts: Insertable<FilesTable>[] = [];
    /** Files this batch adds: a second record of one is skipped. */
    const added = new Set<string>();
    for (const { sceneId, file } of items) {
      const key = `${file.path}/${file.filename}`;
      const scene = sceneId === null ? null : scenes.get(sceneId);
      if (scene === undefined) {
        batch.reject(key, `no such scene ${sceneId ?? ''}`);
        continue;
      }
      if (scene !== null && !this.scope.allows(scene.scraper_id)) {
        batch.count('skipped');
        continue;
      }
      const fileKey = `${file.path}\u0000${file.filename}`;
      const existing = stored.get(fileKey);
      const values = { ...fileValues(file), scene_id: scene?.id ?? null };
      if (added.has(fileKey)) {
        batch.count('skipped');
        continue;
      }
      if (existing) {
        if (!context.options.overwrite || unchanged(values, existing)) {
          batch.count('skipped');
          continue;
        }
        await tx.storage.updateFile(existing.id, values);
        if (existing.scene_id !== null) touched.push(existing.scene_id);
        batch.count('updated');
      } else {
        const volume = volumeFor(volumes, file.path, file.volume);
        if (!volume) {
          batch.reject(key, `no storage location holds ${file.path}`);
          continue;
        }
        inserts.push({
          ...values,
          type: values.type ?? 'video',
          volume_id: volume.id,
          path: file.path,
          filename: file.filename,
        });
        added.add(fileKey);
        batch.count('added');
      }
      if (scene) touched.push(scene.id);
    }
    await tx.storage.insertFiles(inserts);
    return touched;
  }
}
