import type { BundleCuepoint, BundleHistory } from '@fovea/contract';
import type { Insertable } from 'kysely';
import type { HistoriesTable, SceneCuepointsTable } from '../../db/schema';
import type { BundleRestoreRepository, BundleRestoreTx } from '../../repositories/bundle-restore.repository';
import type { RestoreSceneRow } from '../../repositories/bundle-restore-catalogue.repository';
import type {
  RestoreCuepointRow,
  RestoreHistoryRow,
} from '../../repositories/bundle-restore-journal.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches, lastByKey } from './apply-batches';
import type { SiteScope } from './apply-site-scope';
import { defined, real, storedTime, unchanged } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

type PartSection = 'sceneCuepoints' | 'sceneHistory';

/** A scene's group of rows, as a section carries it. */
interface Group<T> {
  scene_id: string;
  items: T[];
}

/**
 * Shared by the per-scene sections: groups batched by their rows, each group's scene found by scene_id (none:
 * its rows are rejected), scenes out of the site scope skipped, scenes whose rows changed noted for the status
 * refresh. `write` answers the ids of the scenes it changed.
 */
abstract class ScenePartApplier<T> implements SectionApplier {
  abstract readonly sections: readonly [PartSection];

  constructor(
    protected readonly store: BundleRestoreRepository,
    private readonly scope: SiteScope,
    private readonly batchSize: number,
  ) {}

  protected abstract groups(bundle: SpooledBundle): AsyncIterable<Group<T>>;
  protected abstract write(
    tx: BundleRestoreTx,
    scenes: { scene: RestoreSceneRow; items: T[] }[],
    overwrite: boolean,
    batch: BatchTally,
  ): Promise<Set<number>>;

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const [section] = this.sections;
    await inBatches({
      section,
      records: this.groups(bundle),
      size: this.batchSize,
      context,
      weight: (group) => group.items.length,
      apply: async (groups) => {
        context.tally.count(
          section,
          'read',
          groups.reduce((sum, group) => sum + group.items.length, 0),
        );
        const batch = new BatchTally(section);
        const touched = await this.store.batch(async (tx) => {
          const found = new Map(
            (await tx.catalogue.scenesBySceneId(groups.map((group) => group.scene_id))).map((row) => [
              row.scene_id,
              row,
            ]),
          );
          const scenes: { scene: RestoreSceneRow; items: T[] }[] = [];
          for (const group of groups) {
            const scene = found.get(group.scene_id);
            if (!scene)
              for (const _ of group.items) batch.reject(group.scene_id, `no such scene ${group.scene_id}`);
            else if (!this.scope.allows(scene.scraper_id)) batch.count('skipped', group.items.length);
            else if (group.items.length > 0) scenes.push({ scene, items: group.items });
          }
          return this.write(tx, scenes, context.options.overwrite, batch);
        });
        batch.commit(context.tally);
        for (const id of touched) context.touchedScenes.add(id);
      },
    });
  }
}

const cuepointKey = (track: number | null, timeStart: number, name: string) =>
  `${track ?? ''}\u0000${timeStart}\u0000${name}`;

const trackOf = (cuepoint: BundleCuepoint): number | null =>
  cuepoint.track === undefined || cuepoint.track === null ? null : Math.round(cuepoint.track);

/**
 * `sceneCuepoints`: with overwrite on a scene's simple cuepoints (no track) are replaced by the bundle's and its
 * HereSphere track cuepoints updated by track, start and name; with overwrite off only missing ones are added.
 */
export class CuepointSectionApplier extends ScenePartApplier<BundleCuepoint> {
  readonly sections = ['sceneCuepoints'] as const;

  protected async *groups(bundle: SpooledBundle): AsyncIterable<Group<BundleCuepoint>> {
    for await (const record of bundle.records('sceneCuepoints'))
      yield { scene_id: record.scene_id, items: record.cuepoints ?? [] };
  }

