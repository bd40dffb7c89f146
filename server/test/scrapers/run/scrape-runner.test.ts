import type { ScrapeRunStatus, Site } from '@fovea/contract';
import { ZERO_TIME } from '@fovea/contract';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Progress } from '../../../src/jobs/progress';
import type { Logger } from '../../../src/logging/logger';
import { ScraperDefinition } from '../../../src/scrapers/definitions/definition.schema';
import type { SceneUrlInput, ScriptFlags, SiteScrapeInput } from '../../../src/scrapers/engine/site-scraper';
import { ScrapeBlockedError, type ScrapeFetcher } from '../../../src/scrapers/http/scrape-fetcher';
import type { DefinedSite, RunResult, SceneStore } from '../../../src/scrapers/run/run-ports';
import { ScrapeRunner, selectSites } from '../../../src/scrapers/run/scrape-runner';
import { emptyScrapedScene, type ScrapedScene } from '../../../src/scrapers/scraped-scene';

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

function definition(id: string): ScraperDefinition {
  return ScraperDefinition.parse({
    id,
    version: 3,
    engine: 'html',
    sites: [{ id, name: id.toUpperCase(), studio: 'Studio', domain: `${id}.example` }],
    listing: {
      urls: [`https://${id}.example/videos?page={page}`],
      item: 'div.card',
      link: { sel: 'a', attr: 'href' },
    },
    scene: {
      fields: { title: { sel: 'h1' }, released: { sel: 'time' } },
      scene_id: `${id}-{site_id}`,
    },
  });
}

function defined(id: string): DefinedSite {
  const def = definition(id);
  return { definition: def, site: must(def.sites[0]), builtin: true };
}

function siteRow(id: string, patch: Partial<Site> = {}): Site {
  return {
    id,
    name: id.toUpperCase(),
    avatar_url: '',
    is_builtin: true,
    is_enabled: true,
    last_update: ZERO_TIME,
    subscribed: false,
    has_scraper: true,
    limit_scraping: false,
    master_site_id: '',
    matching_params: '{}',
    scrape_stash: false,
    scene_count: 0,
    ...patch,
  };
}

function scene(site: string, n: number, patch: Partial<ScrapedScene> = {}): ScrapedScene {
  return {
    ...emptyScrapedScene(site),
    sceneId: `${site}-${n}`,
    siteId: String(n),
    title: `Scene ${n}`,
    released: '2024-05-01',
    homepageUrl: `https://${site}.example/video/${n}`,
    ...patch,
  };
}

/** Engines scripted per site: scenes to emit, rejects, or an error to throw after emitting. */
interface Script {
  scenes?: ScrapedScene[];
  rejects?: string[];
  seen?: number;
  throwAfter?: Error;
  /** Known scenes whose listing entries show scripts (handed over when the run asks for them). */
  scripted?: ScriptFlags[];
}

