import type { Updateable } from 'kysely';
import type { ActorsTable, Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import { ActorEditJournalRepository } from './actor-edit-journal.repository';

/** The actor flag columns POST /api/actor/toggle flips. */
export type ActorFlagColumn = 'favourite' | 'watchlist' | 'needs_update';

/** Repositories bound to one transaction. */
export interface ActorWriteTx {
  actors: ActorWriteRepository;
  journal: ActorEditJournalRepository;
}

const now = () => new Date().toISOString();

/**
 * Writes to actors. Multi-step changes go through `transaction`, which hands out repositories bound to one
 * transaction; an instance bound to a transaction must not start another.
 */
export class ActorWriteRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: ActorWriteTx) => Promise<T>): Promise<T> {
    return this.db
      .transaction()
      .execute((trx) =>
        work({ actors: new ActorWriteRepository(trx), journal: new ActorEditJournalRepository(trx) }),
      );
  }

  row(id: number): Promise<ActorRow | undefined> {
    return this.db.selectFrom('actors').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Changes columns of an actor and moves updated_at. */
  async update(id: number, values: Updateable<ActorsTable>): Promise<void> {
    await this.db
      .updateTable('actors')
      .set({ ...values, updated_at: now() })
      .where('id', '=', id)
      .execute();
  }

  /** Flips a flag column of an actor. */
  async flipFlag(id: number, column: ActorFlagColumn): Promise<void> {
    await this.db
      .updateTable('actors')
      .set((eb) => ({ [column]: eb(eb.val(1), '-', eb.ref(column)), updated_at: now() }))
      .where('id', '=', id)
      .execute();
  }

  /** The ids of the aka groups the actor is a member of. */
  async akaIdsOf(actorId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('actor_akas')
      .select('aka_id')
      .where('actor_id', '=', actorId)
      .execute();
    return rows.map((row) => row.aka_id);
  }

  /** Deletes the actor: cast links and aka memberships go with it, and so do its external reference links. */
  async delete(id: number): Promise<void> {
    await this.db
      .deleteFrom('external_reference_links')
      .where('internal_table', '=', 'actors')
      .where('internal_db_id', '=', id)
      .execute();
    await this.db.deleteFrom('actors').where('id', '=', id).execute();
  }
}
