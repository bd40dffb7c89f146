import type { ScrapeRun, ScrapeRunStatus, SiteWithHealth } from '@fovea/contract';
import type { ParseKeys } from 'i18next';
import { formatScanTime } from './storage-table';

/** What the health badge of a site says: the last run's outcome, or the definition's error. */
export type SiteHealth = ScrapeRunStatus | 'never';

/** A definition that does not load wins over the last run (that run used an older version). */
export function siteHealth(site: Pick<SiteWithHealth, 'definition_error' | 'last_run'>): SiteHealth {
  if (site.definition_error !== '') return 'invalid_definition';
  return site.last_run?.status ?? 'never';
}

export const HEALTH_LABEL_KEY: Record<SiteHealth, ParseKeys> = {
  never: 'options.scrapers.health.never',
  running: 'options.scrapers.health.running',
  ok: 'options.scrapers.health.ok',
  partial: 'options.scrapers.health.partial',
  zero_results: 'options.scrapers.health.zero_results',
  failed: 'options.scrapers.health.failed',
  blocked: 'options.scrapers.health.blocked',
  invalid_definition: 'options.scrapers.health.invalid_definition',
};

/** A site name split as the reference shows it: "AstroDomina (SLR)" is site AstroDomina, source SLR. */
export function splitSiteName(name: string): { siteName: string; source: string } {
  const match = /^(.*?)\s*\(([^()]+)\)\s*$/.exec(name);
  if (match === null || match[1] === undefined || match[1] === '' || match[2] === undefined) {
    return { siteName: name, source: '' };
  }
  return { siteName: match[1], source: match[2] };
}

/** The last scrape time as yyyy-MM-dd HH:mm, or null for Go's zero date (never scraped). */
export const formatLastUpdate = (lastUpdate: string): string | null => formatScanTime(lastUpdate);

/** "200 × 31, 429 × 2": the answers of a run by HTTP status, the most frequent first. */
export function httpStatusSummary(statuses: ScrapeRun['http_statuses']): string {
  return Object.entries(statuses)
    .filter(([, count]) => count > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([status, count]) => `${status} × ${count}`)
    .join(', ');
}

/** Readable names of the scraped fields a run reports coverage for; others are shown as they are named. */
const FIELD_LABEL_KEY: Readonly<Record<string, ParseKeys>> = {
  title: 'options.scrapers.fields.title',
  released: 'options.scrapers.fields.released',
  covers: 'options.scrapers.fields.covers',
  gallery: 'options.scrapers.fields.gallery',
  tags: 'options.scrapers.fields.tags',
  cast: 'options.scrapers.fields.cast',
  filenames: 'options.scrapers.fields.filenames',
  duration: 'options.scrapers.fields.duration',
  synopsis: 'options.scrapers.fields.synopsis',
  trailer_src: 'options.scrapers.fields.trailer_src',
  trailer_type: 'options.scrapers.fields.trailer_type',
  site_id: 'options.scrapers.fields.site_id',
  members_url: 'options.scrapers.fields.members_url',
  homepage_url: 'options.scrapers.fields.homepage_url',
  site: 'options.scrapers.fields.site',
  studio: 'options.scrapers.fields.studio',
};

export function fieldLabelKey(field: string): ParseKeys | null {
  return Object.hasOwn(FIELD_LABEL_KEY, field) ? (FIELD_LABEL_KEY[field] ?? null) : null;
}

export interface CoverageLine {
  field: string;
  /** Whole percent of the parsed scenes that left the field empty. */
  percent: number;
  empty: number;
  of: number;
}

/**
 * The fields some scenes left empty, the emptiest first: "release date empty in 100% of scenes" is how a
 * selector that silently broke shows.
 */
export function coverageLines(coverage: ScrapeRun['coverage']): CoverageLine[] {
  return coverage
    .filter((entry) => entry.of > 0 && entry.empty > 0)
    .map((entry) => ({
      field: entry.field,
      percent: Math.round((Math.min(entry.empty, entry.of) / entry.of) * 100),
      empty: entry.empty,
      of: entry.of,
    }))
    .sort((a, b) => b.percent - a.percent || a.field.localeCompare(b.field));
}

/** Sites whose name, id or studio holds the search text (case-insensitive); all for a blank search. */
export function filterSites<T extends Pick<SiteWithHealth, 'name' | 'id' | 'studio'>>(
  sites: readonly T[],
  search: string,
): readonly T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return sites;
  return sites.filter(
    (site) =>
      site.name.toLowerCase().includes(needle) ||
      site.id.toLowerCase().includes(needle) ||
      site.studio.toLowerCase().includes(needle),
  );
}

/** A site with a disabled reason (gone or broken at the source) cannot be switched on. */
export const canEnable = (site: Pick<SiteWithHealth, 'disabled_reason'>): boolean =>
  site.disabled_reason.trim() === '';

export type BulkAction = 'enable' | 'disable' | 'limitOn' | 'limitOff';

/**
 * The sites a bulk action has to flip: those not yet in the wanted state; enabling leaves out the sites
 * that cannot be enabled.
 */
export function bulkTargets(
  sites: readonly Pick<SiteWithHealth, 'id' | 'is_enabled' | 'limit_scraping' | 'disabled_reason'>[],
  action: BulkAction,
): string[] {
  const wanted = (site: (typeof sites)[number]) => {
    switch (action) {
      case 'enable':
        return !site.is_enabled && canEnable(site);
      case 'disable':
        return site.is_enabled;
      case 'limitOn':
        return !site.limit_scraping;
      case 'limitOff':
        return site.limit_scraping;
    }
  };
  return sites.filter(wanted).map((site) => site.id);
}
