import { DEFAULT_OPTIONS } from '@fovea/contract';
import { sql } from 'kysely';
import type { Database } from '../../../src/db/schema';

/**
 * Every table a bundle covers, read by natural keys (never internal ids), sorted: two libraries hold the same
 * data when these are equal. Columns a bundle does not carry (row ids, the random order key, the time a row was
 * written) are left out; everything else is compared.
 */
export async function libraryTables(
  db: Database,
  options: { derived?: boolean } = {},
): Promise<Record<string, unknown[]>> {
  const rows = async (query: ReturnType<typeof sql>) => (await query.execute(db)).rows;
  const tables = {
    volumes: await rows(sql`SELECT type, path, metadata, is_enabled, last_scan FROM volumes ORDER BY path`),
    sites: await rows(
      sql`SELECT id, name, is_enabled, subscribed, limit_scraping, master_site_id, matching_params, scrape_stash
          FROM sites ORDER BY id`,
    ),
    scenes: await rows(
      sql`SELECT scene_id, title, scene_type, scraper_id, studio, site, scene_url, members_url, synopsis, cover_url,
            release_date, duration, images, filenames_arr, is_multipart, star_rating, favourite, watchlist,
            wishlist, trailerlist, is_watched, is_hidden, needs_update, edits_applied, is_subscribed,
            trailer_type, trailer_source, chroma_key, legacy_scene_id, script_published, ai_script,
            human_script, last_opened, created_at, is_available, is_accessible, is_scripted, has_preview,
            total_file_size, video_file_count, script_file_count, hsp_file_count, subtitles_file_count,
            added_date, total_watch_time, cast_count, cuepoint_count, hsp_cuepoint_count
          FROM scenes ORDER BY scene_id`,
    ),
    actors: await rows(
      sql`SELECT name, is_aka_group, count, avail_count, image_url, image_arr, star_rating, favourite, watchlist,
            needs_update, birth_date, nationality, ethnicity, eye_color, hair_color, cup_size, breast_type,
            gender, biography, height, weight, band_size, waist_size, hip_size, start_year, end_year,
            tattoos, piercings, aliases, urls
          FROM actors ORDER BY name`,
    ),
    tags: await rows(sql`SELECT name, count, is_tag_group FROM tags ORDER BY name`),
    // Pseudo-tags and pseudo-actors of groups are never on scenes (the lists expand them): not compared.
    scene_tags: await rows(
      sql`SELECT s.scene_id, t.name FROM scene_tags st JOIN scenes s ON s.id = st.scene_id
          JOIN tags t ON t.id = st.tag_id WHERE t.is_tag_group = 0 ORDER BY 1, 2`,
    ),
    scene_cast: await rows(
      sql`SELECT s.scene_id, a.name FROM scene_cast sc JOIN scenes s ON s.id = sc.scene_id
          JOIN actors a ON a.id = sc.actor_id WHERE a.is_aka_group = 0 ORDER BY 1, 2`,
    ),
    tag_groups: await rows(
      sql`SELECT g.name, t.name AS pseudo FROM tag_groups g LEFT JOIN tags t ON t.id = g.tag_group_tag_id
          ORDER BY g.name`,
    ),
    tag_group_tags: await rows(
      sql`SELECT g.name, t.name AS tag FROM tag_group_tags gt JOIN tag_groups g ON g.id = gt.tag_group_id
          JOIN tags t ON t.id = gt.tag_id ORDER BY 1, 2`,
    ),
    akas: await rows(
      sql`SELECT k.name, a.name AS pseudo FROM akas k LEFT JOIN actors a ON a.id = k.aka_actor_id ORDER BY k.name`,
    ),
    actor_akas: await rows(
      sql`SELECT k.name, a.name AS actor FROM actor_akas ak JOIN akas k ON k.id = ak.aka_id
          JOIN actors a ON a.id = ak.actor_id ORDER BY 1, 2`,
    ),
    files: await rows(
      sql`SELECT v.path AS volume, f.path, f.filename, f.size, f.oshash, f.created_time, f.updated_time, f.type,
            s.scene_id, f.video_width, f.video_height, f.video_bitrate, f.video_avg_frame_rate,
            f.video_avgfps_val, f.video_codec_name, f.duration, f.projection, f.stereo_mode, f.fov,
            f.has_alpha, f.projection_is_manual, f.is_selected_script
          FROM files f JOIN volumes v ON v.id = f.volume_id LEFT JOIN scenes s ON s.id = f.scene_id
          ORDER BY f.path, f.filename`,
    ),
    scene_cuepoints: await rows(
      sql`SELECT s.scene_id, c.track, c.name, c.time_start, c.time_end, c.rating FROM scene_cuepoints c
          JOIN scenes s ON s.id = c.scene_id ORDER BY 1, 2, 4, 3`,
    ),
    histories: await rows(
      sql`SELECT s.scene_id, h.time_start, h.time_end, h.duration FROM histories h
          JOIN scenes s ON s.id = h.scene_id ORDER BY 1, 2`,
    ),
    playlists: await rows(
      sql`SELECT name, playlist_type, ordering, is_system, is_deo_enabled, is_smart, search_params
          FROM playlists ORDER BY playlist_type, name`,
    ),
    external_references: await rows(
      sql`SELECT external_source, external_id, external_url, external_date, external_data, udf_bool1, udf_bool2,
            udf_datetime1 FROM external_references ORDER BY 1, 2`,
    ),
    external_reference_links: await rows(
      sql`SELECT r.external_source, r.external_id, l.internal_table, l.internal_name_id, l.match_type,
            l.udf_datetime1 FROM external_reference_links l JOIN external_references r ON r.id = l.external_reference_id
          ORDER BY 1, 2, 3, 4`,
    ),
    scene_edits: await rows(
      sql`SELECT scene_id, action_type, changed_column, new_value, created_at FROM scene_edits ORDER BY 1, 5, 3, 4`,
    ),
    actor_edits: await rows(
      sql`SELECT actor_name, action_type, source, changed_column, new_value, created_at FROM actor_edits
          ORDER BY 1, 6, 4`,
    ),
    kv: await rows(
      sql`SELECT key, value FROM kv WHERE key = 'cuepoints' OR key LIKE 'collector:%' ORDER BY key`,
    ),
    // The owner's options as they take effect: an install that never saved them runs on the defaults.
    options: [await effectiveOptions(db)],
  };
  if (options.derived !== false) return tables;
  // Without the columns the app derives from files, history, cast and cuepoints (a restore recomputes them).
  const omit = (list: unknown[], columns: readonly string[]) =>
    list.map((row) =>
      Object.fromEntries(
        Object.entries(row as Record<string, unknown>).filter(([key]) => !columns.includes(key)),
      ),
    );
  return {
    ...tables,
    scenes: omit(tables.scenes, DERIVED_SCENE_COLUMNS),
    actors: omit(tables.actors, ['count', 'avail_count']),
  };
}

async function effectiveOptions(db: Database): Promise<unknown> {
  const row = await db.selectFrom('kv').select('value').where('key', '=', 'options').executeTakeFirst();
  return row ? (JSON.parse(row.value) as unknown) : DEFAULT_OPTIONS;
}

/** Scene columns recomputed from a scene's files, history, cast and cuepoints. */
export const DERIVED_SCENE_COLUMNS = [
  'is_available',
  'is_accessible',
  'is_scripted',
  'has_preview',
  'total_file_size',
  'video_file_count',
  'script_file_count',
  'hsp_file_count',
  'subtitles_file_count',
  'added_date',
  'total_watch_time',
  'cast_count',
  'cuepoint_count',
  'hsp_cuepoint_count',
] as const;
