import { apiRoutes } from '@fovea/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * The calls the first screen makes: the options state with its cache sizes, the default list, the update check
 * (its first outbound request also loads Node's fetch, a few hundred milliseconds on a slow machine), the saved
 * searches, the library summary and the filter choices.
 */
const FIRST_SCREEN_CALLS: readonly InjectOptions[] = [
  { method: 'GET', url: apiRoutes.optionsState.path },
  { method: 'POST', url: apiRoutes.sceneList.path, payload: { offset: 0, limit: 80 } },
  { method: 'GET', url: apiRoutes.versionCheck.path },
  { method: 'GET', url: apiRoutes.playlists.path },
  { method: 'GET', url: apiRoutes.librarySummary.path },
  { method: 'GET', url: apiRoutes.sceneFilters.path },
];

/** The files index.html loads at once (its module scripts, preloads and style sheets). */
export function assetsOfIndex(html: string): string[] {
  const urls = [...html.matchAll(/(?:src|href)="(\/ui\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  return [...new Set(urls.filter((url) => url !== ''))];
}

/**
 * Runs, through the HTTP layer, what the first visit asks for: the web UI's page and the files it loads, then
 * the first screen's calls. The first visit after a start then pays neither for cold caches nor for the first
 * run of the request, file-serving and serialisation code. Every call is made even when one fails; then it
 * throws with the failures. Returns how long it took (ms).
 */
export async function warmUp(http: FastifyInstance): Promise<number> {
  const started = performance.now();
  const failures: string[] = [];
  const call = async (options: InjectOptions): Promise<string> => {
    const answer = await http.inject(options);
    if (answer.statusCode >= 400) failures.push(`${String(options.url)} answered ${answer.statusCode}`);
    return answer.body;
  };
  const page = await call({ method: 'GET', url: '/ui/' });
  if (failures.length === 0) {
    for (const url of assetsOfIndex(page)) await call({ method: 'GET', url });
  }
  for (const options of FIRST_SCREEN_CALLS) await call(options);
  if (failures.length > 0) throw new Error(failures.join('; '));
  return Math.round(performance.now() - started);
}
