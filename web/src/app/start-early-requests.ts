import { apiRoutes } from '@fovea/contract';
import type { AuthStatusResponse } from '@fovea/contract';
import {
  adoptPageEarlyRequests,
  isEarlyRequestStarted,
  peekEarlyResponse,
  startEarlyRequest,
} from '../api/early-responses';
import { scenePageBody } from '../api/scene-page-body';
import {
  SCENE_FILTER_PARAM,
  parseSceneFilterQuery,
  sceneListRequest,
} from '../features/scenes/scene-filter-model';

/**
 * Whether the library's calls may go out early, from the login status already asked for: no login is set, or
 * this browser has a session. Anything else (no session, an error) keeps them back, so a browser without a
 * session sends nothing but the status.
 */
function loginAllows(): Promise<boolean> {
  const copy = peekEarlyResponse('GET', apiRoutes.authStatus.path);
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
 * taken over, and neither asked nor the status read again.
 */
function startFirstScreenRequests(): void {
  const route = window.location.hash.replace(/^#/, '') || '/';
  const queryAt = route.indexOf('?');
  const path = queryAt === -1 ? route : route.slice(0, queryAt);
  if (path !== '/') return;
  const search = new URLSearchParams(queryAt === -1 ? '' : route.slice(queryAt + 1));
  const filters = parseSceneFilterQuery(search.get(SCENE_FILTER_PARAM));
  let allowed: Promise<boolean> | undefined;
  const start = (method: 'GET' | 'POST', url: string, body?: string) => {
    if (!isEarlyRequestStarted(method, url, body))
      startEarlyRequest(method, url, body, (allowed ??= loginAllows()));
  };
  start('GET', apiRoutes.optionsState.path);
  start('POST', apiRoutes.sceneList.path, JSON.stringify(scenePageBody(sceneListRequest(filters), 0)));
}

adoptPageEarlyRequests();
// The app's first call, on every route (the inline script has usually asked already).
startEarlyRequest('GET', apiRoutes.authStatus.path);
startFirstScreenRequests();
