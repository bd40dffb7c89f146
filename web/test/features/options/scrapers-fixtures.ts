import type { ScrapeRun, Site, SiteWithHealth } from '@fovea/contract';

export const NEVER = '0001-01-01T00:00:00Z';

/** A finished run of a site, every figure zero unless given. */
export function scrapeRun(overrides: Partial<ScrapeRun> = {}): ScrapeRun {
  return {
    id: 1,
    site_id: 'site',
    kind: 'full',
    status: 'ok',
    started_at: '2024-05-01T10:00:00Z',
    finished_at: '2024-05-01T10:05:00Z',
    pages_fetched: 0,
    scenes_seen: 0,
    scenes_new: 0,
    scenes_updated: 0,
    scenes_rejected: 0,
    http_statuses: {},
    last_error: '',
    last_error_url: '',
    definition_version: 1,
    coverage: [],
    ...overrides,
  };
}

/** A site as GET /api/scrapers/sites answers it: enabled main site, never scraped, no run. */
export function siteWithHealth(
  overrides: Partial<SiteWithHealth> & Pick<SiteWithHealth, 'id'>,
): SiteWithHealth {
  return {
    name: overrides.id,
    avatar_url: '',
    is_builtin: true,
    is_enabled: false,
    last_update: NEVER,
    subscribed: false,
    has_scraper: true,
    limit_scraping: false,
    master_site_id: '',
    matching_params: '{}',
    scrape_stash: false,
    scene_count: 0,
    studio: overrides.id,
    domain: `${overrides.id}.example`,
    definition_id: overrides.id,
    disabled_reason: '',
    definition_error: '',
    last_run: null,
    ...overrides,
  };
}

/** The wire site (GET /api/options/sites, the toggles' answer) of a health entry. */
export function wireSite(site: SiteWithHealth): Site {
  return {
    id: site.id,
    name: site.name,
    avatar_url: site.avatar_url,
    is_builtin: site.is_builtin,
    is_enabled: site.is_enabled,
    last_update: site.last_update,
    subscribed: site.subscribed,
    has_scraper: site.has_scraper,
    limit_scraping: site.limit_scraping,
    master_site_id: site.master_site_id,
    matching_params: site.matching_params,
    scrape_stash: site.scrape_stash,
    scene_count: site.scene_count,
  };
}
