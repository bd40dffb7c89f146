import { FieldCoverage, ZERO_TIME, type ScrapeRun, type Site, type SiteWithHealth } from '@fovea/contract';
import { parseJsonText } from '@fovea/contract';
import { z } from 'zod';
import { flag, toWireTime } from '../../mappers/wire-time';
import type { ScrapeRunRow } from '../../repositories/scrape-run.repository';
import type { SiteRow } from '../../repositories/site.repository';

const HttpStatuses = z.record(z.string(), z.number().int().nonnegative());
const Coverage = z.array(FieldCoverage);

/** A site row as the wire carries it (xbvr-wire §10). */
export function toSite(row: SiteRow): Site {
  return {
    id: row.id,
    name: row.name,
    avatar_url: row.avatar_url,
    is_builtin: flag(row.is_builtin),
    is_enabled: flag(row.is_enabled),
    last_update: row.last_update === null ? ZERO_TIME : toWireTime(row.last_update),
    subscribed: flag(row.subscribed),
    has_scraper: flag(row.has_scraper),
    limit_scraping: flag(row.limit_scraping),
    master_site_id: row.master_site_id,
    matching_params: row.matching_params,
    scrape_stash: flag(row.scrape_stash),
    scene_count: row.scene_count,
  };
}

export function toScrapeRun(row: ScrapeRunRow): ScrapeRun {
  const statuses = HttpStatuses.safeParse(parseJsonText(row.http_statuses));
  const coverage = Coverage.safeParse(parseJsonText(row.coverage));
  return {
    id: row.id,
    site_id: row.site_id,
    kind: row.kind,
    status: row.status,
    started_at: row.started_at,
    finished_at: row.finished_at,
    pages_fetched: row.pages_fetched,
    scenes_seen: row.scenes_seen,
    scenes_new: row.scenes_new,
    scenes_updated: row.scenes_updated,
    scenes_rejected: row.scenes_rejected,
    http_statuses: statuses.success ? statuses.data : {},
    last_error: row.last_error,
    last_error_url: row.last_error_url,
    definition_version: row.definition_version,
    coverage: coverage.success ? coverage.data : [],
  };
}

/** A site with its definition facts, its definition's load error and its last run (Scrapers table). */
export function toSiteWithHealth(
  row: SiteRow,
  lastRun: ScrapeRunRow | undefined,
  definitionError: string,
): SiteWithHealth {
  return {
    ...toSite(row),
    studio: row.studio,
    domain: row.domain,
    definition_id: row.definition_id,
    disabled_reason: row.disabled_reason,
    definition_error: definitionError,
    last_run: lastRun ? toScrapeRun(lastRun) : null,
  };
}
