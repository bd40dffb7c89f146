import { sql, type Selectable } from 'kysely';
import type { Database, PlaylistsTable, PlaylistType } from '../db/schema';

export type PlaylistRow = Selectable<PlaylistsTable>;

/** What a new saved search is made of (ordering is chosen here, after the last one of its type). */
export interface NewPlaylist {
  name: string;
  is_deo_enabled: boolean;
  is_smart: boolean;
  playlist_type: PlaylistType;
  search_params: string;
}

/** The fields an edit may change. */
export interface PlaylistChanges {
  name: string;
  is_deo_enabled: boolean;
  search_params: string;
}

/** Saved searches (`playlists`). */
export class PlaylistRepository {
  constructor(private readonly db: Database) {}

  /** Every saved search of one type, by ordering then id (index playlist_type, ordering). */
  list(type: PlaylistType): Promise<PlaylistRow[]> {
    return this.db
      .selectFrom('playlists')
      .selectAll()
      .where('playlist_type', '=', type)
      .orderBy('ordering')
      .orderBy('id')
      .execute();
  }

  async get(id: number): Promise<PlaylistRow | null> {
    const row = await this.db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  /** Inserts a saved search after the last one of its type, in one statement; returns the new row. */
  insert(playlist: NewPlaylist): Promise<PlaylistRow> {
    return this.db
      .insertInto('playlists')
      .values({
        name: playlist.name,
        is_deo_enabled: playlist.is_deo_enabled ? 1 : 0,
        is_smart: playlist.is_smart ? 1 : 0,
        is_system: 0,
        playlist_type: playlist.playlist_type,
        search_params: playlist.search_params,
        ordering: sql<number>`(SELECT COALESCE(MAX(ordering), -1) + 1 FROM playlists WHERE playlist_type = ${playlist.playlist_type})`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Saves an edit of a user saved search; returns the updated row, or null when there is none with that id. */
  async update(id: number, changes: PlaylistChanges): Promise<PlaylistRow | null> {
    const row = await this.db
      .updateTable('playlists')
      .set({
        name: changes.name,
        is_deo_enabled: changes.is_deo_enabled ? 1 : 0,
        search_params: changes.search_params,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', id)
      .where('is_system', '=', 0)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Deletes a user saved search (system ones are never deleted). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('playlists').where('id', '=', id).where('is_system', '=', 0).execute();
  }
}
