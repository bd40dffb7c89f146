import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { allOf, inNames } from '../sql-lists';
import type { Condition } from './attribute-conditions';
import type { SortOrder } from './sort-order';

/** How many matching scenes have one combination of the three status flags. */
export interface StatusBucket {
  hidden: number;
  available: number;
  accessible: number;
  count: number;
}

/** The SQL of the scene list: name resolution, status counts and one page of ids. */
export class SceneListRepository {
  constructor(private readonly db: Database) {}

  /**
   * Tag names to ids, with each tag's scene count; a tag-group pseudo-tag ("tag group:x") resolves to its
   * member tags.
   */
  async resolveTags(names: readonly string[]): Promise<Map<string, ResolvedId[]>> {
    if (names.length === 0) return new Map();
    const rows = await sql<ResolvedRow>`
      SELECT t.name AS entry, mt.id AS id, mt.count AS scenes
      FROM tags t
      LEFT JOIN tag_groups g ON g.tag_group_tag_id = t.id
      LEFT JOIN tag_group_tags m ON m.tag_group_id = g.id
      JOIN tags mt ON mt.id = COALESCE(m.tag_id, t.id)
      WHERE ${inNames('t.name', names)}`.execute(this.db);
    return collect(rows.rows);
  }

  /** Actor names to ids, with each actor's scene count; an aka pseudo-actor ("aka:...") resolves to its members. */
  async resolveCast(names: readonly string[]): Promise<Map<string, ResolvedId[]>> {
    if (names.length === 0) return new Map();
    const rows = await sql<ResolvedRow>`
      SELECT a.name AS entry, ma.id AS id, ma.count AS scenes
      FROM actors a
      LEFT JOIN akas k ON k.aka_actor_id = a.id
      LEFT JOIN actor_akas m ON m.aka_id = k.id
      JOIN actors ma ON ma.id = COALESCE(m.actor_id, a.id)
      WHERE ${inNames('a.name', names)}`.execute(this.db);
    return collect(rows.rows);
  }

  /**
   * Matching scenes per (hidden, available, accessible), which gives every count of the answer, read the
   * cheapest of three ways:
   * - no conditions: one range count per flag combination over the narrow status index;
   * - a `driver` (a condition every match meets that selects few scenes by its own index, e.g. one tag):
   *   the driver's scenes are looked up by id and tested against the other conditions;
   * - otherwise one pass over the filter-facts index, which holds every scalar column a filter tests, so no
   *   scene row is read. (Left to itself the planner may pick a sort index and read 100k rows to count them.)
   */
  async statusBuckets(conditions: readonly Condition[], driver: Condition | null): Promise<StatusBucket[]> {
    if (conditions.length === 0) return this.statusTotals();
    const { from, where } = driver
      ? drivenBy(driver, conditions)
      : { from: sql`scenes s INDEXED BY idx_scenes_filter_facts`, where: conditions };
    const result = await sql<StatusBucket>`
      SELECT s.is_hidden AS hidden, s.is_available AS available, s.is_accessible AS accessible, count(*) AS count
      FROM ${from} WHERE ${allOf(where)}
      GROUP BY s.is_hidden, s.is_available, s.is_accessible`.execute(this.db);
    return result.rows;
  }

  /** Every scene per flag combination: eight range counts over idx_scenes_default_list. */
  private async statusTotals(): Promise<StatusBucket[]> {
    const result = await sql<StatusBucket>`
      WITH bit(v) AS (VALUES (0), (1))
      SELECT h.v AS hidden, a.v AS available, c.v AS accessible,
        (SELECT count(*) FROM scenes INDEXED BY idx_scenes_default_list
          WHERE is_hidden = h.v AND is_available = a.v AND is_accessible = c.v) AS count
      FROM bit h, bit a, bit c`.execute(this.db);
    return result.rows.filter((bucket) => Number(bucket.count) > 0);
  }

  /** How many scenes there are, hidden ones included (SQLite counts a whole table without reading rows). */
  async sceneTotal(): Promise<number> {
    const result = await sql<{ n: number }>`SELECT count(*) AS n FROM scenes`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** A number that changes whenever this connection (the only writer) changes any row. */
  async changeCounter(): Promise<number> {
    const result = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(this.db);
    return Number(result.rows[0]?.n ?? 0);
  }

  /** The SQL text and parameters of conditions, as a cache key. */
  conditionsKey(conditions: readonly Condition[]): string {
    const compiled = allOf(conditions).compile(this.db);
    return JSON.stringify([compiled.sql, compiled.parameters]);
  }

  /**
   * One page of scene ids in the sort's order. `walkSortIndex` reads the scenes in the sort index's order and
   * tests each against the conditions until the page is full, which is the fast way when many scenes match;
   * without it SQLite may first collect the matching scenes through a filter's own index and sort them, the
   * fast way when few match (the planner cannot tell how many rows a subquery gives, so the caller, who has
   * the counts, decides).
   */
  async pageIds(
    conditions: readonly Condition[],
    sort: Pick<SortOrder, 'orderBy' | 'index'>,
    page: { limit: number; offset: number; walkSortIndex: boolean; driver: Condition | null },
  ): Promise<number[]> {
    const { from, where } = page.walkSortIndex
      ? { from: sql`scenes s INDEXED BY ${sql.id(sort.index)}`, where: conditions }
      : drivenBy(page.driver, conditions);
    const result = await sql<{ id: number }>`
      SELECT s.id FROM ${from} WHERE ${allOf(where)}
      ORDER BY ${sort.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }
}

/**
 * Scenes read through `driver` (an `s.id IN (...)` condition, put first, with no index on scenes allowed, so
 * SQLite looks its scenes up by id), or as the planner likes when there is none.
 */
function drivenBy(driver: Condition | null, conditions: readonly Condition[]) {
  if (!driver) return { from: sql`scenes s`, where: conditions };
  return { from: sql`scenes s NOT INDEXED`, where: [driver, ...conditions.filter((c) => c !== driver)] };
}

/** A tag or actor a filter entry names, with how many scenes it is on (the catalogue count). */
export interface ResolvedId {
  id: number;
  scenes: number;
}

interface ResolvedRow extends ResolvedId {
  entry: string;
}

function collect(rows: readonly ResolvedRow[]): Map<string, ResolvedId[]> {
  const map = new Map<string, ResolvedId[]>();
  for (const { entry, id, scenes } of rows) {
    const ids = map.get(entry);
    const resolved = { id, scenes: Number(scenes) };
    if (ids) ids.push(resolved);
    else map.set(entry, [resolved]);
  }
  return map;
}
