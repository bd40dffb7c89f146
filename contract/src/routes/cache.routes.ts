import { CacheOptionsUpdate, CacheResetParams } from '../cache.schema';
import { EmptyResponse } from '../common.schema';
import { CacheOptions } from '../options.schema';
import type { RouteSpec } from '../route-spec';

/** Options → Cache: the cache settings and the resets (the figures come with GET /api/options/state). */
export const cacheRoutes = {
  saveCacheOptions: {
    method: 'PUT',
    path: '/api/options/cache',
    body: CacheOptionsUpdate,
    response: CacheOptions,
  },
  cacheReset: {
    method: 'DELETE',
    path: '/api/options/cache/reset/{kind}',
    params: CacheResetParams,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
