import { MAX_LIST_LIMIT, SceneListRequest } from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';
import type { PlaylistRepository } from '../repositories/playlist.repository';
import type { SceneListService } from '../services/scene-list.service';

/**
 * The scenes of a saved scene search, as its filters select them now (for a backup limited to a saved
 * search): the list is read page by page in its own order.
 */
export class PlaylistScenes {
  constructor(
    private readonly playlists: Pick<PlaylistRepository, 'get'>,
    private readonly sceneList: Pick<SceneListService, 'query'>,
  ) {}

  /** 400 for an id that is not a saved scene search. */
  async check(playlistId: number): Promise<SceneListRequest> {
    const row = await this.playlists.get(playlistId);
    if (!row || row.playlist_type !== 'scene') {
      throw new BadRequestError(`There is no saved scene search ${playlistId}.`);
    }
    let stored: unknown;
    try {
      stored = JSON.parse(row.search_params);
    } catch {
      stored = {};
    }
    const base = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
    const parsed = SceneListRequest.safeParse({ ...base, offset: 0, limit: MAX_LIST_LIMIT });
    if (!parsed.success)
      throw new BadRequestError(`The saved search "${row.name}" has filters that do not read.`);
    return parsed.data;
  }

  async ids(playlistId: number): Promise<number[]> {
    const request = await this.check(playlistId);
    const ids: number[] = [];
    for (;;) {
      const page = await this.sceneList.query({ ...request, offset: ids.length });
      ids.push(...page.ids);
      if (page.ids.length === 0 || ids.length >= page.results) return ids;
    }
  }
}
