import { CacheOptionsUpdate } from '../cache.schema';
import { CacheOptions } from '../options.schema';
import type { RouteSpec } from '../route-spec';

/** Options → Cache: the cache settings (the figures come with GET /api/options/state). */
export const cacheRoutes = {
  saveCacheOptions: {
    method: 'PUT',
    path: '/api/options/cache',
    body: CacheOptionsUpdate,
    response: CacheOptions,
  },
} as const satisfies Record<string, RouteSpec>;
