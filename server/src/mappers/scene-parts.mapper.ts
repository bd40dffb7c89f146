import type { Cuepoint, File, History, Projection, Tag } from '@fovea/contract';
import { PROJECTIONS } from '@fovea/contract';
import type { Selectable } from 'kysely';
import type { FilesTable, HistoriesTable, SceneCuepointsTable, TagsTable } from '../db/schema';
import { flag, toWireTime } from './wire-time';

export type TagRow = Selectable<TagsTable>;
export type FileRow = Selectable<FilesTable>;
export type CuepointRow = Selectable<SceneCuepointsTable>;
export type HistoryRow = Selectable<HistoriesTable>;

const KNOWN_PROJECTIONS: ReadonlySet<string> = new Set(PROJECTIONS);

export function toTag(row: TagRow): Tag {
  return { id: row.id, scenes: null, name: row.name, clean: row.clean, count: row.count };
}

export function toFile(row: FileRow): File {
  return {
    id: row.id,
    created_at: toWireTime(row.created_at),
    updated_at: toWireTime(row.updated_at),
    volume_id: row.volume_id,
    path: row.path,
    filename: row.filename,
    size: row.size,
    oshash: row.oshash,
    created_time: toWireTime(row.created_time),
    updated_time: toWireTime(row.updated_time),
    type: row.type,
    scene_id: row.scene_id ?? 0,
    video_width: row.video_width,
    video_height: row.video_height,
    video_bitrate: row.video_bitrate,
    video_avgfps_val: row.video_avgfps_val,
    video_codec_name: row.video_codec_name,
    duration: row.duration,
    projection: KNOWN_PROJECTIONS.has(row.projection) ? (row.projection as Projection) : '',
    has_alpha: flag(row.has_alpha),
    has_heatmap: flag(row.has_heatmap),
    is_selected_script: flag(row.is_selected_script),
    is_exported: flag(row.is_exported),
    refresh_heatmap_cache: flag(row.refresh_heatmap_cache),
  };
}

/** A cuepoint; like the reference, `track` is left out when null and `time_end` when there is none. */
export function toCuepoint(row: CuepointRow): Cuepoint {
  return {
    id: row.id,
    ...(row.track === null ? {} : { track: row.track }),
    name: row.name,
    time_start: row.time_start,
    ...(row.time_end === null || row.time_end === 0 ? {} : { time_end: row.time_end }),
    rating: row.rating,
    is_hsp: '',
  };
}

export function toHistory(row: HistoryRow): History {
  return {
    id: row.id,
    scene_id: row.scene_id,
    time_start: toWireTime(row.time_start),
    time_end: toWireTime(row.time_end),
    duration: row.duration,
  };
}
