/**
 * Reading an image proxy URL, `/img/<options>/<remote URL>`, the way XBVR's UI writes it:
 * - Form A: the remote URL with its `://` collapsed to `:/` (`/img/700x/https:/cdn.example.com/a.jpg`);
 * - Form B: the remote URL through `encodeURI`, keeping `//` (`/img/700x/https://cdn.example.com/a%20b.jpg`).
 * The remote URL is everything after the options segment of the raw request URL, query string included, so it
 * reaches the remote host byte for byte as the UI wrote it.
 */

/**
 * A resize: 0 means "not given". Both given: crop to fill (cover), or fit inside with `fit`. `jpeg` asks for a
 * JPEG whatever the original's format (headset players show neither WebP nor transparency).
 */
export interface ResizeSpec {
  width: number;
  height: number;
  fit: boolean;
  jpeg: boolean;
}

export type ImageRequest =
  | { ok: true; options: string; resize: ResizeSpec | null; remote: URL }
  | { ok: false; reason: 'malformed' | 'scheme' };

const PREFIX = '/img/';
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/*(.*)$/s;
/** The whole remote URL encoded with encodeURIComponent (`https%3A%2F%2F...`). */
const ENCODED_SCHEME = /^https?%3A/i;

function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits a raw request URL (`request.raw.url`) into its options and remote URL. */
export function parseImageRequest(rawUrl: string): ImageRequest {
  if (!rawUrl.startsWith(PREFIX)) return { ok: false, reason: 'malformed' };
  const rest = rawUrl.slice(PREFIX.length);
  const slash = rest.indexOf('/');
  if (slash < 0) return { ok: false, reason: 'malformed' };
  const options = decodeOrKeep(rest.slice(0, slash));
  let target = rest.slice(slash + 1);
  if (ENCODED_SCHEME.test(target)) target = decodeOrKeep(target);

  const match = SCHEME.exec(target);
  if (!match) return { ok: false, reason: 'malformed' };
  const scheme = (match[1] ?? '').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return { ok: false, reason: 'scheme' };
  let remote: URL;
  try {
    // Form A has one slash after the scheme, Form B two; a proxy that merged slashes leaves one as well.
    remote = new URL(`${scheme}://${match[2] ?? ''}`);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (remote.hostname === '') return { ok: false, reason: 'malformed' };
  return { ok: true, options, resize: parseResizeOptions(options), remote };
}

const DIMENSIONS = /^(\d*)x(\d*)$/;
const SQUARE = /^(\d+)$/;
/** Larger sizes mean the same as this one: images are never enlarged, and sharp wants sane numbers. */
const MAX_SIDE = 16384;

const side = (digits: string | undefined): number => Math.min(Number(digits || 0), MAX_SIDE);

/** `700x` -> [700, 0], `x40` -> [0, 40], `700x420`, `700` -> [700, 700]; null when not a size. */
function dimensions(option: string): [number, number] | null {
  const square = SQUARE.exec(option);
  if (square) return [side(square[1]), side(square[1])];
  const match = DIMENSIONS.exec(option);
  return match ? [side(match[1]), side(match[2])] : null;
}

/**
 * imageproxy's options, comma separated: `700x` (width), `x40` (height), `700x420` (both, cropped to fill),
 * `700` (a 700 square), `fit` (fit inside instead of cropping), `jpeg` (or `jpg`: answer a JPEG). Anything else
 * (`''`, `undefined`, quality, rotation, fractions...) is ignored; nothing to change gives null, i.e. the
 * original bytes.
 */
export function parseResizeOptions(options: string): ResizeSpec | null {
  let width = 0;
  let height = 0;
  let fit = false;
  let jpeg = false;
  for (const part of options.split(',')) {
    const option = part.trim().toLowerCase();
    if (option === 'fit') fit = true;
    else if (option === 'jpeg' || option === 'jpg') jpeg = true;
    else [width, height] = dimensions(option) ?? [width, height];
  }
  if (width === 0 && height === 0 && !jpeg) return null;
  return { width, height, fit: fit && width > 0 && height > 0, jpeg };
}

/** The resized copies' folder name: only digits and fixed letters, never text from the request. */
export function resizeKey(spec: ResizeSpec): string {
  return `${spec.width}x${spec.height}${spec.fit ? '-fit' : ''}${spec.jpeg ? '-jpeg' : ''}`;
}
