import type { BundleActor, BundleFile, BundleScene } from '@fovea/contract';
import type { Updateable } from 'kysely';
import type { ActorsTable, FilesTable, FileType, ScenesTable } from '../../db/schema';

/*
 * Bundle values as Fovea stores them: Go times (RFC 3339, "0001-01-01T00:00:00Z" for none) become ISO-8601 UTC
 * or NULL, dates 'YYYY-MM-DD', booleans 0/1. A field the record does not carry stays undefined, so an update
 * leaves that column as it is and an insert takes the column's default.
 */

/** An ISO-8601 UTC time, or null for Go's zero time, '' and text that is not a time. */
export function storedTime(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '' || text.startsWith('0001-01-01')) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** A 'YYYY-MM-DD' date as written (the day the bundle names, whatever its offset), or null. */
export function storedDate(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text === '' || text.startsWith('0001-01-01')) return null;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text);
  if (match?.[1]) return match[1];
  // Free text ("Jan 5, 2020") is read as a local date: take its local day.
  const time = new Date(text.replace(/,/g, ''));
  if (Number.isNaN(time.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

export const flag = (value: boolean | undefined): number | undefined =>
  value === undefined ? undefined : value ? 1 : 0;

export const whole = (value: number | undefined): number | undefined =>
  value === undefined || !Number.isFinite(value) ? undefined : Math.round(value);

export const real = (value: number | undefined): number | undefined =>
  value === undefined || !Number.isFinite(value) ? undefined : value;

/** The object without its undefined values (an update sets only what the record carries). */
export function defined<T extends object>(values: T): Partial<T> {
  const result: Partial<T> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) Object.assign(result, { [key]: value });
  }
  return result;
}

/**
 * The scene columns a bundle scene carries (tags and cast travel apart). added_date and total_watch_time are left
 * out: they follow from the scene's files and history, which the status refresh reads.
 */
export function sceneValues(scene: BundleScene): Updateable<ScenesTable> {
  const release = storedDate(scene.release_date);
  const releaseText = storedDate(scene.release_date_text);
  return defined({
    title: scene.title,
    scene_type: scene.scene_type,
    scraper_id: scene.scraper_id,
    studio: scene.studio,
    site: scene.site,
    filenames_arr: scene.filenames_arr,
    images: scene.images,
    duration: whole(scene.duration),
    synopsis: scene.synopsis,
    release_date: release ?? releaseText ?? release,
    cover_url: scene.cover_url,
    scene_url: scene.scene_url,
    members_url: scene.members_url,
    is_multipart: flag(scene.is_multipart),
    star_rating: real(scene.star_rating),
    favourite: flag(scene.favourite),
    watchlist: flag(scene.watchlist),
    wishlist: flag(scene.wishlist),
    is_watched: flag(scene.is_watched),
    last_opened: storedTime(scene.last_opened),
    trailer_type: scene.trailer_type,
    trailer_source: scene.trailer_source,
    chroma_key: scene.passthrough,
    trailerlist: flag(scene.trailerlist),
    is_subscribed: flag(scene.IsSubscribed),
    is_hidden: flag(scene.is_hidden),
    legacy_scene_id: scene.legacy_scene_id,
    script_published: storedTime(scene.script_published),
    ai_script: flag(scene.ai_script),
    human_script: flag(scene.human_script),
    needs_update: flag(scene.needs_update),
    edits_applied: flag(scene.edits_applied),
    created_at: storedTime(scene.created_at) ?? undefined,
    updated_at: storedTime(scene.updated_at) ?? undefined,
  });
}

/** The actor columns a bundle actor carries (its name is the key). */
export function actorValues(actor: BundleActor): Updateable<ActorsTable> {
  return defined({
    image_url: actor.image_url,
    image_arr: actor.image_arr,
    star_rating: real(actor.star_rating),
    favourite: flag(actor.favourite),
    watchlist: flag(actor.watchlist),
    birth_date: storedDate(actor.birth_date),
    nationality: actor.nationality,
    ethnicity: actor.ethnicity,
    eye_color: actor.eye_color,
    hair_color: actor.hair_color,
    height: whole(actor.height),
    weight: whole(actor.weight),
    cup_size: actor.cup_size,
    band_size: whole(actor.band_size),
    waist_size: whole(actor.waist_size),
    hip_size: whole(actor.hip_size),
    breast_type: actor.breast_type,
    start_year: whole(actor.start_year),
    end_year: whole(actor.end_year),
    tattoos: actor.tattoos,
    piercings: actor.piercings,
    biography: actor.biography,
    aliases: actor.aliases,
    gender: actor.gender,
    urls: actor.urls,
    needs_update: flag(actor.needs_update),
  });
}

const SCRIPT = /\.(funscript|cmscript)$/i;
const SUBTITLES = /\.(srt|ssa|ass|vtt)$/i;

/** A file's type: as the record says, else from its name's extension. */
export function fileType(file: BundleFile): FileType {
  if (file.type) return file.type;
  if (SCRIPT.test(file.filename)) return 'script';
  if (/\.hsp$/i.test(file.filename)) return 'hsp';
  if (SUBTITLES.test(file.filename)) return 'subtitles';
  return 'video';
}

/** The file columns a bundle file carries, besides its volume, path, name and scene. */
export function fileValues(file: BundleFile): Updateable<FilesTable> {
  return defined({
    type: fileType(file),
    size: whole(file.size),
    oshash: file.oshash,
    created_time: storedTime(file.created_time),
    updated_time: storedTime(file.updated_time),
    video_width: whole(file.video_width),
    video_height: whole(file.video_height),
    video_bitrate: whole(file.video_bitrate),
    video_avgfps_val: real(file.video_avgfps_val),
    video_avg_frame_rate: file.video_avg_frame_rate,
    video_codec_name: file.video_codec_name,
    duration: real(file.duration),
    projection: file.projection,
    stereo_mode: file.stereo_mode,
    fov: whole(file.fov),
    has_alpha: flag(file.has_alpha),
    projection_is_manual: flag(file.projection_is_manual),
    is_selected_script: flag(file.is_selected_script),
  });
}

/** Numbers with thousands separators, for messages. */
export const figure = (value: number): string => value.toLocaleString('en-US');

/**
 * True when the stored row already holds every value an update would write (undefined values are not written,
 * so they are not compared), i.e. writing them would change nothing.
 */
export function unchanged(values: object, stored: object): boolean {
  const row = stored as Record<string, unknown>;
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== (row[key] ?? null)) return false;
  }
  return true;
}
