import type { BundleRestoreOptions } from '@fovea/contract';
import type { BundleRestoreCatalogueRepository } from '../../repositories/bundle-restore-catalogue.repository';

/**
 * The restore's site scope, as the backup's (xbvr-facts §10.1): with `allSites` off only scenes of enabled
 * sites come in, with `onlyIncludeOfficalSites` on none of the owner's custom sites ("… (Custom …)"). A scene
 * is judged by its scraper id; scenes of no known site are out of a narrowed scope.
 */
export class SiteScope {
  private constructor(private readonly sites: Set<string> | null) {}

  static async of(
    options: Pick<BundleRestoreOptions, 'allSites' | 'onlyIncludeOfficalSites'>,
    repo: BundleRestoreCatalogueRepository,
  ): Promise<SiteScope> {
    if (options.allSites && !options.onlyIncludeOfficalSites) return new SiteScope(null);
    return new SiteScope(
      await repo.sitesInScope({
        enabledOnly: !options.allSites,
        officialOnly: options.onlyIncludeOfficalSites,
      }),
    );
  }

  /** Every site. */
  static all(): SiteScope {
    return new SiteScope(null);
  }

  allows(scraperId: string | undefined): boolean {
    return this.sites === null || this.sites.has(scraperId ?? '');
  }
}
