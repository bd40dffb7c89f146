import type { BundleRestoreOptions } from '@fovea/contract';
import type { BundleRestoreCatalogueRepository } from '../../repositories/bundle-restore-catalogue.repository';

/**
 * The restore's site scope, as the backup's (xbvr-facts §10.1): with `allSites` off only scenes of enabled
 * sites come in, with `onlyIncludeOfficalSites` on none of the owner's custom sites ("… (Custom …)"). A scene
 * is judged by its scraper id; scenes of no known site are out of a narrowed scope. The sites are read again by
 * `refresh` (before each section), so the switches the bundle's own `sites` section restored count.
 */
export class SiteScope {
  private sites: Set<string> | null = null;

  constructor(
    private readonly options: Pick<BundleRestoreOptions, 'allSites' | 'onlyIncludeOfficalSites'>,
    private readonly repo: BundleRestoreCatalogueRepository,
  ) {}

  private get narrowed(): boolean {
    return !this.options.allSites || this.options.onlyIncludeOfficalSites;
  }

  async refresh(): Promise<void> {
    if (!this.narrowed) return;
    this.sites = await this.repo.sitesInScope({
      enabledOnly: !this.options.allSites,
      officialOnly: this.options.onlyIncludeOfficalSites,
    });
  }

  allows(scraperId: string | undefined): boolean {
    if (!this.narrowed) return true;
    return this.sites?.has(scraperId ?? '') ?? false;
  }
}
