import { EmptyResponse } from '../common.schema';
import { DeovrOptionsBody, DeovrOptionsFlat } from '../deovr-options.schema';
import { DlnaOptionsBody, DlnaOptionsResponse } from '../dlna.schema';
import { FunscriptCountResponse, FunscriptOptionsBody } from '../funscript.schema';
import { PreviewSettingsBody, PreviewSettingsResponse, PreviewTestResponse } from '../preview.schema';
import type { RouteSpec } from '../route-spec';

/**
 * The player, DLNA, preview and funscript option calls and their tasks (options-spec §7, xbvr-wire §1.5–1.9).
 * The funscript zips (GET /api/task/funscript/export-all and /export-new) and the media under /api/dms, /deovr
 * and /heresphere are not JSON calls of this table.
 */
export const interfacesRoutes = {
  saveDeovrOptions: {
    method: 'PUT',
    path: '/api/options/interface/deovr',
    body: DeovrOptionsBody,
    response: DeovrOptionsFlat,
  },
  saveDlnaOptions: {
    method: 'PUT',
    path: '/api/options/interface/dlna',
    body: DlnaOptionsBody,
    response: DlnaOptionsResponse,
  },
  saveFunscriptOptions: {
    method: 'PUT',
    path: '/api/options/funscripts',
    body: FunscriptOptionsBody,
    response: FunscriptOptionsBody,
  },
  funscriptCount: {
    method: 'GET',
    path: '/api/options/funscripts/count',
    response: FunscriptCountResponse,
  },
  savePreviewOptions: {
    method: 'PUT',
    path: '/api/options/previews',
    body: PreviewSettingsBody,
    response: PreviewSettingsResponse,
  },
  testPreview: {
    method: 'POST',
    path: '/api/options/previews/test',
    body: PreviewSettingsBody,
    response: PreviewTestResponse,
  },
  generatePreviews: {
    method: 'GET',
    path: '/api/task/preview/generate',
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
