import type { RouteSpec } from '../route-spec';

export const playlistRoutes = {} as const satisfies Record<string, RouteSpec>;
