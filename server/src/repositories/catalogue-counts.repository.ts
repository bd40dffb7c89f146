import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { inIds } from './sql-lists';

/** Which rows to recount: some ids, or every row. */
export type CountScope = readonly number[] | 'all';

const isEmpty = (scope: CountScope) => scope !== 'all' && scope.length === 0;

/**
 * The denormalised counts of the catalogue: how many scenes carry a tag (`tags.count`) and how many scenes,
 * and available scenes, an actor is in (`actors.count`, `actors.avail_count`). Each refresh is one set-based
 * UPDATE that writes only the rows whose count is out of date; call it after changing scene tags or cast,
 * deleting scenes, or changing scene availability. These are derived values, so updated_at does not move.
 */
export class CatalogueCountsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Recounts `tags.count`; answers how many tags changed. A tag-group pseudo-tag counts the distinct scenes
   * carrying any member tag, and recounting a member tag recounts its groups too.
   */
  async refreshTagCounts(scope: CountScope): Promise<number> {
    if (isEmpty(scope)) return 0;
    const inScope =
      scope === 'all'
        ? sql`1`
        : sql`(${inIds('t.id', scope)} OR t.id IN (SELECT g.tag_group_tag_id FROM tag_groups g
            JOIN tag_group_tags gt ON gt.tag_group_id = g.id WHERE ${inIds('gt.tag_id', scope)}))`;
    const result = await sql`
      UPDATE tags SET count = fresh.n
      FROM (
        SELECT t.id, CASE WHEN t.is_tag_group = 1
          THEN (SELECT COUNT(DISTINCT st.scene_id) FROM tag_groups g
            JOIN tag_group_tags gt ON gt.tag_group_id = g.id JOIN scene_tags st ON st.tag_id = gt.tag_id
            WHERE g.tag_group_tag_id = t.id)
          ELSE (SELECT COUNT(*) FROM scene_tags st WHERE st.tag_id = t.id) END AS n
        FROM tags t WHERE ${inScope}
      ) AS fresh
      WHERE tags.id = fresh.id AND tags.count <> fresh.n`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Recounts `actors.count` (scenes) and `actors.avail_count` (available scenes); answers how many changed. An
   * aka pseudo-actor counts the distinct scenes of its members, and recounting a member recounts its group.
   */
  async refreshActorCounts(scope: CountScope): Promise<number> {
    if (isEmpty(scope)) return 0;
    const inScope =
      scope === 'all'
        ? sql`1`
        : sql`(${inIds('a.id', scope)} OR a.id IN (SELECT k.aka_actor_id FROM akas k
            JOIN actor_akas ak ON ak.aka_id = k.id WHERE ${inIds('ak.actor_id', scope)}))`;
    const result = await sql`
      UPDATE actors SET count = fresh.n, avail_count = fresh.avail
      FROM (
        SELECT a.id,
          CASE WHEN a.is_aka_group = 1
            THEN (SELECT COUNT(DISTINCT sc.scene_id) FROM akas k JOIN actor_akas ak ON ak.aka_id = k.id
              JOIN scene_cast sc ON sc.actor_id = ak.actor_id WHERE k.aka_actor_id = a.id)
            ELSE (SELECT COUNT(*) FROM scene_cast sc WHERE sc.actor_id = a.id) END AS n,
          CASE WHEN a.is_aka_group = 1
            THEN (SELECT COUNT(DISTINCT sc.scene_id) FROM akas k JOIN actor_akas ak ON ak.aka_id = k.id
              JOIN scene_cast sc ON sc.actor_id = ak.actor_id JOIN scenes s ON s.id = sc.scene_id
              WHERE k.aka_actor_id = a.id AND s.is_available = 1)
            ELSE (SELECT COUNT(*) FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id
              WHERE sc.actor_id = a.id AND s.is_available = 1) END AS avail
        FROM actors a WHERE ${inScope}
      ) AS fresh
      WHERE actors.id = fresh.id AND (actors.count <> fresh.n OR actors.avail_count <> fresh.avail)`.execute(
      this.db,
    );
    return Number(result.numAffectedRows ?? 0);
  }
}
