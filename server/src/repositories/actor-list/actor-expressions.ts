import { sql, type RawBuilder } from 'kysely';

/*
 * Derived actor values as SQL. The per-actor aggregates over their scenes are grouped subqueries
 * (actor_id, v) that SQLite computes once per statement and joins to `actors a`; the page's own average
 * scene rating is a correlated look-up for its few rows. Nothing is computed per row in TypeScript.
 */

/** One value per actor from the actor's scenes (aka pseudo-actors have cast rows for their members' scenes). */
export interface ActorAggregate {
  /** SELECT actor_id, v ... GROUP BY actor_id */
  grouped: RawBuilder<{ actor_id: number; v: unknown }>;
}

/**
 * `drive: 'scenes'` walks the scenes first (CROSS JOIN fixes the order), so a covering scenes index holding the
 * value (star_rating, added_date) answers it; otherwise SQLite walks scene_cast by actor.
 */
const perActor = (
  value: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  drive: 'scenes' | 'cast',
): ActorAggregate => {
  const join = drive === 'scenes' ? sql`CROSS JOIN` : sql`JOIN`;
  return {
    grouped: sql`SELECT sc.actor_id, ${value} AS v FROM scenes s ${join} scene_cast sc ON sc.scene_id = s.id
      WHERE ${where} GROUP BY sc.actor_id`,
  };
};

/** The average rating of the actor's rated scenes (none rated: no row). */
export const sceneRatingAverageByActor = perActor(sql`AVG(s.star_rating)`, sql`s.star_rating > 0`, 'scenes');

/** The latest release date of the actor's scenes. */
export const latestReleaseByActor = perActor(sql`MAX(s.release_date)`, sql`1`, 'cast');

/** When the actor's newest scene was added. */
export const latestSceneAddedByActor = perActor(sql`MAX(s.added_date)`, sql`1`, 'scenes');

/** When the newest file of the actor's scenes was created. */
export const latestFileAddedByActor: ActorAggregate = {
  grouped: sql`SELECT sc.actor_id, MAX(f.created_time) AS v FROM files f
    JOIN scene_cast sc ON sc.scene_id = f.scene_id GROUP BY sc.actor_id`,
};

/** The average scene rating of actor `a` alone (for the rows of one page); NULL when none is rated. */
export const sceneRatingAverage: RawBuilder<number | null> = sql`(SELECT AVG(s.star_rating)
  FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id WHERE sc.actor_id = a.id AND s.star_rating > 0)`;

/** The birth date is known: neither NULL nor the zero date 0001-01-01. */
export const birthKnown = sql`(a.birth_date IS NOT NULL AND a.birth_date >= '0002')`;

/** Age in whole years today from a known birth date (stored as 'YYYY-MM-DD...'). */
export const age: RawBuilder<number> = sql`(CAST(strftime('%Y', 'now') AS INTEGER)
  - CAST(substr(a.birth_date, 1, 4) AS INTEGER)
  - (strftime('%m-%d', 'now') < substr(a.birth_date, 6, 5)))`;
