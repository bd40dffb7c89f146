import type { RouteSpec } from '../route-spec';

export const tagGroupRoutes = {} as const satisfies Record<string, RouteSpec>;
