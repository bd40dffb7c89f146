import type { Progress } from '../jobs/progress';
import type { Logger } from '../logging/logger';
import type { BatchOutcome, SceneStore } from '../scrapers/run/run-ports';
import type { ScrapedScene } from '../scrapers/scraped-scene';
import { alternateRecord, alternateSource, type AlternateRecord } from './alternate-scene-record';
import type { AlternateSourceRepository } from './alternate-source.repository';

/**
 * Stores the scenes scraped from alternate sites as "alternate scene <siteId>" references (never as scenes),
 * one transaction a batch: new ones inserted, known ones refreshed with their link state kept.
 */
export class AlternateSceneStore {
  constructor(
    private readonly repo: AlternateSourceRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async writeBatch(scenes: readonly ScrapedScene[]): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { created: [], updated: [], unchanged: [] };
    const batch = [
      ...new Map(scenes.map((scene) => [`${scene.scraperId}\n${scene.sceneId}`, scene])).values(),
    ];
    if (batch.length === 0) return outcome;
    for (const scene of batch) {
      if (scene.sceneId.trim() === '')
        throw new Error(`a scraped scene needs a scene id (${scene.homepageUrl})`);
    }
    const now = this.clock().toISOString();
    await this.repo.transaction(async (tx) => {
      const bySite = new Map<string, ScrapedScene[]>();
      for (const scene of batch) bySite.set(scene.scraperId, [...(bySite.get(scene.scraperId) ?? []), scene]);
      for (const [siteId, siteScenes] of bySite) {
        const stored = await tx.storedData(
          alternateSource(siteId),
          siteScenes.map((scene) => scene.sceneId),
        );
        const changed: AlternateRecord[] = [];
        for (const scene of siteScenes) {
          const before = stored.get(scene.sceneId);
          const record = alternateRecord(scene, before);
          if (before === record.external_data) {
            outcome.unchanged.push(scene.sceneId);
            continue;
          }
          (before === undefined ? outcome.created : outcome.updated).push(scene.sceneId);
          changed.push(record);
        }
        await tx.upsert(changed, now);
      }
    });
    return outcome;
  }
}

const isAlternate = (scene: ScrapedScene) => scene.masterSiteId.trim() !== '';

/**
 * The store a scrape run writes to: scenes of alternate sites go to the alternate references, the others to
 * the scene writer; the outcomes are merged in the order given.
 */
export function routeAlternateScenes(scenes: SceneStore, alternates: AlternateSceneStore): SceneStore {
  return {
    async writeBatch(batch) {
      const alternate = batch.filter(isAlternate);
      const plain = batch.filter((scene) => !isAlternate(scene));
      const none: BatchOutcome = { created: [], updated: [], unchanged: [] };
      const main = plain.length > 0 ? await scenes.writeBatch(plain) : none;
      const alt = alternate.length > 0 ? await alternates.writeBatch(alternate) : none;
      return {
        created: [...main.created, ...alt.created],
        updated: [...main.updated, ...alt.updated],
        unchanged: [...main.unchanged, ...alt.unchanged],
      };
    },
    knownSceneUrls: () => scenes.knownSceneUrls(),
    scenesNeedingUpdate: () => scenes.scenesNeedingUpdate(),
  };
}

/** What the scraper area takes from the alternate sites: their store, and the linking step after a run. */
export interface AlternateScenesHooks {
  store: AlternateSceneStore;
  afterScrape: (progress: Progress, logger: Logger, signal: AbortSignal) => Promise<void>;
}
