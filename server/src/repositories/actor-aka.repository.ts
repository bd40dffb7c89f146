import { EXTERNAL_SOURCE_STASHDB_PERFORMER } from '@fovea/contract';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import { inList } from './sql-lists';

/** The aka relations of one actor (akas, actor_akas and shared external references). */
export class ActorAkaRepository {
  constructor(private readonly db: Database) {}

  /** The "aka:..." pseudo-actors of the groups the actor belongs to, by name. */
  groupActorsOf(actorId: number): Promise<ActorRow[]> {
    return this.db
      .selectFrom('actor_akas')
      .innerJoin('akas', 'akas.id', 'actor_akas.aka_id')
      .innerJoin('actors', 'actors.id', 'akas.aka_actor_id')
      .selectAll('actors')
      .where('actor_akas.actor_id', '=', actorId)
      .orderBy('actors.name')
      .execute();
  }

  /** The members of the group whose pseudo-actor this is, by name. */
  membersOfGroupActor(groupActorId: number): Promise<ActorRow[]> {
    return this.db
      .selectFrom('akas')
      .innerJoin('actor_akas', 'actor_akas.aka_id', 'akas.id')
      .innerJoin('actors', 'actors.id', 'actor_akas.actor_id')
      .selectAll('actors')
      .where('akas.aka_actor_id', '=', groupActorId)
      .orderBy('actors.name')
      .execute();
  }

  /** The other members of the groups the actor belongs to, each once, by name. */
  fellowMembers(actorId: number): Promise<ActorRow[]> {
    return this.db
      .selectFrom('actors')
      .selectAll()
      .where('id', '<>', actorId)
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('actor_akas as mine')
          .innerJoin('actor_akas as theirs', 'theirs.aka_id', 'mine.aka_id')
          .select('theirs.actor_id')
          .where('mine.actor_id', '=', actorId),
      )
      .orderBy('name')
      .execute();
  }

  /**
   * Actors that may be the same person: linked to the same StashDB performer as the actor, or named like one of
   * its aliases (any case). Group pseudo-actors and the actor's group fellows are left out. The same rule as the
   * list's "Possible Aka" attribute (actor-list/actor-conditions.ts).
   */
  possibleAkas(actorId: number, aliases: readonly string[]): Promise<ActorRow[]> {
    return this.db
      .selectFrom('actors')
      .selectAll()
      .where('id', '<>', actorId)
      .where('is_aka_group', '=', 0)
      .where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            eb
              .selectFrom('external_reference_links as mine')
              .innerJoin(
                'external_reference_links as theirs',
                'theirs.external_reference_id',
                'mine.external_reference_id',
              )
              .select('theirs.internal_db_id')
              .where('mine.internal_table', '=', 'actors')
              .where('mine.internal_db_id', '=', actorId)
              .where('mine.external_source', '=', EXTERNAL_SOURCE_STASHDB_PERFORMER)
              .where('theirs.internal_table', '=', 'actors'),
          ),
          inList('name', aliases, 'NOCASE'),
        ]),
      )
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('actor_akas as mine')
          .innerJoin('actor_akas as theirs', 'theirs.aka_id', 'mine.aka_id')
          .select('theirs.actor_id')
          .where('mine.actor_id', '=', actorId),
      )
      .orderBy(sql`name COLLATE NOCASE`)
      .execute();
  }
}
