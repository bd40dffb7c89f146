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
        SELECT 1 FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id WHERE sc.actor_id = a.id AND ${narrowing(scenes)})
      UNION
      SELECT ka.name FROM akas k JOIN actors ka ON ka.id = k.aka_actor_id
      WHERE EXISTS (
        SELECT 1 FROM actor_akas m JOIN scene_cast sc ON sc.actor_id = m.actor_id JOIN scenes s ON s.id = sc.scene_id
        WHERE m.aka_id = k.id AND ${narrowing(scenes)})
      ORDER BY 1`.execute(this.db);
    return result.rows.map((row) => row.name);
  }

  /** Tags of a qualifying scene, then every tag group with such a member tag; by name. */
  async tagNames(scenes: SceneNarrowing): Promise<string[]> {
    const result = await sql<{ name: string }>`
      SELECT t.name FROM tags t
      WHERE t.is_tag_group = 0 AND EXISTS (
        SELECT 1 FROM scene_tags st JOIN scenes s ON s.id = st.scene_id WHERE st.tag_id = t.id AND ${narrowing(scenes)})
      UNION
      SELECT gt.name FROM tag_groups g JOIN tags gt ON gt.id = g.tag_group_tag_id
      WHERE EXISTS (
        SELECT 1 FROM tag_group_tags m JOIN scene_tags st ON st.tag_id = m.tag_id JOIN scenes s ON s.id = st.scene_id
        WHERE m.tag_group_id = g.id AND ${narrowing(scenes)})
      ORDER BY 1`.execute(this.db);
    return result.rows.map((row) => row.name);
  }

  async siteNames(scenes: SceneNarrowing): Promise<string[]> {
    const result = await sql<{ site: string }>`
      SELECT DISTINCT s.site FROM scenes s WHERE s.site <> '' AND ${narrowing(scenes)} ORDER BY s.site`.execute(
      this.db,
    );
    return result.rows.map((row) => row.site);
  }

  /** "YYYY-MM" of every release date, oldest first. */
  async releaseMonths(scenes: SceneNarrowing): Promise<string[]> {
    const result = await sql<{ month: string }>`
      SELECT DISTINCT substr(s.release_date, 1, 7) AS month FROM scenes s
      WHERE s.release_date IS NOT NULL AND s.release_date <> '' AND ${narrowing(scenes)} ORDER BY 1`.execute(
      this.db,
    );
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
