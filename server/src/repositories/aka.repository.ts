import { sql, type Selectable } from 'kysely';
import type { AkasTable, Database } from '../db/schema';
import type { ActorRow } from '../mappers/actor.mapper';
import { CatalogueCountsRepository } from './catalogue-counts.repository';
import { inIds, inNames } from './sql-lists';

export type AkaRow = Selectable<AkasTable>;

/** An actor with the number of scenes it is cast in (live, from scene_cast). */
export type ActorWithScenes = ActorRow & { scene_count: number };

/** The prefix of an aka group's pseudo-actor: the group "A,B" is the actor "aka:A,B". */
export const AKA_PREFIX = 'aka:';

const NOW = sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

const SCENE_COUNT = sql<number>`(SELECT COUNT(*) FROM scene_cast sc WHERE sc.actor_id = actors.id)`;

/**
 * Aka groups (`akas`), their members (`actor_akas`) and their pseudo-actors (`actors` rows named "aka:..." with
 * is_aka_group = 1). The pseudo-actor is never cast in scenes: the scene list expands it to the members; its
 * `count` and `avail_count` are the distinct scenes (and available scenes) of all members.
 */
export class AkaRepository {
  constructor(private readonly db: Database) {}

  /** Runs `work` in one transaction, with a repository bound to it. */
  inTransaction<T>(work: (repo: AkaRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new AkaRepository(trx)));
  }

  listAkas(ids?: readonly number[]): Promise<AkaRow[]> {
    let query = this.db.selectFrom('akas').selectAll();
    if (ids !== undefined) query = query.where(inIds('id', ids));
    return query
      .orderBy(sql`name COLLATE NOCASE`)
      .orderBy('id')
      .execute();
  }

  akaById(id: number): Promise<AkaRow | undefined> {
    return this.db.selectFrom('akas').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The group whose members are joined as `name` (the first, when several share it). */
  akaByName(name: string): Promise<AkaRow | undefined> {
    return this.db.selectFrom('akas').selectAll().where('name', '=', name).orderBy('id').executeTakeFirst();
  }

  /** The group of the pseudo-actor named `actorName` ("aka:..."). */
  akaByActorName(actorName: string): Promise<AkaRow | undefined> {
    return this.db
      .selectFrom('akas')
      .innerJoin('actors', 'actors.id', 'akas.aka_actor_id')
      .selectAll('akas')
      .where('actors.name', '=', actorName)
      .executeTakeFirst();
  }

  /** Actors (real or pseudo) by exact name, with their scene counts. */
  actorsByNames(names: readonly string[]): Promise<ActorWithScenes[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actors')
      .selectAll()
      .select(SCENE_COUNT.as('scene_count'))
      .where(inNames('name', names))
      .execute();
  }

  actorsByIds(ids: readonly number[]): Promise<ActorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('actors').selectAll().where(inIds('id', ids)).execute();
  }

  /** The members of the groups, with their scene counts. */
  async membersOf(akaIds: readonly number[]): Promise<(ActorWithScenes & { aka_id: number })[]> {
    if (akaIds.length === 0) return [];
    return this.db
      .selectFrom('actor_akas')
      .innerJoin('actors', 'actors.id', 'actor_akas.actor_id')
      .selectAll('actors')
      .select([SCENE_COUNT.as('scene_count'), 'actor_akas.aka_id'])
      .where(inIds('actor_akas.aka_id', akaIds))
      .execute();
  }

  /** For each of the actors that is in a group: the group id and the name of its pseudo-actor. */
  groupsOfActors(
    actorIds: readonly number[],
  ): Promise<{ actor_id: number; aka_id: number; aka_actor_name: string }[]> {
    if (actorIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('actor_akas')
      .innerJoin('akas', 'akas.id', 'actor_akas.aka_id')
      .leftJoin('actors', 'actors.id', 'akas.aka_actor_id')
      .select([
        'actor_akas.actor_id',
        'actor_akas.aka_id',
        sql<string>`COALESCE(actors.name, ${AKA_PREFIX} || akas.name)`.as('aka_actor_name'),
      ])
      .where(inIds('actor_akas.actor_id', actorIds))
      .execute();
  }

  /** A new group and its pseudo-actor (no members yet). */
  async createAka(name: string): Promise<AkaRow> {
    const pseudo = await this.db
      .insertInto('actors')
      .values({ name: AKA_PREFIX + name, is_aka_group: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return this.db
      .insertInto('akas')
      .values({ name, aka_actor_id: pseudo.id })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async addMembers(akaId: number, actorIds: readonly number[]): Promise<void> {
    if (actorIds.length === 0) return;
    await this.db
      .insertInto('actor_akas')
      .values(actorIds.map((actorId) => ({ aka_id: akaId, actor_id: actorId })))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async removeMembers(akaId: number, actorIds: readonly number[]): Promise<void> {
    if (actorIds.length === 0) return;
    await this.db
      .deleteFrom('actor_akas')
      .where('aka_id', '=', akaId)
      .where(inIds('actor_id', actorIds))
      .execute();
  }

  /** Sets the group's name and its pseudo-actor's name ("aka:" + name), and marks both updated. */
  async renameAka(aka: AkaRow, name: string): Promise<void> {
    await this.db.updateTable('akas').set({ name, updated_at: NOW }).where('id', '=', aka.id).execute();
    if (aka.aka_actor_id !== null) {
      await this.db
        .updateTable('actors')
        .set({ name: AKA_PREFIX + name, updated_at: NOW })
        .where('id', '=', aka.aka_actor_id)
        .execute();
    }
  }

  /** Deletes the group (its member rows go with it) and its pseudo-actor. */
  async deleteAka(aka: AkaRow): Promise<void> {
    await this.db.deleteFrom('akas').where('id', '=', aka.id).execute();
    if (aka.aka_actor_id !== null) {
      await this.db
        .deleteFrom('actors')
        .where('id', '=', aka.aka_actor_id)
        .where('is_aka_group', '=', 1)
        .execute();
    }
  }

  /**
   * Sets each pseudo-actor's `count` (distinct scenes of all members) and `avail_count` (of those, the available
   * ones) for the given groups or, without ids, for every group (call it after cast or availability changes).
   */
  async refreshCounts(akaIds?: readonly number[]): Promise<void> {
    const groups = akaIds === undefined ? sql`1` : inIds('k.id', akaIds);
    const pseudo = await sql<{ id: number }>`
      SELECT k.aka_actor_id AS id FROM akas k WHERE k.aka_actor_id IS NOT NULL AND ${groups}`.execute(
      this.db,
    );
    await new CatalogueCountsRepository(this.db).refreshActorCounts(pseudo.rows.map((row) => row.id));
  }
}
