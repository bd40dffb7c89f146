import { EmptyResponse, NumericIdParam } from '../common.schema';
import type { RouteSpec } from '../route-spec';
import {
  StorageAddBody,
  StorageGoneBody,
  StorageGoneResponse,
  StorageResponse,
  StorageUpdateBody,
  StorageUpdateResponse,
} from '../storage.schema';

/** Storage locations and the rescan task (options-spec §7, xbvr-wire §6, §7). */
export const storageRoutes = {
  storage: {
    method: 'GET',
    path: '/api/options/storage',
    response: StorageResponse,
  },
  storageUpdate: {
    method: 'PUT',
    path: '/api/options/storage',
    body: StorageUpdateBody,
    response: StorageUpdateResponse,
  },
  storageAdd: {
    method: 'POST',
    path: '/api/options/storage',
    body: StorageAddBody,
    response: EmptyResponse,
  },
  storageDelete: {
    method: 'DELETE',
    path: '/api/options/storage/{id}',
    params: NumericIdParam,
    response: EmptyResponse,
  },
  storageConfirmGone: {
    method: 'POST',
    path: '/api/options/storage/{id}/confirm-gone',
    params: NumericIdParam,
    body: StorageGoneBody,
    response: StorageGoneResponse,
  },
  storageKeepGone: {
    method: 'POST',
    path: '/api/options/storage/{id}/keep-gone',
    params: NumericIdParam,
    body: StorageGoneBody,
    response: StorageGoneResponse,
  },
  rescanAll: {
    method: 'GET',
    path: '/api/task/rescan',
    response: EmptyResponse,
  },
  rescanVolume: {
    method: 'GET',
    path: '/api/task/rescan/{id}',
    params: NumericIdParam,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
