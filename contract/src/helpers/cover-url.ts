/**
 * The cover both XBVR and Fovea gave custom scenes: not a picture anywhere, so it is never fetched. A scene
 * with it (or with no cover) shows a frame taken from its video instead.
 */
export const PLACEHOLDER_COVER_URL = 'http://localhost/dont_cause_errors';

/** Whether a cover URL names a real picture: not empty and not the custom-scene placeholder. */
export function hasUsableCover(coverUrl: string): boolean {
  const cover = coverUrl.trim();
  return cover !== '' && !isPlaceholderCover(cover);
}

/** The placeholder in any spelling a client may send: case, `:/` for `://`, a trailing slash or query. */
export function isPlaceholderCover(url: string): boolean {
  return /^https?:\/\/?localhost\/dont_cause_errors\/?(?:[?#].*)?$/i.test(url.trim());
}

/** The Fovea-only address of a scene's video frame (`/api/dms/frame/{id}`), used when it has no cover. */
export const sceneFramePath = (sceneId: number): string => `/api/dms/frame/${sceneId}`;
