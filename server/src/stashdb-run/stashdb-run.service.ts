import type { Options } from '@fovea/contract';
import { MATCH_TYPE_STASH_RULE, MATCH_TYPE_STASH_URL } from '@fovea/contract';
import { BadRequestError } from '../http/http-errors';
import { throwIfAborted } from '../jobs/job-definition';
import type { Progress } from '../jobs/progress';
import type { StashdbActorRepository } from '../repositories/stashdb-actor.repository';
import type { StashdbReference } from '../repositories/stashdb-link.repository';
import { recognisedCast } from '../services/stashdb-link.service';
import { NO_STASHDB_KEY, stashdbApiKey } from '../stashdb/stashdb-api-key';
import { studioSearchName } from '../stashdb/stashdb-names';
import { stashPerformerUrl, stashReleaseDate, stashSceneUrl } from '../stashdb/stashdb-scene-result';
import type { StashdbClient } from '../stashdb/stashdb.client';
import { StashdbError } from '../stashdb/stashdb.client';
import type { StashStudioScene, StudioScenesTarget } from '../stashdb/stashdb-studio.schemas';
import { storeRefreshedPerformer } from './stashdb-performer-refresh';
import type {
  CastActorRow,
  LinkableSceneRow,
  StashScenePageEntry,
  StashSiteRow,
  StashdbRunRepository,
} from './stashdb-run.repository';
import { pageKey, ruleKey, studioMatching, type SceneMatchRule } from './stashdb-studio-matching';

export interface StashdbRunDeps {
  client: Pick<
    StashdbClient,
    'siteRoot' | 'findStudio' | 'findStudioById' | 'studioScenes' | 'studioPerformers' | 'findPerformer'
  >;
  repo: StashdbRunRepository;
  actors: StashdbActorRepository;
  options: { get(): Options };
}

/** What a run did for one site. */
export interface SiteRunOutcome {
  studio: string;
  performersAdded: number;
  performersRefreshed: number;
  scenes: number;
  sceneLinks: number;
  actorLinks: number;
}

type Reporter = Pick<Progress, 'restart' | 'advance' | 'log'>;

/** The job stops the whole run (rather than going on with the next site) when StashDB refuses the key. */
const keyRefused = (error: unknown) =>
  error instanceof StashdbError && (error.status === 401 || error.status === 403);

