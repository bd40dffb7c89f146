import type { RouteSpec } from '../route-spec';

export const akaRoutes = {} as const satisfies Record<string, RouteSpec>;
