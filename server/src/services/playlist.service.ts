import type { Playlist, PlaylistBody, PlaylistType } from '@fovea/contract';
import { flag } from '../mappers/wire-time';
import { BadRequestError, ConflictError, NotFoundError } from '../http/http-errors';
import type { PlaylistRepository, PlaylistRow } from '../repositories/playlist.repository';

/** A stored saved search as the wire carries it. */
export function toPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    name: row.name,
    ordering: row.ordering,
    is_system: flag(row.is_system),
    is_deo_enabled: flag(row.is_deo_enabled),
    is_smart: flag(row.is_smart),
    playlist_type: row.playlist_type,
    search_params: row.search_params,
  };
}

/**
 * Saved searches (playlists). The body's search_params was already checked against the filter state of its
 * playlist_type by the contract; here live the rules about existing entries: system ones are read-only and a
 * saved search keeps its type.
 */
export class PlaylistService {
  constructor(private readonly repo: PlaylistRepository) {}

  async list(type: PlaylistType): Promise<Playlist[]> {
    return (await this.repo.list(type)).map(toPlaylist);
  }

  async create(body: PlaylistBody): Promise<Playlist> {
    const row = await this.repo.insert({
      name: body.name,
      is_deo_enabled: body.is_deo_enabled,
      is_smart: body.is_smart,
      playlist_type: body.playlist_type,
      search_params: body.search_params,
    });
    return toPlaylist(row);
  }

  /** Changes name, search_params and is_deo_enabled; nothing else. */
  async update(id: number, body: PlaylistBody): Promise<Playlist> {
    const existing = await this.editable(id, 'edited');
    if (existing.playlist_type !== body.playlist_type) {
      throw new BadRequestError(
        `Saved search ${id} is for ${existing.playlist_type}s and cannot change type: send playlist_type "${existing.playlist_type}"`,
      );
    }
    const row = await this.repo.update(id, {
      name: body.name,
      is_deo_enabled: body.is_deo_enabled,
      search_params: body.search_params,
    });
    if (!row) throw new NotFoundError(`No saved search with id ${id}`);
    return toPlaylist(row);
  }

  async delete(id: number): Promise<void> {
    await this.editable(id, 'deleted');
    await this.repo.delete(id);
  }

  /** The saved search of `id` when it exists and is not a system one. */
  private async editable(id: number, what: 'edited' | 'deleted'): Promise<PlaylistRow> {
    const row = await this.repo.get(id);
    if (!row) throw new NotFoundError(`No saved search with id ${id}`);
    if (flag(row.is_system)) {
      throw new ConflictError(`"${row.name}" is a system saved search and cannot be ${what}`);
    }
    return row;
  }
}