const asDate = (value: string | null | undefined): string | null => {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

/**
 * The StashDB linking run (GET /api/extref/stashdb/run_all, scraper-sites §5): for every site with
 * scrape_stash on, its StashDB studio (configured, linked before, or found by name) is stored and linked to
 * the site, the studio's performers are stored (those StashDB updated since are fetched again and merged into
 * their actors), and the studio's scenes, newest update first, are stored as `stashdb scene` references until
 * the ones stored by an earlier run are reached. A scene is linked when one of its URLs is a scene's page
 * (10) or a rule of its site recognises it (20); the linked scene's cast is linked to their performers (20).
 */
export class StashdbRunService {
  constructor(private readonly deps: StashdbRunDeps) {}

  /** The API key; 400 without one (nothing is started). */
  apiKey(): string {
    const key = stashdbApiKey(this.deps.options.get());
    if (key === null) throw new BadRequestError(NO_STASHDB_KEY);
    return key;
  }

  /** Runs every site; a site that fails is logged and the run goes on. Throws when every site failed. */
  async run(progress: Reporter, signal: AbortSignal): Promise<void> {
    const key = this.apiKey();
    const sites = await this.deps.repo.stashSites();
    if (sites.length === 0) {
      progress.log('StashDB: no site has its StashDB switch on; nothing to link');
      return;
    }
    progress.restart(sites.length, `StashDB: linking the scenes of ${sites.length} sites`);
    let failed = 0;
    for (const site of sites) {
      throwIfAborted(signal);
      try {
        const outcome = await this.runSite(key, site, signal, (step) => progress.advance(0, step));
        progress.log(
          `StashDB: ${site.name}: studio ${outcome.studio}, ${outcome.scenes} scenes read, ` +
            `${outcome.sceneLinks} scenes and ${outcome.actorLinks} actors linked, ` +
            `${outcome.performersAdded} performers added, ${outcome.performersRefreshed} refreshed`,
        );
      } catch (error) {
        throwIfAborted(signal);
        if (keyRefused(error)) {
          throw new Error(`StashDB refused the API key: ${(error as Error).message}`, { cause: error });
        }
        if (!(error instanceof StashdbError || error instanceof SiteSkipped)) throw error;
        failed += 1;
        progress.log(`StashDB: ${site.name}: ${error.message}`, 'error');
      }
      progress.advance(1);
    }
    if (failed === sites.length) {
      throw new Error(`StashDB linking failed for every site (${failed})`);
    }
    progress.log(
      failed > 0
        ? `StashDB linking finished; ${failed} of ${sites.length} sites failed`
        : `StashDB linking finished for ${sites.length} sites`,
      failed > 0 ? 'warn' : 'info',
    );
  }

  /** Links one site's studio, performers and scenes; `onStep` hears how far its scenes are read. */
  async runSite(
    key: string,
    site: StashSiteRow,
    signal?: AbortSignal,
    onStep?: (message: string) => void,
  ): Promise<SiteRunOutcome> {
    const { client, repo } = this.deps;
    const matching = studioMatching(site.id, site.name);
    const studioId = matching.studioId || (await repo.linkedStudioId(site.id));
    const studio = studioId
      ? await client.findStudioById(key, studioId)
      : await client.findStudio(key, studioSearchName(site.name));
    if (!studio) throw new SiteSkipped(`StashDB has no studio ${studioId ?? studioSearchName(site.name)}`);
    await repo.linkSiteStudio(site.id, {
      external_id: studio.id,
      external_url: `${client.siteRoot}/studios/${studio.id}`,
      external_date: asDate(
        'updated' in studio && typeof studio.updated === 'string' ? studio.updated : null,
      ),
      external_data: JSON.stringify(studio),
    });
    const performers = await this.syncPerformers(key, studio.id, signal);
    const target: StudioScenesTarget = matching.parentStudioId
      ? { parentStudioId: matching.parentStudioId, ...(matching.tagId ? { tagId: matching.tagId } : {}) }
      : { studioId: studio.id };
    const scenes = await this.syncScenes(key, site.id, target, matching.rules, signal, (read, count) =>
      onStep?.(`StashDB: ${site.name}: ${read} of ${count} scenes read`),
    );
    return { studio: studio.name, ...performers, ...scenes };
  }

  /** Stores the studio's new performers; fetches again and merges those StashDB updated since. */
  private async syncPerformers(key: string, studioId: string, signal?: AbortSignal) {
    const { client, repo } = this.deps;
    const fresh: StashdbReference[] = [];
    const stale: string[] = [];
    for (let page = 1, loaded = 0; ; page += 1) {
      if (signal) throwIfAborted(signal);
      const { count, items } = await client.studioPerformers(key, studioId, page, signal);
      const known = await repo.performerDates(items.map((performer) => performer.id));
      for (const performer of items) {
        const updated = asDate(performer.updated);
        if (!known.has(performer.id)) {
          fresh.push({
            external_id: performer.id,
            external_url: stashPerformerUrl(client.siteRoot, performer.id),
            external_date: updated,
            external_data: JSON.stringify(performer),
          });
        } else if (updated !== null && (known.get(performer.id) ?? '') < updated) {
          stale.push(performer.id);
        }
      }
      loaded += items.length;
      if (items.length === 0 || loaded >= count) break;
    }
    const performersAdded = await repo.addPerformers(fresh);
    let performersRefreshed = 0;
    for (const id of stale) {
      if (signal) throwIfAborted(signal);
      const performer = await client.findPerformer(key, id);
      if (!performer) continue;
      await storeRefreshedPerformer(this.deps.actors, performer, client.siteRoot);
      performersRefreshed += 1;
    }
    return { performersAdded, performersRefreshed };
  }

  /** Pages through the studio's scenes, newest update first, storing and linking each page. */
  private async syncScenes(
    key: string,
    siteId: string,
    target: StudioScenesTarget,
    rules: readonly SceneMatchRule[],
    signal?: AbortSignal,
    onPage?: (read: number, count: number) => void,
  ) {
    const { client, repo } = this.deps;
    // Paging stops at the scenes an earlier run stored (a parent studio's scenes are read whole).
    const newest = 'studioId' in target ? await repo.newestSceneUpdate(target.studioId) : '';
    const byRule = rules.length > 0 ? ruleIndex(rules, await repo.siteScenes(siteId)) : [];
    const totals = { scenes: 0, sceneLinks: 0, actorLinks: 0 };
    for (let page = 1; ; page += 1) {
      if (signal) throwIfAborted(signal);
      const { count, items } = await client.studioScenes(key, target, page, signal);
      if (items.length === 0) break;
      const entries = await this.pageEntries(items, rules, byRule);
      const outcome = await repo.saveScenePage(entries);
      totals.scenes += items.length;
      totals.sceneLinks += outcome.sceneLinks;
      totals.actorLinks += outcome.actorLinks;
      onPage?.(totals.scenes, count);
      const last = asDate(items.at(-1)?.updated);
      if (totals.scenes >= count || (newest !== '' && last !== null && last <= (asDate(newest) ?? ''))) break;
    }
    return totals;
  }

  /** The references of a page with the scene each is linked to (by page URL, else by rule) and its cast. */
  private async pageEntries(
    items: readonly StashStudioScene[],
    rules: readonly SceneMatchRule[],
    byRule: readonly Map<string, LinkableSceneRow>[],
  ): Promise<StashScenePageEntry[]> {
    const { client, repo } = this.deps;
    const urls = items.flatMap((scene) => (scene.urls ?? []).map((entry) => pageKey(entry.url)));
    const byUrl = new Map<string, LinkableSceneRow>();
    for (const row of await repo.scenesByUrl(urls.filter((url) => url !== ''))) {
      if (!byUrl.has(pageKey(row.scene_url))) byUrl.set(pageKey(row.scene_url), row);
    }
    const links = items.map((scene) => {
      const pages = (scene.urls ?? []).map((entry) => entry.url);
      const sameUrl = pages.map((url) => byUrl.get(pageKey(url))).find((row) => row !== undefined);
      if (sameUrl) return { scene: sameUrl, matchType: MATCH_TYPE_STASH_URL };
      const ruled = matchByRule(pages, rules, byRule);
      return ruled ? { scene: ruled, matchType: MATCH_TYPE_STASH_RULE } : null;
    });
    const cast = groupCast(await repo.cast(links.flatMap((link) => (link ? [link.scene.id] : []))));
    return items.map((scene, index) => {
      const link = links[index] ?? null;
      const date = stashReleaseDate(scene);
      return {
        reference: {
          external_id: scene.id,
          external_url: stashSceneUrl(client.siteRoot, scene.id),
          external_date: date === '' ? null : `${date}T00:00:00.000Z`,
          external_data: JSON.stringify(scene),
        },
        link,
        cast: link ? recognisedCast(scene, cast.get(link.scene.id) ?? [], client.siteRoot) : [],
      };
    });
  }
}

/** A site the run cannot link (its studio is not on StashDB); logged, and the run goes on. */
export class SiteSkipped extends Error {}

/** Per rule: the site's scenes by the key the rule reads from them. */
function ruleIndex(
  rules: readonly SceneMatchRule[],
  scenes: readonly LinkableSceneRow[],
): Map<string, LinkableSceneRow>[] {
  return rules.map((rule) => {
    const index = new Map<string, LinkableSceneRow>();
    for (const scene of scenes) {
      const key = ruleKey(scene[rule.field], rule.fieldRegex, rule.fieldGroup);
      if (key !== '' && !index.has(key)) index.set(key, scene);
    }
    return index;
  });
}

/** The first of the site's scenes a rule finds for one of the StashDB scene's URLs. */
function matchByRule(
  urls: readonly string[],
  rules: readonly SceneMatchRule[],
  byRule: readonly Map<string, LinkableSceneRow>[],
): LinkableSceneRow | undefined {
  for (const [index, rule] of rules.entries()) {
    for (const url of urls) {
      const key = ruleKey(url, rule.stashRegex, rule.stashGroup);
      const scene = key === '' ? undefined : byRule[index]?.get(key);
      if (scene) return scene;
    }
  }
  return undefined;
}

function groupCast(rows: readonly CastActorRow[]): Map<number, CastActorRow[]> {
  const bySceneId = new Map<number, CastActorRow[]>();
  for (const row of rows) bySceneId.set(row.scene_id, [...(bySceneId.get(row.scene_id) ?? []), row]);
  return bySceneId;
}
