import type { Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import type { SceneRow } from '../mappers/scene.mapper';
import { inIds } from './sql-lists';
import type { CuepointRow, FileRow, HistoryRow, TagRow } from '../mappers/scene-parts.mapper';

/**
 * Reads scenes and their relations for a page of ids: one query per relation for the whole page, never one
 * per scene.
 */
export class SceneReadRepository {
  constructor(private readonly db: Database) {}

  rows(ids: readonly number[]): Promise<SceneRow[]> {
    return this.db.selectFrom('scenes').selectAll().where(inIds('scenes.id', ids)).execute();
  }

  /** The numeric id of a scene by its string scene_id. */
  async idBySceneId(sceneId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('scenes')
      .select('id')
      .where('scene_id', '=', sceneId)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  tags(ids: readonly number[]): Promise<(TagRow & { owner: number })[]> {
    return this.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select([
        'scene_tags.scene_id as owner',
        'tags.id',
        'tags.name',
        'tags.clean',
        'tags.count',
        'tags.is_tag_group',
      ])
      .where(inIds('scene_tags.scene_id', ids))
      .orderBy('tags.name')
      .execute();
  }

  /**
   * The cast links of the scenes, each scene's actors by name as the wire lists them (names are unique, so the
   * order is total). Only ids: the actors themselves come from the cast-actor cache or `actorsByIds`, since
   * the same actors recur on every page and their ~40 columns cost more than the rest of a page's relations.
   */
  castLinks(ids: readonly number[]): Promise<{ owner: number; actor_id: number }[]> {
    return this.db
      .selectFrom('scene_cast')
      .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
      .select(['scene_cast.scene_id as owner', 'scene_cast.actor_id'])
      .where(inIds('scene_cast.scene_id', ids))
      .orderBy('actors.name')
      .execute();
  }

  /** Full actor rows by id (the cast actors a page needs that are not cached). */
  actorsByIds(ids: readonly number[]): Promise<ActorRow[]> {
    return this.db.selectFrom('actors').selectAll().where(inIds('actors.id', ids)).execute();
  }

  files(ids: readonly number[]): Promise<FileRow[]> {
    return this.db
      .selectFrom('files')
      .selectAll()
      .where(inIds('files.scene_id', ids))
      .orderBy('files.filename')
      .orderBy('files.id')
      .execute();
  }

  cuepoints(ids: readonly number[]): Promise<CuepointRow[]> {
    return this.db
      .selectFrom('scene_cuepoints')
      .selectAll()
      .where(inIds('scene_cuepoints.scene_id', ids))
      .orderBy('time_start')
      .orderBy('id')
      .execute();
  }

  history(ids: readonly number[]): Promise<HistoryRow[]> {
    return this.db
      .selectFrom('histories')
      .selectAll()
      .where(inIds('histories.scene_id', ids))
      .orderBy('time_start')
      .orderBy('id')
      .execute();
  }
}
