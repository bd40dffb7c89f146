import { sql } from 'kysely';
import { idsFrom, type Condition } from './scene-condition';

/*
 * The forms a long list filter takes. Up to SMALL_LIST entries a filter keeps its per-entry SQL (one
 * indexed subquery or prefix range per entry, the fastest for the usual one to five); beyond that the
 * entries travel as ONE JSON parameter read with json_each and are matched as a set, so neither the number
 * of parameters, the expression depth nor the number of subqueries grows with the list, and no accepted
 * request can exceed SQLite's limits.
 */

/** The longest list that keeps its per-entry SQL. */
export const SMALL_LIST = 8;

/**
 * Must-have tags and actors keep one set each up to this many: intersecting their bitmaps in memory is about
 * twice as fast as one grouped count over popular tags' links, and a statement per name is cheap this far.
 */
export const SEPARATE_MUST_SETS = 32;

const json = (values: readonly unknown[]) => JSON.stringify(values);

/** `(SELECT value FROM json_each(?))`: the values as one parameter, for `x IN ...`. */
export const jsonValues = (values: readonly unknown[]) => sql`(SELECT value FROM json_each(${json(values)}))`;

/**
 * Scenes related through `table.column` to at least one id of EACH group (a must-have tag or actor and the
 * ids its name stands for): the links of every id, counted by group.
 */
export function relatedToEach(
  table: 'scene_tags' | 'scene_cast',
  column: 'tag_id' | 'actor_id',
  groups: readonly (readonly number[])[],
): Condition {
  const pairs = groups.flatMap((ids, group) => [...new Set(ids)].map((id) => [group, id]));
  return idsFrom`SELECT j.scene_id AS scene_id FROM json_each(${json(pairs)}) m
    CROSS JOIN ${sql.table(table)} j ON ${sql.ref(`j.${column}`)} = json_extract(m.value, '$[1]')
    GROUP BY j.scene_id HAVING count(DISTINCT json_extract(m.value, '$[0]')) = ${groups.length}`;
}

/**
 * The distinct cuepoint names (read from the name index) that match a LIKE pattern, with the pattern's
 * position: the patterns are tried against the names, which are few, rather than against every cuepoint.
 */
const namesMatching = (patterns: readonly string[]) => sql`SELECT DISTINCT n.name AS name, p.key AS term
  FROM (SELECT DISTINCT name FROM scene_cuepoints) n
  JOIN json_each(${json(patterns)}) p ON n.name LIKE p.value ESCAPE '\\'`;

/** Scenes with a cuepoint matching any of the LIKE patterns. */
export const cuepointLikeAny = (patterns: readonly string[]): Condition =>
  idsFrom`SELECT c.scene_id AS scene_id FROM scene_cuepoints c
    WHERE c.name IN (SELECT m.name FROM (${namesMatching(patterns)}) m)`;

/** Scenes with, for each LIKE pattern, a cuepoint matching it. */
export function cuepointLikeEach(patterns: readonly string[]): Condition {
  const distinct = [...new Set(patterns)];
  return idsFrom`SELECT c.scene_id AS scene_id FROM (${namesMatching(distinct)}) m
    CROSS JOIN scene_cuepoints c ON c.name = m.name
    GROUP BY c.scene_id HAVING count(DISTINCT m.term) = ${distinct.length}`;
}
