const HTTP_URL = /^https?:\/\//i;

/**
 * The image proxy address of a picture (xbvr-wire §12, form B): `/img/<size>/` followed by the address passed
 * through encodeURI (decoded first when it already holds `%` escapes, so nothing is escaped twice), keeping
 * `https://`. Only http(s) addresses go through the proxy; anything else (a local `/ui/...` path, a data URL)
 * and the empty string come back unchanged.
 */
export function proxiedImage(url: string, size: string): string {
  if (!HTTP_URL.test(url)) return url;
  return `/img/${size}/${encodeURI(decodeOnce(url))}`;
}

function decodeOnce(url: string): string {
  if (!url.includes('%')) return url;
  try {
    return decodeURI(url);
  } catch {
    // A lone "%" that is not an escape: encodeURI will escape it.
    return url;
  }
}
