import { isStringSceneId, type CastActor, type Scene } from '@fovea/contract';
import { toCastActor } from '../mappers/actor.mapper';
import { toScene, type SceneRelations } from '../mappers/scene.mapper';
import { toCuepoint, toFile, toHistory, toTag } from '../mappers/scene-parts.mapper';
import type { DataVersionRepository } from '../repositories/data-version.repository';
import type { SceneReadRepository } from '../repositories/scene-read.repository';
import { CastActorCache } from './cast-actor-cache';

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

/** Each scene's cast in link order; a link whose actor was deleted after the links were read is skipped. */
function castByScene(
  links: readonly { owner: number; actor_id: number }[],
  actors: ReadonlyMap<number, CastActor>,
): Map<number, CastActor[]> {
  const cast = new Map<number, CastActor[]>();
  for (const link of links) {
    const actor = actors.get(link.actor_id);
    if (!actor) continue;
    const list = cast.get(link.owner);
    if (list) list.push(actor);
    else cast.set(link.owner, [actor]);
  }
  return cast;
}

/**
 * Builds wire scenes with every relation loaded, in batched queries. Cast actors are shared, frozen objects
 * from a cache that lives as long as the `actors` data version (see CastActorCache).
 */
export class SceneReader {
  private readonly castActors = new CastActorCache();

  constructor(
    private readonly repo: SceneReadRepository,
    private readonly versions: DataVersionRepository,
  ) {}

  /**
   * The scenes of `ids` in the order given (unknown ids are skipped). `scores` sets `_score` per id (search).
   */
  async load(ids: readonly number[], scores?: ReadonlyMap<number, number>): Promise<Scene[]> {
    if (ids.length === 0) return [];
    const [actorsVersion, rows, tags, castLinks, files, cuepoints, history] = await Promise.all([
      this.versions.version('actors'),
      this.repo.rows(ids),
      this.repo.tags(ids),
      this.repo.castLinks(ids),
      this.repo.files(ids),
      this.repo.cuepoints(ids),
      this.repo.history(ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const tagsOf = groupBy(tags, (r) => r.owner, toTag);
    const actors = await this.actorsOf(
      castLinks.map((link) => link.actor_id),
      actorsVersion,
    );
    const castOf = castByScene(castLinks, actors);
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

  /**
   * The cast actors of `actorIds`: cached ones as they are, the rest read in one query, mapped and cached. The
   * version must have been read before this call (Promise.all in `load` has settled), so the rows read here are
   * at least as new as it. An actor deleted since the links were read is simply absent.
   */
  private async actorsOf(actorIds: readonly number[], version: number): Promise<Map<number, CastActor>> {
    const { found, missing } = this.castActors.lookup(version, actorIds);
    if (missing.length === 0) return found;
    for (const row of await this.repo.actorsByIds(missing)) {
      found.set(row.id, this.castActors.add(version, toCastActor(row)));
    }
    return found;
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
