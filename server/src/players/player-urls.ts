import { hasUsableCover, sceneFramePath, type DeovrOptions } from '@fovea/contract';
import { funscriptTitle } from './funscript-title';

/**
 * Adds the media token a headset needs to open a media URL while the app's login is set (auth/media-token.ts);
 * the URL as it is without a login.
 */
export type SignMediaUrl = (url: string) => string;

export const unsignedMediaUrl: SignMediaUrl = (url) => url;

/** Spaces, controls and non-ASCII characters percent-encoded; everything else (an existing %xx too) kept. */
function safeUrlText(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (char) => encodeURIComponent(char));
}

/** The image-proxy options of player covers: 700 px wide, always JPEG (headsets show no WebP, user-needs §6). */
export const PLAYER_COVER_OPTIONS = '700x,jpeg';

/**
 * The cover as an absolute image-proxy URL a headset can load: `<origin>/img/700x,jpeg/<cover>` with the cover's
 * `://` written `:/` (the proxy's form A). A cover that is already local (`/...`) is made absolute. A scene
 * without a usable cover (none, or the custom scenes' placeholder) gets its video frame
 * (`<origin>/api/dms/frame/<id>`) when its id is given, else ''.
 */
export function coverThumbnailUrl(origin: string, coverUrl: string, sceneId?: number): string {
  const cover = coverUrl.trim();
  if (!hasUsableCover(cover)) return sceneId === undefined ? '' : `${origin}${sceneFramePath(sceneId)}`;
  if (/^https?:\/\//i.test(cover))
    return `${origin}/img/${PLAYER_COVER_OPTIONS}/${safeUrlText(cover.replace('://', ':/'))}`;
  return cover.startsWith('/') ? `${origin}${cover}` : cover;
}

/** "?dnt=true" when players must not start watch sessions: the remote client tracks, or tracking is off. */
export function dntSuffix(deovr: Pick<DeovrOptions, 'remote_enabled' | 'track_watch_time'>): string {
  return deovr.remote_enabled || !deovr.track_watch_time ? '?dnt=true' : '';
}

/** `<origin>/api/dms/file/<file id>/<scene id> - <title>[?dnt=true]`: the name lets DeoVR find the funscript. */
export function sceneFileUrl(
  origin: string,
  fileId: number,
  sceneId: number,
  title: string,
  dnt = '',
): string {
  return `${origin}/api/dms/file/${fileId}/${encodeURIComponent(funscriptTitle(sceneId, title))}${dnt}`;
}

/** `<origin>/api/dms/file/<file id>[?dnt=true]`. */
export function plainFileUrl(origin: string, fileId: number, dnt = ''): string {
  return `${origin}/api/dms/file/${fileId}${dnt}`;
}

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'];

/** Bytes in SI units like "83 MB" or "1.2 GB" (one decimal below 10), as the reference labels files. */
export function humanSize(bytes: number): string {
  if (bytes < 10) return `${Math.max(0, Math.round(bytes))} B`;
  const exponent = Math.min(Math.floor(Math.log10(bytes) / 3), UNITS.length - 1);
  const value = bytes / 1000 ** exponent;
  const text = value < 10 ? (Math.round(value * 10) / 10).toFixed(1) : String(Math.round(value));
  return `${text} ${UNITS[exponent] ?? 'B'}`;
}
