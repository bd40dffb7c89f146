import type { ActorEditAction, Database } from '../db/schema';

/** One journal row: a column the owner changed and its new value as text. */
export interface ActorEditEntry {
  changed_column: string;
  new_value: string;
}

/**
 * The actor edit journal (`actor_edits`, the reference's action_actors): one row per manual change, with the
 * actor's name so it outlives a delete. Actor scrapers skip the columns the owner edited.
 */
export class ActorEditJournalRepository {
  constructor(private readonly db: Database) {}

  /** Appends entries for one actor, in order, with one statement. */
  async record(
    actor: { id: number; name: string },
    entries: readonly ActorEditEntry[],
    actionType: ActorEditAction = 'edit',
    source = 'edit_actor',
  ): Promise<void> {
    if (entries.length === 0) return;
    const now = new Date().toISOString();
    await this.db
      .insertInto('actor_edits')
      .values(
        entries.map((entry) => ({
          actor_id: actor.id,
          actor_name: actor.name,
          action_type: actionType,
          source,
          ...entry,
          created_at: now,
        })),
      )
      .execute();
  }

  /** The columns the owner has edited on an actor: an actor scrape must not overwrite them. */
  async editedColumns(actorId: number): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('actor_edits')
      .select('changed_column')
      .distinct()
      .where('actor_id', '=', actorId)
      .where('action_type', '=', 'edit')
      .execute();
    return new Set(rows.map((row) => row.changed_column));
  }
}
