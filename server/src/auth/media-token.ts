import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Media links for headset players. Once a login is set, every route needs it, but DeoVR and HereSphere keep
 * their own login and cannot send the web app's cookie: the media URLs their answers hand out (files,
 * previews, heatmaps, covers, frames) carry `fovea_token=<HMAC of the path>` instead, made with the session
 * secret and the credentials version (a new login ends every link handed out before). The token is the last
 * query parameter and is taken off the URL before routing, so the image proxy still sees the remote URL as
 * written.
 */
export const MEDIA_TOKEN_PARAM = 'fovea_token';

/** The paths a media token opens (GET and HEAD only). */
export const MEDIA_PREFIXES = [
  '/api/dms/file/',
  '/api/dms/preview/',
  '/api/dms/heatmap/',
  '/api/dms/frame/',
  '/img/',
  '/imghm/',
] as const;

/** What a token is made with: the session secret and the credentials version. */
export interface MediaKey {
  secret: Buffer;
  version: string;
}

export const isMediaPath = (path: string): boolean =>
  MEDIA_PREFIXES.some((prefix) => path.startsWith(prefix));

/** The path of a URL or of a path with a query, decoded, so a player's own re-encoding does not matter. */
export function canonicalPath(url: string): string {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const path = withoutOrigin.split('?')[0] ?? withoutOrigin;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The token of a path (128 bits of HMAC-SHA256, base64url). */
export function mediaToken(url: string, key: MediaKey): string {
  return createHmac('sha256', key.secret)
    .update(`${key.version}\n${canonicalPath(url)}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

/** Whether a token was made for this path with this key. */
export function verifyMediaToken(url: string, token: string, key: MediaKey): boolean {
  const sent = Buffer.from(token, 'base64url');
  const expected = Buffer.from(mediaToken(url, key), 'base64url');
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** The URL with its token appended as the last query parameter. */
export function withMediaToken(url: string, key: MediaKey): string {
  return `${url}${url.includes('?') ? '&' : '?'}${MEDIA_TOKEN_PARAM}=${mediaToken(url, key)}`;
}

/**
 * The URL without its token parameters, and the last token it carried. The rest of the query is kept byte for
 * byte (an image proxy URL's query belongs to the remote image).
 */
export function takeMediaToken(url: string): { url: string; token: string | undefined } {
  const question = url.indexOf('?');
  if (question < 0 || !url.includes(`${MEDIA_TOKEN_PARAM}=`, question)) return { url, token: undefined };
  let token: string | undefined;
  const kept = url
    .slice(question + 1)
    .split('&')
    .filter((part) => {
      if (!part.startsWith(`${MEDIA_TOKEN_PARAM}=`)) return true;
      token = part.slice(MEDIA_TOKEN_PARAM.length + 1);
      return false;
    });
  const path = url.slice(0, question);
  return { url: kept.length > 0 ? `${path}?${kept.join('&')}` : path, token };
}
