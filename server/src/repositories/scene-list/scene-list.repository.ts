import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { allOf, inNames } from '../sql-lists';
import type { Condition } from './attribute-conditions';

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

  /** Tag names to ids; a tag-group pseudo-tag ("tag group:x") resolves to its member tags. */
  async resolveTags(names: readonly string[]): Promise<Map<string, number[]>> {
    if (names.length === 0) return new Map();
    const rows = await sql<{ entry: string; id: number }>`
      SELECT t.name AS entry, COALESCE(m.tag_id, t.id) AS id
      FROM tags t
      LEFT JOIN tag_groups g ON g.tag_group_tag_id = t.id
      LEFT JOIN tag_group_tags m ON m.tag_group_id = g.id
      WHERE ${inNames('t.name', names)}`.execute(this.db);
    return collect(rows.rows);
  }

  /** Actor names to ids; an aka pseudo-actor ("aka:...") resolves to its members. */
  async resolveCast(names: readonly string[]): Promise<Map<string, number[]>> {
    if (names.length === 0) return new Map();
    const rows = await sql<{ entry: string; id: number }>`
      SELECT a.name AS entry, COALESCE(m.actor_id, a.id) AS id
      FROM actors a
      LEFT JOIN akas k ON k.aka_actor_id = a.id
      LEFT JOIN actor_akas m ON m.aka_id = k.id
      WHERE ${inNames('a.name', names)}`.execute(this.db);
    return collect(rows.rows);
  }

  /**
   * Matching scenes per (hidden, available, accessible): every count of the answer in one pass over the
   * filter-facts index, which holds every scalar column a filter tests, so no scene row is read. (Left to
   * itself the planner may pick a sort index and read 100k rows to count them.)
   */
  async statusBuckets(conditions: readonly Condition[]): Promise<StatusBucket[]> {
    const result = await sql<StatusBucket>`
      SELECT s.is_hidden AS hidden, s.is_available AS available, s.is_accessible AS accessible, count(*) AS count
      FROM scenes s INDEXED BY idx_scenes_filter_facts WHERE ${allOf(conditions)}
      GROUP BY s.is_hidden, s.is_available, s.is_accessible`.execute(this.db);
    return result.rows;
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

  /** One page of scene ids in the given order. */
  async pageIds(
    conditions: readonly Condition[],
    orderBy: RawBuilder<unknown>,
    limit: number,
    offset: number,
  ): Promise<number[]> {
    const result = await sql<{ id: number }>`
      SELECT s.id FROM scenes s WHERE ${allOf(conditions)}
      ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }
}

function collect(rows: readonly { entry: string; id: number }[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const { entry, id } of rows) {
    const ids = map.get(entry);
    if (ids) ids.push(id);
    else map.set(entry, [id]);
  }
  return map;
}
