import { NumericIdParam } from '../common.schema';
import type { RouteSpec } from '../route-spec';
import { WatchReportBody, WatchReportResponse } from '../watch.schema';

/** Watch sessions the web player reports (Fovea only; the reference infers them from byte ranges). */
export const watchRoutes = {
  sceneWatch: {
    method: 'POST',
    path: '/api/scene/{id}/watch',
    params: NumericIdParam,
    body: WatchReportBody,
    response: WatchReportResponse,
  },
} as const satisfies Record<string, RouteSpec>;
