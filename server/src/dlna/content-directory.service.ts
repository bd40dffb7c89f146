import { MAX_LIST_LIMIT, type File, type Scene, type SceneListRequest } from '@fovea/contract';
import { extname } from 'node:path';
import type { Logger } from '../logging/logger';
import { orderFiles } from '../players/file-order';
import { playableSceneRequest } from '../players/playable-request';
import type { DlnaFolderRow, DlnaRepository, DlnaSqlScope } from '../repositories/dlna.repository';
import { contentTypeOf } from '../services/file-stream.service';
import type { OptionsService } from '../services/options.service';
import type { SceneListService } from '../services/scene-list.service';
import type { SceneReader } from '../services/scene-reader.service';
import { didlLite, itemTitle, type DidlItem, type DidlObject, type DidlResource } from './didl';
import {
  fileItemId,
  parentOf,
  parseObjectId,
  ROOT_ID,
  ROOT_PARENT_ID,
  sceneItemId,
  scopeId,
  TOP_FOLDER_TITLES,
  TOP_FOLDERS,
  type DlnaObjectId,
  type SceneScope,
  type TopFolder,
} from './dlna-ids';
import { UpnpError } from './soap';

/** The most objects one Browse answers (RequestedCount 0 means "all", which control points then page). */
export const MAX_BROWSE_PAGE = 500;

export interface BrowseRequest {
  objectId: string;
  flag: 'BrowseMetadata' | 'BrowseDirectChildren';
  start: number;
  /** 0 = as many as allowed. */
  count: number;
  /** `http://<host>:<port>` as the control point reached us: the base of every media and art URL. */
  baseUrl: string;
}

export interface BrowseResult {
  result: string;
  returned: number;
  total: number;
}

export interface ContentDirectoryDeps {
  repo: DlnaRepository;
  /** DeoVR-enabled scene saved searches and the unmatched video files (the players' library). */
  library: {
    deoSections(): Promise<{ id: number; name: string; search_params: string }[]>;
    unmatchedVideoFiles(): Promise<File[]>;
    videoFile(id: number): Promise<File | undefined>;
  };
  sceneList: Pick<SceneListService, 'query'>;
  reader: Pick<SceneReader, 'load'>;
  options: Pick<OptionsService, 'get'>;
  logger: Logger;
}

interface Page {
  start: number;
  count: number;
}

function slice<T>(list: readonly T[], page: Page): T[] {
  return list.slice(page.start, page.start + page.count);
}

/** The saved filters of a saved search forced to playable scenes, one page; undefined when they do not read. */
function savedRequest(searchParams: string, page: Page): SceneListRequest | undefined {
  return playableSceneRequest(searchParams, page.start, Math.max(1, Math.min(MAX_LIST_LIMIT, page.count)));
}

/**
 * ContentDirectory:1 Browse over the library (object ids in dlna-ids.ts). BrowseDirectChildren pages with
 * StartingIndex and RequestedCount and answers TotalMatches; BrowseMetadata describes one object.
 */
export class ContentDirectoryService {
  constructor(private readonly deps: ContentDirectoryDeps) {}

  async browse(request: BrowseRequest): Promise<BrowseResult> {
    const object = parseObjectId(request.objectId);
    if (!object) throw new UpnpError(701, `No such object: ${request.objectId}`);
    if (request.flag === 'BrowseMetadata') {
      const metadata = await this.metadata(object, request);
      if (!metadata) throw new UpnpError(701, `No such object: ${request.objectId}`);
      return { result: didlLite([metadata]), returned: 1, total: 1 };
    }
    if (object.kind === 'scene' || object.kind === 'file') {
      throw new UpnpError(710, `${request.objectId} is an item, not a container`);
    }
    const page = { start: request.start, count: Math.min(request.count || MAX_BROWSE_PAGE, MAX_BROWSE_PAGE) };
    const { objects, total } = await this.children(object, page, request.baseUrl);
    return { result: didlLite(objects), returned: objects.length, total };
  }

