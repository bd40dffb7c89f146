import type { BundleV1Scene } from '@fovea/contract';
import type { BundleRestoreRepository } from '../../repositories/bundle-restore.repository';
import { emptyScrapedScene, type ScrapedScene } from '../../scrapers/scraped-scene';
import {
  ALTERNATE_SOURCE_ERROR,
  type ScrapedSceneWriter,
} from '../../scrapers/store/scraped-scene-writer.service';
import type { SpooledBundle } from '../spooled-bundle';
import { BatchTally, inBatches } from './apply-batches';
import type { SiteScope } from './apply-site-scope';
import { storedDate } from './apply-values';
import type { ApplyContext } from './section-applier';

const list = (values: readonly string[] | null | undefined): string[] =>
  (values ?? []).map((value) => value.trim()).filter((value) => value !== '');

/** A v1 bundle's scene (XBVR's ScrapedScene JSON, xbvr-facts §7.2) as the scraped-scene writer takes it. */
export function v1ToScraped(scene: BundleV1Scene): ScrapedScene {
  return {
    ...emptyScrapedScene(scene.xbvr_site ?? ''),
    sceneId: scene._id,
    siteId: scene.scene_id ?? '',
    sceneType: scene.scene_type || 'VR',
    title: scene.title ?? '',
    studio: scene.studio ?? '',
    site: scene.site ?? '',
    covers: list(scene.covers),
    gallery: list(scene.gallery),
    tags: list(scene.tags),
    cast: list(scene.cast),
    filenames: list(scene.filename),
    duration: Math.max(0, Math.round(scene.duration ?? 0)),
    synopsis: scene.synopsis ?? '',
    released: storedDate(scene.released) ?? '',
    homepageUrl: scene.homepage_url ?? '',
    membersUrl: scene.members_url ?? '',
    trailerType: scene.trailer_type ?? '',
    trailerSrc: scene.trailer_source ?? '',
    chromaKey: scene.chromakey ?? '',
    hasScriptDownload: scene.has_script_Download ?? false,
    aiScript: scene.ai_script ?? false,
    humanScript: scene.human_script ?? false,
    masterSiteId: scene.master_site_id ?? '',
  };
}

/**
 * A v1 bundle (`{timestamp, bundleVersion:"1", scenes:[ScrapedScene]}`): its scenes are stored as scrapes are,
 * in batches through the scraped-scene writer (tags converted, cast created, the owner's journalled edits
 * kept). Alternate-source scenes (master_site_id set) are rejected; overwrite off leaves known scenes alone.
 * Counted under `scenes`.
 */
export class V1SceneApplier {
  constructor(
    private readonly store: BundleRestoreRepository,
    private readonly writer: Pick<ScrapedSceneWriter, 'writeBatch'>,
    private readonly scope: SiteScope,
    private readonly batchSize: number,
  ) {}

  async apply(bundle: SpooledBundle, context: ApplyContext): Promise<void> {
    await inBatches({
      section: 'scenes',
      records: bundle.v1Scenes(),
      size: this.batchSize,
      context,
      apply: async (records) => {
        context.tally.count('scenes', 'read', records.length);
        const batch = new BatchTally('scenes');
        const scenes: ScrapedScene[] = [];
        for (const record of records) {
          const scene = v1ToScraped(record);
          if (scene.sceneId.trim() === '') batch.reject(scene.homepageUrl, 'a scene without an _id');
          else if (scene.masterSiteId.trim() !== '') batch.reject(scene.sceneId, ALTERNATE_SOURCE_ERROR);
          else if (!this.scope.allows(scene.scraperId)) batch.count('skipped');
          else scenes.push(scene);
        }
        const known = context.options.overwrite
          ? new Set<string>()
          : new Set(
              (await this.store.read.catalogue.scenesBySceneId(scenes.map((scene) => scene.sceneId))).map(
                (row) => row.scene_id,
              ),
            );
        const taken = scenes.filter((scene) => !known.has(scene.sceneId));
        batch.count('skipped', scenes.length - taken.length);
        const result = await this.writer.writeBatch(taken);
        batch.count('added', result.created.length);
        batch.count('updated', result.updated.length);
        batch.count('skipped', result.unchanged.length + taken.length - countOf(result));
        batch.commit(context.tally);
      },
    });
  }
}

/** Scenes the writer reported on (a scene named twice in a batch is stored once). */
const countOf = (result: { created: string[]; updated: string[]; unchanged: string[] }) =>
  result.created.length + result.updated.length + result.unchanged.length;
