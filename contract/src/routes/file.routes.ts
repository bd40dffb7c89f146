import { EmptyResponse, NumericIdParam } from '../common.schema';
import {
  FileListRequest,
  FileListResponse,
  FileMatchBody,
  FilePageRequest,
  FilePageResponse,
  FileUnmatchBody,
  File,
} from '../file.schema';
import type { RouteSpec } from '../route-spec';
import { Scene } from '../scene.schema';

/** Files on disk (library-spec §7, xbvr-wire §5). */
export const fileRoutes = {
  filesList: {
    method: 'POST',
    path: '/api/files/list',
    body: FileListRequest,
    response: FileListResponse,
  },
  filesPage: {
    method: 'POST',
    path: '/api/files/page',
    body: FilePageRequest,
    response: FilePageResponse,
  },
  fileGet: {
    method: 'GET',
    path: '/api/files/file/{id}',
    params: NumericIdParam,
    response: File,
  },
  fileMatch: {
    method: 'POST',
    path: '/api/files/match',
    body: FileMatchBody,
    response: EmptyResponse,
  },
  fileUnmatch: {
    method: 'POST',
    path: '/api/files/unmatch',
    body: FileUnmatchBody,
    response: Scene,
  },
  fileDelete: {
    method: 'DELETE',
    path: '/api/files/file/{id}',
    params: NumericIdParam,
    response: Scene,
  },
} as const satisfies Record<string, RouteSpec>;