function harness(
  scripts: Record<string, Script>,
  options: { failWrites?: Set<string>; flagged?: ScrapedScene[]; scrapeFunscripts?: boolean } = {},
) {
  const scriptWrites: ScriptFlags[][] = [];
  const stored = new Map<string, ScrapedScene>();
  const runs: { id: number; site: string; kind: string; result?: RunResult }[] = [];
  const marked: string[] = [];
  const inputs: SiteScrapeInput[] = [];
  const rescraped: string[] = [];
  const needsUpdate = new Map((options.flagged ?? []).map((s) => [s.sceneId, s]));
  const store: SceneStore = {
    async writeBatch(scenes) {
      const bad = scenes.find((s) => options.failWrites?.has(s.sceneId));
      if (bad) throw new Error(`cannot store ${bad.sceneId}`);
      const created: string[] = [];
      const updated: string[] = [];
      for (const s of scenes) {
        (stored.has(s.sceneId) ? updated : created).push(s.sceneId);
        stored.set(s.sceneId, s);
        needsUpdate.delete(s.sceneId);
      }
      return { created, updated, unchanged: [] };
    },
    knownSceneUrls: async () => new Set(['https://known.example/video/1']),
    scenesNeedingUpdate: async () =>
      [...needsUpdate.values()].map((s) => ({
        sceneId: s.sceneId,
        scraperId: s.scraperId,
        sceneUrl: s.homepageUrl,
      })),
  };
  const fetcher: ScrapeFetcher = {
    fetch: () => Promise.reject(new Error('not used')),
    stats: () => ({ pagesFetched: 2, statuses: { '200': 2 } }),
  };
  const lines: { msg: string; task?: string; scraperID?: string; started?: boolean; completed?: boolean }[] =
    [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line)) },
  ) as unknown as Logger;
  const sites = Object.keys(scripts).map((id) => siteRow(id));
  const runner = new ScrapeRunner({
    registry: {
      site: (id) => (id in scripts ? defined(id) : undefined),
      routeUrl: () => null,
    },
    sites: { list: async () => sites, markScraped: async (id) => void marked.push(id) },
    runs: {
      start: async (site, kind) => {
        runs.push({ id: runs.length + 1, site, kind });
        return runs.length;
      },
      finish: async (id, result) => {
        must(runs[id - 1]).result = result;
      },
      lastStatuses: async () => new Map<string, ScrapeRunStatus>(),
    },
    store,
    files: { matchUnmatched: async () => ({ matched: 3 }) },
    http: { session: () => fetcher },
    engines: {
      async scrapeSite(input) {
        inputs.push(input);
        const script = must(scripts[input.site.id]);
        for (const s of script.scenes ?? []) await input.emit(s);
        for (const url of script.rejects ?? []) input.reject(url, 'no title');
        if (script.scripted && input.scriptUpdates) await input.scriptUpdates(script.scripted);
        if (script.throwAfter) throw script.throwAfter;
        return {
          scenesSeen: script.seen ?? (script.scenes?.length ?? 0) + (script.rejects?.length ?? 0),
          listingPages: 1,
          stoppedAtKnown: false,
        };
      },
      async scrapeSceneUrl(input: SceneUrlInput) {
        rescraped.push(input.url);
        const flagged = must([...(options.flagged ?? [])].find((s) => s.homepageUrl === input.url));
        return { ...flagged, title: `${flagged.title} (fresh)` };
      },
    },
    rescrapeDelayMs: 0,
    scripts: {
      enabled: () => options.scrapeFunscripts === true,
      updateScriptFlags: async (updates) => {
        scriptWrites.push(updates);
        return updates.length;
      },
    },
  });
  const progress = new Progress(
    { id: 1, name: 'scrape', task: 'scrape' },
    { publish: () => undefined, persist: async () => undefined },
    logger,
    { publishEveryMs: 0, persistEveryMs: 1_000_000, logEveryMs: 1_000_000 },
  );
  const run = (selector = '_enabled') => runner.run(selector, progress, logger, new AbortController().signal);
  const statusOf = (site: string) => runs.find((r) => r.site === site)?.result?.status;
  const result = (site: string) => must(runs.find((r) => r.site === site)?.result);
  return { run, stored, runs, marked, inputs, lines, rescraped, statusOf, result, scriptWrites };
}

