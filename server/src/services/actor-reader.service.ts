import type { Actor, ActorColleague } from '@fovea/contract';
import { toActorWithScenes, zeroActor, type ActorRow } from '../mappers/actor.mapper';
import type { SceneRow } from '../mappers/scene.mapper';
import type { ActorReadRepository } from '../repositories/actor-read.repository';
import { NotFoundError } from '../http/http-errors';

export const noActor = (id: number | string) => new NotFoundError(`There is no actor ${id}`);

/** Whether an answered actor carries its scenes (the reference shape) or none (`with_scenes=false`). */
export interface ActorShape {
  withScenes: boolean;
}
export const FULL_ACTOR: ActorShape = { withScenes: true };

/** Builds wire actors with their scenes: one scene query for any number of actors. */
export class ActorReader {
  constructor(private readonly repo: ActorReadRepository) {}

  /** The actors of these rows, in the order given, each with its scenes (or only those shared with an actor). */
  async withScenes(rows: readonly ActorRow[], sharedWith?: number): Promise<Actor[]> {
    const scenes = await this.repo.scenesOf(
      rows.map((row) => row.id),
      sharedWith,
    );
    const byActor = new Map<number, SceneRow[]>();
    for (const { owner, ...scene } of scenes) {
      const list = byActor.get(owner);
      if (list) list.push(scene);
      else byActor.set(owner, [scene]);
    }
    return rows.map((row) => toActorWithScenes(row, byActor.get(row.id) ?? []));
  }

  /** One actor by numeric id, or null. */
  async get(id: number, shape: ActorShape = FULL_ACTOR): Promise<Actor | null> {
    const row = await this.repo.row(id);
    if (!row) return null;
    return this.shaped(row, shape);
  }

  /** One actor after a change: absent means it was deleted meanwhile (404). */
  async reload(id: number, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    const actor = await this.get(id, shape);
    if (!actor) throw noActor(id);
    return actor;
  }

  /**
   * GET /api/actor/{id}: by name when the value contains "-", else by numeric id. An unknown actor is the zero
   * actor (id 0), which the UI checks for (xbvr-wire §3.4).
   */
  async find(lookup: string, shape: ActorShape = FULL_ACTOR): Promise<Actor> {
    const row = lookup.includes('-') ? await this.repo.rowByName(lookup) : await this.byNumericId(lookup);
    if (!row) return zeroActor();
    return this.shaped(row, shape);
  }

  /**
   * Co-stars, the most shared scenes first, each with its shared-scene count; 404 for an unknown actor. Each
   * carries the scenes it shares with the actor, not all its scenes (a popular actor's co-stars with every scene
   * each would be the whole library, hundreds of MB), or none with `withScenes` false (the details tab).
   */
  async colleagues(id: number, shape: ActorShape = FULL_ACTOR): Promise<ActorColleague[]> {
    if (!(await this.repo.row(id))) throw noActor(id);
    const rows = await this.repo.colleagues(id);
    const actors = shape.withScenes
      ? await this.withScenes(rows, id)
      : rows.map((row) => toActorWithScenes(row, []));
    return actors.map((actor, index) => ({ ...actor, shared_scenes: rows[index]?.shared_scenes ?? 0 }));
  }

  private async shaped(row: ActorRow, shape: ActorShape): Promise<Actor> {
    if (!shape.withScenes) return toActorWithScenes(row, []);
    const [actor] = await this.withScenes([row]);
    return actor ?? toActorWithScenes(row, []);
  }

  private byNumericId(lookup: string): Promise<ActorRow | undefined> {
    if (!/^\d+$/.test(lookup)) return Promise.resolve(undefined);
    const id = Number(lookup);
    return Number.isSafeInteger(id) && id > 0 ? this.repo.row(id) : Promise.resolve(undefined);
  }
}
