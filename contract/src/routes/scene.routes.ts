import { EmptyResponse, NumericIdParam } from '../common.schema';
import { CuepointBody, CuepointDeleteParams, CuepointVocabulary } from '../cuepoint.schema';
import { RateBody } from '../fields.schema';
import type { RouteSpec } from '../route-spec';
import {
  SceneCreateBody,
  SceneDeleteBody,
  SceneEditBody,
  SceneLookupParam,
  SceneToggleBody,
  SelectScriptBody,
} from '../scene-request.schema';
import { Scene } from '../scene.schema';

/**
 * The calls on one scene (library-spec §7, xbvr-wire §2.5 and §2.9-§2.15) and the cuepoint vocabulary. The
 * list, filters, search, search fields and alternate sources live in their own tables.
 */
export const sceneRoutes = {
  sceneGet: {
    method: 'GET',
    path: '/api/scene/{id}',
    params: SceneLookupParam,
    response: Scene,
  },
  sceneToggle: {
    method: 'POST',
    path: '/api/scene/toggle',
    body: SceneToggleBody,
    response: EmptyResponse,
  },
  sceneRate: {
    method: 'POST',
    path: '/api/scene/rate/{id}',
    params: NumericIdParam,
    body: RateBody,
    response: Scene,
  },
  sceneEdit: {
    method: 'POST',
    path: '/api/scene/edit/{id}',
    params: NumericIdParam,
    body: SceneEditBody,
    response: Scene,
  },
  sceneDelete: {
    method: 'POST',
    path: '/api/scene/delete',
    body: SceneDeleteBody,
    response: Scene,
  },
  sceneCreate: {
    method: 'POST',
    path: '/api/scene/create',
    body: SceneCreateBody,
    response: Scene,
  },
  sceneCuepointAdd: {
    method: 'POST',
    path: '/api/scene/{id}/cuepoint',
    params: NumericIdParam,
    body: CuepointBody,
    response: Scene,
  },
  sceneCuepointDelete: {
    method: 'DELETE',
    path: '/api/scene/{id}/cuepoint/{cuepointId}',
    params: CuepointDeleteParams,
    response: Scene,
  },
  sceneSelectScript: {
    method: 'POST',
    path: '/api/scene/selectscript/{id}',
    params: NumericIdParam,
    body: SelectScriptBody,
    response: Scene,
  },
  cuepointOptions: {
    method: 'GET',
    path: '/api/options/cuepoints',
    response: CuepointVocabulary,
  },
} as const satisfies Record<string, RouteSpec>;
