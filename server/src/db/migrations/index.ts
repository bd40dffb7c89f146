import { initialSchema } from './0001-initial-schema';
import { sceneSearchSync } from './0002-scene-search-sync';
import { sceneListIndexes } from './0003-scene-list-indexes';
import { dataVersions } from './0004-data-versions';
import { sceneFilterIndexes } from './0005-scene-filter-indexes';
import { sceneCountTriggers } from './0006-scene-count-triggers';
import { actorSceneFacts } from './0007-actor-scene-facts';
import { playerScanVersion } from './0008-player-scan-version';
import { scrapers } from './0009-scrapers';
import { deferredCastTriggers } from './0010-deferred-cast-triggers';
import { jobCancelled } from './0011-job-cancelled';
import { customSites } from './0012-custom-sites';
import type { Migration } from './migration.types';

/**
 * Every migration, in order. A static list because the server is bundled: never read a folder.
 * Append only; never edit or reorder a released migration.
 */
export const migrations: readonly Migration[] = [
  initialSchema,
  sceneSearchSync,
  sceneListIndexes,
  dataVersions,
  sceneFilterIndexes,
  sceneCountTriggers,
  actorSceneFacts,
  playerScanVersion,
  scrapers,
  deferredCastTriggers,
  jobCancelled,
  customSites,
];

export type { Migration } from './migration.types';
