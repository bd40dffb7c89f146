import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Migration } from './migration.types';

/*
 * The facts an actor takes from its scenes, kept in the actor row so the actor list sorts and filters on
 * indexed columns: scene_rating_average (NULL when no scene is rated), latest_release_date, latest_scene_added
 * and latest_file_added. An aka pseudo-actor takes the distinct scenes of its members.
 *
 * - Scene rating and release-date changes are single-scene writes from many places (rate, edit, scrapes,
 *   players), so triggers follow them in the writer's transaction.
 * - Cast, file, availability and added-date changes come in batches (scans, status refreshes, seeds); the
 *   writers already call CatalogueCountsRepository.refreshActorCounts, which recomputes every fact set-based.
 * - Existing rows are filled once here.
 *
 * `actor_sites` holds the (site, actor) pairs of the cast, so the actor list's site filter and the site choices
 * read an index instead of joining every scene of a site to its cast; refreshActorCounts rebuilds the pairs of
 * the actors it refreshes, and a trigger follows a scene's site change.
 */

/** The scenes of the actor row `actors` (for a pseudo-actor: its members' scenes). */
const actorScenes = `SELECT sc.scene_id FROM scene_cast sc WHERE sc.actor_id = actors.id
  UNION SELECT sc.scene_id FROM akas k JOIN actor_akas ak ON ak.aka_id = k.id
    JOIN scene_cast sc ON sc.actor_id = ak.actor_id WHERE k.aka_actor_id = actors.id`;

/** The cast of a scene and the pseudo-actors of their aka groups. */
const castOf = (scene: string) => `SELECT sc.actor_id FROM scene_cast sc WHERE sc.scene_id = ${scene}
  UNION SELECT k.aka_actor_id FROM scene_cast sc JOIN actor_akas ak ON ak.actor_id = sc.actor_id
    JOIN akas k ON k.id = ak.aka_id WHERE sc.scene_id = ${scene} AND k.aka_actor_id IS NOT NULL`;

const ratingAverage = `(SELECT AVG(s.star_rating) FROM scenes s WHERE s.star_rating > 0 AND s.id IN (${actorScenes}))`;
const latestRelease = `(SELECT MAX(s.release_date) FROM scenes s WHERE s.id IN (${actorScenes}))`;
const latestAdded = `(SELECT MAX(s.added_date) FROM scenes s WHERE s.id IN (${actorScenes}))`;
const latestFile = `(SELECT MAX(f.created_time) FROM files f WHERE f.scene_id IN (${actorScenes}))`;

/** The sites of the scenes of these actors (plain actors only: pseudo-actors have no cast rows). */
const sitesOf = (actors: string) => `INSERT INTO actor_sites (site, actor_id)
  SELECT DISTINCT s.site, sc.actor_id FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id
  WHERE s.site <> '' AND sc.actor_id IN (${actors})`;

const STATEMENTS = [
  `CREATE TABLE actor_sites (
     site TEXT NOT NULL,
     actor_id INTEGER NOT NULL REFERENCES actors (id) ON DELETE CASCADE,
     PRIMARY KEY (site, actor_id)
   ) WITHOUT ROWID`,
  `CREATE INDEX idx_actor_sites_actor_id ON actor_sites (actor_id)`,
  // rating_asc starts with the many unrated actors: their name order comes from the index, not a sort.
  `CREATE INDEX idx_actors_star_rating_name ON actors (star_rating, name COLLATE NOCASE)`,
  // The filter choices read each attribute column's distinct values (nationality has its index already).
  ...['cup_size', 'hair_color', 'eye_color', 'ethnicity', 'breast_type', 'gender'].map(
    (column) => `CREATE INDEX idx_actors_${column} ON actors (${column})`,
  ),
  sitesOf('SELECT id FROM actors'),
  `CREATE TRIGGER actor_sites_scene_site AFTER UPDATE OF site ON scenes WHEN old.site IS NOT new.site BEGIN
     DELETE FROM actor_sites WHERE actor_id IN (SELECT actor_id FROM scene_cast WHERE scene_id = new.id);
     ${sitesOf('SELECT actor_id FROM scene_cast WHERE scene_id = new.id')}; END`,
  `CREATE TRIGGER actor_scene_rating_follow AFTER UPDATE OF star_rating ON scenes
     WHEN old.star_rating IS NOT new.star_rating BEGIN
     UPDATE actors SET scene_rating_average = ${ratingAverage} WHERE id IN (${castOf('new.id')}); END`,
  `CREATE TRIGGER actor_release_date_follow AFTER UPDATE OF release_date ON scenes
     WHEN old.release_date IS NOT new.release_date BEGIN
     UPDATE actors SET latest_release_date = ${latestRelease} WHERE id IN (${castOf('new.id')}); END`,
  `UPDATE actors SET scene_rating_average = ${ratingAverage}, latest_release_date = ${latestRelease},
     latest_scene_added = ${latestAdded}, latest_file_added = ${latestFile}`,
];

async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of STATEMENTS) await sql.raw(statement).execute(db);
}

export const actorSceneFacts: Migration = { id: '0007-actor-scene-facts', up };
