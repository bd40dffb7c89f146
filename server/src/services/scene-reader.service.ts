import { isStringSceneId, type Scene } from '@fovea/contract';
import { toCastActor } from '../mappers/actor.mapper';
import { toScene, type SceneRelations } from '../mappers/scene.mapper';
import { toCuepoint, toFile, toHistory, toTag } from '../mappers/scene-parts.mapper';
import type { SceneReadRepository } from '../repositories/scene-read.repository';

/** Groups rows by their owning scene id. */
function groupBy<R, T>(rows: readonly R[], owner: (row: R) => number | null, map: (row: R) => T) {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const key = owner(row);
    if (key === null) continue;
    const list = groups.get(key);
    if (list) list.push(map(row));
    else groups.set(key, [map(row)]);
  }
  return groups;
}

/** Builds wire scenes with every relation loaded, in batched queries. */
export class SceneReader {
  constructor(private readonly repo: SceneReadRepository) {}

  /**
   * The scenes of `ids` in the order given (unknown ids are skipped). `scores` sets `_score` per id (search).
   */
  async load(ids: readonly number[], scores?: ReadonlyMap<number, number>): Promise<Scene[]> {
    if (ids.length === 0) return [];
    const [rows, tags, cast, files, cuepoints, history] = await Promise.all([
      this.repo.rows(ids),
      this.repo.tags(ids),
      this.repo.cast(ids),
      this.repo.files(ids),
      this.repo.cuepoints(ids),
      this.repo.history(ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const tagsOf = groupBy(tags, (r) => r.owner, toTag);
    const castOf = groupBy(cast, (r) => r.owner, toCastActor);
    const filesOf = groupBy(files, (r) => r.scene_id, toFile);
    const cuepointsOf = groupBy(cuepoints, (r) => r.scene_id, toCuepoint);
    const historyOf = groupBy(history, (r) => r.scene_id, toHistory);
    const scenes: Scene[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const relations: SceneRelations = {
        tags: tagsOf.get(id) ?? [],
        cast: castOf.get(id) ?? [],
        file: filesOf.get(id) ?? [],
        cuepoints: cuepointsOf.get(id) ?? [],
        history: historyOf.get(id) ?? [],
      };
      scenes.push(toScene(row, relations, scores?.get(id) ?? 0));
    }
    return scenes;
  }

  /** One scene by numeric id, or null. */
  async get(id: number): Promise<Scene | null> {
    const [scene] = await this.load([id]);
    return scene ?? null;
  }

  /** The numeric id named by a lookup value: a string scene_id when it contains "-", else the numeric id. */
  async resolveId(lookup: string): Promise<number | null> {
    if (isStringSceneId(lookup)) return this.repo.idBySceneId(lookup);
    const id = Number(lookup);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }

  /** One scene by lookup value (scene_id or numeric id), or null. */
  async find(lookup: string): Promise<Scene | null> {
    const id = await this.resolveId(lookup);
    return id === null ? null : this.get(id);
  }
}
