import { apiRoutes } from '@fovea/contract';
import type { AuthStatusResponse } from '@fovea/contract';
import { adoptPageEarlyRequests, peekEarlyResponse, startEarlyRequest } from '../api/early-responses';
import { scenePageBody } from '../api/scene-page-body';
import {
  SCENE_FILTER_PARAM,
  parseSceneFilterQuery,
  sceneListRequest,
} from '../features/scenes/scene-filter-model';

/**
 * Asks at once whether a login is needed (the app's first call, on every route). Resolves to whether the
 * library's calls may go out early: no login is set, or this browser has a session. Anything else (no session,
 * an error) keeps them back, so a browser without a session sends nothing but this.
 */
function startAuthStatus(): Promise<boolean> {
  const path = apiRoutes.authStatus.path;
  startEarlyRequest('GET', path);
  const copy = peekEarlyResponse('GET', path);
  if (copy === undefined) return Promise.resolve(false);
  return copy.then(
    async (response) => {
      if (!response.ok) return false;
      const status = (await response.json()) as AuthStatusResponse;
      return !status.loginRequired || status.loggedIn;
    },
    () => false,
  );
}

/**
 * Imported first by main.tsx: when the app opens on the scenes route, asks for what the first screen shows (the
 * options state and the first page of the list in the address's filters) as soon as the login status allows,
 * so the answers are on their way while the rest of the app loads and renders (issues 5 and 20: the first page
 * within 1 s). On the bare route the page's inline script has asked already (web/index.html); those calls are
 * taken over and not asked twice.
 */
function startFirstScreenRequests(allowed: Promise<boolean>): void {
  const route = window.location.hash.replace(/^#/, '') || '/';
  const queryAt = route.indexOf('?');
  const path = queryAt === -1 ? route : route.slice(0, queryAt);
  if (path !== '/') return;
  const search = new URLSearchParams(queryAt === -1 ? '' : route.slice(queryAt + 1));
  const filters = parseSceneFilterQuery(search.get(SCENE_FILTER_PARAM));
  startEarlyRequest('GET', apiRoutes.optionsState.path, undefined, allowed);
  startEarlyRequest(
    'POST',
    apiRoutes.sceneList.path,
    JSON.stringify(scenePageBody(sceneListRequest(filters), 0)),
    allowed,
  );
}

adoptPageEarlyRequests();
startFirstScreenRequests(startAuthStatus());
