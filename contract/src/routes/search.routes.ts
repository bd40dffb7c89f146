import type { RouteSpec } from '../route-spec';

export const searchRoutes = {} as const satisfies Record<string, RouteSpec>;
