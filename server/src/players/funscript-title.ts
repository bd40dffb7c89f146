/**
 * `<scene id> - <title>` as XBVR names exported funscripts (xbvr-facts §11.1): ':' becomes '꞉' (U+A789) and
 * ? / \ < > | are removed. DeoVR matches a funscript to a video by the name at the end of the video URL
 * (`/api/dms/file/<file id>/<scene id> - <title>`), so both must be built the same way.
 */
export function funscriptTitle(sceneId: number, title: string): string {
  return `${sceneId} - ${title}`.replaceAll(':', '\uA789').replace(/[?/\\<>|]/g, '');
}
