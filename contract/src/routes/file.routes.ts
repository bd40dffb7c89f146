import type { RouteSpec } from '../route-spec';

/** Files on disk (library-spec §7, xbvr-wire §5). */
export const fileRoutes = {} as const satisfies Record<string, RouteSpec>;
