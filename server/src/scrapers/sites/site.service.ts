import type { ScrapeRun, Site, SiteToggleFlag, SiteWithHealth } from '@fovea/contract';
import { ConflictError, NotFoundError } from '../../http/http-errors';
import type { ScrapeRunRepository } from '../../repositories/scrape-run.repository';
import type { SiteRepository } from '../../repositories/site.repository';
import { toScrapeRun, toSite, toSiteWithHealth } from './site.mapper';

/** A site as a loaded definition describes it. */
export interface SiteDefinitionEntry {
  id: string;
  name: string;
  studio: string;
  avatar: string;
  domain: string;
  definitionId: string;
  masterSiteId: string;
  /** Why the site ships disabled ('' or undefined when it does not). */
  disabledReason?: string;
  builtin: boolean;
}

export interface SiteServiceDeps {
  sites: SiteRepository;
  runs: ScrapeRunRepository;
}

export const noSite = (id: string) => new NotFoundError(`There is no site ${id}`);

/**
 * Sites (xbvr-wire §10): the rows filled from the definitions, the owner's four switches, force update and
 * delete scenes, and the health list of the Scrapers table (each site with its last run).
 */
export class SiteService {
  constructor(private readonly deps: SiteServiceDeps) {}

  /**
   * Makes the `sites` table follow the loaded definitions, in one transaction: new sites are added disabled;
   * known ones take the described facts (name, studio, avatar, domain, definition, master site, builtin,
   * disabled reason) and keep the owner's switches, last update and matching parameters; sites no longer
   * defined keep their row with has_scraper off. A site shipped disabled is switched off. Answers the new ids.
   */
  async syncFromDefinitions(entries: readonly SiteDefinitionEntry[]): Promise<string[]> {
    const rows = [...new Map(entries.map((entry) => [entry.id, entry])).values()].map((entry) => ({
      id: entry.id,
      name: entry.name,
      studio: entry.studio,
      avatar_url: entry.avatar,
      domain: entry.domain,
      definition_id: entry.definitionId,
      master_site_id: entry.masterSiteId,
      disabled_reason: entry.disabledReason?.trim() ?? '',
      is_builtin: entry.builtin ? 1 : 0,
    }));
    return this.deps.sites.transaction((tx) => tx.sites.syncDefinitions(rows));
  }

  /** Every site, by name ignoring case. */
  async list(): Promise<Site[]> {
    return (await this.deps.sites.list()).map(toSite);
  }

  /**
   * Every site with its definition facts, its definition's load error (`definitionErrors` by site id) and its
   * last run (one query for all of them).
   */
  async listWithHealth(definitionErrors: ReadonlyMap<string, string>): Promise<SiteWithHealth[]> {
    const rows = await this.deps.sites.list();
    const runs = await this.deps.runs.lastRuns(rows.map((row) => row.id));
    const lastRun = new Map(runs.map((run) => [run.site_id, run]));
    return rows.map((row) => toSiteWithHealth(row, lastRun.get(row.id), definitionErrors.get(row.id) ?? ''));
  }

  /** A site's recent runs, newest first (404 for an unknown site). */
  async runs(siteId: string, limit: number): Promise<ScrapeRun[]> {
    if (!(await this.deps.sites.row(siteId))) throw noSite(siteId);
    return (await this.deps.runs.list(siteId, limit)).map(toScrapeRun);
  }

  /**
   * Flips one switch and answers every site. The site's scenes follow its subscribed flag (is_subscribed). A
   * site shipped disabled (its source is gone or broken) cannot be enabled (409).
   */
  async toggle(id: string, flag: SiteToggleFlag): Promise<Site[]> {
    await this.deps.sites.transaction(async (tx) => {
      const row = await tx.sites.row(id);
      if (!row) throw noSite(id);
      if (flag === 'is_enabled' && row.is_enabled === 0 && row.disabled_reason !== '') {
        throw new ConflictError(`${row.name} cannot be enabled: ${row.disabled_reason}`);
      }
      await tx.sites.flip(id, flag);
      if (flag === 'subscribed') await tx.sites.copySubscribedToScenes(id);
    });
    return this.list();
  }

  /** Every scene of the site is re-scraped by the next run (needs_update), and limit scraping goes off. */
  async forceUpdate(id: string): Promise<void> {
    await this.deps.sites.transaction(async (tx) => {
      if (!(await tx.sites.row(id))) throw noSite(id);
      await tx.sites.flagScenesForUpdate(id);
      await tx.sites.update(id, { limit_scraping: 0 });
    });
  }

  /**
   * Deletes every scene the site scraped (their files become unmatched; nothing on disk is touched), switches
   * limit scraping off and clears the last update, and recounts the actors and tags those scenes carried, in
   * one transaction. Answers how many scenes were deleted.
   */
  async deleteScenes(id: string): Promise<number> {
    return this.deps.sites.transaction(async (tx) => {
      if (!(await tx.sites.row(id))) throw noSite(id);
      const links = await tx.sites.linksOfScenes(id);
      const deleted = await tx.sites.deleteScenes(id);
      await tx.sites.update(id, { limit_scraping: 0, last_update: null });
      await tx.counts.refreshActorCounts(links.actors);
      await tx.counts.refreshTagCounts(links.tags);
      return deleted;
    });
  }

  /** Records the end of a scrape of the site (its "last update"). */
  async markScraped(id: string, at: Date): Promise<void> {
    if (!(await this.deps.sites.update(id, { last_update: at.toISOString() }))) throw noSite(id);
  }
}
