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
import type { RouteSpec } from './route-spec';
import { actorListRoutes } from './routes/actor-list.routes';
import { actorRoutes } from './routes/actor.routes';
import { alternateSiteRoutes } from './routes/alternate-site.routes';
import { dataTransferRoutes } from './routes/data-transfer.routes';
import { akaRoutes } from './routes/aka.routes';
import { authRoutes } from './routes/auth.routes';
import { cacheRoutes } from './routes/cache.routes';
import { extrefRoutes } from './routes/extref.routes';
import { actorScraperRoutes } from './routes/actor-scraper.routes';
import { fileRoutes } from './routes/file.routes';
import { interfacesRoutes } from './routes/interfaces.routes';
import { jobRoutes } from './routes/job.routes';
import { playlistRoutes } from './routes/playlist.routes';
import { sceneListRoutes } from './routes/scene-list.routes';
import { sceneRoutes } from './routes/scene.routes';
import { customSiteRoutes } from './routes/custom-site.routes';
import { scraperRoutes } from './routes/scraper.routes';
import { sceneImportRoutes } from './routes/scene-import.routes';
import { searchRoutes } from './routes/search.routes';
import { stashdbRoutes } from './routes/stashdb.routes';
import { storageRoutes } from './routes/storage.routes';
import { tagGroupRoutes } from './routes/tag-group.routes';
import { taskScheduleRoutes } from './routes/task-schedule.routes';
import { watchRoutes } from './routes/watch.routes';

/**
 * The route table: every HTTP call the server answers, with its schemas. The server registers its routes
 * with these schemas; the web client's typed fetch helpers read them. Each domain keeps its calls in
 * routes/<domain>.routes.ts.
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
  ...sceneListRoutes,
  ...sceneRoutes,
  ...searchRoutes,
  ...tagGroupRoutes,
  ...akaRoutes,
  ...actorListRoutes,
  ...actorRoutes,
  ...playlistRoutes,
  ...extrefRoutes,
  ...alternateSiteRoutes,
  ...stashdbRoutes,
  ...actorScraperRoutes,
  ...fileRoutes,
  ...storageRoutes,
  ...interfacesRoutes,
  ...scraperRoutes,
  ...sceneImportRoutes,
  ...customSiteRoutes,
  ...dataTransferRoutes,
  ...authRoutes,
  ...cacheRoutes,
  ...taskScheduleRoutes,
  ...jobRoutes,
  ...watchRoutes,
} as const satisfies Record<string, RouteSpec>;

export type { RouteSpec } from './route-spec';

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;
export type RouteResponse<N extends ApiRouteName> = z.infer<ApiRoutes[N]['response']>;
export type RouteBody<N extends ApiRouteName> = ApiRoutes[N] extends { body: z.ZodType }
  ? z.input<ApiRoutes[N]['body']>
  : never;
