import type { CastActor, Cuepoint, File, History, Scene, Tag } from '@fovea/contract';
import type { Selectable } from 'kysely';
import type { ScenesTable } from '../db/schema';
import { flag, toDateText, toWireTime } from './wire-time';

export type SceneRow = Selectable<ScenesTable>;

export interface SceneRelations {
  tags: Tag[];
  cast: CastActor[];
  file: File[];
  cuepoints: Cuepoint[];
  history: History[];
}

/** A scene row and its loaded relations as the wire's Scene (xbvr-wire §2.1). */
export function toScene(row: SceneRow, relations: SceneRelations, score = 0): Scene {
  return {
    id: row.id,
    created_at: toWireTime(row.created_at),
    updated_at: toWireTime(row.updated_at),
    scene_id: row.scene_id,
    title: row.title,
    scene_type: row.scene_type,
    scraper_id: row.scraper_id,
    studio: row.studio,
    site: row.site,
    tags: relations.tags,
    cast: relations.cast,
    filenames_arr: row.filenames_arr,
    images: row.images,
    file: relations.file,
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
    is_available: flag(row.is_available),
    is_accessible: flag(row.is_accessible),
    is_watched: flag(row.is_watched),
    is_scripted: flag(row.is_scripted),
    cuepoints: relations.cuepoints,
    history: relations.history,
    added_date: toWireTime(row.added_date),
    last_opened: toWireTime(row.last_opened),
    total_file_size: row.total_file_size,
    total_watch_time: row.total_watch_time,
    has_preview: flag(row.has_preview),
    needs_update: flag(row.needs_update),
    edits_applied: flag(row.edits_applied),
    trailer_type: row.trailer_type,
    trailer_source: row.trailer_source,
    passthrough: row.chroma_key,
    trailerlist: flag(row.trailerlist),
    is_subscribed: flag(row.is_subscribed),
    is_hidden: flag(row.is_hidden),
    legacy_scene_id: row.legacy_scene_id,
    script_published: toWireTime(row.script_published),
    ai_script: flag(row.ai_script),
    human_script: flag(row.human_script),
    description: '',
    _score: score,
    alternate_source: null,
  };
}
