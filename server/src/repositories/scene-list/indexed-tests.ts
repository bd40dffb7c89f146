import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { jsonValues, SMALL_LIST } from './list-sets';
import type { Condition } from './scene-condition';

/*
 * Tests on the scene's own columns that an index answers directly: each keeps its plain SQL test (for a
 * walk that checks scene by scene) and carries, as its scene set, a query that reads the same scenes from
 * that index, so a filter made of them is matched in memory without a pass over every scene.
 * (Only NOT NULL columns are ever negated, so a set's complement is the test's negation.)
 */

const indexed = (test: RawBuilder<SqlBool>, query: RawBuilder<unknown>): Condition => ({
  sql: test,
  sceneSet: { kind: 'ids', query },
});

/** The flags with a partial index of their own (the flag lists: migration 0003; the others: 0005). */
export type IndexedFlag =
  | 'favourite'
  | 'watchlist'
  | 'wishlist'
  | 'trailerlist'
  | 'is_scripted'
  | 'is_watched'
  | 'ai_script'
  | 'human_script'
  | 'alt_ai_script'
  | 'alt_human_script'
  | 'has_preview'
  | 'is_subscribed';

/** `s.<flag> = 1`, read from the flag's partial index. */
export function flagSet(flag: IndexedFlag): Condition {
  const column = sql.ref(`s.${flag}`);
  return indexed(
    sql<SqlBool>`${column} = 1`,
    sql`SELECT s.id AS scene_id FROM scenes s INDEXED BY ${sql.id(`idx_scenes_${flag}`)} WHERE ${column} = 1`,
  );
}

/**
 * A test on a column that leads a sort index after is_hidden (idx_scenes_sort_<column>): the index is read
 * for both hidden values.
 */
function sortIndexed(column: string, test: (ref: RawBuilder<unknown>) => RawBuilder<SqlBool>): Condition {
  const ref = sql.ref(`s.${column}`);
  return indexed(
    test(ref),
    sql`SELECT s.id AS scene_id FROM scenes s INDEXED BY ${sql.id(`idx_scenes_sort_${column}`)}
      WHERE s.is_hidden IN (0, 1) AND ${test(ref)}`,
  );
}

/** The site is one of `sites`: a few as parameters, a long list as one JSON parameter (list-sets.ts). */
export const siteIn = (sites: readonly string[]): Condition =>
  sortIndexed('site', (site) =>
    sites.length <= SMALL_LIST
      ? sql<SqlBool>`${site} IN (${sql.join(sites)})`
      : sql<SqlBool>`${site} IN ${jsonValues(sites)}`,
  );

export const ratingAbove = (rating: number): Condition =>
  sortIndexed('star_rating', (star) => sql<SqlBool>`${star} > ${rating}`);

export const ratingIs = (rating: number): Condition =>
  sortIndexed('star_rating', (star) => sql<SqlBool>`${star} = ${rating}`);

/** `s.<column> IS NOT NULL` for a nullable column with a sort index. */
export const isSet = (column: 'last_opened' | 'alt_src_linked_at' | 'script_published'): Condition =>
  sortIndexed(column, (ref) => sql<SqlBool>`${ref} IS NOT NULL`);

/** A script published at an alternate source: the partial index of migration 0005. */
export const altScriptPublished = (): Condition =>
  indexed(
    sql<SqlBool>`s.alt_script_published IS NOT NULL`,
    sql`SELECT s.id AS scene_id FROM scenes s INDEXED BY idx_scenes_alt_script_published
      WHERE s.alt_script_published IS NOT NULL`,
  );

/** Scenes with no reachable video (is_accessible = 0), from the status index. */
export const inaccessible = (): Condition =>
  indexed(
    sql<SqlBool>`s.is_accessible = 0`,
    sql`SELECT s.id AS scene_id FROM scenes s INDEXED BY idx_scenes_default_list
      WHERE s.is_hidden IN (0, 1) AND s.is_available IN (0, 1) AND s.is_accessible = 0`,
  );

/** "2024-05" -> release dates from 2024-05-01 up to, not including, 2024-06 ('.' sorts right after '-'). */
export function releasedInMonth(month: string): Condition {
  const test = sql<SqlBool>`(s.release_date >= ${`${month}-`} AND s.release_date < ${`${month}.`})`;
  return indexed(
    test,
    sql`SELECT s.id AS scene_id FROM scenes s INDEXED BY idx_scenes_search_release WHERE ${test}`,
  );
}

/** scene_id starts with `prefix`: a range of the unique scene_id index. */
export function sceneIdPrefix(prefix: string): Condition {
  const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const test = sql<SqlBool>`(s.scene_id >= ${prefix} AND s.scene_id < ${next})`;
  return indexed(test, sql`SELECT s.id AS scene_id FROM scenes s WHERE ${test}`);
}

/** The denormalised counts with an index of their own (migration 0005). */
export type IndexedCount =
  | 'cast_count'
  | 'cuepoint_count'
  | 'hsp_cuepoint_count'
  | 'video_file_count'
  | 'script_file_count'
  | 'hsp_file_count'
  | 'subtitles_file_count';

/** `s.<count> <comparison> <value>`, read as a range of the count's index. */
export function countIs(column: IndexedCount, comparison: '=' | '>' | '>=', value: number): Condition {
  const test = sql<SqlBool>`${sql.ref(`s.${column}`)} ${sql.raw(comparison)} ${value}`;
  return indexed(
    test,
    sql`SELECT s.id AS scene_id FROM scenes s INDEXED BY ${sql.id(`idx_scenes_${column}`)} WHERE ${test}`,
  );
}
