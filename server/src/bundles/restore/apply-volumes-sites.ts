import type { BundleSite, BundleVolume } from '@fovea/contract';
import type { Updateable } from 'kysely';
import type { SitesTable, VolumesTable } from '../../db/schema';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches, lastByKey } from './apply-batches';
import { defined, flag, storedTime } from './apply-values';
import type { ApplyContext, SectionApplier } from './section-applier';

function volumeValues(volume: BundleVolume): Updateable<VolumesTable> {
  return defined({
    metadata: volume.Metadata,
    last_scan: storedTime(volume.LastScan),
    is_enabled: flag(volume.IsEnabled),
    is_available: flag(volume.IsAvailable),
  });
}

/** The `volumes` section: storage locations by type and path. */
export class VolumeSectionApplier implements SectionApplier {
  readonly sections = ['volumes'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const { tally, options } = context;
    await inBatches({
      section: 'volumes',
      records: bundle.records('volumes'),
      size: this.batchSize,
      context,
      apply: async (records) => {
        tally.count('volumes', 'read', records.length);
        const volumes = lastByKey(records, (volume) => `${volume.Type}\u0000${volume.Path}`);
        const batch = new BatchTally('volumes');
        batch.count('skipped', records.length - volumes.length);
        await this.store.batch(async ({ storage: repo }) => {
          const stored = new Map(
            (await repo.volumes()).map((row) => [`${row.type}\u0000${row.path}`, row.id]),
          );
          for (const volume of volumes) {
            const id = stored.get(`${volume.Type}\u0000${volume.Path}`);
            if (id === undefined) {
              await repo.insertVolume({ ...volumeValues(volume), type: volume.Type, path: volume.Path });
              batch.count('added');
            } else if (options.overwrite) {
              await repo.updateVolume(id, volumeValues(volume));
              batch.count('updated');
            } else {
              batch.count('skipped');
            }
          }
        });
        batch.commit(tally);
      },
    });
  }
}

function siteValues(site: BundleSite): Updateable<SitesTable> {
  return defined({
    is_enabled: flag(site.is_enabled),
    subscribed: flag(site.subscribed),
    limit_scraping: flag(site.limit_scraping),
    master_site_id: site.master_site_id,
    matching_params: site.matching_params,
    scrape_stash: flag(site.scrape_stash),
  });
}

/**
 * The `sites` section: the owner's switches of known sites, by id when the record carries a known one (Fovea's
 * bundles), else by name (XBVR's). A site Fovea does not know is rejected: a restore never invents scrapers.
 */
export class SiteSectionApplier implements SectionApplier {
  readonly sections = ['sites'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const { tally, options } = context;
    const sites = await this.store.read.storage.sites();
    const ids = new Set(sites.map((site) => site.id));
    const byName = new Map<string, string>();
    for (const site of sites)
      if (!byName.has(site.name.toLowerCase())) byName.set(site.name.toLowerCase(), site.id);
    const exactName = new Map(sites.map((site) => [site.name, site.id]));
    await inBatches({
      section: 'sites',
      records: bundle.records('sites'),
      size: this.batchSize,
      context,
      apply: async (records) => {
        tally.count('sites', 'read', records.length);
        const batch = new BatchTally('sites');
        await this.store.batch(async ({ storage: repo }) => {
          for (const site of records) {
            const id =
              site.id !== undefined && ids.has(site.id)
                ? site.id
                : (exactName.get(site.name) ?? byName.get(site.name.toLowerCase()));
            if (id === undefined) batch.reject(site.id ?? site.name, 'no such site');
            else if (!options.overwrite) batch.count('skipped');
            else {
              await repo.updateSite(id, siteValues(site));
              batch.count('updated');
            }
          }
        });
        batch.commit(tally);
      },
    });
  }
}
