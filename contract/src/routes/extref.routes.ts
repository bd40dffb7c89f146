import type { RouteSpec } from '../route-spec';

export const extrefRoutes = {} as const satisfies Record<string, RouteSpec>;
