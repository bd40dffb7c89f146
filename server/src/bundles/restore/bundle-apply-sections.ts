import type { BundleSection } from '@fovea/contract';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import type { OptionsService } from '../../services/options.service';
import type { SpooledBundle } from '../spooled-bundle';
import type { TransferTally } from '../transfer-tally';
import { ActorSectionApplier } from './apply-actors';
import { countItems } from './apply-batches';
import { ConfigSectionApplier } from './apply-config';
import { CustomSiteSectionApplier, type CustomSiteStore } from './apply-custom-sites';
import { FileSectionApplier } from './apply-files';
import { AkaSectionApplier, TagGroupSectionApplier } from './apply-groups';
import { ActorJournalSectionApplier, SceneJournalSectionApplier } from './apply-journals';
import { ExtRefSectionApplier, PlaylistSectionApplier } from './apply-lists-refs';
import { CuepointSectionApplier, HistorySectionApplier } from './apply-scene-parts';
import { SceneSectionApplier } from './apply-scenes';
import type { SiteScope } from './apply-site-scope';
import type { CountTouches } from './apply-touched';
import { SiteSectionApplier, VolumeSectionApplier } from './apply-volumes-sites';
import type { SectionApplier } from './section-applier';

/** The applier of every section of a v2.1 bundle. */
export function sectionAppliers(
  store: BundleRestoreRepository,
  options: Pick<OptionsService, 'get' | 'update'>,
  scope: SiteScope,
  batchSize: number,
  touches: CountTouches,
  customSites: CustomSiteStore | null,
): Record<BundleSection, SectionApplier> {
  return {
    config: new ConfigSectionApplier(store, options),
    volumes: new VolumeSectionApplier(store, batchSize),
    sites: new SiteSectionApplier(store, batchSize),
    foveaCustomSites: new CustomSiteSectionApplier(customSites),
    actors: new ActorSectionApplier(store, batchSize),
    scenes: new SceneSectionApplier(store, scope, batchSize, touches),
    sceneFileLinks: new FileSectionApplier('sceneFileLinks', store, scope, batchSize),
    unmatchedFiles: new FileSectionApplier('unmatchedFiles', store, scope, batchSize),
    sceneCuepoints: new CuepointSectionApplier(store, scope, batchSize),
    sceneHistory: new HistorySectionApplier(store, scope, batchSize),
    actions: new SceneJournalSectionApplier(store, scope, batchSize),
    actionActors: new ActorJournalSectionApplier(store, batchSize),
    akas: new AkaSectionApplier(store, batchSize, touches),
    tagGroups: new TagGroupSectionApplier(store, batchSize, touches),
    playlists: new PlaylistSectionApplier(store, batchSize),
    externalReferences: new ExtRefSectionApplier(store, batchSize),
  };
}

/** Rows a section's records hold: a scene's files, cuepoints, sessions or journal entries, else one each. */
function rowsIn(bundle: SpooledBundle, section: BundleSection): Promise<number> {
  if (bundle.version === '1')
    return section === 'scenes' ? countItems(bundle.v1Scenes(), () => 1) : Promise.resolve(0);
  switch (section) {
    case 'sceneFileLinks':
      return countItems(bundle.records(section), (r) => r.files?.length ?? 0);
    case 'sceneCuepoints':
      return countItems(bundle.records(section), (r) => r.cuepoints?.length ?? 0);
    case 'sceneHistory':
      return countItems(bundle.records(section), (r) => r.history?.length ?? 0);
    case 'actions':
      return countItems(bundle.records(section), (r) => r.actions?.length ?? 0);
    case 'actionActors':
      return countItems(bundle.records(section), (r) => r.action_actors?.length ?? 0);
    default:
      return Promise.resolve(bundle.counts[section] ?? 0);
  }
}

/** A section its include switch keeps out: its rows are read and counted as skipped. */
export async function skipSection(
  bundle: SpooledBundle,
  section: BundleSection,
  tally: TransferTally,
): Promise<void> {
  const rows = await rowsIn(bundle, section);
  tally.count(section, 'read', rows);
  tally.count(section, 'skipped', rows);
}
