import type { DeovrOptions, File, PlayersOptions, Scene } from '@fovea/contract';
import { orderFiles } from '../file-order';
import {
  coverThumbnailUrl,
  dntSuffix,
  humanSize,
  plainFileUrl,
  sceneFileUrl,
  unsignedMediaUrl,
  type SignMediaUrl,
} from '../player-urls';
import { deoProjectionOf, sceneDeoProjection } from './deovr-projection';
import type { DeoChromaKey, DeoEncoding, DeoVideo } from './deovr-types';

/** What a DeoVR answer needs besides its scene or file. */
export interface DeoContext {
  origin: string;
  deovr: DeovrOptions;
  players: PlayersOptions;
  /** Media URLs get their token through it (none: as they are). */
  sign?: SignMediaUrl;
}

/** DeoVR's id for an unmatched file, kept apart from scene ids (xbvr-facts §3.10). */
export const DEO_FILE_ID_BASE = 999_900_000;

const SPATIAL = /fb360/i;

/** Release date 'YYYY-MM-DD' as unix seconds, never negative; 0 when unknown. */
export function deoDate(dateText: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateText);
  if (!match) return 0;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const numberOr0 = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const flagOr = (value: unknown, fallback: string): boolean | string =>
  typeof value === 'boolean' || typeof value === 'string' ? value : fallback;

/**
 * The passthrough object: from the scene's chroma-key JSON when it is a JSON object (a missing enabled or
 * hasAlpha becomes "false"), else `{enabled:true, hasAlpha:true, 0...}` when the first video has alpha,
 * else none.
 */
export function deoChromaKey(passthrough: string, firstVideo: File | undefined): DeoChromaKey | undefined {
  let stored: unknown;
  try {
    stored = passthrough.trim() === '' ? undefined : JSON.parse(passthrough);
  } catch {
    stored = undefined;
  }
  if (isRecord(stored)) {
    return {
      enabled: flagOr(stored.enabled, 'false'),
      hasAlpha: flagOr(stored.hasAlpha, 'false'),
      h: numberOr0(stored.h),
      opacity: numberOr0(stored.opacity),
      s: numberOr0(stored.s),
      threshold: numberOr0(stored.threshold),
      v: numberOr0(stored.v),
    };
  }
  if (firstVideo?.has_alpha) {
    return { enabled: true, hasAlpha: true, h: 0, opacity: 0, s: 0, threshold: 0, v: 0 };
  }
  return undefined;
}

/** Simple cuepoints (track null), or track 0 when there are none, in time order, in whole seconds. */
export function deoTimeStamps(scene: Scene): { ts: number; name: string }[] {
  const simple = scene.cuepoints.filter((cue) => cue.track === null || cue.track === undefined);
  const chosen = simple.length > 0 ? simple : scene.cuepoints.filter((cue) => cue.track === 0);
  return [...chosen]
    .sort((a, b) => a.time_start - b.time_start)
    .map((cue) => ({ ts: Math.floor(cue.time_start), name: cue.name }));
}

function encodings(videos: readonly File[], url: (file: File) => string): DeoEncoding[] {
  return videos.map((file, index) => ({
    name: `File ${index + 1}/${videos.length} ${file.video_height}p - ${humanSize(file.size)}`,
    videoSources: [
      {
        resolution: file.video_height,
        height: file.video_height,
        width: file.video_width,
        size: file.size,
        url: url(file),
      },
    ],
  }));
}

/** A URL with its token; '' (no cover) stays ''. */
export const signed = (sign: SignMediaUrl, url: string): string => (url === '' ? '' : sign(url));

