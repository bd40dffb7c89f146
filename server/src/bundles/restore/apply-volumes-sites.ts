import type { BundleSite, BundleVolume } from '@fovea/contract';
import type { Insertable, Updateable } from 'kysely';
import type { SitesTable, VolumesTable } from '../../db/schema';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import type { RestoreSiteRow } from '../../repositories/bundle-restore-storage.repository';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches, lastByKey } from './apply-batches';
import { defined, flag, storedTime, unchanged } from './apply-values';
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
            (await repo.storedVolumes()).map((row) => [`${row.type}\u0000${row.path}`, row]),
          );
          for (const volume of volumes) {
            const row = stored.get(`${volume.Type}\u0000${volume.Path}`);
            const values = volumeValues(volume);
            if (row === undefined) {
              await repo.insertVolume({ ...values, type: volume.Type, path: volume.Path });
              batch.count('added');
            } else if (options.overwrite && !unchanged(values, row)) {
              await repo.updateVolume(row.id, values);
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

/** A site the library does not know, as a row without a definition: its studio is its name. */
function newSite(id: string, name: string, values: Updateable<SitesTable>): Insertable<SitesTable> {
  return {
    is_enabled: 0,
    subscribed: 0,
    limit_scraping: 0,
    scrape_stash: 0,
    ...values,
    id,
    name,
    studio: name,
    is_builtin: 0,
    has_scraper: 0,
  };
}

/**
 * The `sites` section: the owner's switches of known sites, by id when the record carries a known one (Fovea's
 * bundles and the XBVR move-in), else by name (XBVR's bundles carry only the name). A record whose id and name
 * no site has is created as a site without a definition (has_scraper 0, as the sites table keeps a site whose
 * definition went away; a later definition with that id takes the row over, switches kept). A record with only
 * a name that matches no site is rejected: its id is unknown. A row the record would not change is skipped.
 */
export class SiteSectionApplier implements SectionApplier {
  readonly sections = ['sites'] as const;

  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    const { tally, options } = context;
    const byId = new Map<string, RestoreSiteRow>();
    const byName = new Map<string, RestoreSiteRow>();
    const exactName = new Map<string, RestoreSiteRow>();
    const remember = (site: RestoreSiteRow) => {
      byId.set(site.id, site);
      exactName.set(site.name, site);
      if (!byName.has(site.name.toLowerCase())) byName.set(site.name.toLowerCase(), site);
    };
    for (const site of await this.store.read.storage.sites()) remember(site);
    await inBatches({
      section: 'sites',
      records: bundle.records('sites'),
      size: this.batchSize,
      context,
      apply: async (records) => {
        tally.count('sites', 'read', records.length);
        const batch = new BatchTally('sites');
        const written: RestoreSiteRow[] = [];
        await this.store.batch(async ({ storage: repo }) => {
          for (const site of records) {
            const stored =
              (site.id === undefined ? undefined : byId.get(site.id)) ??
              exactName.get(site.name) ??
              byName.get(site.name.toLowerCase());
            const values = siteValues(site);
            if (stored === undefined) {
              if (site.id === undefined || site.id.trim() === '') {
                batch.reject(site.name, 'no such site');
                continue;
              }
              written.push(await repo.insertSite(newSite(site.id, site.name, values)));
              batch.count('added');
            } else if (!options.overwrite || unchanged(values, stored)) batch.count('skipped');
            else {
              await repo.updateSite(stored.id, values);
              written.push({ ...stored, ...values } as RestoreSiteRow);
              batch.count('updated');
            }
          }
        });
        for (const site of written) remember(site);
        batch.commit(tally);
      },
    });
  }
}
