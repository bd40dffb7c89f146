import { sql } from 'kysely';
import type { Database } from '../../db/schema';
import { inNames } from '../sql-lists';
import { sqlOfAll, type Condition } from './scene-condition';
import type { SortOrder } from './sort-order';

/** The SQL of the scene list: name resolution and one page of ids tested by SQLite. */
export class SceneListRepository {
  constructor(private readonly db: Database) {}

  /**
   * Tag names to ids; a tag-group pseudo-tag ("tag group:x") resolves to its
   * member tags.
   */
  async resolveTags(names: readonly string[]): Promise<Map<string, number[]>> {
    if (names.length === 0) return new Map();
    const rows = await sql<ResolvedRow>`
      SELECT t.name AS entry, mt.id AS id
      FROM tags t
      LEFT JOIN tag_groups g ON g.tag_group_tag_id = t.id
      LEFT JOIN tag_group_tags m ON m.tag_group_id = g.id
      JOIN tags mt ON mt.id = COALESCE(m.tag_id, t.id)
      WHERE ${inNames('t.name', names)}`.execute(this.db);
    return collect(rows.rows);
  }

  /** Actor names to ids; an aka pseudo-actor ("aka:...") resolves to its members. */
  async resolveCast(names: readonly string[]): Promise<Map<string, number[]>> {
    if (names.length === 0) return new Map();
    const rows = await sql<ResolvedRow>`
      SELECT a.name AS entry, ma.id AS id
      FROM actors a
      LEFT JOIN akas k ON k.aka_actor_id = a.id
      LEFT JOIN actor_akas m ON m.aka_id = k.id
      JOIN actors ma ON ma.id = COALESCE(m.actor_id, a.id)
      WHERE ${inNames('a.name', names)}`.execute(this.db);
    return collect(rows.rows);
  }

  /**
   * One page of scene ids in the sort's order. `walkSortIndex` reads the scenes in the sort index's order and
   * tests each against the conditions until the page is full, which is the fast way when many scenes match;
   * without it SQLite collects the matching scenes through a filter's own index and sorts them, the fast way
   * when few match (the planner cannot tell how many rows a subquery gives, so the caller, who has the
   * counts, decides).
   */
  async pageIds(
    conditions: readonly Condition[],
    sort: Pick<SortOrder, 'orderBy' | 'index'>,
    page: { limit: number; offset: number; walkSortIndex: boolean },
  ): Promise<number[]> {
    const from = page.walkSortIndex ? sql`scenes s INDEXED BY ${sql.id(sort.index)}` : sql`scenes s`;
    const result = await sql<{ id: number }>`
      SELECT s.id FROM ${from} WHERE ${sqlOfAll(conditions)}
      ORDER BY ${sort.orderBy} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }
}

interface ResolvedRow {
  entry: string;
  id: number;
}

function collect(rows: readonly ResolvedRow[]): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (const { entry, id } of rows) {
    const ids = map.get(entry);
    if (ids) ids.push(id);
    else map.set(entry, [id]);
  }
  return map;
}
