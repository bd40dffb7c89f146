import type { RouteSpec } from '../route-spec';

/** Storage locations and the rescan task (options-spec §7, xbvr-wire §6, §7). */
export const storageRoutes = {} as const satisfies Record<string, RouteSpec>;
