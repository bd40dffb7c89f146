import {
  EXTERNAL_SOURCE_STASHDB_PERFORMER,
  MATCH_TYPE_DELETED,
  MATCH_TYPE_STASH_ACTOR_MANUAL,
} from '@fovea/contract';
import type { Updateable } from 'kysely';
import type { ActorEditAction, ActorsTable, Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import type { StashdbReference } from './stashdb-link.repository';

/** A site and studio an actor's scenes come from. */
export interface ActorStudioRow {
  site: string;
  studio: string;
}

/** One entry of an actor's edit journal. */
export interface ActorJournalRow {
  action_type: ActorEditAction;
  changed_column: string;
  new_value: string;
}

const now = () => new Date().toISOString();

/**
 * SQL of the StashDB performer links of actors: the actor facts a performer search ranks against, the actor's
 * edit journal a merge respects, the `stashdb performer` reference and its links, and the merged columns.
 */
export class StashdbActorRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (tx: StashdbActorRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new StashdbActorRepository(trx)));
  }

  actor(id: number): Promise<ActorRow | undefined> {
    return this.db.selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The distinct sites and studios of the actor's scenes. */
  studios(actorId: number): Promise<ActorStudioRow[]> {
    return this.db
      .selectFrom('scene_cast as c')
      .innerJoin('scenes as s', 's.id', 'c.scene_id')
      .select(['s.site', 's.studio'])
      .distinct()
      .where('c.actor_id', '=', actorId)
      .orderBy('s.site')
      .orderBy('s.studio')
      .execute();
  }

  /** The actor's edit journal, oldest first. */
  journal(actorId: number): Promise<ActorJournalRow[]> {
    return this.db
      .selectFrom('actor_edits')
      .select(['action_type', 'changed_column', 'new_value'])
      .where('actor_id', '=', actorId)
      .orderBy('id')
      .execute();
  }

  /** The id of the `stashdb performer` reference of a StashDB performer id, or null. */
  async referenceId(performerId: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('external_references')
      .select('id')
      .where('external_source', '=', EXTERNAL_SOURCE_STASHDB_PERFORMER)
      .where('external_id', '=', performerId)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The actors linked to a performer reference (links flagged deleted left out), by id. */
  async linkedActorIds(referenceId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('external_reference_links as l')
      .innerJoin('actors as a', 'a.id', 'l.internal_db_id')
      .select('a.id')
      .distinct()
      .where('l.external_reference_id', '=', referenceId)
      .where('l.internal_table', '=', 'actors')
      .where('l.match_type', '<>', MATCH_TYPE_DELETED)
      .orderBy('a.id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Inserts the `stashdb performer` reference or replaces its URL, date and data; answers its id. */
  async writeReference(reference: StashdbReference): Promise<number> {
    const stamp = now();
    const row = await this.db
      .insertInto('external_references')
      .values({
        external_source: EXTERNAL_SOURCE_STASHDB_PERFORMER,
        ...reference,
        created_at: stamp,
        updated_at: stamp,
      })
      .onConflict((oc) =>
        oc.columns(['external_source', 'external_id']).doUpdateSet({
          external_url: reference.external_url,
          external_date: reference.external_date,
          external_data: reference.external_data,
          updated_at: stamp,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Links the reference to the actor by hand (90): its existing links to that actor become manual ones,
   * else a link is added. Links of the performer to other actors are left as they are.
   */
  async linkActor(
    referenceId: number,
    performerId: string,
    actor: { id: number; name: string },
  ): Promise<void> {
    const stamp = now();
    const updated = await this.db
      .updateTable('external_reference_links')
      .set({
        internal_name_id: actor.name,
        match_type: MATCH_TYPE_STASH_ACTOR_MANUAL,
        udf_datetime1: stamp,
        updated_at: stamp,
      })
      .where('external_reference_id', '=', referenceId)
      .where('internal_table', '=', 'actors')
      .where('internal_db_id', '=', actor.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await this.db
      .insertInto('external_reference_links')
      .values({
        internal_table: 'actors',
        internal_db_id: actor.id,
        internal_name_id: actor.name,
        external_reference_id: referenceId,
        external_source: EXTERNAL_SOURCE_STASHDB_PERFORMER,
        external_id: performerId,
        match_type: MATCH_TYPE_STASH_ACTOR_MANUAL,
        udf_datetime1: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
  }

  /** Changes columns of an actor and moves updated_at; nothing when there is nothing to change. */
  async updateActor(id: number, values: Updateable<ActorsTable>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await this.db
      .updateTable('actors')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }
}
