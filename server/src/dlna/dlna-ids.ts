/**
 * ContentDirectory object ids: plain path strings under the root `0` (whose parent is `-1`).
 *
 * | id                          | what                                                       |
 * |-----------------------------|------------------------------------------------------------|
 * | `saved-searches`            | one folder per DeoVR-enabled scene saved search            |
 * | `saved-searches/<id>`       | the scenes of saved search `<id>`                          |
 * | `all`                       | every available scene                                      |
 * | `actors`, `actors/<id>`     | actors with available scenes; one actor's scenes           |
 * | `tags`, `tags/<id>`         | tags; one tag's scenes                                     |
 * | `sites`, `sites/<name>`     | sites (the name URI-encoded); one site's scenes            |
 * | `released`, `released/<m>`  | release months YYYY-MM, newest first; one month's scenes   |
 * | `not-matched`               | video files matched to no scene                            |
 * | `<container>/scene-<id>`    | a scene item inside one of the scene containers            |
 * | `not-matched/file-<id>`     | an unmatched file item                                     |
 */
export const ROOT_ID = '0';
export const ROOT_PARENT_ID = '-1';

export const TOP_FOLDERS = [
  'saved-searches',
  'all',
  'actors',
  'tags',
  'sites',
  'released',
  'not-matched',
] as const;
export type TopFolder = (typeof TOP_FOLDERS)[number];

export const TOP_FOLDER_TITLES: Record<TopFolder, string> = {
  'saved-searches': 'Saved searches',
  all: 'All scenes',
  actors: 'Actors',
  tags: 'Tags',
  sites: 'Sites',
  released: 'Release months',
  'not-matched': 'Not matched',
};

/** A container whose children are scene items. */
export type SceneScope =
  | { kind: 'all' }
  | { kind: 'saved'; playlistId: number }
  | { kind: 'actor'; actorId: number }
  | { kind: 'tag'; tagId: number }
  | { kind: 'site'; site: string }
  | { kind: 'month'; month: string };

export type DlnaObjectId =
  | { kind: 'root' }
  | { kind: 'top'; folder: TopFolder }
  | { kind: 'scenes'; scope: SceneScope }
  | { kind: 'scene'; scope: SceneScope; sceneId: number }
  | { kind: 'file'; fileId: number };

const POSITIVE_INT = /^[1-9]\d{0,9}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function isTopFolder(value: string): value is TopFolder {
  return (TOP_FOLDERS as readonly string[]).includes(value);
}

/** The id of a scene container. */
export function scopeId(scope: SceneScope): string {
  switch (scope.kind) {
    case 'all':
      return 'all';
    case 'saved':
      return `saved-searches/${scope.playlistId}`;
    case 'actor':
      return `actors/${scope.actorId}`;
    case 'tag':
      return `tags/${scope.tagId}`;
    case 'site':
      return `sites/${encodeURIComponent(scope.site)}`;
    case 'month':
      return `released/${scope.month}`;
  }
}

export function sceneItemId(scope: SceneScope, sceneId: number): string {
  return `${scopeId(scope)}/scene-${sceneId}`;
}

export function fileItemId(fileId: number): string {
  return `not-matched/file-${fileId}`;
}

function parseScope(top: string, key: string | undefined): SceneScope | undefined {
  if (top === 'all' && key === undefined) return { kind: 'all' };
  if (key === undefined) return undefined;
  if (top === 'saved-searches' && POSITIVE_INT.test(key)) return { kind: 'saved', playlistId: Number(key) };
  if (top === 'actors' && POSITIVE_INT.test(key)) return { kind: 'actor', actorId: Number(key) };
  if (top === 'tags' && POSITIVE_INT.test(key)) return { kind: 'tag', tagId: Number(key) };
  if (top === 'released' && MONTH.test(key)) return { kind: 'month', month: key };
  if (top === 'sites' && key !== '') {
    try {
      return { kind: 'site', site: decodeURIComponent(key) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Reads an ObjectID; undefined when it names nothing this server could have given out. */
export function parseObjectId(id: string): DlnaObjectId | undefined {
  if (id === ROOT_ID) return { kind: 'root' };
  const parts = id.split('/');
  const [top, ...rest] = parts;
  if (top === undefined || !isTopFolder(top)) return undefined;
  if (rest.length === 0)
    return top === 'all' ? { kind: 'scenes', scope: { kind: 'all' } } : { kind: 'top', folder: top };
  const last = rest[rest.length - 1] ?? '';
  if (top === 'not-matched') {
    const file = /^file-([1-9]\d{0,9})$/.exec(last);
    return rest.length === 1 && file?.[1] ? { kind: 'file', fileId: Number(file[1]) } : undefined;
  }
  const scene = /^scene-([1-9]\d{0,9})$/.exec(last);
  if (scene?.[1]) {
    const scope = parseScope(top, rest.length === 1 ? undefined : rest[0]);
    if (!scope || rest.length > 2) return undefined;
    return { kind: 'scene', scope, sceneId: Number(scene[1]) };
  }
  if (rest.length !== 1) return undefined;
  const scope = parseScope(top, rest[0]);
  return scope ? { kind: 'scenes', scope } : undefined;
}

/** The parent id of an object (for BrowseMetadata answers). */
export function parentOf(object: DlnaObjectId): string {
  switch (object.kind) {
    case 'root':
      return ROOT_PARENT_ID;
    case 'top':
      return ROOT_ID;
    case 'scenes':
      return object.scope.kind === 'all' ? ROOT_ID : (scopeId(object.scope).split('/')[0] ?? ROOT_ID);
    case 'scene':
      return scopeId(object.scope);
    case 'file':
      return 'not-matched';
  }
}
