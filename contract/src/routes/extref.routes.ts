import { EmptyResponse } from '../common.schema';
import { AlternateSourceList, DeleteExtrefBody, EditLinkBody, ExternalReferenceLink } from '../extref.schema';
import type { RouteSpec } from '../route-spec';
import { SceneLookupParam } from '../scene-request.schema';

/** Alternate sources of a scene and the link-editing calls (library-spec §7, xbvr-wire §2.8 and §8). */
export const extrefRoutes = {
  alternateSources: {
    method: 'GET',
    path: '/api/scene/alternate_source/{id}',
    params: SceneLookupParam,
    response: AlternateSourceList,
  },
  editExtrefLink: {
    method: 'POST',
    path: '/api/extref/edit_link',
    body: EditLinkBody,
    response: ExternalReferenceLink,
  },
  deleteExtref: {
    method: 'DELETE',
    path: '/api/extref/delete_extref',
    body: DeleteExtrefBody,
    response: EmptyResponse,
  },
} as const satisfies Record<string, RouteSpec>;
