import { SCENE_PAGE_SIZE } from '@fovea/contract';
import type { SceneListRequestInput } from '@fovea/contract';

/** The body of POST /api/scene/list for the page of `request` at `offset` (80 scenes a page). */
export function scenePageBody(request: SceneListRequestInput, offset: number): SceneListRequestInput {
  return { ...request, offset, limit: SCENE_PAGE_SIZE };
}
