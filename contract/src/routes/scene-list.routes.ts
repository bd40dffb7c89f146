import type { RouteSpec } from '../route-spec';

export const sceneListRoutes = {} as const satisfies Record<string, RouteSpec>;
