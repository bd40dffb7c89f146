import type { Kysely, Selectable } from 'kysely';
import type { ActorEditsTable, AkasTable, DB } from '../db/schema';
import type { BundleActorRow } from './bundle-export-scene.repository';
import { inIds } from './sql-lists';

export type BundleAkaRow = Selectable<AkasTable>;
export type BundleActorEditRow = Selectable<ActorEditsTable>;

/**
 * Reads of a backup, actor side: actors, aka groups with their pseudo-actor and members, and the actor edit
 * journal, in pages (keyset). Bound to the export's read-only connection.
 */
export class BundleExportActorRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** Real actors (aka pseudo-actors travel with their aka group), the next page after `afterId`. */
  actorsAfter(afterId: number, limit: number): Promise<BundleActorRow[]> {
    return this.db
      .selectFrom('actors')
      .selectAll()
      .where('is_aka_group', '=', 0)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async countActors(): Promise<number> {
    const row = await this.db
      .selectFrom('actors')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('is_aka_group', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whole actor rows by id. */
  actorsByIds(ids: readonly number[]): Promise<BundleActorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('actors').selectAll().where(inIds('id', ids)).execute();
  }

  akasAfter(afterId: number, limit: number): Promise<BundleAkaRow[]> {
    return this.db
      .selectFrom('akas')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async countAkas(): Promise<number> {
    const row = await this.db
      .selectFrom('akas')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The member actors of the aka groups, by name. */
  akaMembers(akaIds: readonly number[]): Promise<{ aka_id: number; actor_id: number }[]> {
    if (akaIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actor_akas')
      .innerJoin('actors', 'actors.id', 'actor_akas.actor_id')
      .select(['actor_akas.aka_id', 'actor_akas.actor_id'])
      .where(inIds('actor_akas.aka_id', akaIds))
      .orderBy('actor_akas.aka_id')
      .orderBy('actors.name')
      .execute();
  }

  /** The actor edit journal in pages, keyset on (actor_name, id): grouped by actor, oldest first. */
  editsAfter(after: { actorName: string; id: number } | null, limit: number): Promise<BundleActorEditRow[]> {
    let query = this.db.selectFrom('actor_edits').selectAll();
    if (after) {
      query = query.where((eb) =>
        eb.or([
          eb('actor_name', '>', after.actorName),
          eb.and([eb('actor_name', '=', after.actorName), eb('id', '>', after.id)]),
        ]),
      );
    }
    return query.orderBy('actor_name').orderBy('id').limit(limit).execute();
  }

  async countEditedActors(): Promise<number> {
    const row = await this.db
      .selectFrom('actor_edits')
      .select((eb) => eb.fn.count<number>('actor_name').distinct().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
