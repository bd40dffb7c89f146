import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { inIds } from './sql-lists';

/** Which rows to recount: some ids, or every row. */
export type CountScope = readonly number[] | 'all';

/** `WHERE <column> IN (ids)`, or nothing for 'all'. */
function scopeFilter(column: string, scope: CountScope) {
  return scope === 'all' ? sql`` : sql`WHERE ${inIds(column, scope)}`;
}

const isEmpty = (scope: CountScope) => scope !== 'all' && scope.length === 0;

/**
 * The denormalised counts of the catalogue: how many scenes carry a tag (`tags.count`) and how many scenes,
 * and available scenes, an actor is in (`actors.count`, `actors.avail_count`). Each refresh is one set-based
 * UPDATE that writes only the rows whose count is out of date; call it after changing scene tags or cast,
 * deleting scenes, or changing scene availability. These are derived values, so updated_at does not move.
 */
export class CatalogueCountsRepository {
  constructor(private readonly db: Database) {}

  /** Recounts `tags.count`; answers how many tags changed. */
  async refreshTagCounts(scope: CountScope): Promise<number> {
    if (isEmpty(scope)) return 0;
    const result = await sql`
      UPDATE tags SET count = fresh.n
      FROM (
        SELECT t.id, (SELECT COUNT(*) FROM scene_tags st WHERE st.tag_id = t.id) AS n
        FROM tags t ${scopeFilter('t.id', scope)}
      ) AS fresh
      WHERE tags.id = fresh.id AND tags.count <> fresh.n`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Recounts `actors.count` (scenes) and `actors.avail_count` (available scenes); answers how many changed. */
  async refreshActorCounts(scope: CountScope): Promise<number> {
    if (isEmpty(scope)) return 0;
    const result = await sql`
      UPDATE actors SET count = fresh.n, avail_count = fresh.avail
      FROM (
        SELECT a.id,
          (SELECT COUNT(*) FROM scene_cast sc WHERE sc.actor_id = a.id) AS n,
          (SELECT COUNT(*) FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id
            WHERE sc.actor_id = a.id AND s.is_available = 1) AS avail
        FROM actors a ${scopeFilter('a.id', scope)}
      ) AS fresh
      WHERE actors.id = fresh.id AND (actors.count <> fresh.n OR actors.avail_count <> fresh.avail)`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }
}