  private async children(
    object: Exclude<DlnaObjectId, { kind: 'scene' } | { kind: 'file' }>,
    page: Page,
    baseUrl: string,
  ): Promise<{ objects: DidlObject[]; total: number }> {
    if (object.kind === 'root') {
      const tops = await Promise.all(TOP_FOLDERS.map((folder) => this.topContainer(folder)));
      return { objects: slice(tops, page), total: tops.length };
    }
    if (object.kind === 'top') {
      if (object.folder === 'all')
        return this.children({ kind: 'scenes', scope: { kind: 'all' } }, page, baseUrl);
      if (object.folder === 'not-matched') {
        const files = await this.deps.library.unmatchedVideoFiles();
        const objects = slice(files, page).map((file): DidlObject => ({
          type: 'item',
          ...this.fileItem(file, baseUrl),
        }));
        return { objects, total: files.length };
      }
      const folders = await this.folders(object.folder);
      const objects = slice(folders, page).map((row): DidlObject => ({
        type: 'container',
        id: `${object.folder}/${object.folder === 'sites' ? encodeURIComponent(row.key) : row.key}`,
        parentId: object.folder,
        title: row.title,
        childCount: row.count,
      }));
      return { objects, total: folders.length };
    }
    const { ids, total } = await this.sceneIds(object.scope, page);
    const items = await this.sceneItems(object.scope, ids, baseUrl);
    return { objects: items.map((item): DidlObject => ({ type: 'item', ...item })), total };
  }

  private async metadata(object: DlnaObjectId, request: BrowseRequest): Promise<DidlObject | undefined> {
    switch (object.kind) {
      case 'root':
        return {
          type: 'container',
          id: ROOT_ID,
          parentId: ROOT_PARENT_ID,
          title: this.deps.options.get().interfaces.dlna.serviceName,
          childCount: TOP_FOLDERS.length,
        };
      case 'top':
        return this.topContainer(object.folder);
      case 'scenes': {
        if (object.scope.kind === 'all') return this.topContainer('all');
        const title = await this.scopeTitle(object.scope);
        if (title === undefined) return undefined;
        const { total } = await this.sceneIds(object.scope, { start: 0, count: 1 });
        return {
          type: 'container',
          id: scopeId(object.scope),
          parentId: parentOf(object),
          title,
          childCount: total,
        };
      }
      case 'scene': {
        if (!(await this.contains(object.scope, object.sceneId))) return undefined;
        const [item] = await this.sceneItems(object.scope, [object.sceneId], request.baseUrl);
        return item ? { type: 'item', ...item } : undefined;
      }
      case 'file': {
        const file = await this.deps.library.videoFile(object.fileId);
        if (!file || file.scene_id !== 0) return undefined;
        return { type: 'item', ...this.fileItem(file, request.baseUrl) };
      }
    }
  }

  private async topContainer(folder: TopFolder): Promise<DidlObject> {
    let childCount: number;
    if (folder === 'all') childCount = await this.deps.repo.countScenes({ kind: 'all' });
    else if (folder === 'not-matched') childCount = (await this.deps.library.unmatchedVideoFiles()).length;
    else childCount = (await this.folders(folder)).length;
    return { type: 'container', id: folder, parentId: ROOT_ID, title: TOP_FOLDER_TITLES[folder], childCount };
  }

  private async folders(folder: Exclude<TopFolder, 'all' | 'not-matched'>): Promise<DlnaFolderRow[]> {
    switch (folder) {
      case 'saved-searches': {
        const sections = await this.deps.library.deoSections();
        const rows: DlnaFolderRow[] = [];
        for (const section of sections) {
          const request = savedRequest(section.search_params, { start: 0, count: 1 });
          const count = request ? (await this.deps.sceneList.query(request)).results : 0;
          rows.push({ key: String(section.id), title: section.name, count });
        }
        return rows;
      }
      case 'actors':
        return this.deps.repo.actorFolders();
      case 'tags':
        return this.deps.repo.tagFolders();
      case 'sites':
        return this.deps.repo.siteFolders();
      case 'released':
        return this.deps.repo.monthFolders();
    }
  }

  private async scopeTitle(scope: Exclude<SceneScope, { kind: 'all' }>): Promise<string | undefined> {
    if (scope.kind === 'site' || scope.kind === 'month') {
      const rows = await this.folders(scope.kind === 'site' ? 'sites' : 'released');
      const key = scope.kind === 'site' ? scope.site : scope.month;
      return rows.find((row) => row.key === key)?.title;
    }
    const folder = scope.kind === 'saved' ? 'saved-searches' : scope.kind === 'actor' ? 'actors' : 'tags';
    const key = String(
      scope.kind === 'saved' ? scope.playlistId : scope.kind === 'actor' ? scope.actorId : scope.tagId,
    );
    if (scope.kind === 'saved') {
      return (await this.deps.library.deoSections()).find((row) => String(row.id) === key)?.name;
    }
    return (await this.folders(folder)).find((row) => row.key === key)?.title;
  }

