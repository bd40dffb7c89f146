import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ActorsTable, Database, ScenesTable } from '../db/schema';
import { insertRows } from './bundle-restore-rows.repository';
import { inIds, inList, inNames } from './sql-lists';

/** A stored scene as a restore matches it. */
export interface RestoreSceneRow {
  id: number;
  scene_id: string;
  scraper_id: string;
}

export interface NamedRowId {
  id: number;
  name: string;
}

/** [scene id, actor or tag id]. */
export type RestoreLink = readonly [scene: number, target: number];

/** Which sites' scenes a restore takes (the bundle's site scope). */
export interface SiteScopeFilter {
  enabledOnly: boolean;
  officialOnly: boolean;
}

const now = () => new Date().toISOString();

/**
 * SQL of a bundle restore's scenes and actors: scenes by scene_id, actors and tags by name, the cast and tag
 * links of restored scenes. Bound to a batch's transaction by BundleRestoreRepository.
 */
export class BundleRestoreCatalogueRepository {
  constructor(private readonly db: Database) {}

  /** The ids of the sites whose scenes are in scope. */
  async sitesInScope(scope: SiteScopeFilter): Promise<Set<string>> {
    let query = this.db.selectFrom('sites').select('id');
    if (scope.enabledOnly) query = query.where('is_enabled', '=', 1);
    if (scope.officialOnly) query = query.where('name', 'not like', '%(Custom %)');
    return new Set((await query.execute()).map((row) => row.id));
  }

  scenesBySceneId(sceneIds: readonly string[]): Promise<RestoreSceneRow[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scenes')
      .select(['id', 'scene_id', 'scraper_id'])
      .where(inNames('scene_id', sceneIds))
      .execute();
  }

  /** Whole scene rows by scene_id (an overwrite compares them with the bundle's values). */
  sceneRowsBySceneId(sceneIds: readonly string[]): Promise<Selectable<ScenesTable>[]> {
    if (sceneIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('scenes').selectAll().where(inNames('scene_id', sceneIds)).execute();
  }

  /**
   * Checks foreign keys at commit, so a new scene's cast and tag links go in before the scene and its insert
   * builds its search document once, cast included.
   */
  async deferForeignKeys(): Promise<void> {
    await sql`PRAGMA defer_foreign_keys = ON`.execute(this.db);
  }

  /** The id the next new scene takes (past every id AUTOINCREMENT has given). */
  async nextSceneId(): Promise<number> {
    const row = await sql<{ next: number }>`SELECT max(
        coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'scenes'), 0),
        coalesce((SELECT max(id) FROM scenes), 0)) + 1 AS next`.execute(this.db);
    return Number(row.rows[0]?.next ?? 1);
  }

  /** Inserts scenes in multi-row statements. */
  insertScenes(rows: readonly Insertable<ScenesTable>[]): Promise<void> {
    return insertRows(this.db, 'scenes', rows);
  }

  async updateScene(id: number, values: Updateable<ScenesTable>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db
      .updateTable('scenes')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  /** Actors by name, compared ignoring case (the caller prefers an exact match). */
  actorsNamed(names: readonly string[]): Promise<NamedRowId[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actors')
      .select(['id', 'name'])
      .where(inList('name', names, 'NOCASE'))
      .execute();
  }

  /** Whole actor rows by name, compared ignoring case (the caller prefers an exact match). */
  actorRowsNamed(names: readonly string[]): Promise<Selectable<ActorsTable>[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actors')
      .selectAll()
      .where(inList('name', names, 'NOCASE'))
      .execute();
  }

  /** Inserts actors in multi-row statements; answers their ids by name. */
  async insertActors(rows: readonly Insertable<ActorsTable>[]): Promise<NamedRowId[]> {
    await insertRows(this.db, 'actors', rows);
    return this.actorsNamedExactly(rows.map((row) => row.name));
  }

  private actorsNamedExactly(names: readonly string[]): Promise<NamedRowId[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('actors').select(['id', 'name']).where(inNames('name', names)).execute();
  }

  async updateActor(id: number, values: Updateable<ActorsTable>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db
      .updateTable('actors')
      .set({ updated_at: now(), ...values })
      .where('id', '=', id)
      .execute();
  }

  /** Tags by exact name. */
  tagsNamed(names: readonly string[]): Promise<NamedRowId[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('tags').select(['id', 'name']).where(inNames('name', names)).execute();
  }

  async insertTags(names: readonly string[]): Promise<NamedRowId[]> {
    if (names.length === 0) return [];
    return this.db
      .insertInto('tags')
      .values(names.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
  }

  /** The plain cast (aka pseudo-actors left out) of these scenes. */
  async castOf(sceneIds: readonly number[]): Promise<RestoreLink[]> {
    if (sceneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('scene_cast')
      .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
      .select(['scene_cast.scene_id', 'scene_cast.actor_id'])
      .where(inIds('scene_cast.scene_id', sceneIds))
      .where('actors.is_aka_group', '=', 0)
      .execute();
    return rows.map((row) => [row.scene_id, row.actor_id] as const);
  }

  /** The plain tags (tag-group pseudo-tags left out) of these scenes. */
  async tagsOf(sceneIds: readonly number[]): Promise<RestoreLink[]> {
    if (sceneIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select(['scene_tags.scene_id', 'scene_tags.tag_id'])
      .where(inIds('scene_tags.scene_id', sceneIds))
      .where('tags.is_tag_group', '=', 0)
      .execute();
    return rows.map((row) => [row.scene_id, row.tag_id] as const);
  }

  addCast(links: readonly RestoreLink[]): Promise<void> {
    return insertRows(
      this.db,
      'scene_cast',
      links.map(([scene, actor]) => ({ scene_id: scene, actor_id: actor })),
      { ignoreConflicts: true },
    );
  }

  addTags(links: readonly RestoreLink[]): Promise<void> {
    return insertRows(
      this.db,
      'scene_tags',
      links.map(([scene, tag]) => ({ scene_id: scene, tag_id: tag })),
      { ignoreConflicts: true },
    );
  }

  removeCast(links: readonly RestoreLink[]): Promise<void> {
    return this.removeLinks('scene_cast', 'actor_id', links);
  }

  removeTags(links: readonly RestoreLink[]): Promise<void> {
    return this.removeLinks('scene_tags', 'tag_id', links);
  }

  /** Deletes [scene, target] pairs in one statement. */
  private async removeLinks(
    table: 'scene_cast' | 'scene_tags',
    column: 'actor_id' | 'tag_id',
    links: readonly RestoreLink[],
  ): Promise<void> {
    if (links.length === 0) return;
    await sql`DELETE FROM ${sql.table(table)} WHERE (scene_id, ${sql.ref(column)}) IN (
      SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(${JSON.stringify(links)}))`.execute(
      this.db,
    );
  }
}
