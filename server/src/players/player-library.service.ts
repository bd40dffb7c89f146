import { MAX_LIST_LIMIT, type File, type SceneListRequest } from '@fovea/contract';
import type { Logger } from '../logging/logger';
import { toFile } from '../mappers/scene-parts.mapper';
import type {
  PlayerLibraryRepository,
  PlayerListRow,
  SceneNameRow,
} from '../repositories/player-library.repository';
import type { SceneListService } from '../services/scene-list.service';
import { playableSceneRequest } from './playable-request';

/** One scene as the players' library and scan answers need it (flags as booleans, duration in minutes). */
export interface PlayerSceneSummary {
  id: number;
  scene_id: string;
  title: string;
  site: string;
  synopsis: string;
  /** Minutes, as stored on the scene. */
  duration: number;
  cover_url: string;
  release_date: string | null;
  added_date: string | null;
  created_at: string;
  star_rating: number;
  favourite: boolean;
  watchlist: boolean;
  trailerlist: boolean;
  is_watched: boolean;
  is_hidden: boolean;
  is_available: boolean;
  is_scripted: boolean;
  has_preview: boolean;
}

/** A scene's actor and tag names, each sorted by name. */
export interface PlayerSceneNames {
  cast: string[];
  tags: string[];
}

export interface PlayerSection {
  name: string;
  sceneIds: number[];
}

function namesByScene(rows: readonly SceneNameRow[]): Map<number, string[]> {
  const map = new Map<number, string[]>();
  for (const row of rows) {
    const names = map.get(row.scene_id);
    if (names) names.push(row.name);
    else map.set(row.scene_id, [row.name]);
  }
  return map;
}

/**
 * What the headset players list (shared by /deovr and /heresphere): the deo-enabled scene saved searches,
 * each with ALL its available and accessible scenes in the search's order, the unmatched video files, and
 * scene summaries read in one batch.
 */
export class PlayerLibraryService {
  constructor(
    private readonly repo: PlayerLibraryRepository,
    private readonly sceneList: SceneListService,
    private readonly logger: Logger,
  ) {}

  async sections(): Promise<PlayerSection[]> {
    const rows = await this.repo.deoSections();
    const sections: PlayerSection[] = [];
    for (const row of rows) {
      const request = playableSceneRequest(row.search_params, 0, MAX_LIST_LIMIT);
      if (request === undefined) {
        this.logger.warn({ playlist: row.id }, `saved search "${row.name}" has unreadable filters; skipped`);
        continue;
      }
      sections.push({ name: row.name, sceneIds: await this.allIds(request) });
    }
    return sections;
  }

  async unmatchedVideoFiles(): Promise<File[]> {
    return (await this.repo.unmatchedVideoFiles()).map(toFile);
  }

  /** A video file by id, matched or not (the players' /file/:id answers). */
  async videoFile(id: number): Promise<File | undefined> {
    const row = await this.repo.file(id);
    return row?.type === 'video' ? toFile(row) : undefined;
  }

  /** Trailer-list scenes without local files (HereSphere's Trailers section). */
  trailerSceneIds(): Promise<number[]> {
    return this.repo.trailerSceneIds();
  }

  /** Library list entries (title, duration, cover) by id, in one narrow query; unknown ids are absent. */
  async listEntries(ids: readonly number[]): Promise<Map<number, PlayerListRow>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    return new Map((await this.repo.listRows(unique)).map((row) => [row.id, row]));
  }

  /** Summaries by id, in one query whatever the number of ids; unknown ids are absent. */
  async summaries(ids: readonly number[]): Promise<Map<number, PlayerSceneSummary>> {
    const unique = [...new Set(ids)];
    const result = new Map<number, PlayerSceneSummary>();
    if (unique.length === 0) return result;
    for (const scene of await this.repo.scenes(unique)) {
      result.set(scene.id, {
        id: scene.id,
        scene_id: scene.scene_id,
        title: scene.title,
        site: scene.site,
        synopsis: scene.synopsis,
        duration: scene.duration,
        cover_url: scene.cover_url,
        release_date: scene.release_date,
        added_date: scene.added_date,
        created_at: scene.created_at,
        star_rating: scene.star_rating,
        favourite: scene.favourite === 1,
        watchlist: scene.watchlist === 1,
        trailerlist: scene.trailerlist === 1,
        is_watched: scene.is_watched === 1,
        is_hidden: scene.is_hidden === 1,
        is_available: scene.is_available === 1,
        is_scripted: scene.is_scripted === 1,
        has_preview: scene.has_preview === 1,
      });
    }
    return result;
  }

  /** Actor and tag names by scene id, in two queries; scenes with neither get empty lists. */
  async names(ids: readonly number[]): Promise<Map<number, PlayerSceneNames>> {
    const unique = [...new Set(ids)];
    const result = new Map<number, PlayerSceneNames>(unique.map((id) => [id, { cast: [], tags: [] }]));
    if (unique.length === 0) return result;
    const [cast, tags] = await Promise.all([this.repo.castNames(unique), this.repo.tagNames(unique)]);
    for (const [id, names] of namesByScene(cast)) result.get(id)?.cast.push(...names);
    for (const [id, names] of namesByScene(tags)) result.get(id)?.tags.push(...names);
    return result;
  }

  /**
   * Every id the filter selects: one read of a list page, which also counts the matches, and for larger
   * searches one more read of all the rest (the service's page limit only bounds what a client may ask).
   */
  private async allIds(request: SceneListRequest): Promise<number[]> {
    const first = await this.sceneList.query(request);
    if (first.ids.length >= first.results || first.ids.length < request.limit) return first.ids;
    const rest = await this.sceneList.query({
      ...request,
      offset: first.ids.length,
      limit: first.results - first.ids.length,
    });
    return [...first.ids, ...rest.ids];
  }
}
