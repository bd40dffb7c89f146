import type { z } from 'zod';
import { EmptyResponse } from './common.schema';
import {
  AdvancedOptions,
  AdvancedOptionsUpdate,
  OptionsStateResponse,
  WebOptions,
  WebOptionsUpdate,
} from './options.schema';
import { LibrarySummary } from './library.schema';
import { VersionCheckResponse } from './version.schema';

/**
 * The route table: every HTTP call the server answers, with its schemas. The server registers its routes
 * with these schemas; the web client's typed fetch helpers read them. Later issues add their routes here.
 */
export const apiRoutes = {
  versionCheck: {
    method: 'GET',
    path: '/api/options/version-check',
    response: VersionCheckResponse,
  },
  optionsState: {
    method: 'GET',
    path: '/api/options/state',
    response: OptionsStateResponse,
  },
  saveWebOptions: {
    method: 'PUT',
    path: '/api/options/interface/web',
    body: WebOptionsUpdate,
    response: WebOptions,
  },
  saveAdvancedOptions: {
    method: 'PUT',
    path: '/api/options/interface/advanced',
    body: AdvancedOptionsUpdate,
    response: AdvancedOptions,
  },
  librarySummary: {
    method: 'GET',
    path: '/api/library/summary',
    response: LibrarySummary,
  },
  sceneRefresh: {
    method: 'GET',
    path: '/api/task/scene-refresh',
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
}

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
export type RouteResponse<N extends ApiRouteName> = z.infer<ApiRoutes[N]['response']>;
export type RouteBody<N extends ApiRouteName> = ApiRoutes[N] extends { body: z.ZodType }
  ? z.input<ApiRoutes[N]['body']>
  : never;
