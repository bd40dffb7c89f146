import type { ActorSortKey } from '@fovea/contract';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import type { ActorRow } from '../../mappers/actor.mapper';
import { inIds } from '../sql-lists';
import { actorWhere, type AttributeColumn } from './actor-conditions';
import type { ActorJump, ActorQuery } from './actor-query';
import { actorOrder } from './actor-sort';

/**
 * The actor list: one statement for a page of ids, one for the total, one for the rows of the page and one
 * for their scenes. Actors are few (about 10k), so every filter and sort is plain SQL over `actors a`; the
 * facts an actor takes from its scenes are columns of the row (see actor-expressions.ts).
 */
export class ActorListRepository {
  constructor(private readonly db: Database) {}

  async pageIds(query: ActorQuery, sort: ActorSortKey, limit: number, offset: number): Promise<number[]> {
    const result = await sql<{ id: number }>`SELECT a.id FROM actors a WHERE ${actorWhere(query)}
      ORDER BY ${actorOrder(sort)} LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  async count(query: ActorQuery): Promise<number> {
    return this.countWhere(actorWhere(query));
  }

  /**
   * How many matching actors sort before the first name starting with one of the jump letters. First letters
   * compare lower-cased, as `COLLATE NOCASE` orders the names.
   */
  async countBefore(query: ActorQuery, jump: ActorJump): Promise<number> {
    const first = sql<string>`lower(substr(a.name, 1, 1))`;
    const letters = jump.letters.map((letter) => letter.toLowerCase()).sort();
    const before =
      jump.sort === 'name_asc'
        ? sql<SqlBool>`${first} < ${letters[0] ?? ''}`
        : sql<SqlBool>`${first} > ${letters[letters.length - 1] ?? ''}`;
    return this.countWhere(sql<SqlBool>`${actorWhere(query)} AND ${before}`);
  }

  private async countWhere(where: RawBuilder<SqlBool>): Promise<number> {
    const result = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM actors a WHERE ${where}`.execute(
      this.db,
    );
    return result.rows[0]?.n ?? 0;
  }

  /** The rows of these actors (in any order). */
  rows(ids: readonly number[]): Promise<ActorRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('actors as a').selectAll().where(inIds('a.id', ids)).execute();
  }

  /** Every actor name, by name. */
  async names(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('actors')
      .select('name')
      .orderBy(sql`name COLLATE NOCASE`)
      .execute();
    return rows.map((row) => row.name);
  }

  /**
   * The sites of scenes that have a cast, by name: the (site, actor) pairs of `actor_sites`, one index seek per
   * site (a plain DISTINCT would read every pair).
   */
  async sites(): Promise<string[]> {
    const result = await sql<{ site: string }>`WITH RECURSIVE next (site) AS (
        SELECT MIN(site) FROM actor_sites
        UNION ALL
        SELECT (SELECT MIN(st.site) FROM actor_sites st WHERE st.site > next.site) FROM next
        WHERE next.site IS NOT NULL)
      SELECT site FROM next WHERE site IS NOT NULL ORDER BY site COLLATE NOCASE`.execute(this.db);
    return result.rows.map((row) => row.site);
  }

  /** The distinct non-empty values of one actor column, by value. */
  async distinctValues(column: AttributeColumn): Promise<string[]> {
    const ref = sql.ref(`a.${column}`);
    const result = await sql<{ value: string }>`SELECT DISTINCT ${ref} AS value FROM actors a
      WHERE ${ref} <> '' ORDER BY ${ref} COLLATE NOCASE`.execute(this.db);
    return result.rows.map((row) => row.value);
  }
}