  private async sceneIds(scope: SceneScope, page: Page): Promise<{ ids: number[]; total: number }> {
    if (scope.kind !== 'saved') {
      const sqlScope: DlnaSqlScope = scope;
      const [total, ids] = await Promise.all([
        this.deps.repo.countScenes(sqlScope),
        this.deps.repo.sceneIds(sqlScope, page.start, page.count),
      ]);
      return { ids, total };
    }
    const section = (await this.deps.library.deoSections()).find((row) => row.id === scope.playlistId);
    if (!section) throw new UpnpError(701, `No such object: ${scopeId(scope)}`);
    const request = savedRequest(section.search_params, page);
    if (!request) {
      this.deps.logger.warn(
        { playlist: section.id },
        `saved search "${section.name}" has unreadable filters`,
      );
      return { ids: [], total: 0 };
    }
    const answer = await this.deps.sceneList.query(request);
    return { ids: answer.ids.slice(0, page.count), total: answer.results };
  }

  private async contains(scope: SceneScope, sceneId: number): Promise<boolean> {
    if (scope.kind !== 'saved') return this.deps.repo.inScope(scope, sceneId);
    const section = (await this.deps.library.deoSections()).find((row) => row.id === scope.playlistId);
    const request = section
      ? savedRequest(section.search_params, { start: 0, count: MAX_LIST_LIMIT })
      : undefined;
    if (!request) return false;
    // Saved searches are a few hundred scenes at most in practice; walk them a page at a time.
    for (let offset = 0; ; offset += MAX_LIST_LIMIT) {
      const answer = await this.deps.sceneList.query({ ...request, offset });
      if (answer.ids.includes(sceneId)) return true;
      if (answer.ids.length === 0 || offset + MAX_LIST_LIMIT >= answer.results) return false;
    }
  }

  private async sceneItems(scope: SceneScope, ids: readonly number[], baseUrl: string): Promise<DidlItem[]> {
    if (ids.length === 0) return [];
    const sequence = this.deps.options.get().interfaces.players.video_sort_seq;
    const scenes = await this.deps.reader.load([...ids]);
    const byId = new Map(scenes.map((scene) => [scene.id, scene]));
    const items: DidlItem[] = [];
    for (const id of ids) {
      const scene = byId.get(id);
      if (!scene) continue;
      const videos = orderFiles(
        scene.file.filter((file) => file.type === 'video'),
        sequence,
        'video',
      );
      const first = videos[0];
      if (!first) continue;
      items.push(this.sceneItem(scope, scene, videos, first, baseUrl));
    }
    return items;
  }

  private sceneItem(scope: SceneScope, scene: Scene, videos: File[], first: File, baseUrl: string): DidlItem {
    const cast = scene.cast.map((actor) => actor.name);
    return {
      id: sceneItemId(scope, scene.id),
      parentId: scopeId(scope),
      title: itemTitle({
        title: scene.title || scene.scene_id,
        cast,
        projection: first.projection,
        extension: extname(first.filename).toLowerCase(),
      }),
      date: scene.release_date ? scene.release_date.slice(0, 10) : null,
      artists: cast,
      // Every scene item has a video: without a usable cover its art is a frame of that video.
      albumArtUrl: `${baseUrl}/art/${scene.id}.jpg`,
      resources: videos.map((file) => resource(file, baseUrl)),
    };
  }

  private fileItem(file: File, baseUrl: string): DidlItem {
    const extension = extname(file.filename);
    return {
      id: fileItemId(file.id),
      parentId: 'not-matched',
      title: itemTitle({
        title: file.filename.slice(0, file.filename.length - extension.length),
        cast: [],
        projection: file.projection,
        extension: extension.toLowerCase(),
      }),
      artists: [],
      resources: [resource(file, baseUrl)],
    };
  }
}

function resource(file: File, baseUrl: string): DidlResource {
  const extension = extname(file.filename).toLowerCase();
  return {
    url: `${baseUrl}/media/${file.id}${/^\.[a-z0-9]{1,5}$/.test(extension) ? extension : ''}`,
    mime: contentTypeOf(file.filename),
    size: file.size,
    duration: file.duration,
    width: file.video_width,
    height: file.video_height,
    bitrate: file.video_bitrate,
  };
}
