import type { BundleActor } from '@fovea/contract';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { inBatches, lastByKey } from './apply-batches';
import { isAkaName, NameIndex } from './apply-names';
import { actorValues, unchanged } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

/**
 * The `actors` section: actors by name with their details and the owner's rating, favourite and watchlist.
 * "aka:" pseudo-actors are skipped here: the `akas` section rebuilds them with their groups.
 */
export class ActorSectionApplier implements SectionApplier {
  readonly sections = ['actors'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'actors',
      records: bundle.records('actors'),
      size: this.batchSize,
      context,
      apply: (batch) => this.applyBatch(batch, context),
    });
  }

  private async applyBatch(records: BundleActor[], context: ApplyContext): Promise<void> {
    const { tally, options } = context;
    tally.count('actors', 'read', records.length);
    const plain = records.filter((actor) => !isAkaName(actor.name));
    const actors = lastByKey(plain, (actor) => actor.name);
    tally.count('actors', 'skipped', records.length - actors.length);
    const outcome = await this.store.batch(async ({ catalogue: repo }) => {
      const rows = await repo.actorRowsNamed(actors.map((actor) => actor.name));
      const stored = new NameIndex(rows);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const fresh = actors.filter((actor) => stored.get(actor.name) === undefined);
      await repo.insertActors(fresh.map((actor) => ({ ...actorValues(actor), name: actor.name })));
      let updated = 0;
      for (const actor of actors) {
        const row = byId.get(stored.get(actor.name) ?? 0);
        const values = actorValues(actor);
        if (row !== undefined && options.overwrite && !unchanged(values, row)) {
          await repo.updateActor(row.id, values);
          updated += 1;
        }
      }
      return { added: fresh.length, updated };
    });
    tally.count('actors', 'added', outcome.added);
    tally.count('actors', 'updated', outcome.updated);
    tally.count('actors', 'skipped', actors.length - outcome.added - outcome.updated);
  }
}
