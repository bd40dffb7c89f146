import type { Insertable, Selectable, Updateable } from 'kysely';
import type {
  ActorEditsTable,
  Database,
  HistoriesTable,
  SceneCuepointsTable,
  SceneEditsTable,
} from '../db/schema';
import { insertRows } from './bundle-restore-rows.repository';
import { inIds, inNames } from './sql-lists';

/** A stored cuepoint with the columns a restore compares. */
export type RestoreCuepointRow = Selectable<SceneCuepointsTable>;

/** A stored watch session with the columns a restore compares. */
export type RestoreHistoryRow = Selectable<HistoriesTable>;

export interface RestoreSceneEditRow {
  scene_id: string;
  action_type: string;
  changed_column: string;
  new_value: string;
  created_at: string;
}

export interface RestoreActorEditRow {
  actor_name: string;
  action_type: string;
  source: string;
  changed_column: string;
  new_value: string;
  created_at: string;
}

const now = () => new Date().toISOString();

/**
 * SQL of a bundle restore's per-scene rows and journals: cuepoints, watch history, the scene edit journal
 * (scene_edits, by string scene_id) and the actor edit journal (actor_edits, by actor name). Bound to a
 * batch's transaction by BundleRestoreRepository.
 */
export class BundleRestoreJournalRepository {
  constructor(private readonly db: Database) {}

  cuepointsOf(sceneIds: readonly number[]): Promise<RestoreCuepointRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('scene_cuepoints').selectAll().where(inIds('scene_id', sceneIds)).execute();
  }

  async deleteCuepoints(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('scene_cuepoints').where(inIds('id', ids)).execute();
  }

  insertCuepoints(rows: readonly Insertable<SceneCuepointsTable>[]): Promise<void> {
    return insertRows(this.db, 'scene_cuepoints', rows);
  }

  async updateCuepoint(id: number, values: Updateable<SceneCuepointsTable>): Promise<void> {
    await this.db
      .updateTable('scene_cuepoints')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  historiesOf(sceneIds: readonly number[]): Promise<RestoreHistoryRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('histories').selectAll().where(inIds('scene_id', sceneIds)).execute();
  }

  insertHistories(rows: readonly Insertable<HistoriesTable>[]): Promise<void> {
    return insertRows(this.db, 'histories', rows);
  }

  async updateHistory(id: number, values: Updateable<HistoriesTable>): Promise<void> {
    await this.db
      .updateTable('histories')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  sceneEditsOf(sceneIds: readonly string[]): Promise<RestoreSceneEditRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_edits')
      .select(['scene_id', 'action_type', 'changed_column', 'new_value', 'created_at'])
      .where(inNames('scene_id', sceneIds))
      .orderBy('id')
      .execute();
  }

  insertSceneEdits(rows: readonly Insertable<SceneEditsTable>[]): Promise<void> {
    return insertRows(this.db, 'scene_edits', rows);
  }

  actorEditsOf(names: readonly string[]): Promise<RestoreActorEditRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actor_edits')
      .select(['actor_name', 'action_type', 'source', 'changed_column', 'new_value', 'created_at'])
      .where(inNames('actor_name', names))
      .orderBy('id')
      .execute();
  }

  insertActorEdits(rows: readonly Insertable<ActorEditsTable>[]): Promise<void> {
    return insertRows(this.db, 'actor_edits', rows);
  }
}
