import type { File, HeresphereMedia, HeresphereVideo, Options, Scene } from '@fovea/contract';
import { orderFiles } from '../file-order';
import { funscriptTitle } from '../funscript-title';
import {
  coverThumbnailUrl,
  humanSize,
  PLAYER_COVER_OPTIONS,
  unsignedMediaUrl,
  type SignMediaUrl,
} from '../player-urls';
import type { TrailerSource } from '../trailers/trailer-source';
import { cuepointTags } from './heresphere-cuepoints';
import { heresphereView, sourceResolution } from './heresphere-projection';
import { dayOf, sceneTags, type SceneGroups } from './heresphere-tags';

/** What a video answer needs besides the scene. */
export interface VideoContext {
  /** `<proto>://<host>` as the player reached us. */
  origin: string;
  options: Options;
  groups: SceneGroups;
  /** Trailer streams, when the scene has no local video and the player needs media. */
  trailers: readonly TrailerSource[];
  /** Media URLs get their token through it (none: as they are). */
  sign?: SignMediaUrl;
}

/**
 * The cover through the image proxy (`/img/700x,jpeg/...`), or through the heatmap thumbnail (`/imghm/<id>/...`)
 * for a scripted scene when render_heatmaps is on; the video frame (`/api/dms/frame/<id>`) without a cover.
 */
export function heresphereThumbnail(
  origin: string,
  scene: Pick<Scene, 'id' | 'cover_url'>,
  heatmaps: boolean,
) {
  const plain = coverThumbnailUrl(origin, scene.cover_url, scene.id);
  const proxied = `${origin}/img/${PLAYER_COVER_OPTIONS}/`;
  return heatmaps && plain.startsWith(proxied)
    ? `${origin}/imghm/${scene.id}/${plain.slice(proxied.length)}`
    : plain;
}

/** `/api/dms/file/<id>/<name>`, the name URL-encoded (DeoVR/HereSphere scripts match on it). */
export function fileUrl(origin: string, fileId: number, name: string, dnt: boolean): string {
  return `${origin}/api/dms/file/${fileId}/${encodeURIComponent(name)}${dnt ? '?dnt=true' : ''}`;
}

/** The English name of a subtitle's language from `name.<code>.srt` (English when there is no code). */
export function subtitleLanguage(filename: string): string {
  const code = /\.([a-z]{2,3}(?:[-_][a-z0-9]{2,4})?)\.[a-z0-9]+$/i.exec(filename)?.[1];
  if (!code) return 'English';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code.replace('_', '-')) ?? 'English';
  } catch {
    return 'English';
  }
}

/** Media of the files: one entry per video, "File i/n <res>p - <size>". */
export function fileMedia(videos: readonly File[], urlOf: (file: File) => string): HeresphereMedia[] {
  return videos.map((file, index) => {
    const resolution = sourceResolution(file.projection, file.video_height);
    return {
      name: `File ${index + 1}/${videos.length} ${resolution}p - ${humanSize(file.size)}`,
      sources: [
        {
          resolution,
          height: file.video_height,
          width: file.video_width,
          size: file.size,
          url: urlOf(file),
        },
      ],
    };
  });
}

/** Trailer streams as one media entry, best first (HereSphere picks among a media's sources). */
function trailerMedia(trailers: readonly TrailerSource[]): HeresphereMedia[] {
  if (trailers.length === 0) return [];
  const sources = [...trailers]
    .sort((a, b) => b.height - a.height)
    .map((trailer) => ({
      resolution: trailer.height,
      height: trailer.height,
      width: trailer.width,
      size: trailer.size,
      url: trailer.url,
    }));
  return [{ name: 'Trailer', sources }];
}

/** Whether the chroma-key JSON text says the video has alpha. */
function chromaHasAlpha(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && 'hasAlpha' in value && value.hasAlpha === true;
  } catch {
    return false;
  }
}

/** The write flags a player is offered: only what the server persists (options-spec §6). */
export function writeFlags(
  options: Options,
): Pick<HeresphereVideo, 'writeFavorite' | 'writeRating' | 'writeTags' | 'writeHSP'> {
  const h = options.interfaces.heresphere;
  return {
    writeFavorite: h.allow_favorite_updates,
    writeRating: h.allow_rating_updates,
    writeTags: h.allow_tag_updates || h.allow_cuepoint_updates || h.allow_watchlist_updates,
    writeHSP: h.allow_hsp_data,
  };
}

/** Media URLs skip watch tracking when it is off (HereSphere's playback is tracked by its events then). */
export const mediaDnt = (options: Options) => !options.interfaces.deovr.track_watch_time;

