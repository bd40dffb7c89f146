import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database, ScenesTable } from '../db/schema';
import type { FileRow } from '../mappers/scene-parts.mapper';
import { inIds } from './sql-lists';

/** The scene columns the players' library and scan answers use. */
export type PlayerSceneRow = Pick<
  Selectable<ScenesTable>,
  | 'id'
  | 'scene_id'
  | 'title'
  | 'site'
  | 'synopsis'
  | 'duration'
  | 'cover_url'
  | 'release_date'
  | 'added_date'
  | 'star_rating'
  | 'favourite'
  | 'watchlist'
  | 'trailerlist'
  | 'is_watched'
  | 'is_hidden'
  | 'is_available'
  | 'is_scripted'
  | 'has_preview'
  | 'created_at'
>;

/** What a library list entry shows: the narrow read for every scene of the library. */
export type PlayerListRow = Pick<Selectable<ScenesTable>, 'id' | 'title' | 'duration' | 'cover_url'>;

export interface DeoSectionRow {
  id: number;
  name: string;
  search_params: string;
}

export interface SceneNameRow {
  scene_id: number;
  name: string;
}

/** SQL of the players' library: deo-enabled saved searches, unmatched video files, scene summaries. */
export class PlayerLibraryRepository {
  constructor(private readonly db: Database) {}

  /** Scene saved searches shown in the players, in their order. */
  deoSections(): Promise<DeoSectionRow[]> {
    return this.db
      .selectFrom('playlists')
      .select(['id', 'name', 'search_params'])
      .where('is_deo_enabled', '=', 1)
      .where('playlist_type', '=', 'scene')
      .orderBy('ordering')
      .orderBy('id')
      .execute();
  }

  /** Video files matched to no scene, on enabled and available volumes. */
  unmatchedVideoFiles(): Promise<FileRow[]> {
    return this.db
      .selectFrom('files')
      .innerJoin('volumes', 'volumes.id', 'files.volume_id')
      .selectAll('files')
      .where('files.scene_id', 'is', null)
      .where('files.type', '=', 'video')
      .where('volumes.is_available', '=', 1)
      .where('volumes.is_enabled', '=', 1)
      .orderBy('files.filename')
      .orderBy('files.id')
      .execute();
  }

  file(id: number): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Title, duration and cover of the scenes: only what a library entry shows (20k rows in ~100 ms). */
  listRows(ids: readonly number[]): Promise<PlayerListRow[]> {
    return this.db
      .selectFrom('scenes')
      .select(['id', 'title', 'duration', 'cover_url'])
      .where(inIds('id', ids))
      .execute();
  }

  scenes(ids: readonly number[]): Promise<PlayerSceneRow[]> {
    return this.db
      .selectFrom('scenes')
      .select([
        'id',
        'scene_id',
        'title',
        'site',
        'synopsis',
        'duration',
        'cover_url',
        'release_date',
        'added_date',
        'star_rating',
        'favourite',
        'watchlist',
        'trailerlist',
        'is_watched',
        'is_hidden',
        'is_available',
        'is_scripted',
        'has_preview',
        'created_at',
      ])
      .where(inIds('id', ids))
      .execute();
  }

  /** Cast names of the scenes, by name. */
  castNames(ids: readonly number[]): Promise<SceneNameRow[]> {
    return this.db
      .selectFrom('scene_cast')
      .innerJoin('actors', 'actors.id', 'scene_cast.actor_id')
      .select(['scene_cast.scene_id', 'actors.name'])
      .where(inIds('scene_cast.scene_id', ids))
      .orderBy('actors.name')
      .execute();
  }

  /** Tag names of the scenes, by name. */
  tagNames(ids: readonly number[]): Promise<SceneNameRow[]> {
    return this.db
      .selectFrom('scene_tags')
      .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
      .select(['scene_tags.scene_id', 'tags.name'])
      .where(inIds('scene_tags.scene_id', ids))
      .orderBy('tags.name')
      .execute();
  }

  /**
   * Scenes for the players' Trailers section (xbvr-facts §3.11): not available, with a trailer source, on the
   * trailer list, and not tagged "download"; newest release first.
   */
  async trailerSceneIds(): Promise<number[]> {
    const rows = await this.db
      .selectFrom('scenes')
      .select('id')
      .where('is_available', '=', 0)
      .where('trailer_source', '!=', '')
      .where('trailerlist', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('scene_tags')
              .innerJoin('tags', 'tags.id', 'scene_tags.tag_id')
              .select(sql`1`.as('one'))
              .whereRef('scene_tags.scene_id', '=', 'scenes.id')
              .where('tags.name', '=', 'download'),
          ),
        ),
      )
      .orderBy(sql`release_date IS NULL`)
      .orderBy('release_date', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }
}
