import type { CustomSiteList } from '@fovea/contract';
import { SiteEntry } from '../scrapers/definitions/definition.schema';
import type { CustomSiteRow } from './custom-site.repository';
import { customSiteHttp, customSiteVars } from './custom-site-vars';

interface ListFacts {
  /** The aggregator's host, the site's `domain`. */
  domain: string;
  /** The display name, e.g. `VRHush (Custom SLR)`. */
  displayName: (name: string) => string;
  /** The `Site` value of its scenes, e.g. `VRHush (SLR)`. */
  sceneSite: (name: string) => string;
  /** The icon when the owner gives none (scraper-sites §1.2). */
  avatar: string;
}

const aggregator = (domain: string, label: string, avatar: string): ListFacts => ({
  domain,
  displayName: (name) => `${name} (Custom ${label})`,
  sceneSite: (name) => `${name} (${label})`,
  avatar,
});

/** Names and icons per list, as the reference shows custom entries (scraper-sites §1.2, §3.6). */
export const CUSTOM_LIST_FACTS: Readonly<Record<CustomSiteList, ListFacts>> = {
  slr: aggregator(
    'sexlikereal.com',
    'SLR',
    'https://www.sexlikereal.com/s/refactor/images/favicons/android-icon-192x192.png',
  ),
  povr: aggregator('povr.com', 'POVR', 'https://images.povr.com/img/povr/android-icon-192x192.png'),
  vrporn: aggregator('vrporn.com', 'VRPorn', 'https://vrporn.com/favicon.ico'),
  realvr: aggregator('realvr.com', 'RealVR', 'https://realvr.com/icons/realvr/favicon-32x32.png'),
  vrphub: aggregator(
    'vrphub.com',
    'VRP Hub',
    'https://cdn.vrphub.com/wp-content/uploads/2016/08/vrphubnew.png',
  ),
  stashdb: {
    domain: 'stashdb.org',
    displayName: (name) => `${name} (Stashdb)`,
    sceneSite: (name) => `${name} (Stash)`,
    avatar: 'https://stashapp.cc/images/stash.svg',
  },
};

/** A custom site as a `sites` entry of its aggregator's definition, or null when it cannot be one. */
export function customSiteEntry(row: CustomSiteRow): SiteEntry | null {
  const facts = CUSTOM_LIST_FACTS[row.list];
  const parsed = SiteEntry.safeParse({
    id: row.id,
    name: facts.displayName(row.name),
    site: facts.sceneSite(row.name),
    studio: row.company || row.name,
    avatar: row.avatar_url || facts.avatar,
    domain: facts.domain,
    vars: customSiteVars(row.list, row.url),
    master_site_id: row.master_site_id,
    ...customSiteHttp(row.list, row.url),
  });
  return parsed.success ? parsed.data : null;
}

/** The custom sites by definition id (the list), as the definition registry appends them. */
export function customSiteEntries(rows: readonly CustomSiteRow[]): Map<string, SiteEntry[]> {
  const byList = new Map<string, SiteEntry[]>();
  for (const row of rows) {
    const entry = customSiteEntry(row);
    if (!entry) continue;
    const entries = byList.get(row.list) ?? [];
    entries.push(entry);
    byList.set(row.list, entries);
  }
  return byList;
}
