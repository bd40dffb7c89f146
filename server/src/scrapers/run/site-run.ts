import type { ScrapeRunStatus } from '@fovea/contract';
import { throwIfAborted, wasCancelled } from '../../jobs/job-definition';
import type { Logger } from '../../logging/logger';
import type { SceneFields } from '../definitions/definition.schema';
import type { ScriptFlags } from '../engine/site-scraper';
import { ScrapeBlockedError, ScrapeHttpError } from '../http/scrape-fetcher';
import { RunCounters, runStatus, type RunEnd } from './run-counters';
import type { DefinedSite, FetcherFactory, RunRecords, ScrapeEngines, SiteRows } from './run-ports';
import type { SceneBatcher } from './scene-batcher';

/** Funscript-only updates of known scenes (funscripts.scrapeFunscripts); answers the scenes changed. */
export interface ScriptFlagStore {
  updateScriptFlags(updates: ScriptFlags[]): Promise<number>;
}

export interface SiteRunDeps {
  http: FetcherFactory;
  /** Present when funscripts.scrapeFunscripts is on for this run. */
  scripts?: ScriptFlagStore;
  engines: ScrapeEngines;
  runs: RunRecords;
  sites: SiteRows;
  batcher: SceneBatcher;
  logger: Logger;
}

export interface SiteRunRequest {
  defined: DefinedSite;
  limitScraping: boolean;
  stopAtKnown: boolean;
  known: ReadonlySet<string>;
  signal: AbortSignal;
}

export interface SiteRunReport {
  siteId: string;
  status: Exclude<ScrapeRunStatus, 'running'>;
  counters: RunCounters;
}

/** Script-only updates counted as updated scenes. */
function scriptUpdater(store: ScriptFlagStore, counters: RunCounters) {
  return async (updates: ScriptFlags[]) => {
    counters.scenesUpdated += await store.updateScriptFlags(updates);
  };
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What ended a walk that threw: the breaker, a failed request, or anything else a definition caused. */
function endOf(error: unknown): RunEnd {
  if (error instanceof ScrapeBlockedError) return { kind: 'blocked', message: error.message, url: error.url };
  if (error instanceof ScrapeHttpError) return { kind: 'failed', message: error.message, url: error.url };
  return { kind: 'failed', message: message(error), url: '' };
}

/**
 * One site's run: a fetcher session of its own, the engine's walk, every parsed scene to the shared writer,
 * and the run recorded with its figures whatever happens. A throwing site fails alone; only a shutdown
 * (the signal) is passed on, after the record is written.
 */
export async function runSite(deps: SiteRunDeps, request: SiteRunRequest): Promise<SiteRunReport> {
  const { definition, site, builtin } = request.defined;
  const runId = await deps.runs.start(
    site.id,
    request.limitScraping ? 'limited' : 'full',
    definition.version,
  );
  const counters = new RunCounters(Object.keys(definition.scene.fields) as (keyof SceneFields)[]);
  const fetcher = deps.http.session({ siteId: site.id, http: definition.http, allowPrivate: !builtin });
  let end: RunEnd = { kind: 'finished' };
  try {
    const result = await deps.engines.scrapeSite({
      definition,
      site,
      fetcher,
      isKnown: (url) => request.known.has(url),
      stopAtKnown: request.stopAtKnown,
      limitScraping: request.limitScraping,
      signal: request.signal,
      emit: async (scene) => {
        counters.parsedScene(scene);
        await deps.batcher.add(scene, counters);
      },
      reject: (url, reason) => counters.reject(url, reason),
      ...(deps.scripts ? { scriptUpdates: scriptUpdater(deps.scripts, counters) } : {}),
    });
    counters.scenesSeen = result.scenesSeen;
  } catch (error) {
    end = request.signal.aborted
      ? {
          kind: 'failed',
          message: wasCancelled(request.signal)
            ? 'stopped: cancelled'
            : 'stopped: the server is shutting down',
          url: '',
        }
      : endOf(error);
    counters.scenesSeen = counters.scenesParsed + counters.scenesRejected;
    deps.logger.warn(
      { err: error, site: site.id },
      `${site.name}: ${end.kind === 'blocked' ? 'blocked' : 'failed'}`,
    );
  }
  await deps.batcher.flush();
  if (end.kind !== 'finished') counters.error(end.message, end.url);
  const status = runStatus(end, counters);
  const stats = fetcher.stats();
  await deps.runs.finish(runId, {
    status,
    pagesFetched: stats.pagesFetched,
    scenesSeen: counters.scenesSeen,
    scenesNew: counters.scenesNew,
    scenesUpdated: counters.scenesUpdated,
    scenesRejected: counters.scenesRejected,
    httpStatuses: stats.statuses,
    lastError: counters.lastError,
    lastErrorUrl: counters.lastErrorUrl,
    coverage: counters.coverage(),
  });
  if (status === 'ok' || status === 'partial') await deps.sites.markScraped(site.id, new Date());
  throwIfAborted(request.signal);
  return { siteId: site.id, status, counters };
}