  protected async write(
    tx: BundleRestoreTx,
    scenes: { scene: RestoreSceneRow; items: BundleCuepoint[] }[],
    overwrite: boolean,
    batch: BatchTally,
  ): Promise<Set<number>> {
    const stored = await tx.journal.cuepointsOf(scenes.map(({ scene }) => scene.id));
    const inserts: Insertable<SceneCuepointsTable>[] = [];
    const changed = new Set<number>();
    const bySceneId = new Map<number, RestoreCuepointRow[]>();
    for (const row of stored) bySceneId.set(row.scene_id, [...(bySceneId.get(row.scene_id) ?? []), row]);
    for (const { scene, items } of scenes) {
      const mine = bySceneId.get(scene.id) ?? [];
      const byKey = new Map(mine.map((row) => [cuepointKey(row.track, row.time_start, row.name), row]));
      const cuepoints = lastByKey(items, (c) => cuepointKey(trackOf(c), c.time_start, c.name));
      batch.count('skipped', items.length - cuepoints.length);
      if (overwrite) {
        const wanted = new Set(cuepoints.map((c) => cuepointKey(trackOf(c), c.time_start, c.name)));
        const gone = mine.filter(
          (row) => row.track === null && !wanted.has(cuepointKey(null, row.time_start, row.name)),
        );
        await tx.journal.deleteCuepoints(gone.map((row) => row.id));
        if (gone.length > 0) changed.add(scene.id);
      }
      for (const cuepoint of cuepoints) {
        const track = trackOf(cuepoint);
        const values = defined({
          time_end:
            cuepoint.time_end === undefined ? undefined : (real(cuepoint.time_end ?? undefined) ?? null),
          rating: real(cuepoint.rating),
        });
        const existing = byKey.get(cuepointKey(track, cuepoint.time_start, cuepoint.name));
        if (existing === undefined) {
          inserts.push({
            ...values,
            scene_id: scene.id,
            track,
            name: cuepoint.name,
            time_start: cuepoint.time_start,
          });
          changed.add(scene.id);
          batch.count('added');
        } else if (overwrite && !unchanged(values, existing)) {
          await tx.journal.updateCuepoint(existing.id, values);
          changed.add(scene.id);
          batch.count('updated');
        } else {
          batch.count('skipped');
        }
      }
    }
    await tx.journal.insertCuepoints(inserts);
    return changed;
  }
}

/** `sceneHistory`: watch sessions deduplicated on (scene, start time); overwrite on updates a known session. */
export class HistorySectionApplier extends ScenePartApplier<BundleHistory> {
  readonly sections = ['sceneHistory'] as const;

  protected async *groups(bundle: SpooledBundle): AsyncIterable<Group<BundleHistory>> {
    for await (const record of bundle.records('sceneHistory'))
      yield { scene_id: record.scene_id, items: record.history ?? [] };
  }

  protected async write(
    tx: BundleRestoreTx,
    scenes: { scene: RestoreSceneRow; items: BundleHistory[] }[],
    overwrite: boolean,
    batch: BatchTally,
  ): Promise<Set<number>> {
    const changed = new Set<number>();
    const stored = await tx.journal.historiesOf(scenes.map(({ scene }) => scene.id));
    const byKey = new Map<string, RestoreHistoryRow | null>(
      stored.map((row) => [`${row.scene_id}\u0000${row.time_start}`, row]),
    );
    const inserts: Insertable<HistoriesTable>[] = [];
    for (const { scene, items } of scenes) {
      for (const history of items) {
        const start = storedTime(history.time_start);
        if (!start) {
          batch.reject(scene.scene_id, 'a watch session without a start time');
          continue;
        }
        const key = `${scene.id}\u0000${start}`;
        const values = defined({
          time_end: storedTime(history.time_end),
          duration: real(history.duration),
        });
        const existing = byKey.get(key);
        if (existing === undefined) {
          const created = storedTime(history.created_at) ?? undefined;
          inserts.push({
            ...values,
            scene_id: scene.id,
            time_start: start,
            ...(created ? { created_at: created } : {}),
          });
          byKey.set(key, null);
          changed.add(scene.id);
          batch.count('added');
        } else if (overwrite && existing !== null && !unchanged(values, existing)) {
          await tx.journal.updateHistory(existing.id, values);
          changed.add(scene.id);
          batch.count('updated');
        } else {
          batch.count('skipped');
        }
      }
    }
    await tx.journal.insertHistories(inserts);
    return changed;
  }
}