/** The video data of a scene (xbvr-facts §3.11, user-needs §9.2). */
export function heresphereVideo(scene: Scene, context: VideoContext): HeresphereVideo {
  const { origin, options } = context;
  const sign = context.sign ?? unsignedMediaUrl;
  const file = (id: number, name: string, dnt: boolean) => sign(fileUrl(origin, id, name, dnt));
  const players = options.interfaces.players;
  const dnt = mediaDnt(options);
  const byType = (type: File['type']) => scene.file.filter((file) => file.type === type);
  const videos = orderFiles(byType('video'), players.video_sort_seq, 'video');
  const scripts = orderFiles(byType('script'), players.script_sort_seq, 'script');
  const subtitles = orderFiles(byType('subtitles'), players.subtitle_sort_seq, 'subtitle');
  const hsp = byType('hsp')[0];
  const first = videos[0];
  const scripted = scene.is_scripted && scripts.length > 0;
  const title = scripted ? funscriptTitle(scene.id, scene.title) : scene.title;
  const alpha = (first?.has_alpha ?? false) || chromaHasAlpha(scene.passthrough);
  const durationMs = Math.round(
    first && first.duration > 0 ? first.duration * 1000 : scene.duration * 60 * 1000,
  );
  const heatmaps = scripted && options.interfaces.deovr.render_heatmaps;
  const thumbnail = heresphereThumbnail(origin, scene, heatmaps);
  const thumbnailImage = thumbnail === '' ? '' : sign(thumbnail);
  const view = heresphereView(first?.projection);
  const h = options.interfaces.heresphere;
  const cuepoints = cuepointTags(scene.cuepoints, {
    multitrack: h.multitrack_cuepoints,
    multitrackCast: h.multitrack_cast_cuepoints,
    castNames: scene.cast.filter((actor) => !actor.name.startsWith('aka:')).map((actor) => actor.name),
    durationMs,
  });
  const videoName = funscriptTitle(scene.id, scene.title);
  const media =
    videos.length > 0
      ? fileMedia(videos, (video) => file(video.id, videoName, dnt))
      : trailerMedia(context.trailers);
  const video: HeresphereVideo = {
    access: 1,
    title,
    description: scene.synopsis,
    thumbnailImage,
    ...(scene.has_preview ? { thumbnailVideo: sign(`${origin}/api/dms/preview/${scene.scene_id}`) } : {}),
    ...dates(dayOf(scene.release_date_text) ?? dayOf(scene.release_date), dayOf(scene.added_date)),
    duration: durationMs,
    rating: scene.star_rating,
    isFavorite: scene.favourite,
    ...view,
    ...(hsp ? { hsp: file(hsp.id, hsp.filename, true) } : {}),
    eventServer: `${origin}/heresphere/events/${scene.id}`,
    scripts: scripts.map((script) => ({
      name: script.filename,
      url: file(script.id, script.filename, true),
    })),
    subtitles: subtitles.map((subtitle) => ({
      name: subtitle.filename,
      language: subtitleLanguage(subtitle.filename),
      url: file(subtitle.id, subtitle.filename, true),
    })),
    tags: [...cuepoints, ...sceneTags(scene, videos, context.groups, alpha)],
    media,
    ...(alpha ? { alphaPackedSettings: { defaultSettings: true } } : {}),
    ...writeFlags(options),
  };
  return video;
}

function dates(released: string | undefined, added: string | undefined) {
  return {
    ...(released ? { dateReleased: released } : {}),
    ...(added ? { dateAdded: added } : {}),
  };
}

/** The video data of an unmatched file (/heresphere/file/{id}): its name, dates and one media entry. */
export function heresphereFileVideo(
  file: File,
  origin: string,
  options: Options,
  sign: SignMediaUrl = unsignedMediaUrl,
): HeresphereVideo {
  const day = dayOf(file.created_time);
  return {
    access: 1,
    title: file.filename,
    description: file.filename,
    thumbnailImage: '',
    ...dates(day, day),
    duration: Math.round(file.duration * 1000),
    rating: 0,
    isFavorite: false,
    ...heresphereView(file.projection),
    scripts: [],
    subtitles: [],
    tags: [],
    media: fileMedia([file], () => sign(fileUrl(origin, file.id, file.filename, mediaDnt(options)))),
    ...(file.has_alpha ? { alphaPackedSettings: { defaultSettings: true } } : {}),
    writeFavorite: false,
    writeRating: false,
    writeTags: false,
    writeHSP: false,
  };
}
