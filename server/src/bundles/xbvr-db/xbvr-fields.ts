import { type XbvrRow, xbvrBool, xbvrNumber, xbvrNumberOrNull, xbvrText, xbvrTime } from './xbvr-values';

/** How a column's value becomes a bundle value. */
export type XbvrFieldKind = 'text' | 'number' | 'numberOrNull' | 'bool' | 'time';

/** A bundle key and the XBVR column it comes from (the same name when omitted) and how it converts. */
export type XbvrField = readonly [key: string, kind: XbvrFieldKind, column?: string];

const convert: Record<XbvrFieldKind, (value: unknown) => unknown> = {
  text: xbvrText,
  number: xbvrNumber,
  numberOrNull: xbvrNumberOrNull,
  bool: xbvrBool,
  time: xbvrTime,
};

/**
 * The bundle fields of a row: each field whose column the row has (a column an older XBVR version lacks is
 * simply absent from the record), converted by its kind.
 */
export function pickFields(row: XbvrRow, fields: readonly XbvrField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, kind, column = key] of fields) {
    if (Object.hasOwn(row, column)) out[key] = convert[kind](row[column]);
  }
  return out;
}

/** A scene's own fields (tags and cast are added from their join tables). */
export const SCENE_FIELDS: readonly XbvrField[] = [
  ['scene_id', 'text'],
  ['created_at', 'time'],
  ['updated_at', 'time'],
  ['title', 'text'],
  ['scene_type', 'text'],
  ['scraper_id', 'text'],
  ['studio', 'text'],
  ['site', 'text'],
  ['filenames_arr', 'text'],
  ['images', 'text'],
  ['duration', 'number'],
  ['synopsis', 'text'],
  ['release_date', 'time'],
  ['release_date_text', 'text'],
  ['cover_url', 'text'],
  ['scene_url', 'text'],
  ['members_url', 'text', 'member_url'],
  ['is_multipart', 'bool'],
  ['star_rating', 'number'],
  ['favourite', 'bool'],
  ['watchlist', 'bool'],
  ['wishlist', 'bool'],
  ['is_watched', 'bool'],
  ['added_date', 'time'],
  ['last_opened', 'time'],
  ['total_watch_time', 'number'],
  ['trailer_type', 'text'],
  ['trailer_source', 'text'],
  ['passthrough', 'text', 'chroma_key'],
  ['trailerlist', 'bool'],
  ['IsSubscribed', 'bool', 'is_subscribed'],
  ['is_hidden', 'bool'],
  ['legacy_scene_id', 'text'],
  ['script_published', 'time'],
  ['ai_script', 'bool'],
  ['human_script', 'bool'],
  ['needs_update', 'bool'],
  ['edits_applied', 'bool'],
];

export const ACTOR_FIELDS: readonly XbvrField[] = [
  ['name', 'text'],
  ['image_url', 'text'],
  ['image_arr', 'text'],
  ['star_rating', 'number'],
  ['favourite', 'bool'],
  ['watchlist', 'bool'],
  ['birth_date', 'time'],
  ['nationality', 'text'],
  ['ethnicity', 'text'],
  ['eye_color', 'text'],
  ['hair_color', 'text'],
  ['height', 'number'],
  ['weight', 'number'],
  ['cup_size', 'text'],
  ['band_size', 'number'],
  ['waist_size', 'number'],
  ['hip_size', 'number'],
  ['breast_type', 'text'],
  ['start_year', 'number'],
  ['end_year', 'number'],
  ['tattoos', 'text'],
  ['piercings', 'text'],
  ['biography', 'text'],
  ['aliases', 'text'],
  ['gender', 'text'],
  ['urls', 'text'],
  ['needs_update', 'bool'],
];

/** A file's fields except path and type, which need the volume and a check. */
export const FILE_FIELDS: readonly XbvrField[] = [
  ['filename', 'text'],
  ['size', 'number'],
  ['oshash', 'text', 'os_hash'],
  ['created_time', 'time'],
  ['updated_time', 'time'],
  ['video_width', 'number'],
  ['video_height', 'number'],
  ['video_bitrate', 'number', 'video_bit_rate'],
  ['video_avgfps_val', 'number', 'video_avg_frame_rate_val'],
  ['video_codec_name', 'text'],
  ['duration', 'number', 'video_duration'],
  ['projection', 'text', 'video_projection'],
  ['has_alpha', 'bool'],
  ['is_selected_script', 'bool'],
  ['video_avg_frame_rate', 'text'],
];

export const CUEPOINT_FIELDS: readonly XbvrField[] = [
  ['time_start', 'number'],
  ['time_end', 'numberOrNull'],
  ['track', 'numberOrNull'],
  ['name', 'text'],
  ['rating', 'number'],
];

export const HISTORY_FIELDS: readonly XbvrField[] = [
  ['time_start', 'time'],
  ['time_end', 'time'],
  ['duration', 'number'],
  ['created_at', 'time'],
];

/** A scene edit (action_type is checked apart). */
export const ACTION_FIELDS: readonly XbvrField[] = [
  ['changed_column', 'text'],
  ['new_value', 'text'],
  ['created_at', 'time'],
];

/** An actor edit (action_type is checked apart). */
export const ACTION_ACTOR_FIELDS: readonly XbvrField[] = [
  ['created_at', 'time'],
  ['source', 'text'],
  ['changed_column', 'text'],
  ['new_value', 'text'],
];

/** A volume's fields except Type and Path, which decide the remapping. */
export const VOLUME_FIELDS: readonly XbvrField[] = [
  ['Metadata', 'text', 'metadata'],
  ['LastScan', 'time', 'last_scan'],
  ['IsEnabled', 'bool', 'is_enabled'],
  ['IsAvailable', 'bool', 'is_available'],
];

/** A saved search (playlist_type is checked apart). */
export const PLAYLIST_FIELDS: readonly XbvrField[] = [
  ['name', 'text'],
  ['ordering', 'number'],
  ['is_system', 'bool'],
  ['is_deo_enabled', 'bool'],
  ['is_smart', 'bool'],
  ['search_params', 'text'],
];

export const SITE_FIELDS: readonly XbvrField[] = [
  ['name', 'text'],
  ['id', 'text'],
  ['is_enabled', 'bool'],
  ['subscribed', 'bool'],
  ['limit_scraping', 'bool'],
  ['master_site_id', 'text'],
  ['matching_params', 'text'],
  ['scrape_stash', 'bool'],
];

export const EXTREF_FIELDS: readonly XbvrField[] = [
  ['external_source', 'text'],
  ['external_id', 'text'],
  ['external_url', 'text'],
  ['external_date', 'time'],
  ['external_data', 'text'],
  ['udf_bool1', 'bool'],
  ['udf_bool2', 'bool'],
  ['udf_datetime1', 'time'],
];

/** A link's fields except internal_table and internal_name_id, which are resolved apart. */
export const EXTREF_LINK_FIELDS: readonly XbvrField[] = [
  ['internal_db_id', 'number'],
  ['external_source', 'text'],
  ['external_id', 'text'],
  ['match_type', 'number'],
  ['udf_datetime1', 'time'],
];