/** GET|POST /deovr/:id — one scene as DeoVR's video detail. */
export function buildDeoVideo(scene: Scene, ctx: DeoContext): DeoVideo {
  const { origin, players } = ctx;
  const sign = ctx.sign ?? unsignedMediaUrl;
  const dnt = dntSuffix(ctx.deovr);
  const videos = orderFiles(
    scene.file.filter((file) => file.type === 'video'),
    players.video_sort_seq,
    'video',
  );
  const regular = videos.filter((file) => !SPATIAL.test(file.filename));
  const spatial = videos.filter((file) => SPATIAL.test(file.filename));
  const scripts = orderFiles(
    scene.file.filter((file) => file.type === 'script' && file.filename.toLowerCase().endsWith('.funscript')),
    players.script_sort_seq,
    'script',
  );
  const hsp = scene.file.filter((file) => file.type === 'hsp');
  const projection = sceneDeoProjection(regular);
  const first = regular[0];
  const fileUrl = (file: File) => sign(sceneFileUrl(origin, file.id, scene.id, scene.title, dnt));
  const chromakey = deoChromaKey(scene.passthrough, first);
  return {
    id: scene.id,
    title: scene.title,
    authorized: 1,
    description: scene.synopsis,
    date: deoDate(scene.release_date_text),
    paysite: { id: 1, name: scene.site, is3rdParty: true },
    isFavorite: scene.favourite,
    isScripted: scene.is_scripted,
    isWatchlist: scene.watchlist,
    is3d: projection.screenType !== 'flat',
    thumbnailUrl: signed(sign, coverThumbnailUrl(origin, scene.cover_url, scene.id)),
    rating_avg: scene.star_rating,
    screenType: projection.screenType,
    stereoMode: projection.stereoMode,
    videoLength: first ? Math.round(first.duration) : scene.duration * 60,
    ...(scene.has_preview
      ? { videoPreview: sign(`${origin}/api/dms/preview/${encodeURIComponent(scene.scene_id)}`) }
      : {}),
    encodings: encodings(regular, fileUrl),
    encodings_spatial: encodings(spatial, fileUrl),
    timeStamps: deoTimeStamps(scene),
    actors: scene.cast.map((actor) => ({ id: actor.id, name: actor.name })),
    categories: scene.tags.map((tag) => ({ tag: { id: tag.id, name: tag.name } })),
    fleshlight: scripts.map((file) => ({ title: file.filename, url: sign(plainFileUrl(origin, file.id)) })),
    hsp: hsp.map((file) => ({ title: file.filename, url: sign(plainFileUrl(origin, file.id)) })),
    ...(chromakey ? { chromakey } : {}),
    fullVideoReady: true,
    fullAccess: true,
  };
}

/** GET|POST /deovr/file/:id — an unmatched video file: its name as title, one encoding. */
export function buildDeoFile(file: File, ctx: DeoContext): DeoVideo {
  const { origin } = ctx;
  const sign = ctx.sign ?? unsignedMediaUrl;
  const projection = deoProjectionOf(file.projection);
  const chromakey = deoChromaKey('', file);
  return {
    id: DEO_FILE_ID_BASE + file.id,
    title: file.filename,
    authorized: 1,
    description: file.filename,
    date: deoDate(file.created_time ?? ''),
    paysite: { id: 1, name: '', is3rdParty: true },
    isFavorite: false,
    isScripted: false,
    isWatchlist: false,
    is3d: projection.screenType !== 'flat',
    thumbnailUrl: '',
    rating_avg: 0,
    screenType: projection.screenType,
    stereoMode: projection.stereoMode,
    videoLength: Math.round(file.duration),
    encodings: [
      {
        name: `File 1/1 - ${humanSize(file.size)}`,
        videoSources: [
          {
            resolution: file.video_height,
            height: file.video_height,
            width: file.video_width,
            size: file.size,
            url: sign(plainFileUrl(origin, file.id, dntSuffix(ctx.deovr))),
          },
        ],
      },
    ],
    encodings_spatial: [],
    timeStamps: [],
    actors: [],
    categories: [],
    fleshlight: [],
    hsp: [],
    ...(chromakey ? { chromakey } : {}),
    fullVideoReady: true,
    fullAccess: true,
  };
}
