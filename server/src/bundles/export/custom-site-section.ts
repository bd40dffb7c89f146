import type { BundleCustomSite } from '@fovea/contract';
import type { CustomSiteRepository, CustomSiteRow } from '../../custom-sites/custom-site.repository';
import type { SectionSource } from './export-pages';

/** A custom site as Fovea's bundle record: what the custom-site form takes (its id and list follow from the URL). */
export function toBundleCustomSite(row: CustomSiteRow): BundleCustomSite {
  return {
    url: row.url,
    name: row.name,
    company: row.company,
    avatar_url: row.avatar_url,
    master_site_id: row.master_site_id,
  };
}

/**
 * Fovea's `foveaCustomSites` key, written with the sites: the owner's custom sites, by name. The owner adds them
 * one by one in a form, so they are few and read in one query.
 */
export async function customSiteSection(
  repo: Pick<CustomSiteRepository, 'list'>,
): Promise<SectionSource<'foveaCustomSites'>> {
  const records = (await repo.list()).map(toBundleCustomSite);
  return {
    section: 'foveaCustomSites',
    total: records.length,
    pages: async function* () {
      if (records.length > 0) yield records;
    },
  };
}
