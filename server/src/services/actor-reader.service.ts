import type { Actor } from '@fovea/contract';
import { toActorWithScenes, zeroActor, type ActorRow } from '../mappers/actor.mapper';
import type { SceneRow } from '../mappers/scene.mapper';
import type { ActorReadRepository } from '../repositories/actor-read.repository';
import { NotFoundError } from '../http/http-errors';

export const noActor = (id: number | string) => new NotFoundError(`There is no actor ${id}`);

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
  async get(id: number): Promise<Actor | null> {
    const row = await this.repo.row(id);
    if (!row) return null;
    const [actor] = await this.withScenes([row]);
    return actor ?? null;
  }

  /** One actor after a change: absent means it was deleted meanwhile (404). */
  async reload(id: number): Promise<Actor> {
    const actor = await this.get(id);
    if (!actor) throw noActor(id);
    return actor;
  }

  /**
   * GET /api/actor/{id}: by name when the value contains "-", else by numeric id. An unknown actor is the zero
   * actor (id 0), which the UI checks for (xbvr-wire §3.4).
   */
  async find(lookup: string): Promise<Actor> {
    const row = lookup.includes('-') ? await this.repo.rowByName(lookup) : await this.byNumericId(lookup);
    if (!row) return zeroActor();
    const [actor] = await this.withScenes([row]);
    return actor ?? zeroActor();
  }

  /**
   * Co-stars, the most shared scenes first; 404 for an unknown actor. Each carries the scenes it shares with the
   * actor, not all its scenes: the UI counts the shared ones, and a popular actor's co-stars with every scene
   * each would be the whole library (hundreds of MB).
   */
  async colleagues(id: number): Promise<Actor[]> {
    if (!(await this.repo.row(id))) throw noActor(id);
    return this.withScenes(await this.repo.colleagues(id), id);
  }

  private byNumericId(lookup: string): Promise<ActorRow | undefined> {
    if (!/^\d+$/.test(lookup)) return Promise.resolve(undefined);
    const id = Number(lookup);
    return Number.isSafeInteger(id) && id > 0 ? this.repo.row(id) : Promise.resolve(undefined);
  }
}