describe('the scrape runner', () => {
  it('stores every site’s scenes and records each run as ok with its figures', async () => {
    const h = harness({
      alpha: { scenes: [scene('alpha', 1), scene('alpha', 2)] },
      beta: { scenes: [scene('beta', 7)] },
    });
    await h.run();
    expect([...h.stored.keys()].sort()).toEqual(['alpha-1', 'alpha-2', 'beta-7']);
    expect(h.statusOf('alpha')).toBe('ok');
    const alpha = h.result('alpha');
    expect(alpha).toMatchObject({ scenesSeen: 2, scenesNew: 2, pagesFetched: 2, httpStatuses: { '200': 2 } });
    expect(h.marked.sort()).toEqual(['alpha', 'beta']);
  });

  it('fails a throwing site alone, and records a blocked one as blocked', async () => {
    const h = harness({
      alpha: { scenes: [scene('alpha', 1)] },
      broken: { throwAfter: new TypeError('selector exploded') },
      walled: {
        throwAfter: new ScrapeBlockedError('3 answers 403 in a row', 'https://walled.example/videos?page=1'),
      },
    });
    await h.run();
    expect(h.statusOf('alpha')).toBe('ok');
    expect(h.statusOf('broken')).toBe('failed');
    expect(h.result('broken').lastError).toBe('selector exploded');
    expect(h.statusOf('walled')).toBe('blocked');
    expect(h.result('walled').lastErrorUrl).toBe('https://walled.example/videos?page=1');
    expect(h.marked).toEqual(['alpha']);
  });

  it('calls a walk that found no scene zero_results, never ok, and a walk whose every scene was rejected failed', async () => {
    const h = harness({ empty: { seen: 0 }, rejected: { rejects: ['https://rejected.example/video/1'] } });
    await h.run();
    expect(h.statusOf('empty')).toBe('zero_results');
    expect(h.statusOf('rejected')).toBe('failed');
    expect(h.marked).toEqual([]);
  });

  it('is partial when some scenes were rejected, and a scene the writer refuses is rejected alone', async () => {
    const h = harness(
      { alpha: { scenes: [scene('alpha', 1), scene('alpha', 2), scene('alpha', 3)] } },
      { failWrites: new Set(['alpha-2']) },
    );
    await h.run();
    expect([...h.stored.keys()].sort()).toEqual(['alpha-1', 'alpha-3']);
    const result = h.result('alpha');
    expect(result.status).toBe('partial');
    expect(result.scenesRejected).toBe(1);
    expect(result.lastError).toContain('cannot store alpha-2');
  });

  it('reports the coverage of declared fields, so a silently broken selector shows', async () => {
    const h = harness({
      alpha: { scenes: [scene('alpha', 1, { released: '' }), scene('alpha', 2, { released: '' })] },
    });
    await h.run();
    expect(h.result('alpha').coverage).toEqual([{ field: 'released', empty: 2, of: 2 }]);
  });

  it('sends the scraperProgress lines of the reference UI, then DONE', async () => {
    const h = harness({ alpha: { scenes: [scene('alpha', 1)] } });
    await h.run();
    const progress = h.lines.filter((line) => line.task === 'scraperProgress');
    expect(progress.map((line) => [line.msg, line.scraperID, line.started, line.completed])).toEqual([
      ['Starting ALPHA scraper', 'alpha', true, false],
      ['Finished ALPHA scraper', 'alpha', false, true],
      ['DONE', undefined, undefined, undefined],
    ]);
  });

  it('scrapes again, one by one, the flagged scenes of the sites it walked', async () => {
    const flagged = scene('alpha', 9, { homepageUrl: 'https://alpha.example/video/9' });
    const h = harness({ alpha: { scenes: [scene('alpha', 1)] } }, { flagged: [flagged, scene('other', 4)] });
    await h.run('alpha');
    expect(h.rescraped).toEqual(['https://alpha.example/video/9']);
    expect(h.stored.get('alpha-9')?.title).toBe('Scene 9 (fresh)');
  });

  it('hands the engine the known scenes, limit scraping and the site’s own definition', async () => {
    const h = harness({ alpha: {} });
    await h.run('alpha');
    expect(must(h.inputs[0]).isKnown('https://known.example/video/1')).toBe(true);
    expect(must(h.inputs[0]).isKnown('https://alpha.example/video/1')).toBe(false);
    expect(must(h.inputs[0]).definition.version).toBe(3);
  });
});

describe('choosing sites', () => {
  const rows = [
    siteRow('on'),
    siteRow('off', { is_enabled: false }),
    siteRow('gone', { has_scraper: false }),
    siteRow('alt', { master_site_id: 'on' }),
  ];
  it('takes enabled sites with a scraper for _enabled, every site with one for _all, or the one named', () => {
    expect(selectSites(rows, '_enabled').map((r) => r.id)).toEqual(['on', 'alt']);
    expect(selectSites(rows, '_all').map((r) => r.id)).toEqual(['on', 'off', 'alt']);
    expect(selectSites(rows, 'off').map((r) => r.id)).toEqual(['off']);
    expect(selectSites(rows, 'nope')).toEqual([]);
  });

  it('hands script-only updates of known scenes to the store when scrapeFunscripts is on', async () => {
    const flags = { sceneUrl: 'https://alpha.example/video/9', aiScript: true, humanScript: false };
    const on = harness(
      { alpha: { scenes: [scene('alpha', 1)], scripted: [flags] } },
      { scrapeFunscripts: true },
    );
    await on.run();
    expect(on.scriptWrites).toEqual([[flags]]);
    expect(on.result('alpha')).toMatchObject({ scenesNew: 1, scenesUpdated: 1 });

    const off = harness({ alpha: { scenes: [scene('alpha', 1)], scripted: [flags] } });
    await off.run();
    expect(must(off.inputs[0]).scriptUpdates).toBeUndefined();
    expect(off.scriptWrites).toEqual([]);
  });
});
