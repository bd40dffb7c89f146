import type { RequestShape } from './cross-site';

/** The one /api route that also takes a raw file: the bundle restore (application/octet-stream, streamed to disk). */
const RAW_BODY_ROUTES: ReadonlyMap<string, string> = new Map([
  ['/api/task/bundle/restore', 'application/octet-stream'],
]);

const header = (headers: RequestShape['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Whether a request carries a body: a non-zero length, or a chunked one. */
function hasBody(headers: RequestShape['headers']): boolean {
  const length = header(headers, 'content-length');
  if (length !== undefined) return length.trim() !== '0';
  return header(headers, 'transfer-encoding') !== undefined;
}

const mediaType = (contentType: string | undefined): string =>
  (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const isJson = (type: string) => type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);

/**
 * Why an /api request's body is refused, or null to read it: every /api body is JSON (application/json or a
 * `+json` type), so a page on another site cannot send one as a "simple" form or text/plain request that
 * skips the browser's preflight. The headset players' routes (/deovr, /heresphere) are not under /api and keep
 * reading whatever their apps send; the bundle restore also takes the raw file.
 */
export function contentTypeRefusal(request: RequestShape): string | null {
  const path = request.url.split('?')[0] ?? request.url;
  if (!path.startsWith('/api/') || !hasBody(request.headers)) return null;
  const type = mediaType(header(request.headers, 'content-type'));
  if (isJson(type) || RAW_BODY_ROUTES.get(path) === type) return null;
  const shown = type === '' ? 'no content type' : type;
  return `Send the request body as JSON (Content-Type: application/json), not ${shown}.`;
}
