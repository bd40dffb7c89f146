import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import type { SceneRow } from '../mappers/scene.mapper';
import { inIds } from './sql-lists';

/** A scene row with the actor it was read for. */
export type ActorSceneRow = SceneRow & { owner: number };

/** Reads actors, their scenes and their co-stars; one query per relation for a whole batch of actors. */
export class ActorReadRepository {
  constructor(private readonly db: Database) {}

  row(id: number): Promise<ActorRow | undefined> {
    return this.db.selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  rowByName(name: string): Promise<ActorRow | undefined> {
    return this.db.selectFrom('actors').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /**
   * The non-hidden scenes of these actors, newest release first (unknown release dates last); with `sharedWith`,
   * only the scenes that actor is in too.
   */
  scenesOf(actorIds: readonly number[], sharedWith?: number): Promise<ActorSceneRow[]> {
    if (actorIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('scene_cast')
      .innerJoin('scenes', 'scenes.id', 'scene_cast.scene_id')
      .selectAll('scenes')
      .select('scene_cast.actor_id as owner')
      .where(inIds('scene_cast.actor_id', actorIds))
      .$if(sharedWith !== undefined, (query) =>
        query.where('scene_cast.scene_id', 'in', (eb) =>
          eb
            .selectFrom('scene_cast as theirs')
            .select('theirs.scene_id')
            .where('theirs.actor_id', '=', sharedWith ?? 0),
        ),
      )
      .where('scenes.is_hidden', '=', 0)
      .orderBy(sql`scenes.release_date IS NULL`)
      .orderBy('scenes.release_date', 'desc')
      .orderBy('scenes.id', 'desc')
      .execute();
  }

  /**
   * The actors who share a scene with this one (aka-group pseudo-actors left out), the most shared scenes
   * first, then by name.
   */
  colleagues(actorId: number): Promise<(ActorRow & { shared_scenes: number })[]> {
    return this.db
      .selectFrom('scene_cast as mine')
      .innerJoin('scene_cast as theirs', 'theirs.scene_id', 'mine.scene_id')
      .innerJoin('actors', 'actors.id', 'theirs.actor_id')
      .selectAll('actors')
      .select(sql<number>`COUNT(DISTINCT theirs.scene_id)`.as('shared_scenes'))
      .where('mine.actor_id', '=', actorId)
      .where('theirs.actor_id', '<>', actorId)
      .where('actors.is_aka_group', '=', 0)
      .groupBy('actors.id')
      .orderBy(sql`COUNT(DISTINCT theirs.scene_id)`, 'desc')
      .orderBy('actors.name')
      .orderBy('actors.id')
      .execute();
  }
}
