import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema';
import { allOf } from '../sql-lists';

export interface VolumeSummaryRow {
  id: number;
  type: 'local' | 'putio';
  path: string;
  last_scan: string | null;
  is_available: number;
  file_count: number;
  unmatched_count: number;
  total_size: number;
}

/** Narrows which scenes give the cast, tag, site and month choices; absent = any. */
export interface SceneNarrowing {
  available?: boolean;
  accessible?: boolean;
}

function narrowing({ available, accessible }: SceneNarrowing): RawBuilder<SqlBool> {
  const conditions: RawBuilder<SqlBool>[] = [];
  if (available !== undefined) conditions.push(sql`s.is_available = ${available ? 1 : 0}`);
  if (accessible !== undefined) conditions.push(sql`s.is_accessible = ${accessible ? 1 : 0}`);
  return allOf(conditions);
}

/**
 * The scenes of a link table's rows (`link.scene_id`) when the narrowing restricts them; nothing to join
 * when it does not (every link's scene exists), which saves one scene lookup per tag or actor.
 */
function qualifyingScene(link: 'sc' | 'st', scenes: SceneNarrowing): RawBuilder<unknown> {
  if (scenes.available === undefined && scenes.accessible === undefined) return sql``;
  return sql`JOIN scenes s ON s.id = ${sql.ref(`${link}.scene_id`)} AND ${narrowing(scenes)}`;
}

/**
 * The choices of the scene-list filter sidebar. `scenes` narrows which scenes count (is_available,
 * is_accessible).
 */
export class SceneFiltersRepository {
  constructor(private readonly db: Database) {}

  /** Actors in the cast of a qualifying scene, then every aka group with such a member; by name. */
  async castNames(scenes: SceneNarrowing): Promise<string[]> {
    const result = await sql<{ name: string }>`
      SELECT a.name FROM actors a
      WHERE a.is_aka_group = 0 AND EXISTS (
        SELECT 1 FROM scene_cast sc ${qualifyingScene('sc', scenes)} WHERE sc.actor_id = a.id)
      UNION
      SELECT ka.name FROM akas k JOIN actors ka ON ka.id = k.aka_actor_id
      WHERE EXISTS (
        SELECT 1 FROM actor_akas m JOIN scene_cast sc ON sc.actor_id = m.actor_id ${qualifyingScene('sc', scenes)}
        WHERE m.aka_id = k.id)
      ORDER BY 1`.execute(this.db);
    return result.rows.map((row) => row.name);
  }

  /** Tags of a qualifying scene, then every tag group with such a member tag; by name. */
  async tagNames(scenes: SceneNarrowing): Promise<string[]> {
    const result = await sql<{ name: string }>`
      SELECT t.name FROM tags t
      WHERE t.is_tag_group = 0 AND EXISTS (
        SELECT 1 FROM scene_tags st ${qualifyingScene('st', scenes)} WHERE st.tag_id = t.id)
      UNION
      SELECT gt.name FROM tag_groups g JOIN tags gt ON gt.id = g.tag_group_tag_id
      WHERE EXISTS (
        SELECT 1 FROM tag_group_tags m JOIN scene_tags st ON st.tag_id = m.tag_id ${qualifyingScene('st', scenes)}
        WHERE m.tag_group_id = g.id)
      ORDER BY 1`.execute(this.db);
    return result.rows.map((row) => row.name);
  }

  /**
   * Site names of qualifying scenes, by name. Read as a loose scan of the site sort index: from each name,
   * one seek per hidden value finds the next, so 120 sites cost a few hundred seeks, not 100k entries.
   */
  async siteNames(scenes: SceneNarrowing): Promise<string[]> {
    const after = (hidden: 0 | 1, site: RawBuilder<unknown>) =>
      sql`(SELECT min(s.site) FROM scenes s INDEXED BY idx_scenes_sort_site
        WHERE s.is_hidden = ${hidden} AND s.site > ${site} AND ${narrowing(scenes)})`;
    const next = (site: RawBuilder<unknown>) =>
      sql`(SELECT min(coalesce(a, b), coalesce(b, a)) FROM (SELECT ${after(0, site)} AS a, ${after(1, site)} AS b))`;
    const result = await sql<{ site: string }>`
      WITH RECURSIVE sites(site) AS (
        SELECT ${next(sql`''`)}
        UNION ALL
        SELECT ${next(sql`sites.site`)} FROM sites WHERE sites.site IS NOT NULL)
      SELECT site FROM sites WHERE site IS NOT NULL`.execute(this.db);
    return result.rows.map((row) => row.site);
  }

  /**
   * "YYYY-MM" of every release date of a qualifying scene, oldest first: a loose scan of the release-date
   * index, one seek per month ('.' sorts right after '-', so "2024-05." is past every day of May 2024).
   */
  async releaseMonths(scenes: SceneNarrowing): Promise<string[]> {
    const from = (bound: RawBuilder<unknown>) =>
      sql`(SELECT substr(min(s.release_date), 1, 7) FROM scenes s INDEXED BY idx_scenes_search_release
        WHERE s.release_date > ${bound} AND ${narrowing(scenes)})`;
    const result = await sql<{ month: string }>`
      WITH RECURSIVE months(month) AS (
        SELECT ${from(sql`''`)}
        UNION ALL
        SELECT ${from(sql`months.month || '.'`)} FROM months WHERE months.month IS NOT NULL)
      SELECT month FROM months WHERE month IS NOT NULL`.execute(this.db);
    return result.rows.map((row) => row.month);
  }

  async volumes(): Promise<VolumeSummaryRow[]> {
    const result = await sql<VolumeSummaryRow>`
      SELECT v.id, v.type, v.path, v.last_scan, v.is_available,
        (SELECT count(*) FROM files f WHERE f.volume_id = v.id) AS file_count,
        (SELECT count(*) FROM files f WHERE f.volume_id = v.id AND f.scene_id IS NULL) AS unmatched_count,
        (SELECT COALESCE(sum(f.size), 0) FROM files f WHERE f.volume_id = v.id) AS total_size
      FROM volumes v ORDER BY v.id`.execute(this.db);
    return result.rows;
  }

  /** The resolution classes, frame-rate classes and codecs of matched video files, ascending. */
  async videoClasses(): Promise<{ resolutions: number[]; frameRates: number[]; codecs: string[] }> {
    const [resolutions, frameRates, codecs] = await Promise.all([
      sql<{ v: number }>`SELECT DISTINCT resolution_k AS v FROM files
        WHERE type = 'video' AND scene_id IS NOT NULL AND resolution_k > 0 ORDER BY 1`.execute(this.db),
      sql<{ v: number }>`SELECT DISTINCT fps_class AS v FROM files
        WHERE type = 'video' AND scene_id IS NOT NULL AND fps_class > 0 ORDER BY 1`.execute(this.db),
      sql<{ v: string }>`SELECT DISTINCT video_codec_name AS v FROM files
        WHERE type = 'video' AND scene_id IS NOT NULL AND video_codec_name <> '' ORDER BY 1`.execute(this.db),
    ]);
    return {
      resolutions: resolutions.rows.map((r) => r.v),
      frameRates: frameRates.rows.map((r) => r.v),
      codecs: codecs.rows.map((r) => r.v),
    };
  }

  async cuepointNames(): Promise<string[]> {
    const result = await sql<{ name: string }>`
      SELECT DISTINCT name FROM scene_cuepoints WHERE name <> '' ORDER BY name`.execute(this.db);
    return result.rows.map((row) => row.name);
  }
}
