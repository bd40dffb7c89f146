import { apiRoutes } from '@fovea/contract';
import { startEarlyRequest } from '../api/early-responses';
import { scenePageBody } from '../api/scene-page-body';
import {
  SCENE_FILTER_PARAM,
  parseSceneFilterQuery,
  sceneListRequest,
} from '../features/scenes/scene-filter-model';

/**
 * Imported first by main.tsx: when the app opens on the scenes route, asks at once for what the first screen
 * shows (the options state and the first page of the list in the address's filters), so the answers are on
 * their way while the rest of the app loads and renders (issue 5: the first page within 1.5 s).
 */
function startFirstScreenRequests(): void {
  const route = window.location.hash.replace(/^#/, '') || '/';
  const queryAt = route.indexOf('?');
  const path = queryAt === -1 ? route : route.slice(0, queryAt);
  if (path !== '/') return;
  const search = new URLSearchParams(queryAt === -1 ? '' : route.slice(queryAt + 1));
  const filters = parseSceneFilterQuery(search.get(SCENE_FILTER_PARAM));
  startEarlyRequest('GET', apiRoutes.optionsState.path);
  startEarlyRequest(
    'POST',
    apiRoutes.sceneList.path,
    JSON.stringify(scenePageBody(sceneListRequest(filters), 0)),
  );
}

startFirstScreenRequests();
