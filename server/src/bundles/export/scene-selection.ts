import type {
  BundleExportSceneRepository,
  SceneKey,
  SiteScope,
} from '../../repositories/bundle-export-scene.repository';
import { keysetPages } from './export-pages';

/**
 * The scenes a backup takes, in pages of keys (id order): every scene, or those of the sites in scope, and,
 * for a saved search, only its scenes. The per-scene sections (scenes, file links, cuepoints, history, edits)
 * all follow the same selection.
 */
export class SceneSelection {
  private readonly playlistIds: readonly number[] | null;

  constructor(
    private readonly repo: BundleExportSceneRepository,
    private readonly scope: SiteScope,
    /** The scene ids of a saved search; null = no saved search. */
    playlistIds: readonly number[] | null,
    private readonly pageSize: number,
  ) {
    this.playlistIds = playlistIds === null ? null : [...new Set(playlistIds)].sort((a, b) => a - b);
  }

  /** Whether some scenes are left out (by site or saved search); false = the whole library. */
  get restricted(): boolean {
    return this.playlistIds !== null || this.scope.enabledSitesOnly || this.scope.officialSitesOnly;
  }

  /** How many scenes it selects (a saved search counts its scenes before the site scope applies). */
  count(): Promise<number> {
    if (this.playlistIds !== null) return Promise.resolve(this.playlistIds.length);
    return this.repo.countScenes(this.scope);
  }

  pages(): AsyncIterable<SceneKey[]> {
    const ids = this.playlistIds;
    if (ids === null) {
      return keysetPages(
        (after: number, limit) => this.repo.sceneKeysAfter(this.scope, after, limit),
        0,
        (key) => key.id,
        this.pageSize,
      );
    }
    return this.playlistPages(ids);
  }

  private async *playlistPages(ids: readonly number[]): AsyncGenerator<SceneKey[]> {
    for (let start = 0; start < ids.length; start += this.pageSize) {
      const keys = await this.repo.sceneKeysIn(this.scope, ids.slice(start, start + this.pageSize));
      if (keys.length > 0) yield keys;
    }
  }
}
