import { sql, type RawBuilder } from 'kysely';

/*
 * Derived actor values as SQL over the actor row `a`. The facts an actor takes from its scenes (average scene
 * rating, latest release, scene added, file added) are columns kept up to date by
 * CatalogueCountsRepository.refreshActorCounts and the triggers of migration 0007, so they are read, sorted
 * and filtered like any other column. Nothing is computed per row in TypeScript.
 */

/** The birth date is known: neither NULL nor the zero date 0001-01-01. */
export const birthKnown = sql`(a.birth_date IS NOT NULL AND a.birth_date >= '0002')`;

/** Age in whole years today from a known birth date (stored as 'YYYY-MM-DD...'). */
export const age: RawBuilder<number> = sql`(CAST(strftime('%Y', 'now') AS INTEGER)
  - CAST(substr(a.birth_date, 1, 4) AS INTEGER)
  - (strftime('%m-%d', 'now') < substr(a.birth_date, 6, 5)))`;
