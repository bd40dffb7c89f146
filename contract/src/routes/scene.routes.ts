import type { RouteSpec } from '../route-spec';

export const sceneRoutes = {} as const satisfies Record<string, RouteSpec>;
