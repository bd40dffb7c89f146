import type { BundleActionActor, BundleAction } from '@fovea/contract';
import type { Insertable } from 'kysely';
import type { ActorEditsTable, SceneEditsTable } from '../../db/schema';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches } from './apply-batches';
import { NameIndex } from './apply-names';
import type { SiteScope } from './apply-site-scope';
import { storedTime } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

/**
 * Counts of journal entries already stored, by content: an entry of the bundle that is stored already (as many
 * times as the bundle has it so far) is skipped, so restoring twice adds nothing and a journal that undoes and
 * redoes an edit ("+x", "-x", "+x") keeps all three. The time is part of the content only when the bundle gives it.
 */
class JournalCounter {
  private readonly withTime = new Map<string, number>();
  private readonly withoutTime = new Map<string, number>();

  constructor(rows: readonly { content: string; created_at: string }[]) {
    for (const row of rows) {
      bump(this.withTime, `${row.content}\u0000${row.created_at}`);
      bump(this.withoutTime, row.content);
    }
  }

  /** True when the entry is one more than is stored (and counts it as stored now). */
  take(content: string, createdAt: string | null): boolean {
    const map = createdAt === null ? this.withoutTime : this.withTime;
    const key = createdAt === null ? content : `${content}\u0000${createdAt}`;
    const left = map.get(key) ?? 0;
    if (left > 0) {
      map.set(key, left - 1);
      return false;
    }
    return true;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

const actionContent = (
  scene: string,
  a: { action_type: string; changed_column: string; new_value?: string },
) => [scene, a.action_type, a.changed_column, a.new_value ?? ''].join('\u0000');

/**
 * `actions`: the scene edit journal, kept by string scene_id (it outlives its scene, so no scene is needed),
 * in the bundle's order; identical entries already stored are skipped whatever `overwrite` says.
 */
export class SceneJournalSectionApplier implements SectionApplier {
  readonly sections = ['actions'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly scope: SiteScope,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'actions',
      records: bundle.records('actions'),
      size: this.batchSize,
      context,
      weight: (record) => record.actions?.length ?? 0,
      apply: async (records) => {
        context.tally.count(
          'actions',
          'read',
          records.reduce((sum, r) => sum + (r.actions?.length ?? 0), 0),
        );
        const batch = new BatchTally('actions');
        await this.store.batch(async ({ journal, catalogue }) => {
          const sceneIds = records.map((record) => record.scene_id);
          const scenes = new Map(
            (await catalogue.scenesBySceneId(sceneIds)).map((row) => [row.scene_id, row]),
          );
          const counter = new JournalCounter(
            (await journal.sceneEditsOf(sceneIds)).map((row) => ({
              content: actionContent(row.scene_id, row),
              created_at: row.created_at,
            })),
          );
          const inserts: Insertable<SceneEditsTable>[] = [];
          for (const record of records) {
            const actions: BundleAction[] = record.actions ?? [];
            const scene = scenes.get(record.scene_id);
            if (scene && !this.scope.allows(scene.scraper_id)) {
              batch.count('skipped', actions.length);
              continue;
            }
            for (const action of actions) {
              const createdAt = storedTime(action.created_at) ?? null;
              if (!counter.take(actionContent(record.scene_id, action), createdAt)) {
                batch.count('skipped');
                continue;
              }
              inserts.push({
                scene_id: record.scene_id,
                action_type: action.action_type,
                changed_column: action.changed_column,
                new_value: action.new_value ?? '',
                ...(createdAt ? { created_at: createdAt } : {}),
              });
              batch.count('added');
            }
          }
          await journal.insertSceneEdits(inserts);
        });
        batch.commit(context.tally);
      },
    });
  }
}

const actorActionContent = (
  name: string,
  a: BundleActionActor | { action_type: string; source: string; changed_column: string; new_value: string },
) => [name, a.action_type, a.source ?? '', a.changed_column, a.new_value ?? ''].join('\u0000');

/**
 * `actionActors`: the actor edit journal, by actor name (the actor's id is found by name; an actor that is not
 * there keeps its entries by name), deduplicated like the scene journal.
 */
export class ActorJournalSectionApplier implements SectionApplier {
  readonly sections = ['actionActors'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'actionActors',
      records: bundle.records('actionActors'),
      size: this.batchSize,
      context,
      weight: (record) => record.action_actors?.length ?? 0,
      apply: async (records) => {
        context.tally.count(
          'actionActors',
          'read',
          records.reduce((sum, r) => sum + (r.action_actors?.length ?? 0), 0),
        );
        const batch = new BatchTally('actionActors');
        await this.store.batch(async ({ journal, catalogue }) => {
          const names = records.map((record) => record.actor_name);
          const actors = new NameIndex(await catalogue.actorsNamed(names));
          const counter = new JournalCounter(
            (await journal.actorEditsOf(names)).map((row) => ({
              content: actorActionContent(row.actor_name, row),
              created_at: row.created_at,
            })),
          );
          const inserts: Insertable<ActorEditsTable>[] = [];
          for (const record of records) {
            for (const entry of record.action_actors ?? []) {
              const createdAt = storedTime(entry.created_at) ?? null;
              if (!counter.take(actorActionContent(record.actor_name, entry), createdAt)) {
                batch.count('skipped');
                continue;
              }
              inserts.push({
                actor_id: actors.get(record.actor_name) ?? null,
                actor_name: record.actor_name,
                action_type: entry.action_type,
                source: entry.source ?? '',
                changed_column: entry.changed_column,
                new_value: entry.new_value ?? '',
                ...(createdAt ? { created_at: createdAt } : {}),
              });
              batch.count('added');
            }
          }
          await journal.insertActorEdits(inserts);
        });
        batch.commit(context.tally);
      },
    });
  }
}
