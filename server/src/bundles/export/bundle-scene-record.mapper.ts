import type {
  BundleAction,
  BundleActor,
  BundleCuepoint,
  BundleFile,
  BundleHistory,
  BundleScene,
} from '@fovea/contract';
import { actorProfileFields } from '../../mappers/actor.mapper';
import { flag, toDateText, toWireTime } from '../../mappers/wire-time';
import type {
  BundleActorRow,
  BundleCuepointRow,
  BundleFileRow,
  BundleHistoryRow,
  BundleSceneEditRow,
  BundleSceneRow,
} from '../../repositories/bundle-export-scene.repository';

/*
 * Rows as bundle records (xbvr-facts §10.1): the reference's backup keys, Go-style values (true/false, RFC 3339
 * times with Go's zero time for none), JSON-text columns as their text. "Fovea:" fields make a round trip exact.
 */

/** An actor as a whole object: the `actors` section, a scene's cast, an aka group's actors. */
export function toBundleActor(row: BundleActorRow): BundleActor {
  return { name: row.name, image_url: row.image_url, image_arr: row.image_arr, ...actorProfileFields(row) };
}

/** A scene without its files, cuepoints and history (those travel in their own sections). */
export function toBundleScene(
  row: BundleSceneRow,
  tags: readonly string[],
  cast: readonly BundleActor[],
): BundleScene {
  return {
    scene_id: row.scene_id,
    created_at: toWireTime(row.created_at),
    updated_at: toWireTime(row.updated_at),
    title: row.title,
    scene_type: row.scene_type,
    scraper_id: row.scraper_id,
    studio: row.studio,
    site: row.site,
    tags: tags.map((name) => ({ name })),
    cast: [...cast],
    filenames_arr: row.filenames_arr,
    images: row.images,
    duration: row.duration,
    synopsis: row.synopsis,
    release_date: toWireTime(row.release_date),
    release_date_text: toDateText(row.release_date),
    cover_url: row.cover_url,
    scene_url: row.scene_url,
    members_url: row.members_url,
    is_multipart: flag(row.is_multipart),
    star_rating: row.star_rating,
    favourite: flag(row.favourite),
    watchlist: flag(row.watchlist),
    wishlist: flag(row.wishlist),
    is_watched: flag(row.is_watched),
    added_date: toWireTime(row.added_date),
    last_opened: toWireTime(row.last_opened),
    total_watch_time: row.total_watch_time,
    trailer_type: row.trailer_type,
    trailer_source: row.trailer_source,
    passthrough: row.chroma_key,
    trailerlist: flag(row.trailerlist),
    IsSubscribed: flag(row.is_subscribed),
    is_hidden: flag(row.is_hidden),
    legacy_scene_id: row.legacy_scene_id,
    script_published: toWireTime(row.script_published),
    ai_script: flag(row.ai_script),
    human_script: flag(row.human_script),
    needs_update: flag(row.needs_update),
    edits_applied: flag(row.edits_applied),
  };
}

/** A file: `path` is its directory (for put.io, the put.io file id), as in the reference. */
export function toBundleFile(row: BundleFileRow): BundleFile {
  return {
    path: row.path,
    filename: row.filename,
    size: row.size,
    oshash: row.oshash,
    created_time: toWireTime(row.created_time),
    updated_time: toWireTime(row.updated_time),
    type: row.type,
    video_width: row.video_width,
    video_height: row.video_height,
    video_bitrate: row.video_bitrate,
    video_avgfps_val: row.video_avgfps_val,
    video_codec_name: row.video_codec_name,
    duration: row.duration,
    projection: row.projection,
    has_alpha: flag(row.has_alpha),
    is_selected_script: flag(row.is_selected_script),
    stereo_mode: row.stereo_mode,
    fov: row.fov,
    projection_is_manual: flag(row.projection_is_manual),
    video_avg_frame_rate: row.video_avg_frame_rate,
    volume: row.volume_path,
  };
}

export function toBundleCuepoint(row: BundleCuepointRow): BundleCuepoint {
  return {
    time_start: row.time_start,
    time_end: row.time_end,
    track: row.track,
    name: row.name,
    rating: row.rating,
  };
}

export function toBundleHistory(row: BundleHistoryRow): BundleHistory {
  return {
    time_start: toWireTime(row.time_start),
    time_end: toWireTime(row.time_end),
    duration: row.duration,
    created_at: toWireTime(row.created_at),
  };
}

export function toBundleAction(row: BundleSceneEditRow): BundleAction {
  return {
    action_type: row.action_type,
    changed_column: row.changed_column,
    new_value: row.new_value,
    created_at: toWireTime(row.created_at),
  };
}
