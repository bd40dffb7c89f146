import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { inIds } from './sql-lists';

/** Which rows to recount: some ids, or every row. */
export type CountScope = readonly number[] | 'all';

const isEmpty = (scope: CountScope) => scope !== 'all' && scope.length === 0;

/**
 * The denormalised counts of the catalogue: how many scenes carry a tag (`tags.count`) and how many scenes,
 * and available scenes, an actor is in (`actors.count`, `actors.avail_count`), with the other facts an actor
 * takes from its scenes (average scene rating, latest release, scene added, file added, sites). Each refresh is
 * set-based and writes only the rows that are out of date; call it after changing scene tags or cast, deleting
 * scenes, or changing scene availability. These are derived values, so updated_at does not move.
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
   * Recomputes what an actor's scenes say about it, in one set-based statement: `count` (scenes),
   * `avail_count` (available scenes), `scene_rating_average` (the average of its rated scenes, NULL when none),
   * `latest_release_date`, `latest_scene_added` (the newest scene's added_date) and `latest_file_added` (the
   * newest file of its scenes); then the sites the actor has scenes on (`actor_sites`). An aka pseudo-actor
   * takes the distinct scenes of its members, and recomputing a member recomputes its groups. Only rows that are
   * out of date are written; answers how many actors changed.
   *
   * Call it after changing scene cast, files, availability or added dates, deleting scenes, or aka membership;
   * `sites: false` leaves `actor_sites` alone (for changes that cannot move them: files, availability). Scene
   * rating and release-date edits are followed by triggers (migration 0007), whoever writes them.
   */
  async refreshActorCounts(scope: CountScope, options: { sites?: boolean } = {}): Promise<number> {
    if (isEmpty(scope)) return 0;
    const inScope =
      scope === 'all'
        ? sql`1`
        : sql`(${inIds('a.id', scope)} OR a.id IN (SELECT k.aka_actor_id FROM akas k
            JOIN actor_akas ak ON ak.aka_id = k.id WHERE ${inIds('ak.actor_id', scope)}))`;
    const result = await sql`
      WITH scoped AS (SELECT a.id, a.is_aka_group FROM actors a WHERE ${inScope}),
      pairs (actor_id, scene_id) AS (
        SELECT sc.actor_id, sc.scene_id FROM scoped x JOIN scene_cast sc ON sc.actor_id = x.id
        WHERE x.is_aka_group = 0
        UNION ALL
        SELECT DISTINCT k.aka_actor_id, sc.scene_id FROM scoped x JOIN akas k ON k.aka_actor_id = x.id
          JOIN actor_akas ak ON ak.aka_id = k.id JOIN scene_cast sc ON sc.actor_id = ak.actor_id
        WHERE x.is_aka_group = 1),
      scene_facts AS (
        SELECT p.actor_id, COUNT(*) AS n, SUM(s.is_available = 1) AS avail,
          AVG(CASE WHEN s.star_rating > 0 THEN s.star_rating END) AS rating,
          MAX(s.release_date) AS released, MAX(s.added_date) AS added
        FROM pairs p JOIN scenes s ON s.id = p.scene_id GROUP BY p.actor_id),
      file_facts AS (
        SELECT p.actor_id, MAX(f.created_time) AS filed FROM pairs p JOIN files f ON f.scene_id = p.scene_id
        GROUP BY p.actor_id)
      UPDATE actors SET count = fresh.n, avail_count = fresh.avail, scene_rating_average = fresh.rating,
        latest_release_date = fresh.released, latest_scene_added = fresh.added, latest_file_added = fresh.filed
      FROM (
        SELECT x.id, COALESCE(sf.n, 0) AS n, COALESCE(sf.avail, 0) AS avail, sf.rating, sf.released, sf.added,
          ff.filed
        FROM scoped x LEFT JOIN scene_facts sf ON sf.actor_id = x.id LEFT JOIN file_facts ff ON ff.actor_id = x.id
      ) AS fresh
      WHERE actors.id = fresh.id AND (actors.count IS NOT fresh.n OR actors.avail_count IS NOT fresh.avail
        OR actors.scene_rating_average IS NOT fresh.rating OR actors.latest_release_date IS NOT fresh.released
        OR actors.latest_scene_added IS NOT fresh.added OR actors.latest_file_added IS NOT fresh.filed)`.execute(
      this.db,
    );
    if (options.sites !== false) await this.refreshActorSites(scope);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Rebuilds the (site, actor) pairs of these actors from their scenes (`actor_sites`, migration 0007). */
  private async refreshActorSites(scope: CountScope): Promise<void> {
    const actors = scope === 'all' ? sql`1` : inIds('actor_id', scope);
    await sql`DELETE FROM actor_sites WHERE ${actors}`.execute(this.db);
    const cast = scope === 'all' ? sql`1` : inIds('sc.actor_id', scope);
    await sql`INSERT INTO actor_sites (site, actor_id)
      SELECT DISTINCT s.site, sc.actor_id FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id
      WHERE s.site <> '' AND ${cast}`.execute(this.db);
  }
}
