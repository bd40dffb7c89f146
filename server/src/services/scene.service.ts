import type { Scene, SceneToggleList } from '@fovea/contract';
import { ConflictError, NotFoundError, BadRequestError } from '../http/http-errors';
import { zeroScene } from '../mappers/file.mapper';
import type { SceneFlagColumn, SceneWriteRepository } from '../repositories/scene-write.repository';
import type { SceneReader } from './scene-reader.service';

/** The column each toggle list flips. */
const TOGGLE_COLUMNS: Record<SceneToggleList, SceneFlagColumn> = {
  watchlist: 'watchlist',
  favourite: 'favourite',
  watched: 'is_watched',
  trailerlist: 'trailerlist',
  needs_update: 'needs_update',
  is_hidden: 'is_hidden',
  wishlist: 'wishlist',
};

export const noScene = (id: number | string) => new NotFoundError(`There is no scene ${id}`);

/** Reading one scene, its flags and rating, deleting it, and choosing its script. */
export class SceneService {
  constructor(
    private readonly reader: SceneReader,
    private readonly write: SceneWriteRepository,
  ) {}

  /**
   * A scene by numeric id or, when the value contains "-", by string scene_id; the zero scene (id 0) when there
   * is none, which the reference's clients check for (xbvr-wire §2.5), as Fovea's web does.
   */
  async get(lookup: string): Promise<Scene> {
    return (await this.reader.find(lookup)) ?? zeroScene();
  }

  /** The scene after a change: it was there a moment ago, so its absence is a 404 too (deleted meanwhile). */
  async reload(id: number): Promise<Scene> {
    const scene = await this.reader.get(id);
    if (!scene) throw noScene(id);
    return scene;
  }

  /** Flips one flag. Wishlist is only for scenes the owner does not have (409 while available). */
  async toggle(sceneId: string, list: SceneToggleList): Promise<void> {
    await this.write.transaction(async (tx) => {
      const row = await tx.scenes.rowBySceneId(sceneId);
      if (!row) throw noScene(sceneId);
      if (list === 'wishlist' && row.is_available === 1) {
        throw new ConflictError('The wishlist is only for scenes you do not have; this scene is available.');
      }
      await tx.scenes.flipFlag(row.id, TOGGLE_COLUMNS[list]);
    });
  }

  async rate(id: number, rating: number): Promise<Scene> {
    const row = await this.write.row(id);
    if (!row) throw noScene(id);
    await this.write.update(id, { star_rating: rating });
    return this.reload(id);
  }

  /**
   * Deletes the scene for good: cast, tags, cuepoints and history go with it, its files become unmatched, and
   * the tag and actor counts follow. The edit journal stays (keyed by scene_id), so a scene that a scrape
   * brings back gets the owner's edits again. Answers the scene as it was.
   */
  async delete(id: number): Promise<Scene> {
    const before = await this.reader.get(id);
    if (!before) throw noScene(id);
    await this.write.transaction(async (tx) => {
      const [cast, tags] = await Promise.all([tx.scenes.castOf(id), tx.scenes.tagsOf(id)]);
      await tx.scenes.delete(id);
      await tx.counts.refreshActorCounts(cast.map((actor) => actor.id));
      await tx.counts.refreshTagCounts(tags.map((tag) => tag.id));
    });
    return before;
  }

  /** Makes one script file of the scene its selected script (the others are unselected). */
  async selectScript(id: number, fileId: number): Promise<Scene> {
    await this.write.transaction(async (tx) => {
      if (!(await tx.scenes.row(id))) throw noScene(id);
      const file = await tx.scenes.file(fileId);
      if (!file || file.scene_id !== id) throw new NotFoundError(`The scene has no file ${fileId}`);
      if (file.type !== 'script')
        throw new BadRequestError(`File ${fileId} is a ${file.type} file, not a script`);
      await tx.scenes.selectScript(id, fileId);
    });
    return this.reload(id);
  }
}
